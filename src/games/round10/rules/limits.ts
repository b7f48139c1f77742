import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import type { Gamestate, SecretAction } from '../gamestate/schema.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { DAY } from './common.ts';
import { INCOME_RULE, JOIN_RULE } from './income.ts';
import { isAuctionPhase } from './phase.ts';
import { REPUTABLE_RULE } from './reputability.ts';
import { datesOf, sha256 } from './secret.ts';
import { STAND_UP_RULE } from './tables.ts';
import { VICTORY_RULE, winners } from './victory.ts';

// The limits the rules put on what the page records, checked before anything is applied: a page that
// breaks one is refused, every problem named by table, row, column and the rule's sentence, and nothing
// is written (docs/gamestate-format-round10.md, "Rules checked: refused or applied"). The limits the
// engine applies instead (a bid or hand the rules void) are in voidedActions below.

export const HOUSE_LOT_SIZE_RULE = 'The Auction House: "House Lots can contain only exactly 3 cards."';
export const HOUSE_LOT_PHASE_RULE =
  'The Auction House: "If, at any time during the Resolution Phase, the number of House Lots currently in the weekly Auction is less than the Participation value of the Auction Casino, any player may generate a new House Lot by generating 3 cards to fulfill that lot."';
export const PLAYER_LOT_PHASE_RULE =
  'The Auction House: "During the Resolution Phase a player may create a Player Lot entity in the Auction House, clearly assigning the items to be owned by that Player Lot."';
export const PLAYERS_ONLY_RULE = 'Players: "Only players may perform actions and vote."';
export const STAR_PRICE_RULE =
  'Trung: "If it is not Sunday and if the Star Price is null, any player can generate it in #game-actions by rolling 1d6. The Star Price is the result of that roll plus 4."';
export const LIMITED_RULE =
  'Tables: "Unless otherwise specified, a player may only sit down at a Limited Access Table at most 1 time in a given week." Slots: "Slots are a Limited Access Table that a player may sit down at at most 3 times per week." The Studio: "a player may sit down at once per week"';
export const BROKEN_RULE = 'Slots: "Machine broke, you may not play the slots any more times this week."';
export const TABLE_RULE =
  'Tables: "A player may sit down at a Table by announcing their intent to do so in the appropriate channel (#tables, unless otherwise specified), specifying clearly which table they are sitting at."';
export const TITLE_RULE = 'The Studio: "providing a Title for the Work of Art no more than 30 characters in length"';
export const BID_PHASE_RULE =
  'Bidding: "During an Auction Phase, players can bid as a secret action in #auctions with default maturation and revelation dates."';
export const HAND_PHASE_RULE =
  'Submitting a Hand: "During an Auction Phase, as a secret action with default channel, maturation date and revelation date, players can Submit a Hand."';
export const STATUS_RULE =
  'Secret actions: Status is the bot\'s ("posted", then "succeeded" or "failed" at the revelation date, or "failed" when the rules void the action earlier)';

/** The Limited tables entry that records a broken machine for the rest of the week (actions/slots.ts writes it; cleared on Monday with the others). */
export const BROKEN = 'Slots (machine broke)';

/** Whether `t` falls in an Auction Phase of the round (before the round began: in no phase). */
export function duringAuctionPhase(calendar: Calendar, t: Date): boolean {
  return t.getTime() >= calendar.cycleStart.getTime() && isAuctionPhase(calendar.phaseAt(t).name);
}

/** Why the rules void a secret action at its posting (not posted by a player, or outside an Auction Phase), or undefined. */
export function voidReason(s: Pick<Gamestate, 'players'>, calendar: Calendar, a: SecretAction): { why: string; rule: string } | undefined {
  const p = s.players.find((x) => x.name === a.player);
  if (p !== undefined && a.posted.getTime() < p.joined.getTime()) {
    return { why: `posted at ${formatInstant(a.posted)}, before ${a.player} joined (${formatInstant(p.joined)}): not an action`, rule: PLAYERS_ONLY_RULE };
  }
  if (!duringAuctionPhase(calendar, a.posted)) {
    const phase = a.posted.getTime() < calendar.cycleStart.getTime() ? 'before the round began' : `in the ${calendar.phaseAt(a.posted).name}`;
    return {
      why: `posted at ${formatInstant(a.posted)}, ${phase}, not during an Auction Phase: not a ${a.kind === 'Bid' ? 'bid' : 'hand submission'}`,
      rule: a.kind === 'Bid' ? BID_PHASE_RULE : HAND_PHASE_RULE,
    };
  }
  return undefined;
}

/** What each check reads: the page, its ruleset and calendar, the readings, the run's time; `add` records a problem. */
interface LimitCheck {
  s: Gamestate;
  ruleset: Round10Ruleset;
  calendar: Calendar;
  readings: ChosenReadings;
  now: Date;
  add(message: string, rule: string, location: Problem['location']): void;
  at(table: string, row: number | undefined, column: string): Problem['location'];
}

/** Every limit of the inventory the page breaks, located; empty when it keeps them all. */
export function limitProblems(s: Gamestate, ruleset: Round10Ruleset, calendar: Calendar, readings: ChosenReadings, now: Date): Problem[] {
  const problems: Problem[] = [];
  const c: LimitCheck = {
    s,
    ruleset,
    calendar,
    readings,
    now,
    add: (message, rule, location) => problems.push({ message: `${message}: ${rule}`, location }),
    at: (table, row, column) => ({ page: s.page, table, row, column }),
  };
  for (const check of [lotProblems, roundProblems, playerProblems, workProblems, secretProblems]) check(c);
  return problems;
}

/** A House Lot's size, a Lot created outside a Resolution Phase or before its creator joined. */
function lotProblems({ s, ruleset, calendar, add, at }: LimitCheck): void {
  const resolution = (t: Date) => t.getTime() >= calendar.cycleStart.getTime() && !isAuctionPhase(calendar.phaseAt(t).name);
  const size = ruleset.constants.houseLotCards;
  for (const l of s.lots) {
    const { chips, trungs, cards, works } = l.items;
    if (l.kind === 'House' && size !== null && (cards.length !== size || chips > 0 || trungs > 0 || works.length > 0)) {
      const other = [chips > 0 ? `${chips} Chips` : '', trungs > 0 ? `${trungs} Trungs` : '', ...works].filter(Boolean);
      add(
        `the House Lot ${l.id} holds ${cards.length} card(s)${other.length ? ` and ${other.join(', ')}` : ''}`,
        HOUSE_LOT_SIZE_RULE,
        at('Lots', l.row, 'Items'),
      );
    }
    if (!resolution(l.created))
      add(
        `${l.id} was created at ${formatInstant(l.created)}, not during a Resolution Phase`,
        l.kind === 'House' ? HOUSE_LOT_PHASE_RULE : PLAYER_LOT_PHASE_RULE,
        at('Lots', l.row, 'Created (UTC)'),
      );
    const creator = s.players.find((p) => p.name === l.creator);
    if (creator !== undefined && l.created.getTime() < creator.joined.getTime()) {
      add(
        `${l.id} was created at ${formatInstant(l.created)}, before ${creator.name} joined (${formatInstant(creator.joined)})`,
        PLAYERS_ONLY_RULE,
        at('Lots', l.row, 'Creator'),
      );
    }
  }
}

/** The Round table: a Star Price no roll gives or set on a Sunday, a Winner who does not hold the win. */
function roundProblems({ s, ruleset, readings, add, at }: LimitCheck): void {
  const sp = ruleset.constants.starPrice;
  const { starPrice, starPriceSet } = s.phase;
  if (sp !== null && starPrice !== null && (starPrice < sp.count + sp.offset || starPrice > sp.count * sp.sides + sp.offset)) {
    add(
      `the Star Price ${starPrice} is not a result of ${sp.count}d${sp.sides} + ${sp.offset} (${sp.count + sp.offset} to ${sp.count * sp.sides + sp.offset})`,
      STAR_PRICE_RULE,
      at('Round', 1, 'Star Price'),
    );
  }
  if (starPrice !== null && starPriceSet !== null) {
    if (starPriceSet.getUTCDay() === 0)
      add(`the Star Price was set on Sunday ${formatInstant(starPriceSet)}`, STAR_PRICE_RULE, at('Round', 1, 'Star Price set (UTC)'));
  }
  const stars = ruleset.constants.victoryGoldStars;
  if (stars !== null && s.phase.winner.length > 0) {
    const holding = new Set(winners({ s, ruleset, readings }).map((p) => p.name));
    for (const w of s.phase.winner.filter((n) => !holding.has(n))) {
      const p = s.players.find((x) => x.name === w);
      add(
        `${w} is written as Winner but ${p === undefined ? 'is not in the Players table' : `has ${p.goldStars} Gold Stars`}`,
        VICTORY_RULE,
        at('Round', 1, 'Winner'),
      );
    }
  }
}

/** Each player's row: Limited Access Tables over their weekly limit, the seat, the bot's reputability and income cells. */
function playerProblems({ s, ruleset, calendar, add, at }: LimitCheck): void {
  const limited = new Map(ruleset.tables.filter((t) => t.access === 'limited').map((t) => [t.kind, t.perWeek ?? 1]));
  const tableNames = ruleset.tables.flatMap((t) => t.names);
  const reputableDays = ruleset.constants.reputableDays;
  for (const p of s.players) {
    for (const [kind, n] of Object.entries(p.limited)) {
      const most = kind === BROKEN ? 1 : limited.get(kind);
      if (most === undefined)
        add(
          `"${kind}" is not a Limited Access Table (${[...limited.keys()].join(', ')}, or ${BROKEN})`,
          LIMITED_RULE,
          at('Players', p.row, 'Limited tables this week'),
        );
      else if (n > most)
        add(
          `${p.name} sat at ${kind} ${n} times this week, more than ${most}`,
          kind === BROKEN ? BROKEN_RULE : LIMITED_RULE,
          at('Players', p.row, 'Limited tables this week'),
        );
    }
    if (p.table !== null && tableNames.length > 0 && !tableNames.includes(p.table))
      add(`"${p.table}" is not a table of the Ruleset (${tableNames.join(', ')})`, TABLE_RULE, at('Players', p.row, 'Table'));
    if ((p.table === null) !== (p.seatedSince === null))
      add(
        p.table === null ? `${p.name} has a Seated since but no Table` : `${p.name} sits at ${p.table} with no Seated since (the automatic stand-up needs it)`,
        STAND_UP_RULE,
        at('Players', p.row, p.table === null ? 'Table' : 'Seated since (UTC)'),
      );
    if (reputableDays !== null && p.reputableSince !== null && p.reputableSince.getTime() !== p.joined.getTime() + reputableDays * DAY) {
      add(
        `${p.name} joined at ${formatInstant(p.joined)}, so the rule makes them reputable at ${formatInstant(new Date(p.joined.getTime() + reputableDays * DAY))}, not ${formatInstant(p.reputableSince)} (a column the bot writes)`,
        REPUTABLE_RULE,
        at('Players', p.row, 'Reputable since (UTC)'),
      );
    }
    const paid = p.incomePaid;
    if (paid !== null) {
      const phaseStart =
        paid.getTime() >= calendar.cycleStart.getTime() && calendar.phaseAt(paid).start.getTime() === paid.getTime() && duringAuctionPhase(calendar, paid);
      const joining = paid.getTime() === p.joined.getTime() && duringAuctionPhase(calendar, paid);
      const latest = Math.max(calendar.phase(s.phase.number).start.getTime(), p.joined.getTime());
      if (!(phaseStart || joining) || paid.getTime() > latest) {
        add(
          `${formatInstant(paid)} is not the start of an Auction Phase the page has reached, nor ${p.name}'s joining during one (the bot's record of the income paid)`,
          `${INCOME_RULE} ${JOIN_RULE}`,
          at('Players', p.row, 'Income paid (UTC)'),
        );
      }
    }
  }
}

/** A Work of Art's title longer than the studio allows. */
function workProblems({ s, ruleset, add, at }: LimitCheck): void {
  const titleMax = ruleset.constants.studio?.titleMax;
  for (const w of s.works) {
    if (titleMax !== undefined && w.title.length > titleMax)
      add(`the title of ${w.id} has ${w.title.length} characters, more than ${titleMax}`, TITLE_RULE, at('Works of Art', w.row, 'Title'));
  }
}

/** A secret action's Status written against the rules: succeeded though void, early or unmatched; failed early with nothing voiding it. */
function secretProblems({ s, ruleset, calendar, now, add, at }: LimitCheck): void {
  for (const a of s.secrets) {
    if (a.status === 'posted') continue;
    const voided = voidReason(s, calendar, a);
    // The revelation date from the posting (the page's Revelation cell is the bot's, not read).
    const reveals = datesOf(a, calendar, { ruleset }).reveals;
    const decided = reveals.getTime() <= now.getTime();
    const newer = s.secrets.some((b) => b !== a && b.player === a.player && b.posted.getTime() > a.posted.getTime() && b.posted.getTime() <= now.getTime());
    const where = at('Secret actions', a.row, 'Status');
    if (a.status === 'succeeded' && voided !== undefined)
      add(`${a.id} is written as succeeded, but the rules void it (${voided.why}; ${voided.rule})`, STATUS_RULE, where);
    else if (a.status === 'succeeded' && !decided)
      add(`${a.id} is written as succeeded before its revelation date ${formatInstant(reveals)}`, STATUS_RULE, where);
    else if (a.status === 'succeeded' && (a.revealed === null || sha256(a.revealed) !== a.hash))
      add(`${a.id} is written as succeeded, but its revealed text does not match its hash`, STATUS_RULE, where);
    else if (a.status === 'failed' && !decided && voided === undefined && !newer)
      add(`${a.id} is written as failed before its revelation date, and nothing voids it`, STATUS_RULE, where);
  }
}
