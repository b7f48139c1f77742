import type { ActionDef } from '../../actions.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import { drawReason, requestReason, rollDice } from '../../shared/actions.ts';
import type { Move } from '../gamestate/schema.ts';
import { gainItems } from '../rules/items.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { DOUBLES_CHILI } from '../readings.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { onPage } from './page.ts';

// Movement: “Each player can, as a progressive action, move, provided they have not done so previously
// in the current phase. This requires the following selections: First, a random choice of 2d4. Let the
// result be N. Then, subject to modification by other rules, N selections of a space …”
//   * move
// The referee makes the random choice — the dice the rule states, each recorded — and records it on the
// Moves table: the player's move commenced this phase (a row with no roll yet) gets the roll, else a new
// row `commenced` at the request's time. The selections (the path), what passing and landing do, and
// what other rules add to N (a train, a crab, a Crystal Engine) are the players'; the move is theirs to
// finish as `performed`, as the Progressive Actions rule says. One roll a phase: Random Choices, “they
// shall not discard the valid specifications in order to attempt a substantially similar action with the
// goal of obtaining different random values”. Doubles: “If you roll multiple of the same number when
// moving, grant yourself a 'Time Bean Chili'.” (reading doubles-chili).

export const MOVE_RULE =
  'Movement: “Each player can, as a progressive action, move, provided they have not done so previously in the current phase. This requires the following selections: First, a random choice of 2d4. Let the result be N.”';
export const RANDOM_CHOICES_RULE =
  'Random Choices: “If a person has selected some or all of the random values necessary to perform an action, they shall not discard the valid specifications in order to attempt a substantially similar action with the goal of obtaining different random values.”';
export const DOUBLES_RULE = "Doubles: “If you roll multiple of the same number when moving, grant yourself a 'Time Bean Chili'.”";
const CHILI = 'Time Bean Chili';

export const moveAction: ActionDef<Cycle15Ruleset, Record<string, never>> = {
  name: 'move',
  grammar: 'move',
  parse(text) {
    return /^(?:move|roll(?:\s+(?:to\s+)?move)?)(?:\s+\d+d\d+)?\.?$/i.test(text.trim()) ? {} : undefined;
  },
  resolve(input) {
    const dice = input.ruleset.constants.movementDice.value;
    if (dice === null) return { ok: false, reason: "the Ruleset's Movement rule states no dice the bot can read (“a random choice of NdK”)" };
    return onPage(
      input,
      (s, player, { calendar, readings }) => {
        if (player.movedThisPhase)
          return { refused: `${player.name} has moved this phase (Moved this phase: yes): “provided they have not done so previously in the current phase”` };
        const thisPhase = s.moves.filter((m) => m.player === player.name && phaseNumberAt(m.time, calendar) === s.phase.number);
        const rolled = thisPhase.find((m) => m.roll.length > 0);
        if (rolled)
          return {
            refused: `${player.name} rolled ${rolled.roll.join('+')} for the move of ${formatInstant(rolled.time)} this phase (the Moves table): ${RANDOM_CHOICES_RULE}`,
          };
        const { stream, seed } = input.draws();
        const { total, rolls } = rollDice(dice, stream, 'Movement: N =');
        const open = thisPhase.find((m) => m.status === 'commenced');
        const move: Move = open ?? {
          time: new Date(Math.floor(input.request.at.getTime() / 60_000) * 60_000),
          player: player.name,
          roll: [],
          selections: [],
          status: 'commenced',
        };
        move.roll = rolls;
        const where = `move of ${formatInstant(move.time)}${open ? ' (the Moves row commenced on the page)' : ' commenced'}`;
        const changes: Change[] = [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Movement roll',
            player: player.name,
            change: `${dice.text} = ${rolls.join(' + ')} = ${total}: N = ${total} selections of a space (${where})`,
            reason: drawReason(`${MOVE_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input),
          },
        ];
        let doubles = '';
        if (new Set(rolls).size < rolls.length) {
          const reading = [readings.label(DOUBLES_CHILI)];
          if (readings.get(DOUBLES_CHILI) === 'players' || !input.ruleset.garbage.some((g) => g.name === CHILI)) {
            doubles = `; doubles: grant yourself a ${CHILI} (${DOUBLES_RULE})`;
            changes[0]!.reason.readings = reading;
          } else {
            doubles = `; doubles: +1 ${CHILI}`;
            changes.push({
              at: input.now,
              phase: s.phase.number,
              event: 'Doubles',
              player: player.name,
              change: `${gainItems(player, CHILI, 1)}: rolled ${rolls.join(' + ')}`,
              reason: { rule: `${DOUBLES_RULE} (${requestReason(input)})`, inputs: { roll: rolls.join('+') }, readings: reading },
            });
          }
        }
        return {
          changes,
          moves: open ? [] : [move],
          message: `rolled ${dice.text}: ${rolls.join(' + ')} = ${total}${doubles}; now select ${total} spaces (subject to modification by other rules) and write them in the Moves row, status performed`,
        };
      },
      { phaseBound: '“provided they have not done so previously in the current phase”' },
    );
  },
};
