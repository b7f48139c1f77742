import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason, rollDice } from '../../shared/actions.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { onPage } from './page.ts';

// Shards: “Shards are a fungible item. At any point, players can gain 10+1d10 shards by destroying 1
// crystal in their possession.” (the base and the dice as the Ruleset states them)
//   * shatter 1 crystal        * shatter 3 crystals
// Each crystal is its own 10+1d10. Crystals are the Players table's Crystals (a Crustal is not one).

export const SHARDS_RULE = 'Shards: “At any point, players can gain 10+1d10 shards by destroying 1 crystal in their possession.”';

export const shatterAction: ActionDef<Cycle15Ruleset, { count: number }> = {
  name: 'shatter',
  grammar: 'shatter <count> crystal',
  parse(text) {
    const m = /^(?:shatter|destroy)\s+(?:(\d+|an?)\s+)?crystals?\.?$/i.exec(text.trim());
    if (!m) return undefined;
    return { count: m[1] === undefined || /^an?$/i.test(m[1]) ? 1 : Number(m[1]) };
  },
  resolve(input, args) {
    const c = input.ruleset.constants.crystalShards.value;
    if (c === null) return { ok: false, reason: "the Ruleset's Shards rule states no amount the bot can read (“gain N+NdK shards by destroying 1 crystal”)" };
    if (args.count < 1 || args.count > 20) return { ok: false, reason: 'shatter from 1 to 20 crystals in one request' };
    return onPage(input, (s, player) => {
      if (player.crystals < args.count)
        return {
          refused: `${player.name} has ${player.crystals} crystal(s) (the Players table's Crystals; a Crustal is not a crystal), not ${args.count}: “by destroying 1 crystal in their possession”`,
        };
      const { stream, seed } = input.draws();
      const each = Array.from({ length: args.count }, (_, i) => {
        const { total, rolls } = rollDice(c.dice, stream, `crystal ${i + 1}: ${c.base}+`);
        return { gained: c.base + total, text: `${c.base} + ${rolls.join(' + ')} = ${c.base + total}` };
      });
      const gained = each.reduce((n, e) => n + e.gained, 0);
      const before = { crystals: player.crystals, shards: player.shards };
      player.crystals -= args.count;
      player.shards += gained;
      return {
        changes: [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Crystal destroyed',
            player: player.name,
            change: `−${args.count} Crystals (${before.crystals} → ${player.crystals}); +${gained} Shards (${before.shards} → ${player.shards}): ${c.base}+${c.dice.text} each, ${each.map((e) => e.text).join('; ')}`,
            reason: drawReason(`${SHARDS_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input),
          },
        ],
        message: `destroyed ${args.count} crystal(s) for ${gained} shards (${each.map((e) => e.text).join('; ')})`,
      };
    });
  },
};
