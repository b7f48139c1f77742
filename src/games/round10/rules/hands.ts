import type { Change } from '../../../sim/trail.ts';
import { GamestateError } from '../../shared/gamestate-error.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import type { Multiplier, Round10Ruleset } from '../ruleset/schema.ts';
import { readCards, writeCards } from '../gamestate/fields.ts';
import type { CardRef, SecretAction } from '../gamestate/schema.ts';
import { row, withoutCards, type RuleContext } from './common.ts';
import { declaration, fail } from './secret.ts';
import { evaluate } from './formula.ts';

// Hands. "A hand's score is defined as crm + h where c is the number of cards in that hand, r is the
// number of rules-defined ranks for cards, m is the product of the value of all multipliers that hand
// qualifies for, and h is the number associated with the highest rank in that hand."
// "If, at the revelation date of the hand submission action, that action's submitter does not possess
// all the cards specified in the contents, then that hand submission fails."

export const SCORE_RULE = 'Scoring: "A hand\'s score is defined as crm + h"';
export const POSSESSION_RULE =
  'Submitting a Hand: "If, at the revelation date of the hand submission action, that action\'s submitter does not possess all the cards specified in the contents, then that hand submission fails."';
export const CONTENT_RULE = 'Submitting a Hand: "A hand submission action must specify a non-empty set of cards."';

interface Ranked extends CardRef {
  archetype: string;
  /** The rank's roll in its archetype's column (Ace 1 … King 20; The Fool 1 … The World 22). */
  roll: number;
}

function ranked(cards: readonly CardRef[], ruleset: Round10Ruleset): Ranked[] {
  return cards.map((c) => {
    const archetype = ruleset.suits.find((s) => s.name === c.suit)?.archetype ?? '';
    const roll = (ruleset.ranks.find((a) => a.name === archetype)?.ranks.indexOf(c.rank) ?? -1) + 1;
    return { ...c, archetype, roll };
  });
}

/** The groups of one suit list (traditions or colours) other than the Special one. */
const ordinary = (groups: Round10Ruleset['traditions']) => groups.filter((g) => !/^special$/i.test(g.name));

/** Whether the hand's suits are exactly those of some group: "at least one of each suit in one particular … and no other suits". */
function coversGroup(suits: ReadonlySet<string>, groups: Round10Ruleset['traditions']): boolean {
  return ordinary(groups).some((g) => g.suits.every((s) => suits.has(s)) && [...suits].every((s) => g.suits.includes(s)));
}

/** The value of a multiplier the hand qualifies for, or undefined; known by name, as the Scoring table defines them. */
function multiplierValue(m: Multiplier, cards: readonly Ranked[], h: number, ruleset: Round10Ruleset): number | undefined {
  const byRank = new Map<string, number>();
  for (const c of cards) byRank.set(`${c.archetype}/${c.rank}`, (byRank.get(`${c.archetype}/${c.rank}`) ?? 0) + 1);
  const suits = new Set(cards.map((c) => c.suit));
  const value = (vars: Record<string, number>): number => {
    if (m.value.kind === 'number') return m.value.value;
    try {
      return evaluate(m.value.text, vars);
    } catch (err) {
      // A formula the Scoring table's row writes with a letter its condition does not give (the reader warned).
      throw new GamestateError([
        {
          message: `the multiplier "${m.name}" has the value ${(err as Error).message}: hands cannot be scored, so nothing was changed`,
          location: m.location,
        },
      ]);
    }
  };
  switch (m.name.toLowerCase()) {
    case 'paired': {
      // "composed wholly of cards of x distinct ranks, and there are y of each such rank (x ≥ 1, y ≥ 2)"
      const counts = [...byRank.values()];
      const y = counts[0]!;
      return counts.every((n) => n === y) && y >= 2 ? value({ x: counts.length, y, h }) : undefined;
    }
    case 'running': {
      // "All cards in the hand are in sequential order and the hand is at least 3 cards in size."
      const sorted = [...cards].sort((a, b) => a.roll - b.roll);
      const sequential = sorted.every((c, i) => i === 0 || (c.archetype === sorted[0]!.archetype && c.roll === sorted[i - 1]!.roll + 1));
      return cards.length >= 3 && sequential ? value({ h }) : undefined;
    }
    case 'senatorial':
      return ['Knight', 'Bishop', 'Rook'].every((r) => cards.some((c) => c.rank === r)) ? value({ h }) : undefined;
    case 'regional':
      return coversGroup(suits, ruleset.traditions) ? value({ h }) : undefined;
    case 'monochrome':
      return coversGroup(suits, ruleset.colors) ? value({ h }) : undefined;
    case 'flushed':
      return suits.size === 1 && cards.length >= 4 ? value({ h }) : undefined;
    default:
      throw new GamestateError([
        {
          message: `the multiplier "${m.name}" (${m.condition}) is not one Croupier can evaluate yet: hands cannot be scored, so nothing was changed`,
          location: m.location,
        },
      ]);
  }
}

export interface Score {
  score: number;
  arithmetic: string;
  multipliers: string[];
  readings: string[];
}

export function rankCount(ruleset: Round10Ruleset, readings: ChosenReadings): number {
  const sizes = ruleset.ranks.map((a) => a.ranks.filter((r) => r !== '').length);
  switch (readings.get('rank-count')) {
    case 'largest':
      return Math.max(...sizes);
    case 'standard':
      return sizes[ruleset.ranks.findIndex((a) => /^standard$/i.test(a.name))] ?? Math.max(...sizes);
    default:
      return sizes.reduce((a, b) => a + b, 0);
  }
}

export function scoreHand(cards: readonly CardRef[], ruleset: Round10Ruleset, readings: ChosenReadings): Score {
  const rc = ranked(cards, ruleset);
  const used = [readings.label('rank-count')];
  const mixed = new Set(rc.map((c) => c.archetype)).size > 1;
  const arcana = rc.filter((c) => /^arcana$/i.test(c.archetype));
  const h =
    mixed && readings.get('highest-rank') === 'arcana-high' && arcana.length > 0 ? Math.max(...arcana.map((c) => c.roll)) : Math.max(...rc.map((c) => c.roll));
  if (mixed) used.push(readings.label('highest-rank'));
  const applied = ruleset.multipliers.flatMap((m) => {
    const v = multiplierValue(m, rc, h, ruleset);
    return v === undefined ? [] : [{ name: m.name, value: v }];
  });
  let m = applied.reduce((p, x) => p * x.value, 1);
  if (applied.length === 0) {
    used.push(readings.label('empty-multiplier'));
    if (readings.get('empty-multiplier') === 'zero') m = 0;
  }
  const c = cards.length;
  const r = rankCount(ruleset, readings);
  const score = c * r * m + h;
  const mText = applied.length === 0 ? String(m) : applied.map((x) => `${x.value} (${x.name})`).join(' × ');
  return { score, arithmetic: `c·r·m + h = ${c} × ${r} × ${mText} + ${h} = ${score}`, multipliers: applied.map((x) => x.name), readings: used };
}

/** The cards a hand names, or a failure when the text names none or an unknown card. */
export function handCards(ctx: RuleContext, a: SecretAction): CardRef[] | Change {
  const text = declaration(a);
  let cards: CardRef[] = [];
  try {
    cards = text === null ? [] : readCards(text);
  } catch {
    cards = [];
  }
  const known = cards.every((c) => ctx.ruleset.suits.some((s) => s.name === c.suit) && ranked([c], ctx.ruleset)[0]!.roll > 0);
  if (cards.length === 0 || !known) return fail(ctx, a, `the revealed hand "${text ?? a.revealed}" does not specify a non-empty set of cards`, CONTENT_RULE);
  const player = ctx.s.players.find((p) => p.name === a.player);
  if (player === undefined || withoutCards(player.cards, cards) === undefined) {
    return fail(ctx, a, `${a.player} does not possess all of ${writeCards(cards)}`, POSSESSION_RULE, {
      cards: player === undefined ? 'not a player' : writeCards(player.cards),
    });
  }
  return cards;
}

export function scoreRow(ctx: RuleContext, a: SecretAction, cards: readonly CardRef[], score: Score): Change {
  a.status = 'succeeded';
  a.result = `score ${score.score}`;
  return row(
    ctx,
    'Hand',
    a.player,
    `${a.id} (${writeCards(cards)}): score ${score.score}${score.multipliers.length ? ` (${score.multipliers.join(', ')})` : ''}`,
    {
      rule: SCORE_RULE,
      inputs: { action: a.id },
      arithmetic: score.arithmetic,
      readings: score.readings,
    },
  );
}
