import { formatInstant } from '../../../sim/trail.ts';
import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { onPage } from './page.ts';
import { rollStarPrice } from '../rules/star-price.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';

// Trung: “The Star Price is either a positive integer or "null". At the beginning of each Sunday, it is
// set to null. If it is not Sunday and if the Star Price is null, any player can generate it in
// #game-actions by rolling 1d6. The Star Price is the result of that roll plus 4.”
//   * generate star price        * roll star price
// A player's action (“any player can generate it”), so a request: refused on a Sunday (UTC, at the time
// the bot rolls) or while the Star Price is set; the dice and the offset are the Ruleset's.

export const STAR_PRICE_RULE =
  'Trung: “If it is not Sunday and if the Star Price is null, any player can generate it in #game-actions by rolling 1d6. The Star Price is the result of that roll plus 4.”';

export const starPriceAction: ActionDef<Round10Ruleset, Record<string, never>> = {
  name: 'star price',
  grammar: 'generate star price',
  parse(text) {
    return /^(?:generate|roll)\s+(?:the\s+)?star\s+price\.?$/i.test(text.trim()) ? {} : undefined;
  },
  resolve(input) {
    const sp = input.ruleset.constants.starPrice;
    if (sp === null) return { ok: false, reason: 'the Ruleset\'s Star Price roll ("rolling 1d6 … plus 4") cannot be read (see its warnings)' };
    if (input.now.getUTCDay() === 0)
      return {
        ok: false,
        reason: `it is Sunday (${formatInstant(input.now)} UTC): “If it is not Sunday and if the Star Price is null, any player can generate it”`,
      };
    return onPage(input, ({ s, player }) => {
      if (s.phase.starPrice !== null)
        return {
          refused: `the Star Price is ${s.phase.starPrice} (set ${s.phase.starPriceSet ? formatInstant(s.phase.starPriceSet) : 'at an unrecorded time'}), not null: “if the Star Price is null, any player can generate it”`,
        };
      const { stream, seed } = input.draws();
      const dice = `${sp.count}d${sp.sides}`;
      const { price, rolls } = rollStarPrice(sp, stream);
      s.phase.starPrice = price;
      s.phase.starPriceSet = input.now;
      const reason = drawReason(`${STAR_PRICE_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input);
      reason.arithmetic = `${reason.arithmetic}; ${rolls.join(' + ')} + ${sp.offset} = ${price}`;
      return {
        changes: [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Star Price',
            player: player.name,
            change: `Star Price none → ${price} (${dice} = ${rolls.join(' + ')}, plus ${sp.offset})`,
            reason,
          },
        ],
        message: `Star Price ${price} (${dice} = ${rolls.join(' + ')}, plus ${sp.offset}): ${price} Trungs for 1 Gold Star until Sunday`,
      };
    });
  },
};
