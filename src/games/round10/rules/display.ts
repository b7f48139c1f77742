import type { Change } from '../../../sim/trail.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { writeInstant } from '../../shared/fields.ts';
import { writeWealth } from '../gamestate/fields.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { row } from './common.ts';
import { participation } from './participation.ts';
import { taxOf, wealthOf } from './wealth.ts';

// The cells the bot only displays — each player's Wealth and Tax, the Round's Participation — show values now,
// under the readings in force. When the Judge rules another reading, they change with no rule due: each such
// change gets a History row naming the ruling. Which readings the page's cells were computed under is read from
// the cells themselves: the values the page's own state gives under each alternative, compared with what it shows.

/** What each display cell is computed from (the readings its value can depend on). */
const CELLS = {
  Participation: ['participation-rounding'],
  Wealth: ['contract-share'],
  Tax: ['tax-rounding', 'contract-share'],
} as const satisfies Record<string, readonly string[]>;
type Cell = keyof typeof CELLS;
const READINGS: readonly string[] = [...new Set(Object.values(CELLS).flat())];

/** A row of display cells: the Round row (player '-') or a player's, as the columns write them. */
interface Shown {
  player: string;
  cells: Partial<Record<Cell, string>>;
}

/** The display cells of `s` under `readings`, written as the page writes them. */
function display(s: Gamestate, ruleset: Round10Ruleset, readings: ChosenReadings): Shown[] {
  return [
    { player: '-', cells: { Participation: String(participation({ s, ruleset, readings })) } },
    ...s.players.map((p) => {
      const wealth = wealthOf(p, s, ruleset, readings).total;
      return { player: p.name, cells: { Wealth: writeWealth(wealth), Tax: String(taxOf(wealth, ruleset, readings).tax) } };
    }),
  ];
}

/** The display cells as the page wrote them (absent: a blank cell or no column, which tells nothing). */
function written(s: Gamestate): Shown[] {
  const keep = (cells: Partial<Record<Cell, string | undefined>>) =>
    Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== undefined)) as Shown['cells'];
  return [
    { player: '-', cells: keep({ Participation: s.phase.participationShown }) },
    ...s.players.map((p) => ({ player: p.name, cells: keep({ Wealth: p.wealthShown, Tax: p.taxShown }) })),
  ];
}

/** How many rows of the page show, in every display cell they write, what `computed` gives. */
function agreeing(shown: readonly Shown[], computed: readonly Shown[]): number {
  return shown.filter((r, i) => {
    const entries = Object.entries(r.cells) as [Cell, string][];
    return entries.length > 0 && entries.every(([cell, text]) => computed[i]!.cells[cell] === text.trim());
  }).length;
}

/**
 * The other choices of the display readings a ruling chose, the fewest changes first. Only a ruled reading can
 * have changed by a ruling: a page whose cells disagree with the defaults was edited by hand (the bot rewrites
 * them, with no row).
 */
function alternatives(readings: ChosenReadings): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const c of readings.all().filter((x) => x.ruling !== null && READINGS.includes(x.def.id))) {
    out = out.flatMap((a) => Object.keys(c.def.alternatives).map((v) => ({ ...a, [c.def.id]: v })));
  }
  const changed = (a: Record<string, string>) => Object.entries(a).filter(([id, v]) => readings.get(id) !== v).length;
  return out.filter((a) => changed(a) > 0).sort((a, b) => changed(a) - changed(b));
}

/**
 * History rows for the display cells of `final` that a ruling changed: the page (`read`, the state as the page
 * wrote it) shows values computed under other readings than those in force — more of its rows agree with another
 * choice than with the current one — and under those the cells of `final` would show something else. One row per
 * table row whose cells change, at `at`, naming the reading in force (and the earlier one among its inputs).
 */
export function rulingRows(read: Gamestate, final: Gamestate, ruleset: Round10Ruleset, readings: ChosenReadings, at: Date, phase: number): Change[] {
  const others = alternatives(readings);
  if (others.length === 0) return [];
  const shown = written(read);
  const evidence = shown.filter((r) => Object.keys(r.cells).length > 0).length;
  const current = agreeing(shown, display(read, ruleset, readings));
  if (current === evidence) return [];
  let earlier: { values: Record<string, string>; agree: number } | undefined;
  for (const values of others) {
    const agree = agreeing(shown, display(read, ruleset, readings.assuming(values)));
    if (agree > (earlier?.agree ?? current)) earlier = { values, agree };
  }
  if (earlier === undefined) return [];
  const ruled = Object.keys(earlier.values).filter((id) => earlier.values[id] !== readings.get(id));
  const before = display(final, ruleset, readings.assuming(earlier.values));
  const after = display(final, ruleset, readings);
  const defs = new Map(readings.all().map((c) => [c.def.id, c.def]));
  return after.flatMap((r, i) => {
    const cells = (Object.keys(r.cells) as Cell[]).filter((cell) => r.cells[cell] !== before[i]!.cells[cell]);
    if (cells.length === 0) return [];
    const ids = READINGS.filter((id) => ruled.includes(id) && cells.some((cell) => (CELLS[cell] as readonly string[]).includes(id)));
    return [
      row({ at, phase }, 'Reading', r.player, cells.map((cell) => `${cell} ${before[i]!.cells[cell]} → ${r.cells[cell]}`).join(', '), {
        rule: `${cells.join(' and ')} shown under the reading in force; ${ids.map((id) => defs.get(id)!.rule).join('; ')}`,
        inputs: { 'shown under': ids.map((id) => `${id}=${earlier.values[id]}`).join(', ') },
        readings: ids.map((id) => readings.label(id)),
      }),
    ];
  });
}

export const OWNED_RULE = 'a column the bot computes from the page on every run (the note under the table says so): what was written there is not believed';

/** Every choice of the display readings (tax-rounding × contract-share × participation-rounding). */
function everyChoice(readings: ChosenReadings): ChosenReadings[] {
  let out: Record<string, string>[] = [{}];
  for (const c of readings.all().filter((x) => READINGS.includes(x.def.id)))
    out = out.flatMap((a) => Object.keys(c.def.alternatives).map((v) => ({ ...a, [c.def.id]: v })));
  return out.map((values) => readings.assuming(values));
}

/**
 * The bot's cells the page shows with a value no input gives — a hand edit: named in a History row (`Corrected`), and
 * rewritten. `read`: the state as the page wrote it; `computed`: the same state with the bot's columns computed (before
 * anything is applied). A display cell showing what some reading gives is no hand edit (rulingRows names rulings).
 */
export function handEdits(read: Gamestate, computed: Gamestate, ruleset: Round10Ruleset, readings: ChosenReadings, at: Date, phase: number): Change[] {
  const out: Change[] = [];
  const name = (player: string, cell: string, shown: string | undefined, value: string, inputs: Record<string, string>) => {
    if (shown === undefined || shown.trim() === value) return;
    out.push(
      row({ at, phase }, 'Corrected', player, `${cell} ${shown.trim()} → ${value}`, {
        rule: `${cell}: ${OWNED_RULE}`,
        inputs: { written: shown.trim(), ...inputs },
      }),
    );
  };
  const r = computed.phase;
  name('-', 'Phase', read.phase.nameShown, r.name, { 'Phase number': String(r.number) });
  name('-', 'Next rollover (UTC)', read.phase.nextRolloverShown, writeInstant(r.nextRollover), { 'Phase number': String(r.number) });
  const choices = everyChoice(readings).map((x) => display(read, ruleset, x));
  const now = display(read, ruleset, readings);
  written(read).forEach((w, i) => {
    for (const [cell, text] of Object.entries(w.cells) as [Cell, string][]) {
      if (choices.some((c) => c[i]!.cells[cell] === text.trim())) continue;
      name(w.player, cell, text, now[i]!.cells[cell]!, {});
    }
  });
  read.secrets.forEach((a, i) => {
    const c = computed.secrets[i]!;
    name(a.player, `${a.id} Matures (UTC)`, a.maturesShown, writeInstant(c.matures), { posted: writeInstant(a.posted) });
    name(a.player, `${a.id} Revelation (UTC)`, a.revealsShown, writeInstant(c.reveals), { posted: writeInstant(a.posted) });
  });
  return out;
}
