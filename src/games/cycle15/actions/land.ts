import type { ActionDef } from '../../actions.ts';
import type { DrawStream } from '../../../sim/commit-reveal.ts';
import { formatInstant } from '../../../sim/trail.ts';
import { drawReason, requestReason, rollDice } from '../../shared/actions.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import type { Gamestate, Move, Player } from '../gamestate/schema.ts';
import { gainItems } from '../rules/items.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { drawRandomGarbage } from '../rules/random-garbage.ts';
import { GEODE_ITEM, RANDOM_GARBAGE } from '../readings.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { garbageNamed, noGarbageDraw } from './macgyver.ts';
import { historyRecords, onPage } from './page.ts';

// What landing on a space draws, once per landing (the last space of the player's performed move this
// phase, where the Players table says they are):
//   * land            * land gamble (a Casino)
// Geode: “When a player lands on a Geode space, grant them a random item from the list below” (reading geode-item)
// Shard Pile: “When a player lands on such a space they gain 1d6 shards.”
// Garbage Pile: “When a player lands on a Garbage Pile space, a player may optionally select a random item
//   defined by the rule "Garbage" to grant themself.” (asking is choosing it; reading random-garbage)
// Casino: “they may choose to gamble by rolling a d2. If the result is 1, they lose all their shards. If the
//   result is 2, the amount of shards they own is doubled.” (only with `gamble`)
// Categories: “When a player lands on a space with a category as its type, the space's current pseudo-type
//   applies, then that player must make a random selection for its new pseudo-type.” (“uniformly
//   distributed unless stated”)
// Effects with no draw (a Crystal space's crystal, a teleporter's swap…) and every choice stay the players'.

export const LAND_RULE = 'Movement: “They are deemed to "land on" the final selected space, and any subsequent effects occur.”';
const GEODE_RULE = 'Geode: “When a player lands on a Geode space, grant them a random item from the list below”';
const SHARD_PILE_RULE = 'Shard Pile: “When a player lands on such a space they gain 1d6 shards.”';
const GARBAGE_PILE_RULE =
  'Garbage Pile: “When a player lands on a Garbage Pile space, a player may optionally select a random item defined by the rule "Garbage" to grant themself.”';
const CASINO_RULE =
  'Casino: “they may choose to gamble by rolling a d2. If the result is 1, they lose all their shards. If the result is 2, the amount of shards they own is doubled.”';
const CATEGORY_RULE =
  "Categories: “When a player lands on a space with a category as its type, the space's current pseudo-type applies, then that player must make a random selection for its new pseudo-type.”";

export const LANDING_EVENT = 'Landing';

/** The move whose landing this is: the player's latest performed move of this phase, ending where they are. */
function landingMove(s: Gamestate, player: Player, phaseOf: (t: Date) => number): Move | undefined {
  const moves = s.moves.filter((m) => m.player === player.name && phaseOf(m.time) === s.phase.number && (m.status === 'performed' || m.status === 'accepted'));
  const last = moves.sort((a, b) => b.time.getTime() - a.time.getTime())[0];
  return last !== undefined && last.selections.at(-1) === player.location ? last : undefined;
}

/** A Geode's item: a die over the Ruleset's list, each item equally likely (the reading geode-item=uniform). */
export function drawGeodeItem(list: readonly string[], stream: DrawStream): string {
  return list[stream.roll(list.length, `Geode item (the list's ${list.length} items, 1/${list.length} each)`) - 1]!;
}

interface Drawn {
  change: string;
  rule: string;
  readings?: string[];
}

/** The draw a space type's landing makes, if the referee makes one: a refusal when the rules or readings say it must not. */
function typeEffect(
  r: Cycle15Ruleset,
  type: string,
  player: Player,
  gamble: boolean,
  readings: ChosenReadings,
): ((stream: DrawStream) => Drawn) | { refused: string } | undefined {
  switch (type) {
    case 'Geode': {
      if (readings.get(GEODE_ITEM) === 'judge')
        return { refused: `under the reading ${readings.label(GEODE_ITEM)} the Judge draws a Geode's item, not the bot: ask the Judge` };
      const list = r.geode;
      if (list.length === 0) return { refused: "the Ruleset's Geode rule lists no items" };
      const unknown = list.filter((i) => !/^(?:crystal|shard)$/i.test(i) && !garbageNamed(r, i));
      if (unknown.length > 0)
        return { refused: `the Geode list's ${unknown.join(', ')} is neither a crystal, a shard nor an item of the Garbage table: the page cannot hold it` };
      return (stream) => {
        const item = drawGeodeItem(list, stream);
        let got: string;
        if (/^crystal$/i.test(item)) got = `+1 Crystal (${player.crystals} → ${++player.crystals})`;
        else if (/^shard$/i.test(item)) got = `+1 Shard (${player.shards} → ${++player.shards})`;
        else got = gainItems(player, garbageNamed(r, item)!.name, 1);
        return { change: `Geode: ${item}, ${got}`, rule: GEODE_RULE, readings: [readings.label(GEODE_ITEM)] };
      };
    }
    case 'Shard Pile': {
      const dice = r.constants.shardPileDice.value;
      if (dice === null) return { refused: "the Ruleset's Shard Pile rule states no dice the bot can read" };
      return (stream) => {
        const { total, rolls } = rollDice(dice, stream, 'Shard Pile:');
        const before = player.shards;
        player.shards += total;
        return { change: `Shard Pile: ${dice.text} = ${rolls.join(' + ')}, +${total} Shards (${before} → ${player.shards})`, rule: SHARD_PILE_RULE };
      };
    }
    case 'Garbage Pile': {
      const none = noGarbageDraw(r, readings);
      if (none) return { refused: none };
      return (stream) => {
        const { item } = drawRandomGarbage(r.garbage, (sides, what) => stream.roll(sides, what));
        return {
          change: `Garbage Pile: ${gainItems(player, item.name, 1)} (ID ${item.id})`,
          rule: GARBAGE_PILE_RULE,
          readings: [readings.label(RANDOM_GARBAGE)],
        };
      };
    }
    case 'Casino': {
      if (!gamble) return undefined;
      return (stream) => {
        const v = stream.roll(2, 'Casino: 1 loses all shards, 2 doubles them');
        const before = player.shards;
        player.shards = v === 1 ? 0 : before * 2;
        return { change: `Casino: d2 = ${v}, Shards ${before} → ${player.shards}`, rule: CASINO_RULE };
      };
    }
    default:
      return undefined;
  }
}

export const landAction: ActionDef<Cycle15Ruleset, { gamble: boolean }> = {
  name: 'land',
  grammar: 'land [gamble]',
  readsRecord: true,
  parse(text) {
    const m = /^land(?:\s+(?:and\s+)?(gamble))?\.?$/i.exec(text.trim());
    return m ? { gamble: m[1] !== undefined } : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    return onPage(
      input,
      (s, player, { calendar, readings }) => {
        const space = s.spaces.find((x) => x.id === player.location);
        if (!space) return { refused: `${player.name}'s Location ${player.location} is not a space of the Spaces table` };
        const move = landingMove(s, player, (t) => phaseNumberAt(t, calendar));
        if (!move)
          return {
            refused: `no performed move of ${player.name} this phase ends on space ${space.id}, where the Players table puts them (the Moves table: its last selection): ${LAND_RULE}`,
          };
        const moveName = `move of ${formatInstant(move.time)}`;
        if (historyRecords(documentOf(input.page.text, input.page.title), LANDING_EVENT, player.name, moveName, input.record ?? '')) {
          return {
            refused: `the landing of ${player.name}'s ${moveName} on space ${space.id} has had its draws (a ${LANDING_EVENT} row in the History, or in the bot's record of it)`,
          };
        }
        const category = r.categories.find((c) => c.name === space.type);
        const type = category ? space.pseudoType : space.type;
        const effect = type === null ? undefined : typeEffect(r, type, player, args.gamble, readings);
        if (effect && 'refused' in effect) return effect;
        const redraw = category !== undefined && category.types.length > 0;
        const typeText = category ? `${space.type}, pseudo-type ${space.pseudoType ?? 'none'}` : space.type;
        if (!effect && !redraw) {
          const what = type === 'Casino' ? ': to gamble, ask "land gamble"' : '';
          return { refused: `landing on space ${space.id} (${typeText}) draws nothing${what}; its effect, if any, is the players' to apply` };
        }
        const { stream, seed } = input.draws();
        const drawn = effect?.(stream);
        const parts = [`landed on space ${space.id} (${typeText}) at the end of the ${moveName}`];
        const rules = [LAND_RULE];
        const reading: string[] = [...(drawn?.readings ?? [])];
        if (drawn) {
          parts.push(drawn.change);
          rules.push(drawn.rule);
        } else if (type !== null && type !== 'Blank') parts.push(`its pseudo-type ${type} draws nothing: its effect is the players' to apply`);
        if (redraw) {
          const types = category!.types;
          const next =
            types[stream.roll(types.length, `new pseudo-type of space ${space.id} (${category!.name}: ${types.join(', ')}, 1/${types.length} each)`) - 1]!;
          parts.push(`new pseudo-type of space ${space.id}: ${space.pseudoType ?? '-'} → ${next}`);
          space.pseudoType = next;
          rules.push(CATEGORY_RULE);
        }
        return {
          changes: [
            {
              at: input.now,
              phase: s.phase.number,
              event: LANDING_EVENT,
              player: player.name,
              change: parts.join('; '),
              reason: {
                ...drawReason(`${rules.join(' ')} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input),
                ...(reading.length ? { readings: reading } : {}),
              },
            },
          ],
          message: parts.slice(1).join('; '),
        };
      },
      { phaseBound: `${LAND_RULE} (a landing's draws are made in the phase of its move)` },
    );
  },
};
