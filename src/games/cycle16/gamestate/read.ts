import type { z } from 'zod';
import { readDocument, type Table, type WikiDocument } from '../../../parse/document.ts';
import type { Location } from '../../../parse/location.ts';
import { CalendarError, makeCalendar, withPhaseStart, type Calendar } from '../../../sim/calendar.ts';
import { formatInstant } from '../../../sim/trail.ts';
import {
  Gamestate,
  type Battle,
  type Card,
  type EngineRuleset,
  type Gift,
  type PhaseState,
  type Player,
} from './schema.ts';
import { GamestateError, type Problem } from '../../shared/gamestate-error.ts';
import { readRows, uniqueTable } from '../../shared/read-tables.ts';
import { parseChecked } from '../../shared/schema-check.ts';
import {
  battlesTable,
  cardsTable,
  giftsTable,
  historyTable,
  phaseTable,
  playersTable,
  type ReadContext,
} from './tables.ts';
import { latestHistoryTime } from '../../shared/history-time.ts';
import { battleProblems } from '../rules/battles.ts';
import { gainKinds } from '../rules/cards.ts';
import { giftProblems } from '../rules/gifts.ts';
import { nearlyTheSame } from '../rules/inventory.ts';
import { LIMITS, removalPhase } from '../rules/limits.ts';
import { phaseAhead } from '../rules/phase.ts';
import { reputabilityProblems } from '../rules/reputability.ts';

// Reading the Gamestate page: every table by its headers, every cell through its column's reader,
// then the cross-checks between tables. All problems are collected; any problem means a
// GamestateError and no edit — Croupier never guesses what an editor meant.

/** Reads and validates the Gamestate page. Throws GamestateError listing every problem. */
export function readGamestate(text: string, page: string | undefined, ruleset: EngineRuleset): Gamestate {
  const doc = readDocument(text, { page });
  return readGamestateDocument(doc, ruleset);
}

/** `now`, when given: the Phase number must have begun by then (rules/phase.ts phaseAhead), checked with the rest. */
export function readGamestateDocument(doc: WikiDocument, ruleset: EngineRuleset, now?: Date): Gamestate {
  const problems: Problem[] = [];
  const ctx: ReadContext = { packs: ruleset.packs.map((p) => p.name) };
  const phaseRows = readRows(doc, phaseTable, ctx, problems);
  if (phaseRows.table !== undefined && phaseRows.table.rows.length !== 1) {
    problems.push({ message: 'the Phase table must have exactly one row', location: { page: doc.page, table: 'Phase' } });
  }
  const players = readRows(doc, playersTable, ctx, problems).entities;
  const cards = readRows(doc, cardsTable, ctx, problems).entities;
  const battles = readRows(doc, battlesTable, ctx, problems).entities;
  const gifts = readRows(doc, giftsTable, ctx, problems).entities;
  const history = uniqueTable(doc, historyTable, problems);
  if (history === undefined) {
    problems.push({ message: 'no History table (a wikitable with the columns Event and Reason)', location: { page: doc.page, table: 'History' } });
  }
  if (problems.length > 0) throw new GamestateError(problems);

  const phase = phaseRows.entities[0] as PhaseState;
  phase.name ??= '';
  phase.winner ??= [];
  const state = {
    page: doc.page,
    phase: {
      cycleStart: phase.cycleStart,
      number: phase.number,
      name: phase.name,
      nextRollover: phase.nextRollover ?? null,
      started: phase.started ?? null,
      winner: phase.winner,
    },
    players: players as Player[],
    cards: (cards as Partial<Card>[]).map((c) => ({ value: '-', suits: [], colours: [], types: [], ...c }) as Card),
    battles: (battles as Partial<Battle>[]).map((b) => ({ fragile: [], ...b }) as Battle),
    gifts: gifts as Gift[],
    historyRows: history!.rows.length,
    historyLatest: latestHistoryTime(history!),
    statusHistory: readStatusHistory(history!, phase.number),
  };
  for (const p of state.players) p.other ??= null;
  crossCheck(state, ruleset, doc.page, problems, now);
  if (problems.length > 0) throw new GamestateError(problems);
  const checked = parseChecked(Gamestate, state);
  if (!checked.success) throw new GamestateError(checked.error.issues.map((issue) => schemaProblem(issue, state, doc.page)));
  return checked.data;
}

const TABLES: Record<string, string> = { phase: 'Phase', players: 'Players', cards: 'Cards', battles: 'Battles', gifts: 'Gifts' };

/**
 * A value the cell readers let through but the schema refuses, located by its table and row (a
 * safety net: the readers refuse what they know of, with the cell's column).
 */
function schemaProblem(issue: z.core.$ZodIssue, state: Record<string, unknown>, page: string | undefined): Problem {
  const [key, index, ...field] = issue.path.map(String);
  const entity = index === undefined ? undefined : (state[key!] as { row?: number }[] | undefined)?.[Number(index)];
  const row = key === 'phase' ? 1 : entity?.row;
  const what = key === 'phase' ? [index, ...field] : field;
  return { message: `${what.filter((x) => x !== undefined).join('.')}: ${issue.message}`, location: { page, table: TABLES[key!] ?? key, row } };
}

/**
 * The Inactivity rows of the page's History ("active → inactive"), the record of each player's
 * status phase by phase. A rollover writes them right after its own row ("Phase 3 → 4"), so the
 * record is complete back to the phase before the earliest of the unbroken run of rollover rows
 * ending at the page's phase; older rows may have been archived.
 */
function readStatusHistory(history: Table, pagePhase: number): NonNullable<Gamestate['statusHistory']> {
  const rolledInto = new Set<number>();
  const changes: NonNullable<Gamestate['statusHistory']>['changes'] = [];
  for (const row of history.rows) {
    const phase = Number(row.cells.phase?.text.trim());
    const event = row.cells.event?.text.trim();
    const text = row.cells.change?.text.trim() ?? '';
    const player = row.cells.player?.text.trim();
    const rollover = /^Phase \d+ → (\d+)/.exec(text);
    if ((event === 'Rollover' || event === 'Manual rollover') && rollover) rolledInto.add(Number(rollover[1]));
    const change = /^(active|inactive)\s*→\s*(active|inactive)\b/.exec(text);
    if (event === 'Inactivity' && change && player && Number.isInteger(phase)) {
      changes.push({ phase, player, from: change[1] as 'active' | 'inactive', to: change[2] as 'active' | 'inactive' });
    }
  }
  let since = pagePhase;
  while (since > 0 && rolledInto.has(since)) since--;
  return { since, changes };
}

/** The ruleset's calendar for the page's cycle start; undefined when the ruleset's phases cannot make one (the engine reports that). */
function calendarFor(ruleset: EngineRuleset, cycleStart: Date): Calendar | undefined {
  try {
    return makeCalendar(ruleset.phases, cycleStart);
  } catch (err) {
    if (err instanceof CalendarError) return undefined;
    throw err;
  }
}

function crossCheck(state: Gamestate, ruleset: EngineRuleset, page: string | undefined, problems: Problem[], now: Date | undefined): void {
  const at = (table: string, row: number | undefined, column?: string): Location => ({ page, table, row, column });
  const calendar = calendarFor(ruleset, state.phase.cycleStart);
  const { started, number } = state.phase;
  let ahead: Problem | undefined;
  if (calendar !== undefined) {
    try {
      const pageCalendar = withPhaseStart(calendar, number, started);
      ahead = now === undefined ? undefined : phaseAhead({ page, phase: state.phase }, pageCalendar, now);
      if (ahead !== undefined) problems.push(ahead);
    } catch (err) {
      if (!(err instanceof CalendarError)) throw err;
      const boundary = formatInstant(calendar.phase(number).start);
      problems.push({
        message:
          `phase ${number} cannot have begun at ${formatInstant(started!)}: a phase begins at its boundary (${boundary}) ` +
          `or earlier by a manual rollover, after the cycle start ${formatInstant(state.phase.cycleStart)}`,
        location: at('Phase', 1, 'Phase start (UTC)'),
      });
    }
  }
  // The page's own calendar (with a valid recorded phase start), for the phase an instant is in.
  let pageCalendar = calendar;
  try {
    if (calendar !== undefined) pageCalendar = withPhaseStart(calendar, number, started);
  } catch (err) {
    if (!(err instanceof CalendarError)) throw err;
  }
  // Card removal: “Up to twice during each rest phase …” — only in the phase the rule names.
  const removal = removalPhase(ruleset);
  const phaseName = calendar?.phase(number).name ?? state.phase.name;
  // (Not judged in a phase number that is itself wrong: only that is reported.)
  const removalAllowed = removal === null || ahead !== undefined || phaseName.toLowerCase() === removal.name.toLowerCase();
  const players = new Map<string, Player>();
  const byFolded = new Map<string, Player>();
  for (const p of state.players) {
    const same = byFolded.get(p.name.toLowerCase());
    if (players.has(p.name)) {
      problems.push({ message: `player "${p.name}" is listed twice`, location: at('Players', p.row, 'Player') });
    } else if (same !== undefined) {
      // Every other table names players by these cells: "alice" would mean either.
      problems.push({
        message: `player "${p.name}" differs from "${same.name}" (row ${same.row}) only by case: the name is ambiguous; give each player a distinct name`,
        location: at('Players', p.row, 'Player'),
      });
    }
    players.set(p.name, p);
    byFolded.set(p.name.toLowerCase(), p);
    for (const [action, n] of Object.entries(p.used)) {
      const limit = LIMITS[action as keyof typeof LIMITS];
      const mazes = action === 'Exploration' ? (p.mazes ?? 0) : 0;
      if (n > limit.times + mazes) {
        problems.push({
          message:
            `${p.name} used ${action} ${n} times; the rules allow ${limit.times} ${limit.per} (“${limit.rule}”)` +
            (action === 'Exploration' ? `${mazes > 0 ? `, and one more per maze (${mazes} recorded)` : ''}; after the maze scenario (“You may explore, then explore again.”) write "Exploration ×2 (maze)"` : ''),
          location: at('Players', p.row, 'Used this phase'),
        });
      }
    }
    if ((p.mazes ?? 0) > (p.used.Exploration ?? 0)) {
      problems.push({
        message: `${p.name} met the maze ${p.mazes} times but explored ${p.used.Exploration ?? 0} times: each maze is met while exploring`,
        location: at('Players', p.row, 'Used this phase'),
      });
    }
    reputabilityProblems(p, state.phase.cycleStart, at('Players', p.row, 'Reputable since (UTC)'), problems);
    if ((p.removalsGranted ?? 0) > (p.used.Removal ?? 0)) {
      problems.push({
        message:
          `${p.name} has ${p.removalsGranted} card removals granted this phase but Used this phase records ${p.used.Removal ?? 0}: ` +
          'the Vertebrae were already granted (“…and they receive 1 vertebrae”); correct Used this phase, or Vertebrae and Removals granted together',
        location: at('Players', p.row, 'Used this phase'),
      });
    }
    if ((p.used.Removal ?? 0) > 0 && !removalAllowed) {
      problems.push({
        message:
          `${p.name} used Removal in phase ${number}, a ${phaseName}; the rules allow card removal only during a ${removal!.name} ` +
          `(“${removal!.sentence}”)`,
        location: at('Players', p.row, 'Used this phase'),
      });
    }
  }
  const isPlayer = (name: string | null, table: string, row: number | undefined, column: string) => {
    if (name !== null && !players.has(name)) {
      problems.push({ message: `"${name}" is not a player in the Players table`, location: at(table, row, column) });
    }
  };

  const species = new Set(ruleset.cards.map((c) => c.name.toLowerCase()));
  // A modifier is read by its name, or a spelling the Ruleset itself uses for it (the Rare collection's "Gold Plated").
  const modifiers = new Map(ruleset.modifiers.flatMap((m) => [m.name, ...(m.alsoWritten ?? [])].map((n) => [n.toLowerCase(), m.name] as const)));
  const kinds = gainKinds(ruleset);
  const cards = new Map<number, Card>();
  for (const c of state.cards) {
    if (cards.has(c.id)) problems.push({ message: `card ID ${c.id} is used twice`, location: at('Cards', c.row, 'ID') });
    cards.set(c.id, c);
    // “if it would be owned by a non-player, it is instead destroyed” (the engine does it); a name
    // that nearly matches a player's is a typo to fix, not a card to destroy.
    const near = players.has(c.owner) ? undefined : state.players.find((p) => nearlyTheSame(p.name, c.owner));
    if (near !== undefined) {
      problems.push({
        message:
          `"${c.owner}" is not a player in the Players table, and is close to "${near.name}": fix the name ` +
          `(a card of someone who is not a player is destroyed: “if it would be owned by a non-player, it is instead destroyed”)`,
        location: at('Cards', c.row, 'Owner'),
      });
    }
    if (!species.has(c.species.toLowerCase())) {
      problems.push({ message: `"${c.species}" is not a card species of the ruleset`, location: at('Cards', c.row, 'Card') });
    }
    c.modifiers = c.modifiers.map((m) => {
      const name = modifiers.get(m.toLowerCase());
      if (name === undefined) problems.push({ message: `"${m}" is not a modifier of the ruleset`, location: at('Cards', c.row, 'Modifiers') });
      return name ?? m;
    });
    for (const g of c.gained) {
      if (kinds(g) === undefined) {
        problems.push({ message: `"${g}" is neither a suit, a colour nor a whole-number value`, location: at('Cards', c.row, 'Gained') });
      }
    }
  }

  const battleIds = new Set<number>();
  for (const b of state.battles) {
    const where = (column: string) => at('Battles', b.row, column);
    if (battleIds.has(b.id)) problems.push({ message: `battle ID ${b.id} is used twice`, location: where('ID') });
    battleIds.add(b.id);
    const names = b.participants.map((h) => h.player);
    battleProblems(b, ruleset, pageCalendar, where, problems);
    for (const h of b.participants) {
      isPlayer(h.player, 'Battles', b.row, 'Participants (hand)');
      if (h.cards < 4) {
        problems.push({
          message: `${h.player}'s hand has ${h.cards} cards; “the player must select a minimum of 4 cards from their deck”`,
          location: where('Participants (hand)'),
        });
      }
    }
    if (b.winner !== null && !names.includes(b.winner)) {
      problems.push({ message: `the winner "${b.winner}" is not a participant`, location: where('Winner') });
    }
    if (b.finalHands !== null) {
      const final = b.finalHands.map((h) => h.player).sort();
      if (final.join('\n') !== [...names].sort().join('\n')) {
        problems.push({ message: `final hands name ${final.join(', ')}; participants are ${names.join(', ')}`, location: where('Final hands') });
      }
    }
    if (b.winner !== null && b.finalHands === null) {
      problems.push({ message: 'a battle with a winner needs its final hands', location: where('Final hands') });
    }
    if (b.status === 'rewarded' || b.status === 'cancelled') continue;
    for (const bet of b.bets) {
      if (!names.includes(bet.player)) problems.push({ message: `bettor "${bet.player}" is not a participant`, location: where('Bets') });
      for (const id of bet.cards) {
        const card = cards.get(id);
        if (card === undefined || card.owner !== bet.player || !card.modifiers.includes('Holographic')) {
          problems.push({
            message: `card #${id} is not a Holographic card of ${bet.player} (“betting Chips or Holographic Cards”)`,
            location: where('Bets'),
          });
        }
      }
    }
    for (const id of b.fragile) {
      const card = cards.get(id);
      if (card === undefined || !names.includes(card.owner) || !card.modifiers.includes('Fragile')) {
        problems.push({ message: `card #${id} is not a Fragile card of a participant`, location: where('Fragile cards') });
      }
    }
  }
  // Betting: “a player may raise the stakes by betting Chips or Holographic Cards, up to the number they have”.
  // Bet chips leave the bettor's Chips when the battle is rewarded, so every open bet must be covered.
  const betChips = new Map<string, number>();
  for (const b of state.battles) {
    if (b.status === 'rewarded' || b.status === 'cancelled') continue;
    for (const bet of b.bets) {
      if (bet.chips === 0) continue;
      const before = betChips.get(bet.player) ?? 0;
      const total = before + bet.chips;
      betChips.set(bet.player, total);
      const chips = players.get(bet.player)?.chips;
      if (chips !== undefined && total > chips && before <= chips) {
        problems.push({
          message:
            `${bet.player} bets ${total} Chips in battles not yet rewarded (${bet.chips} in battle ${b.id}) but has ${chips} ` +
            `(“betting Chips or Holographic Cards, up to the number they have”)`,
          location: at('Battles', b.row, 'Bets'),
        });
      }
    }
  }
  const cycleStart = state.phase.cycleStart;
  for (const g of state.gifts) {
    // A gift is an action of the cycle: one dated before the cycle start is a typo (a player's Joined
    // or Last action may be earlier: “within 3 days of the round starting”; the engine counts those as phase 0).
    if (g.time.getTime() < cycleStart.getTime()) {
      problems.push({
        message: `the gift's time ${formatInstant(g.time)} is before the cycle start ${formatInstant(cycleStart)} (the Phase table's "Cycle start")`,
        location: at('Gifts', g.row, 'Time (UTC)'),
      });
    }
    isPlayer(g.giver, 'Gifts', g.row, 'Giver');
    isPlayer(g.receiver, 'Gifts', g.row, 'Receiver');
    if (g.giver === g.receiver) problems.push({ message: '“select one other player (the receiver)”: giver and receiver are the same', location: at('Gifts', g.row, 'Receiver') });
  }
  if (pageCalendar !== undefined) giftProblems(state, pageCalendar, problems);
}
