import type { ActionDef } from '../../actions.ts';
import type { Change } from '../../../sim/trail.ts';
import type { Cycle16Ruleset, Pack } from '../ruleset/schema.ts';
import { cardPools } from '../tables/odds.ts';
import type { Player } from '../gamestate/schema.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { describeCard, onPage, type NewCards } from './page.ts';
import { drawRandomCard, grantProblem } from './random-card.ts';
import type { DrawStream } from '../../../sim/commit-reveal.ts';
import type { ActionInput } from '../../actions.ts';

// Card Packs: “If a player has a pack in their inventory, they can open the pack by stating their
// intention to do so, obtaining the random cards inside. Open packs are discarded from their inventory afterward.”
//   * open 1 Handy Pack        * open 2 Already-opened Packs        * open Deck Pack

export const OPEN_RULE =
  'Card Packs: “If a player has a pack in their inventory, they can open the pack …, obtaining the random cards inside. Open packs are discarded from their inventory afterward.”';

/** The pack a name means (plurals and case ignored), as the ruleset spells it. */
export function packNamed(r: Pick<Cycle16Ruleset, 'packs'>, name: string): Pack | undefined {
  const want = name.trim().toLowerCase().replace(/s$/, '');
  return r.packs.find((p) => p.name.toLowerCase() === want || p.name.toLowerCase().replace(/s$/, '') === want);
}

/** "1 Handy Pack" → count and name (a missing count is 1; "a"/"an" is 1). */
export function countAndName(text: string): { count: number; name: string } | undefined {
  const m = /^(?:(\d+|an?)\s+)?(.+?)\.?$/i.exec(text.trim());
  if (!m) return undefined;
  const count = m[1] === undefined || /^an?$/i.test(m[1]) ? 1 : Number(m[1]);
  return { count, name: m[2]! };
}

/**
 * Opens `count` packs of the player's (checked by the caller): every card drawn, the packs discarded,
 * one History row per card with its draws, then one for the packs.
 */
export function openPacks(
  input: ActionInput<Cycle16Ruleset>,
  s: { phase: { number: number } },
  player: Player,
  pack: Pack,
  count: number,
  fresh: NewCards,
  stream: DrawStream,
  seed: string,
  why: string,
): { changes: Change[]; cards: string[] } {
  const r = input.ruleset;
  const pools = cardPools(r);
  const changes: Change[] = [];
  const cards: string[] = [];
  let k = 0;
  for (let n = 1; n <= count; n++) {
    for (const grant of pack.grants) {
      for (let i = 0; i < grant.count; i++) {
        k++;
        const from = stream.draws.length;
        const drawn = drawRandomCard(r, grant, stream, `card ${k}:`, pools);
        const card = fresh.add(player.name, drawn.species, drawn.modifiers);
        cards.push(describeCard(card));
        changes.push({
          at: input.now,
          phase: s.phase.number,
          event: 'Card drawn',
          player: player.name,
          change: `${describeCard(card)} from ${pack.name}${count > 1 ? ` ${n}` : ''}`,
          reason: drawReason(`${pack.name}: “${grant.text}” (${why}; ${requestReason(input)})`, stream, seed, s.phase.number, from, input),
        });
      }
    }
  }
  return { changes, cards };
}

export const openAction: ActionDef<Cycle16Ruleset, { count: number; name: string }> = {
  name: 'open',
  grammar: 'open <count> <pack>',
  parse(text) {
    const m = /^open\s+(.+)$/i.exec(text);
    return m ? countAndName(m[1]!) : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const pack = packNamed(r, args.name);
    if (!pack) return { ok: false, reason: `"${args.name}" is not a card pack of the ruleset (${r.packs.map((p) => p.name).join(', ')})` };
    if (args.count < 1 || args.count > 20) return { ok: false, reason: 'open from 1 to 20 packs in one request' };
    if (pack.grants.length === 0) return { ok: false, reason: `the ruleset's ${pack.name} rule says nothing the bot can draw ("${pack.text}")` };
    for (const g of pack.grants) {
      const problem = grantProblem(r, g);
      if (problem) return { ok: false, reason: `${pack.name}: ${problem}` };
    }
    return onPage(input, (s, player, fresh) => {
      const held = player.packs[pack.name] ?? 0;
      if (held < args.count) return { refused: `${player.name} has ${held} ${pack.name} (the Players table's Packs cell), not ${args.count}` };
      const { stream, seed } = input.draws();
      const { changes, cards } = openPacks(input, s, player, pack, args.count, fresh, stream, seed, 'opened');
      player.packs = { ...player.packs, [pack.name]: held - args.count };
      changes.push({
        at: input.now,
        phase: s.phase.number,
        event: 'Pack opened',
        player: player.name,
        change: `−${args.count} ${pack.name} (${held} → ${held - args.count}): ${cards.length} card(s) ${cards.map((c) => c.split(' ')[0]).join(', ')}`,
        reason: { rule: `${OPEN_RULE} (${requestReason(input)})`, inputs: { draws: stream.draws.length } },
      });
      return { changes, message: `opened ${args.count} ${pack.name}: ${cards.join('; ')}` };
    });
  },
};
