import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import { writeCards } from '../gamestate/fields.ts';
import type { CardRef, SecretAction } from '../gamestate/schema.ts';
import type { Prize } from '../ruleset/schema.ts';
import { playerNamed, row, withoutCards, type RuleContext } from './common.ts';
import type { Score } from './hands.ts';

// "Hand priority in a given week is a total order over hands submitted in that week; for two hands,
// if one has a higher score, that hand has higher priority than the other; otherwise, the hand
// submitted earlier has higher priority than the other. Hands with higher hand priority receive a
// lower rank number. Then: * The cards the players revealed are destroyed. * The players then gain
// the prize(s) corresponding to their placement."
// Fortunes: "Revealed hands that meet any of the conditions listed below trigger the effect specified
// in that row, except hands that receive cards back as a prize. Where dice rolls are called for, they
// should be done publicly by the player who revealed the hand." — so the bot records the fortune, the
// player rolls.

export const PLACEMENT_RULE =
  'Prizes: "if one has a higher score, that hand has higher priority than the other; otherwise, the hand submitted earlier has higher priority than the other. Hands with higher hand priority receive a lower rank number."';
export const PRIZE_RULE = 'Prizes: "The cards the players revealed are destroyed. The players then gain the prize(s) corresponding to their placement."';
export const FORTUNE_RULE =
  'Fortunes: "Revealed hands that meet any of the conditions listed below trigger the effect specified in that row, except hands that receive cards back as a prize. Where dice rolls are called for, they should be done publicly by the player who revealed the hand."';

export interface ScoredHand {
  action: SecretAction;
  cards: CardRef[];
  score: Score;
}

/** Placement: score, then submission time (earlier first). */
export function place(hands: readonly ScoredHand[]): ScoredHand[] {
  return [...hands].sort((a, b) => b.score.score - a.score.score || a.action.posted.getTime() - b.action.posted.getTime());
}

function prizeFor(placement: number, prizes: readonly Prize[]): Prize | undefined {
  return prizes.find((p) => placement >= p.from && (p.to === null || placement <= p.to));
}

export function awardPrizes(ctx: RuleContext, hands: readonly ScoredHand[]): Change[] {
  const out: Change[] = [];
  place(hands).forEach((h, i) => {
    const placement = i + 1;
    const p = playerNamed(ctx.s, h.action.player)!;
    const prize = prizeFor(placement, ctx.ruleset.prizes);
    // The cards revealed are destroyed; a prize of "the cards the player revealed" gives them back.
    p.cards = withoutCards(p.cards, h.cards)!;
    const gains: string[] = [];
    if (prize !== undefined) {
      p.trungs += prize.trungs;
      p.proposalMakers += prize.proposalMakers;
      p.chips += prize.chips;
      if (prize.trungs) gains.push(`+${prize.trungs} Trungs`);
      if (prize.proposalMakers) gains.push(`+${prize.proposalMakers} Standard Proposal Makers`);
      if (prize.chips) gains.push(`+${prize.chips} Chips`);
      if (prize.revealedCards) {
        p.cards.push(...h.cards.map((c) => ({ ...c })));
        gains.push(`the revealed cards back (${writeCards(h.cards)})`);
      }
    }
    out.push(
      row(
        ctx,
        'Prize',
        p.name,
        `placement ${placement} (score ${h.score.score}): ${prize === undefined ? 'no prize for this placement' : gains.join(', ') || 'nothing'}; ${writeCards(h.cards)} destroyed${prize?.revealedCards ? ' and given back' : ''}`,
        {
          rule: `${PLACEMENT_RULE} ${PRIZE_RULE}`,
          inputs: { action: h.action.id, posted: formatInstant(h.action.posted), prize: prize?.text ?? 'none' },
          readings: h.score.readings,
        },
      ),
    );
    if (prize?.revealedCards) return;
    for (const f of ctx.ruleset.fortunes) {
      if (f.rank === null || !h.cards.some((c) => c.rank === f.rank)) continue;
      out.push(
        row(ctx, 'Fortune', p.name, `${f.name}: ${f.effect} (to be rolled publicly by ${p.name} and recorded on the page)`, {
          rule: FORTUNE_RULE,
          inputs: { condition: f.condition, action: h.action.id },
        }),
      );
    }
  });
  return out;
}
