// The cross-checks of a read Gamestate page, one function per table: what a cell cannot say alone (a player
// named twice, a card of no player, bets beyond the bettor's Chips, a phase number ahead of the calendar). Each
// adds its problems, located by table, row and column; readGamestate refuses the page if there is any.
import type { Location } from '../../../parse/location.ts';
import { CalendarError, makeCalendar, withPhaseStart, type Calendar } from '../../../sim/calendar.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { battleProblems } from '../rules/battles.ts';
import { gainKinds } from '../rules/cards.ts';
import { giftProblems } from '../rules/gifts.ts';
import { nearlyTheSame } from '../rules/inventory.ts';
import { LIMITS, removalPhase } from '../rules/limits.ts';
import { phaseAhead } from '../rules/phase.ts';
import { reputabilityProblems } from '../rules/reputability.ts';
import type { Card, EngineRuleset, Gamestate, Player } from './schema.ts';

interface Check {
  state: Gamestate;
  ruleset: EngineRuleset;
  problems: Problem[];
  at: (table: string, row: number | undefined, column?: string) => Location;
}

/** The Phase table's checks, and the calendars the other tables are judged by. */
interface PhaseChecked {
  /** The ruleset's calendar (undefined when its phases make none: the engine reports that). */
  calendar: Calendar | undefined;
  /** The same with the page's recorded phase start, when that is valid: for the phase an instant is in. */
  pageCalendar: Calendar | undefined;
  /** The phase number is ahead of the calendar at `now` (then no phase-bound rule is judged). */
  ahead: Problem | undefined;
}

/** Adds the problems between the page's tables to `problems`. `now`, when given: the phase number must have begun by then. */
export function crossCheck(state: Gamestate, ruleset: EngineRuleset, page: string | undefined, problems: Problem[], now: Date | undefined): void {
  const check: Check = { state, ruleset, problems, at: (table, row, column) => ({ page, table, row, column }) };
  const phase = checkPhase(check, page, now);
  const players = checkPlayers(check, phase);
  const cards = checkCards(check, players);
  checkBattles(check, players, cards, phase.pageCalendar);
  checkBets(check, players);
  checkGifts(check, players, phase.pageCalendar);
}

function checkPhase({ state, ruleset, problems, at }: Check, page: string | undefined, now: Date | undefined): PhaseChecked {
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
  let pageCalendar = calendar;
  try {
    if (calendar !== undefined) pageCalendar = withPhaseStart(calendar, number, started);
  } catch (err) {
    if (!(err instanceof CalendarError)) throw err;
  }
  return { calendar, pageCalendar, ahead };
}

/** The Players table: names, the limits per phase, reputability, card removal. The players by name. */
function checkPlayers({ state, ruleset, problems, at }: Check, { calendar, ahead }: PhaseChecked): Map<string, Player> {
  const { number } = state.phase;
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
            (action === 'Exploration'
              ? `${mazes > 0 ? `, and one more per maze (${mazes} recorded)` : ''}; after the maze scenario (“You may explore, then explore again.”) write "Exploration ×2 (maze)"`
              : ''),
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
  return players;
}

/** Whether `name` (a cell of `table`) names a player of the Players table; a problem at that cell if not. */
function isPlayer({ problems, at }: Check, players: Map<string, Player>, name: string | null, table: string, row: number | undefined, column: string): void {
  if (name !== null && !players.has(name)) {
    problems.push({ message: `"${name}" is not a player in the Players table`, location: at(table, row, column) });
  }
}

/** The Cards table: IDs, owners, species, modifiers (spelt as the ruleset names them), gains. The cards by ID. */
function checkCards({ state, ruleset, problems, at }: Check, players: Map<string, Player>): Map<number, Card> {
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

  return cards;
}

/** The Battles table: IDs, participants and their hands, winner and final hands, open bets and Fragile cards. */
function checkBattles(check: Check, players: Map<string, Player>, cards: Map<number, Card>, pageCalendar: Calendar | undefined): void {
  const { state, ruleset, problems, at } = check;
  const battleIds = new Set<number>();
  for (const b of state.battles) {
    const where = (column: string) => at('Battles', b.row, column);
    if (battleIds.has(b.id)) problems.push({ message: `battle ID ${b.id} is used twice`, location: where('ID') });
    battleIds.add(b.id);
    const names = b.participants.map((h) => h.player);
    battleProblems(b, ruleset, pageCalendar, where, problems);
    for (const h of b.participants) {
      isPlayer(check, players, h.player, 'Battles', b.row, 'Participants (hand)');
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
}

/** Betting: “a player may raise the stakes by betting Chips or Holographic Cards, up to the number they have”. */
function checkBets({ state, problems, at }: Check, players: Map<string, Player>): void {
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
}

/** The Gifts table: times within the cycle, giver and receiver players and not the same. */
function checkGifts(check: Check, players: Map<string, Player>, pageCalendar: Calendar | undefined): void {
  const { state, problems, at } = check;
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
    isPlayer(check, players, g.giver, 'Gifts', g.row, 'Giver');
    isPlayer(check, players, g.receiver, 'Gifts', g.row, 'Receiver');
    if (g.giver === g.receiver)
      problems.push({ message: '“select one other player (the receiver)”: giver and receiver are the same', location: at('Gifts', g.row, 'Receiver') });
  }
  if (pageCalendar !== undefined) giftProblems(state, pageCalendar, problems);
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
