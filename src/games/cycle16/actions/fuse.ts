import type { ActionDef } from '../../actions.ts';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';
import { gainVertebrae } from '../rules/inventory.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { describeCard, describeDestroyed, onPage } from './page.ts';
import { FUSION_PROPERTIES, readingsOf } from '../readings.ts';
import { inPhase, usesCounted } from '../../shared/bot-record.ts';

// Fusion: “Once per phase, each player may choose to destroy 9 Vertebrae then select 2 cards from their
// deck to fuse together, destroying both. They are then granted 1 card with value, suit and colour
// randomly taken from the two selected cards' respective properties (ignoring modifiers). The card has
// all modifiers of the selected cards and is named 'Amalgam'.”
//   * fuse #12 #31
// How the properties are taken is the reading fusion-properties (readings.ts): by default each property
// (value, suits, colours) whole from one of the two cards, a d2 each (1: the first card named, 2: the
// second); or one d2 for all three. The Amalgam records them in Gained ("4, Vitality, Green").

const FUSION_RULE =
  "Fusion: “Once per phase, each player may choose to destroy 9 Vertebrae then select 2 cards from their deck to fuse together, destroying both. They are then granted 1 card with value, suit and colour randomly taken from the two selected cards' respective properties (ignoring modifiers).”";

/** The price the Fusion rule states (“destroy 9 Vertebrae”), read from the Ruleset's text. */
export function fusionPrice(r: Pick<Cycle16Ruleset, 'rules'>): { amount: number; sentence: string } | undefined {
  for (const rule of r.rules) {
    if (!/\bfuse\b/i.test(rule.text)) continue;
    const m = /\bdestroy\s+(\d+)\s*(?:vertebrae?|vb|🝬)/i.exec(rule.text);
    if (m) return { amount: Number(m[1]), sentence: m[0] };
  }
  return undefined;
}

export const fuseAction: ActionDef<Cycle16Ruleset, { a: number; b: number }> = {
  name: 'fuse',
  grammar: 'fuse #<card> #<card>',
  readsRecord: true,
  parse(text) {
    const m = /^fuse\s+#?(\d+)\s*(?:,|and|\+|with)?\s*#?(\d+)\s*$/i.exec(text);
    return m ? { a: Number(m[1]), b: Number(m[2]) } : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const price = fusionPrice(r);
    if (!price) return { ok: false, reason: 'the Ruleset states no price for fusion ("destroy N Vertebrae")' };
    if (!r.cards.some((c) => c.name === 'Amalgam')) return { ok: false, reason: 'the Ruleset has no Amalgam species' };
    if (args.a === args.b) return { ok: false, reason: 'fusion needs 2 different cards' };
    return onPage(input, (s, player, fresh) => {
      const done =
        (player.used.Fusion ?? 0) >= 1
          ? 'Used this phase'
          : usesCounted(0, input, 'Fusion', player.name, inPhase(s.phase.number)) >= 1
            ? "a Fusion row in the bot's record of the page"
            : undefined;
      if (done) return { refused: `${player.name} has fused this phase already (${done}): “Once per phase, each player may choose to …fuse”` };
      const [a, b] = [args.a, args.b].map((id) => s.cards.find((c) => c.id === id));
      for (const [id, c] of [
        [args.a, a],
        [args.b, b],
      ] as const) {
        if (!c) return { refused: `there is no card #${id} in the Cards table` };
        if (c.owner !== player.name) return { refused: `card #${id} is ${c.owner}'s, not ${player.name}'s` };
      }
      if (player.vertebrae < price.amount)
        return { refused: `fusion costs ${price.amount} Vertebrae (“${price.sentence}”); ${player.name} has ${player.vertebrae}` };
      const { stream, seed } = input.draws();
      const readings = readingsOf(input.readings);
      const pick = (what: string) => (stream.roll(2, `${what} from (1: #${a!.id}, 2: #${b!.id})`) === 1 ? a! : b!);
      const together = readings.get(FUSION_PROPERTIES) === 'together' ? pick('value, suits and colours') : undefined;
      const value = (together ?? pick('value')).value;
      const suits = (together ?? pick('suits')).suits;
      const colours = (together ?? pick('colours')).colours;
      const paid = gainVertebrae(player, -price.amount);
      s.cards = s.cards.filter((c) => c !== a && c !== b);
      const gained = [...(/^-?\d+$/.test(value) ? [value] : []), ...suits, ...colours];
      const made = fresh.add(player.name, 'Amalgam', [...a!.modifiers, ...b!.modifiers], gained);
      player.used = { ...player.used, Fusion: 1 };
      return {
        changes: [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Fusion',
            player: player.name,
            change: `${describeDestroyed(a!)} and ${describeDestroyed(b!)} destroyed → ${describeCard(made)} (value ${value}, suits ${suits.join(', ') || '-'}, colours ${colours.join(', ') || '-'}); ${paid}`,
            reason: {
              ...drawReason(`${FUSION_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input),
              readings: [readings.label(FUSION_PROPERTIES)],
            },
          },
        ],
        message: `fused #${a!.id} and #${b!.id} into ${describeCard(made)}`,
      };
    });
  },
};
