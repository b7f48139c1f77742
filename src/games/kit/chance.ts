import type { Table } from '../../parse/model.ts';
import type { Change } from '../../sim/trail.ts';
import type { ActionDef, ActionInput, ActionOutcome, GameReferee } from '../actions.ts';
import type { KindedRuleset } from '../engine-contract.ts';
import { drawReason, requestReason } from '../shared/actions.ts';

// The chance every game has: a player's dice roll and a draw from one of the Ruleset's tables, made by the
// referee with the same commit–reveal as the game's own actions (docs/referee.md), so that `croupier verify`
// recomputes them. Each is a History row of the game's page.
//   * roll 2d6+1
//   * draw 1 from Garbage
//   * draw 3 from Garbage without replacement
// A draw takes the rows of the table named (its caption, or the heading of the rule it is under), each row
// one item named by its first cell; with replacement unless the line says otherwise.

const ROLL_RULE = 'A dice roll asked for on the actions page, rolled by the referee (commit–reveal)';
const DRAW_RULE = "A draw asked for on the actions page from the Ruleset's table, made by the referee (commit–reveal)";

/** The most of each a line may ask for: a roll is for a game, not a stress test. */
const CHANCE_LIMITS = { dice: 100, sides: 1000, modifier: 1_000_000, draws: 100 } as const;

interface RollArgs {
  count: number;
  sides: number;
  modifier: number;
  text: string;
}

interface DrawArgs {
  count: number;
  table: string;
  replace: boolean;
}

/** The tables a draw may name: by caption, else by the heading of the rule they are under; several under one name are ambiguous. */
export function namedTable(tables: readonly Table[], name: string): { table: Table; name: string } | { refused: string } {
  // "Encounter table" and "Encounter" name one table: a request says either.
  const key = (s: string | undefined) =>
    (s ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLowerCase()
      .replace(/ table$/, '');
  const wanted = key(name);
  const byCaption = tables.filter((t) => key(t.caption) === wanted);
  const found = byCaption.length > 0 ? byCaption : tables.filter((t) => key(t.rule) === wanted);
  if (found.length === 1) return { table: found[0]!, name: (byCaption.length > 0 ? found[0]!.caption : found[0]!.rule)!.trim() };
  if (found.length > 1) return { refused: `the Ruleset has ${found.length} tables named "${name}": name one by its caption` };
  // Each table by the heading it is under (a caption is often a sentence), else its caption.
  const names = [...new Set(tables.map((t) => t.rule ?? t.caption).filter((n): n is string => !!n))];
  return { refused: `the Ruleset has no table named "${name}"${names.length > 0 ? ` (its tables: ${names.join(', ')})` : ''}` };
}

/**
 * The items of a table: each row's first cell, rows without one left out. A table whose first column only numbers
 * its rows (a roll's column: 1, 2, 3…) names each item by its number and the next cell ("3: Copper seam").
 */
function itemsOf(table: Table): string[] {
  const cells = table.rows.map((r) => r.list.map((c) => c.text.trim()));
  const numbered = cells.length > 0 && cells.every((row) => /^\d+$/.test(row[0] ?? '') && (row[1] ?? '') !== '');
  return cells.map((row) => (numbered ? `${row[0]}: ${row[1]}` : (row[0] ?? ''))).filter((t) => t !== '');
}

/** The roll and the draw, resolved through the game's referee frame (its phase and its page). */
export function chanceActions<R extends KindedRuleset>(referee: GameReferee<R>): [ActionDef<R, RollArgs>, ActionDef<R, DrawArgs>] {
  /** The page's phase when it is the calendar's, else why the request must wait. */
  const phaseOf = (input: ActionInput<R>): number | { refused: string } => {
    const phase = referee.phase(input.ruleset, input.page, input.now);
    const calendar = referee.calendarPhase(input.ruleset, input.page, input.now);
    if (calendar !== phase)
      return {
        refused: `the Gamestate page records phase ${phase}, but at this time it is phase ${calendar}: the rollover is due first; write the request again after it`,
      };
    return phase;
  };
  const outcome = (input: ActionInput<R>, change: Omit<Change, 'at' | 'player'>, message: string): ActionOutcome => {
    const row: Change = { at: input.now, player: input.player, ...change };
    return { ok: true, text: referee.appendRows(input.ruleset, input.page, [row]), changes: [row], message };
  };

  const roll: ActionDef<R, RollArgs> = {
    name: 'roll',
    grammar: 'roll <N>d<K>[+<M>]',
    parse(text) {
      const m = /^roll\s+(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\.?$/i.exec(text.trim());
      if (!m) return undefined;
      const count = m[1] === '' ? 1 : Number(m[1]);
      const modifier = m[4] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
      return { count, sides: Number(m[2]), modifier, text: `${count}d${m[2]}${modifier === 0 ? '' : `${modifier > 0 ? '+' : '-'}${Math.abs(modifier)}`}` };
    },
    resolve(input, a) {
      const L = CHANCE_LIMITS;
      if (a.count < 1 || a.count > L.dice) return { ok: false, reason: `a roll is of 1 to ${L.dice} dice, not ${a.count}` };
      if (a.sides < 2 || a.sides > L.sides) return { ok: false, reason: `a die has 2 to ${L.sides} sides, not ${a.sides}` };
      if (Math.abs(a.modifier) > L.modifier) return { ok: false, reason: `a roll adds at most ${L.modifier.toLocaleString('en')}` };
      const phase = phaseOf(input);
      if (typeof phase !== 'number') return { ok: false, reason: phase.refused };
      const { stream, seed } = input.draws();
      const rolls = Array.from({ length: a.count }, (_, i) => stream.roll(a.sides, `${a.text} die ${i + 1}`));
      const total = rolls.reduce((x, y) => x + y, 0) + a.modifier;
      const sum = `${rolls.join(' + ')}${a.modifier === 0 ? '' : ` ${a.modifier > 0 ? '+' : '-'} ${Math.abs(a.modifier)}`}`;
      return outcome(
        input,
        {
          phase,
          event: 'Roll',
          change: `${a.text} = ${sum} = ${total}`,
          reason: { ...drawReason(`${ROLL_RULE}; ${requestReason(input)}`, stream, seed, phase, 0, input), inputs: { roll: a.text } },
        },
        `rolled ${a.text}: ${sum} = ${total}`,
      );
    },
  };

  const draw: ActionDef<R, DrawArgs> = {
    name: 'draw',
    grammar: 'draw <N> from <table> [without replacement]',
    parse(text) {
      const m = /^draw\s+(\d+)\s+from\s+(?:the\s+)?(.+?)(\s+without\s+replacement)?\.?$/i.exec(text.trim());
      return m ? { count: Number(m[1]), table: m[2]!.replace(/^['"“]|['"”]$/g, ''), replace: m[3] === undefined } : undefined;
    },
    resolve(input, a) {
      if (a.count < 1 || a.count > CHANCE_LIMITS.draws) return { ok: false, reason: `a draw is of 1 to ${CHANCE_LIMITS.draws} items, not ${a.count}` };
      const named = namedTable(input.tables ?? [], a.table);
      if ('refused' in named) return { ok: false, reason: named.refused };
      const items = itemsOf(named.table);
      const { name } = named;
      if (items.length === 0) return { ok: false, reason: `the Ruleset's table "${name}" has no rows to draw from` };
      if (!a.replace && a.count > items.length)
        return { ok: false, reason: `the Ruleset's table "${name}" has ${items.length} rows: ${a.count} cannot be drawn without replacement` };
      const phase = phaseOf(input);
      if (typeof phase !== 'number') return { ok: false, reason: phase.refused };
      const { stream, seed } = input.draws();
      const left = [...items];
      const drawn: string[] = [];
      for (let i = 1; i <= a.count; i++) {
        const k = stream.roll(left.length, `draw ${i} from "${name}"`) - 1;
        drawn.push(left[k]!);
        if (!a.replace) left.splice(k, 1);
      }
      const how = a.replace ? 'with replacement' : 'without replacement';
      return outcome(
        input,
        {
          phase,
          event: 'Draw',
          change: `drew ${a.count} from "${name}" (${how}): ${drawn.join(', ')}`,
          reason: {
            ...drawReason(`${DRAW_RULE}; ${requestReason(input)}`, stream, seed, phase, 0, input),
            inputs: { table: name, rows: String(items.length) },
          },
        },
        `drew ${drawn.join(', ')} from "${name}"`,
      );
    },
  };
  return [roll, draw];
}
