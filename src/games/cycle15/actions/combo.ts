import type { ActionDef } from '../../actions.ts';
import { formatInstant } from '../../../sim/trail.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import { gainItems } from '../rules/items.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { drawRandomGarbage } from '../rules/random-garbage.ts';
import { COMBO_ROLLS, RANDOM_GARBAGE } from '../readings.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { garbageNamed, noGarbageDraw } from './macgyver.ts';
import { historyRecords, onPage } from './page.ts';

// Combos: “If it is party time and multiple players roll the same number on any of their dice, any of these
// players may choose to combo. When a player combos, they gain a 'Party Pizza' and a random garbage item.”
//   * combo
// Which rolls count as rolled together is not written: by the reading combo-rolls, the movement rolls of the
// current phase (the Moves table) while the Phase table says it is party time. Once per roll of the player's
// (a Combo row naming their move); the random item is the one draw of random Garbage (rules/random-garbage.ts).

export const COMBO_RULE =
  "Combos: “If it is party time and multiple players roll the same number on any of their dice, any of these players may choose to combo. When a player combos, they gain a 'Party Pizza' and a random garbage item.”";
export const COMBO_EVENT = 'Combo';
const PIZZA = 'Party Pizza';

export const comboAction: ActionDef<Cycle15Ruleset, Record<string, never>> = {
  name: 'combo',
  grammar: 'combo',
  readsRecord: true,
  parse(text) {
    return /^combo\.?$/i.test(text.trim()) ? {} : undefined;
  },
  resolve(input) {
    const r = input.ruleset;
    const pizza = garbageNamed(r, PIZZA);
    if (!pizza) return { ok: false, reason: `the Ruleset's Garbage table has no ${PIZZA}: the page cannot hold what a combo gains` };
    return onPage(
      input,
      (s, player, { calendar, readings }) => {
        if (readings.get(COMBO_ROLLS) === 'judge')
          return { refused: `under the reading ${readings.label(COMBO_ROLLS)} the Judge decides which rolls make a combo, not the bot: ask the Judge` };
        if (!s.phase.partyTime)
          return { refused: `it is not party time (the Phase table's Party time): “If it is party time and multiple players roll the same number …”` };
        const rolled = s.moves.filter((m) => m.roll.length > 0 && phaseNumberAt(m.time, calendar) === s.phase.number);
        const own = rolled.filter((m) => m.player === player.name).sort((a, b) => b.time.getTime() - a.time.getTime())[0];
        if (!own) return { refused: `${player.name} has no movement roll this phase (the Moves table)` };
        const move = `move of ${formatInstant(own.time)}`;
        const other = rolled.find((m) => m.player !== player.name && m.roll.some((v) => own.roll.includes(v)));
        if (!other)
          return {
            refused: `no other player's roll this phase shares a number with ${player.name}'s ${own.roll.join('+')} (the Moves table): “multiple players roll the same number on any of their dice”`,
          };
        if (historyRecords(documentOf(input.page.text, input.page.title), COMBO_EVENT, player.name, move, input.record ?? ''))
          return {
            refused: `${player.name} has comboed on the roll of the ${move} already (a ${COMBO_EVENT} row in the History, or in the bot's record of it)`,
          };
        const none = noGarbageDraw(r, readings);
        if (none) return { refused: none };
        const { stream, seed } = input.draws();
        const { item } = drawRandomGarbage(r.garbage, (sides, what) => stream.roll(sides, what));
        const same = own.roll.find((v) => other.roll.includes(v))!;
        const got = [gainItems(player, pizza.name, 1), `${gainItems(player, item.name, 1)} (ID ${item.id})`];
        return {
          changes: [
            {
              at: input.now,
              phase: s.phase.number,
              event: COMBO_EVENT,
              player: player.name,
              change: `${got.join('; ')}: the ${move} (${own.roll.join('+')}) and ${other.player}'s roll ${other.roll.join('+')} both show ${same}`,
              reason: {
                ...drawReason(`${COMBO_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input),
                readings: [readings.label(COMBO_ROLLS), readings.label(RANDOM_GARBAGE)],
              },
            },
          ],
          message: `comboed with ${other.player} (both rolled a ${same}): a ${pizza.name} and ${item.name}`,
        };
      },
      { phaseBound: '“multiple players roll the same number” (the rolls of the current phase)' },
    );
  },
};
