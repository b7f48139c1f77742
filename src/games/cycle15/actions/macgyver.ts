import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { gainItems, loseItems } from '../rules/items.ts';
import { drawRandomGarbage } from '../rules/random-garbage.ts';
import { RANDOM_GARBAGE } from '../readings.ts';
import type { Cycle15Ruleset, GarbageItem } from '../ruleset/schema.ts';
import { onPage } from './page.ts';
import { inPhase, usesCounted } from '../../shared/bot-record.ts';

// MacGyvering: “Once per phase, a player can MacGyver by posting to #game-actions and specifying 2
// different items defined by Garbage in their possession, then granting themselves a random item defined
// by Garbage. This destroys the specified items.”
//   * macgyver Duck, Beer        * macgyver Duck and Shurdle
// Once per phase is the Players table's "MacGyvered this phase"; the random item is the one draw of
// random Garbage (rules/random-garbage.ts), by the reading random-garbage.

export const MACGYVER_ACTION_RULE =
  'MacGyvering: “Once per phase, a player can MacGyver by … specifying 2 different items defined by Garbage in their possession, then granting themselves a random item defined by Garbage. This destroys the specified items.”';

/** The Garbage item a name means (case and spacing ignored), as the Ruleset spells it. */
export function garbageNamed(r: Pick<Cycle15Ruleset, 'garbage'>, name: string): GarbageItem | undefined {
  const norm = (x: string) => x.trim().replace(/\s+/g, ' ').toLowerCase();
  return r.garbage.find((g) => norm(g.name) === norm(name));
}

/** Two item names out of "A, B" / "A and B" / "A + B": the split whose two sides both name Garbage items. */
export function twoItems(r: Pick<Cycle15Ruleset, 'garbage'>, text: string): [GarbageItem, GarbageItem] | { unknown: string } {
  const seps = [...text.matchAll(/\s*(?:,|;|\+|\band\b|&)\s*/gi)];
  for (const m of seps) {
    const a = garbageNamed(r, text.slice(0, m.index));
    const b = garbageNamed(r, text.slice(m.index + m[0].length));
    if (a && b) return [a, b];
  }
  return {
    unknown:
      seps.length === 0
        ? text
        : text
            .split(/\s*(?:,|;|\+|\band\b|&)\s*/i)
            .filter((x) => !garbageNamed(r, x))
            .join('", "'),
  };
}

/** Why the referee draws no random Garbage under the readings in force; undefined when it draws. */
export function noGarbageDraw(r: Pick<Cycle15Ruleset, 'garbage'>, readings: ChosenReadings): string | undefined {
  if (readings.get(RANDOM_GARBAGE) === 'judge')
    return `under the reading ${readings.label(RANDOM_GARBAGE)} the Judge draws random Garbage items, not the bot: ask the Judge`;
  if (r.garbage.length === 0) return "the Ruleset's Garbage table has no items to draw from";
  return undefined;
}

export const macGyverAction: ActionDef<Cycle15Ruleset, { items: string }> = {
  name: 'macgyver',
  grammar: 'macgyver <item>, <item>',
  readsRecord: true,
  parse(text) {
    const m = /^mac\s*gyver\s+(.+?)\.?$/i.exec(text.trim());
    return m ? { items: m[1]! } : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const limit = r.constants.macGyversPerPhase.value;
    if (limit !== 1)
      return {
        ok: false,
        reason: `the MacGyvering rule ${limit === null ? 'states no limit the bot can read' : `allows ${limit} a phase, and the page records only whether a player MacGyvered ("MacGyvered this phase")`}`,
      };
    const items = twoItems(r, args.items);
    if (!Array.isArray(items)) return { ok: false, reason: `"${items.unknown}" is not an item of the Garbage table: name 2 items, "macgyver <item>, <item>"` };
    const [a, b] = items;
    if (a.name === b.name) return { ok: false, reason: `“2 different items defined by Garbage”: ${a.name} twice` };
    return onPage(
      input,
      (s, player, { readings }) => {
        const done = player.macGyveredThisPhase
          ? 'MacGyvered this phase: yes'
          : usesCounted(0, input, 'MacGyver', player.name, inPhase(s.phase.number)) > 0
            ? "a MacGyver row in the bot's record of the page"
            : undefined;
        if (done) return { refused: `${player.name} has MacGyvered this phase (${done}): “Once per phase, a player can MacGyver”` };
        for (const item of [a, b]) {
          if ((player.garbage[item.name] ?? 0) < 1)
            return { refused: `${player.name} has no ${item.name} (the Players table's Garbage): “2 different items defined by Garbage in their possession”` };
        }
        const none = noGarbageDraw(r, readings);
        if (none) return { refused: none };
        const { stream, seed } = input.draws();
        const { item } = drawRandomGarbage(r.garbage, (sides, what) => stream.roll(sides, what));
        const lost = [loseItems(player, a.name, 1), loseItems(player, b.name, 1)];
        const got = gainItems(player, item.name, 1);
        player.macGyveredThisPhase = true;
        return {
          changes: [
            {
              at: input.now,
              phase: s.phase.number,
              event: 'MacGyver',
              player: player.name,
              change: `${lost.join('; ')} destroyed; ${got} (ID ${item.id}); MacGyvered this phase: yes`,
              reason: {
                ...drawReason(`${MACGYVER_ACTION_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input),
                readings: [readings.label(RANDOM_GARBAGE)],
              },
            },
          ],
          message: `MacGyvered ${a.name} and ${b.name} into ${item.name}`,
        };
      },
      { phaseBound: '“Once per phase, a player can MacGyver”' },
    );
  },
};
