import type { ActionDef, ActionInput, ActionOutcome } from '../../actions.ts';
import { toHistoryRow, type Change, type HistoryRow } from '../../../sim/trail.ts';
import { drawToken, drawTokens } from '../../../sim/commit-reveal.ts';
import { normaliseHeader } from '../../../parse/document.ts';
import type { Row as TableRow } from '../../../parse/model.ts';
import { recordRows } from '../../shared/bot-record.ts';
import type { Gamestate, Player } from '../gamestate/schema.ts';
import { historyTable, playersTable } from '../gamestate/tables.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { applySelfRemovingModifiers, computeCard } from '../rules/cards.ts';
import { gainChips, gainPacks, gainTokens, gainVertebrae } from '../rules/inventory.ts';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { NAMED_REQUEST, REROLL_EVENT, REROLLED, REROLLED_INPUT, requestReason } from '../../shared/actions.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import { GOOD_LUCK, GOOD_LUCK_COLUMN, readingsOf, REROLL_EFFECTS, REROLL_IS_ACTION, REROLL_SCOPE } from '../readings.ts';
import { exploreAction, type ExploreArgs } from './explore.ts';
import { fuseAction } from './fuse.ts';
import { openAction } from './packs.ts';
import { describeCard, onPage, type NewCards } from './page.ts';

// Luck: “If a player has good luck, once per phase, when selecting a random choice, they may reroll, by
// declaring the original outcome of the chance to have not happened, and any effects thereof to be null.
// They must then select a new random value for that choice, with any effects” (the sentence ends there).
//   * reroll r1234-0a1b2c3d     (a request of the player's, resolved this phase, that drew something)
//   * reroll                    (the player's latest such request)
// Readings (readings.ts): who has good luck (good-luck), what is redrawn (reroll-scope: the whole request),
// what the cut-off sentence gives the new value (reroll-effects: its effects), whether a reroll is an
// action (reroll-is-action). Every check comes before anything is drawn — among them, the original
// request's History rows (which any editor can change) against its draws replayed by the job with the
// phase's secret (`input.original`): rows that disagree, or a request that cannot be replayed, are not
// undone. Then, in the one edit: the
// original request's effects undone as its History rows recorded them (cards it added removed, cards it
// destroyed restored, Vertebrae, Chips, packs, tokens, Other items and Used this phase given back), a
// Reroll row saying so, and the request resolved again by its own action with the reroll request's stream
// (HMAC(secret, game|reroll key|revision)), whose rows `croupier verify` checks like any other request's.

export const LUCK_RULE =
  'Luck: “If a player has good luck, once per phase, when selecting a random choice, they may reroll, by declaring the original outcome of the chance to have not happened, and any effects thereof to be null. They must then select a new random value for that choice, with any effects”';

const ONCE = '“If a player has good luck, once per phase, … they may reroll”';

/** A History row of the page, as the reroll reads it, with its 1-based data row (to name it). */
type Row = HistoryRow & { row: number };

const SEEDED = /\[seed "phase \d+: HMAC\(/;

/** What a request did, as its rows recorded it, and the arguments to resolve it again. */
interface Recorded {
  action: ActionDef<Cycle16Ruleset, never>;
  args: unknown;
}

function historyRows(input: Pick<ActionInput<Cycle16Ruleset>, 'page'>): Row[] {
  const table = findStateTable(documentOf(input.page.text, input.page.title), historyTable);
  return (table?.rows ?? []).map(asRow);
}

const asRow = (r: TableRow): Row => {
  const cell = (k: string) => r.cells[k]?.text.trim() ?? '';
  return {
    row: r.index,
    time: cell('time'),
    phase: cell('phase'),
    event: cell('event'),
    player: cell('player'),
    change: cell('change'),
    reason: cell('reason'),
  };
};

/**
 * The Reroll rows the bot wrote (its record: src/games/shared/bot-record.ts), with those on the page: a person who
 * deletes one does not make its request rerollable again, nor the player's reroll of the phase unmade.
 */
function rerollRows(input: Pick<ActionInput<Cycle16Ruleset>, 'page' | 'record'>, rows: readonly Row[]): Row[] {
  const table = findStateTable(documentOf(input.page.text, input.page.title), historyTable);
  const bots = table === undefined ? [] : recordRows(input.record ?? '', table, [REROLL_EVENT]).map(asRow);
  return [...rows, ...bots].filter((r) => r.event === REROLL_EVENT);
}

/** Whether the player has good luck, by the reading good-luck. */
function hasGoodLuck(input: ActionInput<Cycle16Ruleset>, value: string): boolean {
  if (value === 'everyone') return true;
  const table = findStateTable(documentOf(input.page.text, input.page.title), playersTable);
  const row = table?.rows.find((r) => r.cells.player?.text.trim() === input.player);
  const cell = row?.cells[normaliseHeader(GOOD_LUCK_COLUMN)]?.text.trim() ?? '';
  return /^(?:yes|y|✓|✔|x|true)$/i.test(cell);
}

/** "#52 Ace (Holographic, Red Coating)" → its ID, species and modifiers. */
const CARD = /#(\d+) ([^()#,;[\]]+?)(?: \(([^()]*)\))?(?: \[gained ([^\]]*)\])?(?: \[battles (\d+)\])?(?=$|,| and | from | destroyed|;| \()/g;
function cardsIn(text: string): { id: number; species: string; modifiers: string[]; gained: string[]; battles: number | null }[] {
  return [...text.matchAll(CARD)].map((m) => ({
    id: Number(m[1]),
    species: m[2]!.trim(),
    modifiers: m[3] ? m[3].split(/\s*,\s*/) : [],
    gained: m[4] ? m[4].split(/\s*,\s*/) : [],
    battles: m[5] === undefined ? null : Number(m[5]),
  }));
}

/** The cards a request's rows say it added: drawn from a pack, granted by a scenario, the Amalgam of a fusion. */
function cardsAdded(rows: readonly Row[]): ReturnType<typeof cardsIn> {
  return rows.flatMap((r) => {
    if (r.event === 'Card drawn') return cardsIn(r.change).slice(0, 1);
    if (r.event === 'Fusion') return cardsIn(r.change.split(' destroyed → ')[1] ?? '').slice(0, 1);
    if (r.event === 'Exploration') return [...r.change.matchAll(/\+(#\d+ [^;]*)/g)].flatMap((m) => cardsIn(m[1]!));
    return [];
  });
}

/** The action a request's rows show, with its arguments read back from them; undefined if the bot cannot redo it. */
function recorded(rows: readonly Row[]): Recorded | { refused: string } {
  const opened = rows.find((r) => r.event === 'Pack opened');
  const m = opened && /^[−-](\d+) (.+?) \(\d+ → \d+\)/.exec(opened.change);
  if (m) return { action: openAction as ActionDef<Cycle16Ruleset, never>, args: { count: Number(m[1]), name: m[2]! } };
  const explored = rows.find((r) => r.event === 'Exploration');
  const e = explored && /^scenario \d+ \(answer (yes|no)(?:, option (\d+))?\)/.exec(explored.change);
  if (e)
    return {
      action: exploreAction as ActionDef<Cycle16Ruleset, never>,
      args: { answer: e[1] as ExploreArgs['answer'], ...(e[2] ? { option: Number(e[2]) } : {}) },
    };
  const fused = rows.find((r) => r.event === 'Fusion');
  const f = fused && cardsIn(fused.change.split(' destroyed → ')[0] ?? '');
  if (f && f.length === 2) return { action: fuseAction as ActionDef<Cycle16Ruleset, never>, args: { a: f[0]!.id, b: f[1]!.id } };
  return {
    refused: `the bot cannot undo a request whose rows are ${[...new Set(rows.map((r) => r.event))].join(', ')} (it undoes pack openings, explorations and fusions)`,
  };
}

/** A card's modifiers once those that remove themselves have (what the action's own edit leaves). */
function settled(r: Cycle16Ruleset, c: ReturnType<typeof cardsIn>[number]): string[] {
  const card = computeCard(
    { id: c.id, owner: '-', species: c.species, modifiers: c.modifiers, gained: [], battles: null, value: '-', suits: [], colours: [], types: [] },
    r,
  );
  applySelfRemovingModifiers({ cards: [card] }, r, new Date(0), 0);
  return card.modifiers;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Undoes what the rows recorded, on `s` (a copy): the effects given back, each said in words, or why they
 * cannot be (a card the request added that is gone or changed, a count that would go below zero).
 */
function undo(r: Cycle16Ruleset, s: Gamestate, p: Player, rows: readonly Row[], fresh: NewCards): { done: string[] } | { refused: string } {
  const done: string[] = [];
  // Cards the request added: removed, if they are still the player's and as they were made.
  for (const c of cardsAdded(rows)) {
    const now = s.cards.find((x) => x.id === c.id);
    if (!now) return { refused: `card #${c.id} (${c.species}), which the request added, is no longer in the Cards table: its effects cannot be declared null` };
    if (now.owner !== p.name)
      return { refused: `card #${c.id} (${c.species}), which the request added, is now ${now.owner}'s: its effects cannot be declared null` };
    if (now.species !== c.species || (now.modifiers.join('|') !== c.modifiers.join('|') && now.modifiers.join('|') !== settled(r, c).join('|')))
      return {
        refused: `card #${c.id} has changed since the request added it (${describeCard(now)}, was ${describeCard(c)}): its effects cannot be declared null`,
      };
    s.cards = s.cards.filter((x) => x !== now);
    done.push(`${describeCard(now)} removed`);
  }
  for (const row of rows) {
    // Cards the request destroyed (a fusion's two): restored with their IDs.
    if (row.event === 'Fusion') {
      for (const c of cardsIn(row.change.split(' destroyed → ')[0] ?? '')) {
        if (s.cards.some((x) => x.id === c.id))
          return { refused: `card #${c.id}, which the fusion destroyed, cannot be restored: a card #${c.id} is in the Cards table` };
        fresh.restore(
          computeCard(
            {
              id: c.id,
              owner: p.name,
              species: c.species,
              modifiers: c.modifiers,
              gained: c.gained,
              battles: c.battles,
              value: '-',
              suits: [],
              colours: [],
              types: [],
            },
            r,
          ),
        );
        done.push(`${describeCard(c)} restored`);
      }
    }
    // Modifiers a scenario gave to the player's cards (“… random cards in your inventory are given the Red Coating modifier”).
    for (const m of row.event === 'Exploration' ? row.change.matchAll(/(?:^|; |: )([^;:]+?) on ((?:#\d+(?:, )?)+)/g) : []) {
      for (const id of [...m[2]!.matchAll(/#(\d+)/g)].map((x) => Number(x[1]))) {
        const card = s.cards.find((x) => x.id === id);
        if (!card || card.owner !== p.name || card.modifiers.at(-1) !== m[1])
          return {
            refused: `card #${id} no longer ends with the ${m[1]} modifier the request gave it (a modifier that removes itself has taken effect, or the card changed): its effects cannot be declared null`,
          };
        card.modifiers = card.modifiers.slice(0, -1);
        done.push(`${m[1]} taken from #${id}`);
      }
    }
    // Items put into Other items.
    for (const m of row.change.matchAll(/\+(\d+ [^;()]+?) \(Other items\)/g)) {
      const items = (p.other ?? '').split(/\s*,\s*/);
      const at = items.lastIndexOf(m[1]!);
      if (at < 0) return { refused: `"${m[1]}", which the request put into ${p.name}'s Other items, is no longer there: its effects cannot be declared null` };
      items.splice(at, 1);
      p.other = items.join(', ') || null;
      done.push(`${m[1]} taken from Other items`);
    }
    if (row.event === 'Exploration' && /one more exploration this phase \(maze\)/.test(row.change)) {
      p.mazes = Math.max(0, (p.mazes ?? 0) - 1);
      done.push("the maze's second exploration withdrawn");
    }
  }
  // Counts, each given back by what the rows say it moved ("+4 Vertebrae (10 → 14)", "−1 Handy Pack (1 → 0)").
  const counts: [string, (n: number) => string, () => number][] = [
    ['Vertebrae', (n) => gainVertebrae(p, n), () => p.vertebrae],
    ['Chips?', (n) => gainChips(p, n), () => p.chips],
    ['Reconfiguration Tokens?', (n) => gainTokens(p, n), () => p.tokens],
    ...r.packs.map((pack): [string, (n: number) => string, () => number] => [
      escapeRegExp(pack.name),
      (n) => gainPacks(p, pack.name, n),
      () => p.packs[pack.name] ?? 0,
    ]),
  ];
  for (const [unit, gain, held] of counts) {
    const moved = rows.reduce(
      (t, row) =>
        t + [...row.change.matchAll(new RegExp(`[+\\-−]\\d+ ${unit} \\((\\d+) → (\\d+)\\)`, 'g'))].reduce((u, m) => u + Number(m[2]) - Number(m[1]), 0),
      0,
    );
    if (moved === 0) continue;
    if (held() - moved < 0)
      return {
        refused: `the request gave ${p.name} ${moved} ${unit.replace(/s\?$|\?$/, 's').replace(/\\/g, '')}, and ${p.name} has ${held()} now: giving them back would leave fewer than none`,
      };
    done.push(gain(-moved));
  }
  for (const [event, limit] of [
    ['Exploration', 'Exploration'],
    ['Fusion', 'Fusion'],
  ] as const) {
    const n = rows.filter((row) => row.event === event).length;
    if (n > 0) {
      p.used = { ...p.used, [limit]: Math.max(0, (p.used[limit] ?? 0) - n) };
      done.push(`Used this phase: ${limit} −${n}`);
    }
  }
  return { done };
}

/** The request a reroll names, or the player's latest of this phase that drew something and was not rerolled. */
function targetOf(rows: readonly Row[], rerolls: readonly Row[], player: string, phase: string, args: { key?: string }): string | undefined {
  if (args.key !== undefined) return args.key;
  const undone = rerolled(rerolls);
  return [...rows]
    .reverse()
    .find(
      (r) =>
        r.player === player && r.phase === phase && SEEDED.test(r.reason) && NAMED_REQUEST.test(r.reason) && !undone.has(NAMED_REQUEST.exec(r.reason)![1]!),
    )
    ?.reason.match(NAMED_REQUEST)?.[1];
}

/** The requests the Reroll rows declared not to have happened. */
const rerolled = (rerolls: readonly Row[]) => new Set(rerolls.flatMap((r) => REROLLED.exec(r.reason)?.[1] ?? []));

const namesKey = (reason: string, key: string) => new RegExp(`\\bon-wiki request ${escapeRegExp(key)} by `).test(reason);

/** The cells of a History row the undoing reads, compared with the replay: [key, column]. */
const COMPARED = [
  ['phase', 'Phase'],
  ['event', 'Event'],
  ['player', 'Player'],
  ['change', 'Change'],
] as const;
/** What a Reason cell says was drawn: its `#k dN=v` in order and its seed. */
const drawnIn = (reason: string) => `${drawTokens(reason).map(drawToken).join(' ')} [seed ${/\[seed "([^"]*)"\]/.exec(reason)?.[1] ?? 'none'}]`;

/**
 * Why the request's History rows cannot be trusted: they disagree with its draws replayed with the phase's
 * secret (the row and cell named), or it could not be replayed; undefined when every row is what the replay
 * wrote (the Time cell aside: the replay runs at the edit's time, not the bot's clock then).
 */
function untrusted(input: ActionInput<Cycle16Ruleset>, key: string, own: readonly Row[]): string | undefined {
  const o = input.original;
  const cannot = (why: string) =>
    `request ${key} cannot be replayed to check its History rows against its draws (${why}): the reroll does not undo effects it cannot check`;
  if (o === undefined || o.key !== key) return cannot('the bot did not replay it');
  if ('unavailable' in o) return cannot(o.unavailable);
  const where = (r: Row) => `History row ${r.row} of ${input.page.title} (${[r.time, r.event, r.player].filter(Boolean).join(', ')})`;
  const altered = (what: string) =>
    `the History rows of request ${key} disagree with its draws replayed with the phase's secret on the revision it was resolved on — ${what}: the reroll undoes only what was drawn (croupier verify names altered rows)`;
  if (!o.outcome.ok) return altered(`the replay is refused (${o.outcome.reason}), yet ${where(own[0]!)} names the request`);
  const replayed = o.outcome.changes.map(toHistoryRow).filter((r) => namesKey(r.reason, key));
  if (own.length !== replayed.length) {
    const same = (a: HistoryRow, b: HistoryRow) => COMPARED.every(([k]) => a[k].trim() === b[k].trim());
    const missing = replayed.find((w) => !own.some((r) => same(r, w)));
    // A row the replay does not write, else one written twice.
    const extra = own.find((r) => !replayed.some((w) => same(r, w))) ?? own.find((r, i) => own.findIndex((x) => same(x, r)) !== i)!;
    return altered(
      `the History table has ${own.length} row(s) naming the request, the replay ${replayed.length}: ${missing ? `the row "${missing.event}: ${missing.change}" is missing` : `${where(extra)} is not one the replay writes`}`,
    );
  }
  for (const [i, row] of own.entries()) {
    const want = replayed[i]!;
    for (const [k, column] of COMPARED) {
      if (row[k].trim() !== want[k].trim()) return altered(`${where(row)}, cell ${column}, reads "${row[k]}"; the replay gives "${want[k]}"`);
    }
    if (drawnIn(row.reason) !== drawnIn(want.reason))
      return altered(`${where(row)}, cell Reason, records the draws ${drawnIn(row.reason)}; the replay gives ${drawnIn(want.reason)}`);
  }
  return undefined;
}

export const rerollAction: ActionDef<Cycle16Ruleset, { key?: string }> = {
  name: 'reroll',
  grammar: 'reroll [<request key>]',
  readsRecord: true,
  parse(text) {
    const m = /^reroll(?:\s+(?:request\s+)?(r\d+-[0-9a-f]{8}))?\s*$/i.exec(text);
    return m ? (m[1] ? { key: m[1].toLowerCase() } : {}) : undefined;
  },
  // The original request, which the job replays with the phase's secret before resolving the reroll.
  replays(input, args) {
    const phase = String(readGamestateDocument(documentOf(input.page.text, input.page.title), input.ruleset, input.now).phase.number);
    const rows = historyRows(input);
    return targetOf(rows, rerollRows(input, rows), input.player, phase, args);
  },
  resolve(input, args): ActionOutcome {
    const readings = readingsOf(input.readings);
    const labels = [GOOD_LUCK, REROLL_SCOPE, REROLL_EFFECTS, REROLL_IS_ACTION].map((id) => readings.label(id));
    if (!hasGoodLuck(input, readings.get(GOOD_LUCK))) {
      return {
        ok: false,
        reason: `${input.player} does not have good luck (reading ${readings.label(GOOD_LUCK)}${readings.get(GOOD_LUCK) === 'column' ? `: the Players table's "${GOOD_LUCK_COLUMN}" column does not say yes` : ''}): ${ONCE}`,
      };
    }
    const state = readGamestateDocument(documentOf(input.page.text, input.page.title), input.ruleset, input.now);
    const phase = String(state.phase.number);
    const rows = historyRows(input);
    const rerolls = rerollRows(input, rows);
    const undone = rerolled(rerolls);
    const key = targetOf(rows, rerolls, input.player, phase, args);
    if (key === undefined) return { ok: false, reason: `${input.player} has no request of this phase (${phase}) with draws on the Gamestate page to reroll` };
    const own = rows.filter((r) => namesKey(r.reason, key));
    if (own.length === 0)
      return { ok: false, reason: `no History row on the Gamestate page names request ${key} (rows moved to a History archive cannot be rerolled)` };
    if (own.some((r) => r.player !== input.player)) return { ok: false, reason: `request ${key} is ${own[0]!.player}'s, not ${input.player}'s` };
    if (own.some((r) => r.phase !== phase))
      return { ok: false, reason: `request ${key} was resolved in phase ${own[0]!.phase}; this is phase ${phase}: ${ONCE}` };
    if (!own.some((r) => SEEDED.test(r.reason))) return { ok: false, reason: `request ${key} drew nothing: there is no random choice to reroll` };
    if (undone.has(key)) return { ok: false, reason: `request ${key} was rerolled already` };
    const redo = recorded(own);
    if ('refused' in redo) return { ok: false, reason: redo.refused };
    if ((state.players.find((p) => p.name === input.player)?.used.Reroll ?? 0) >= 1)
      return { ok: false, reason: `${input.player} has rerolled this phase already (Used this phase): ${ONCE}` };
    if (rerolls.some((r) => r.player === input.player && r.phase === phase))
      return { ok: false, reason: `${input.player} has rerolled this phase already (a ${REROLL_EVENT} row of the bot's, in its record of the page): ${ONCE}` };
    // Last, the rows against the draws (the replay the job made): what the undoing below reads must be what was drawn.
    const distrust = untrusted(input, key, own);
    if (distrust !== undefined) return { ok: false, reason: distrust };
    const action = readings.get(REROLL_IS_ACTION) === 'yes';

    // 1. The original outcome declared not to have happened (checked whole before anything is drawn).
    const first = onPage(
      input,
      (s, player, fresh) => {
        const u = undo(input.ruleset, s, player, own, fresh);
        if ('refused' in u) return u;
        player.used = { ...player.used, Reroll: (player.used.Reroll ?? 0) + 1 };
        const row: Change = {
          at: input.now,
          phase: s.phase.number,
          event: REROLL_EVENT,
          player: player.name,
          change: `request ${key} declared not to have happened: ${u.done.join('; ') || 'nothing to give back'}; Used this phase: Reroll +1`,
          reason: { rule: `${LUCK_RULE} (${requestReason(input)})`, inputs: { [REROLLED_INPUT]: key, 'its rows': own.length }, readings: labels },
        };
        return { changes: [row], message: `request ${key} declared not to have happened (${u.done.join('; ') || 'nothing to give back'})` };
      },
      { action },
    );
    if (!first.ok) return first;
    // 2. A new random value, with its effects: the request resolved again by its own action, on the page
    //    as the undoing left it, with this request's stream.
    // Not an action (reroll-is-action=no): Last action stays what the original request made it.
    const at = action ? input.request.at : (state.players.find((p) => p.name === input.player)?.lastAction ?? input.request.at);
    const again = redo.action.resolve({ ...input, page: { ...input.page, text: first.text }, request: { ...input.request, at } }, redo.args as never);
    if (!again.ok) return { ok: false, reason: `once request ${key} is undone, resolving it again is refused: ${again.reason}` };
    return { ok: true, text: again.text, changes: [...first.changes, ...again.changes], message: `${first.message}; rerolled: ${again.message}` };
  },
};
