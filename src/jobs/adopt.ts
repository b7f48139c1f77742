// Job: `croupier adopt --game <id>`: the game's hand-kept Gamestate page gets the bot's regions (the Phase
// record from the Ruleset's calendar at `now`, an empty History), every line people wrote kept
// (src/games/shared/adopt.ts). The calendar is read by the generic reader, whatever the game's kind.
// One conflict-safe save through WikiClient.save: the transform runs on the page as it is then, and makes
// no edit when the page has the regions already.
import type { GameConfig } from '../config.ts';
import { parseRuleset } from '../games/registry.ts';
import { adoptPage, phaseRecord, type Adoption } from '../games/shared/adopt.ts';
import type { RulesetCalendar } from '../games/shared/calendar-text.ts';
import type { SaveOptions, SaveResult } from '../wiki/client.ts';
import type { JobContext } from './publish-tables.ts';

export interface AdoptOptions {
  now: Date;
  /** The cycle start, when the ruleset does not state it (or states another). */
  cycleStart?: Date;
  dryRun?: boolean;
  trigger?: string;
  /** Test hook passed to WikiClient.save. */
  beforeEdit?: SaveOptions['beforeEdit'];
}

export interface AdoptResult {
  page: string;
  /** What was added, as last computed (empty: the page had the regions). */
  added: string[];
  save: SaveResult;
}

/** The calendar of a Ruleset page's text, read by the generic reader whatever the game's kind. */
export function rulesetCalendar(text: string, page?: string): RulesetCalendar {
  const ruleset = parseRuleset(text, { page, kind: 'generic' });
  if (ruleset.kind !== 'generic') throw new Error('the generic reader gave another kind');
  return ruleset;
}

/** `text` adopted: the Phase record computed (only when the page lacks it) from `ruleset` at `opts.now`. */
export function adoptText(
  text: string,
  ruleset: { text: string; title?: string },
  gamestate: string,
  opts: Pick<AdoptOptions, 'now' | 'cycleStart'>,
): Adoption {
  return adoptPage(
    text,
    () => phaseRecord(rulesetCalendar(ruleset.text, ruleset.title), opts.now, { cycleStart: opts.cycleStart, ruleset: ruleset.title }),
    gamestate,
  );
}

export async function adopt(ctx: JobContext, game: GameConfig, opts: AdoptOptions): Promise<AdoptResult> {
  const trigger = opts.trigger ?? 'cli';
  const ruleset = await ctx.client.readPage(game.ruleset);
  let added: string[] = [];
  const save = await ctx.client.save(
    game.gamestate,
    (page) => {
      const adoption = adoptText(page.text, { text: ruleset.text, title: ruleset.title }, page.title, opts);
      added = adoption.added;
      if (!adoption.changed) return null;
      return {
        text: adoption.text,
        summary: `Croupier adopts this page: adds ${added.join(' and ')} in its own regions, every other line kept (trigger: ${trigger})`,
      };
    },
    { dryRun: opts.dryRun, beforeEdit: opts.beforeEdit },
  );
  ctx.logger?.info(
    { game: game.id, page: game.gamestate, changed: save.changed, revid: save.revid, dryRun: save.dryRun },
    added.join('; ') || 'already adopted',
  );
  return { page: game.gamestate, added: save.changed ? added : [], save };
}
