// Which of the bot's own revisions of a Gamestate say what: only the bot's account writes them and their summaries, so
// these are read from the revision's author and summary, never from the page's text. The bot's undo of its own edit
// restores people's text; a rollover's save vouches for the page as it computed it; its other saves (a request resolved,
// a referee's commitment, a History row) carry the page along as people left it.
import { recordedBase } from '../wiki/merged.ts';

/** The bot's undo of its own revision, giving way to people's (its summary, which only the bot's account writes, or MediaWiki's tag). */
export const isUndo = (r: { tags?: readonly string[]; comment?: string }): boolean =>
  r.tags?.includes('mw-undo') === true || UNDO_SUMMARY.test(r.comment ?? '');

/** The bot's undo of its revision N (src/wiki/save.ts). */
const UNDO_SUMMARY = /^Croupier: undo revision (\d+)/;

/** The revision the bot's undo `r` undid, by its summary; undefined for any other. */
export const undoneBy = (r: { comment?: string }): number | undefined => {
  const n = UNDO_SUMMARY.exec(r.comment ?? '')?.[1];
  return n === undefined ? undefined : Number(n);
};

/**
 * What only a rollover's save of the page says (editSummary in ./rollover.ts: `Croupier: phase 4 → 5 (…)`, `Croupier:
 * turn 3; …`, `Croupier: computed columns — …`). No other edit of the bot's begins so (a request resolved, a referee's
 * commitment, a History row: their texts come after a fixed word).
 */
const ROLLOVER_SUMMARY = /^Croupier: (?:(?:phase|turn) \d+|computed columns)(?:[ ;]|$)/;

/**
 * A rollover's save by `bot`: it checked the page it computed on (the bot's record, edits after an instant it applied
 * late) before saving it, and what landed while it saved. The bot's other saves carry the page as people left it, with
 * what they changed: were those vouched for, a player's edit would become the bot's with the next request resolved.
 */
export const vouchedByBot = (r: { user?: string; comment?: string; tags?: readonly string[]; parentid?: number }, bot: string | undefined): boolean =>
  bot !== undefined && r.user === bot && !isUndo(r) && ROLLOVER_SUMMARY.test(r.comment ?? '') && !mergedSave(r);

/**
 * A save MediaWiki merged with a person's edit saved while the bot was saving: its parent is not the revision it was
 * computed on, which its summary names (src/wiki/merged.ts). It holds that edit, unchecked: the bot corrects it or
 * undoes it, and where neither landed (the undo failed, left for an admin) it is no record of the bot's.
 */
const mergedSave = (r: { comment?: string; parentid?: number }): boolean => {
  const base = recordedBase(r.comment ?? '');
  return base !== undefined && r.parentid !== undefined && r.parentid !== base;
};
