import { cellValue } from '../../../parse/document.ts';
import type { Row } from '../../../parse/model.ts';
import { recordRows } from '../../shared/bot-record.ts';
import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { writeCards } from '../gamestate/fields.ts';
import { historyTable } from '../gamestate/tables.ts';
import { deckOf, deckProblem, drawCard, DRAW_RULE } from '../rules/deck.ts';
import { FORTUNE_RULE } from '../rules/prizes.ts';
import type { Fortune, Round10Ruleset } from '../ruleset/schema.ts';
import { onPage } from './page.ts';

// Fortunes: “Revealed hands that meet any of the conditions listed below trigger the effect specified in that
// row … Where dice rolls are called for, they should be done publicly by the player who revealed the hand.”
//   * roll fortune The Fool
// The rollover records each fortune a revealed hand triggers (a `Fortune` History row naming the hand); the
// player then asks the referee to roll it, in public and once: the roll is a `Fortune rolled` row naming the
// same fortune and hand. Both are read from the bot's own record, not only from the page (shared/bot-record.ts). Effects the bot applies: “loses dN chips” (reading fortune-loss when the roll exceeds
// the chips), “gains dN chips”, “gains N random cards” (drawn as the Cards rule says); any other is refused.

export const FORTUNE_EVENT = 'Fortune';
export const ROLLED_EVENT = 'Fortune rolled';

type Effect = { chips: 1 | -1; sides: number } | { cards: number };

const WORDS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5 };

/** What a fortune's Effect cell does, or undefined when the bot cannot apply it. */
export function fortuneEffect(f: Pick<Fortune, 'effect'>): Effect | undefined {
  const chips = /\b(loses|gains)\s+d(\d+)\s+chips?\b/i.exec(f.effect);
  if (chips) return { chips: /^loses$/i.test(chips[1]!) ? -1 : 1, sides: Number(chips[2]) };
  const cards = /\bgains\s+(\d+|a|one|two|three|four|five)\s+random\s+cards?\b/i.exec(f.effect);
  if (cards) return { cards: WORDS[cards[1]!.toLowerCase()] ?? Number(cards[1]) };
  return undefined;
}

/**
 * The hands (action IDs) whose fortune `f` the bot recorded for `player` and no roll of it yet, oldest first. A
 * Fortune row counts only when the bot wrote it (its `record`: a row a person types entitles nobody); a roll
 * counts on the page or in the record (deleting the bot's Fortune rolled row does not make the roll again).
 */
export function pendingFortunes(text: string, page: string | undefined, player: string, f: Pick<Fortune, 'name'>, record: string): string[] {
  const table = findStateTable(documentOf(text, page), historyTable);
  if (table === undefined) return [];
  const read = (rows: readonly Row[]) =>
    rows.map((r) => ({
      event: cellValue(r, 'event'),
      player: cellValue(r, 'player'),
      change: cellValue(r, 'change') ?? '',
      reason: cellValue(r, 'reason') ?? '',
    }));
  const [onPage, bots] = [read(table.rows), read(recordRows(record, table, [FORTUNE_EVENT, ROLLED_EVENT]))];
  const rolled = new Set([...onPage, ...bots].filter((r) => r.event === ROLLED_EVENT && r.player === player).map((r) => r.change.split(':')[0]));
  const hands = bots
    .filter((r) => r.event === FORTUNE_EVENT && r.player === player && r.change.startsWith(`${f.name}:`))
    .map((r) => /\baction = ([^;)\s]+)/.exec(r.reason)?.[1] ?? '?');
  return [...new Set(hands)].filter((hand) => !rolled.has(`${f.name} (hand ${hand})`));
}

export const fortuneAction: ActionDef<Round10Ruleset, { name: string }> = {
  name: 'fortune',
  grammar: 'roll fortune <fortune>',
  readsRecord: true,
  parse(text) {
    const m = /^roll\s+(?:the\s+)?fortune\s+(.+?)\.?$/i.exec(text.trim());
    return m ? { name: m[1]!.replace(/^['"“]|['"”]$/g, '') } : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const f = r.fortunes.find((x) => x.name.toLowerCase() === args.name.toLowerCase());
    if (!f) return { ok: false, reason: `"${args.name}" is not a fortune of the Ruleset (${r.fortunes.map((x) => x.name).join(', ')})` };
    const effect = fortuneEffect(f);
    if (!effect) return { ok: false, reason: `the effect of ${f.name} ("${f.effect}") is not one the bot can roll (dN chips lost or gained, N random cards)` };
    const deck = deckOf(r);
    if ('cards' in effect && deckProblem(deck)) return { ok: false, reason: `no card can be drawn: ${deckProblem(deck)}` };
    return onPage(input, ({ s, player, readings }) => {
      const hands = pendingFortunes(input.page.text, input.page.title, player.name, f, input.record ?? '');
      if (hands.length === 0)
        return {
          refused: `the bot has recorded no ${FORTUNE_EVENT} row of ${f.name} for ${player.name} that is not rolled yet (“Revealed hands that meet any of the conditions … trigger the effect”; a row is the bot's when one of its own revisions wrote it, among the Gamestate page's latest revisions it reads: a row typed on the page entitles nobody)`,
        };
      const hand = hands[0]!;
      const label = readings.label('fortune-loss');
      if ('chips' in effect && effect.chips < 0 && player.chips < effect.sides && readings.get('fortune-loss') === 'refuse') {
        return { refused: `${player.name} has ${player.chips} chips, and a d${effect.sides} may take more (reading ${label})` };
      }
      const { stream, seed } = input.draws();
      let change: string;
      let dependsOnReading = false;
      if ('chips' in effect) {
        const v = stream.roll(effect.sides, `${f.name}: d${effect.sides} chips ${effect.chips < 0 ? 'lost' : 'gained'}`);
        const amount = effect.chips < 0 ? Math.min(v, player.chips) : v;
        dependsOnReading = effect.chips < 0 && v > player.chips;
        player.chips += effect.chips * amount;
        change = `d${effect.sides} = ${v}: ${effect.chips < 0 ? '−' : '+'}${amount} chips${dependsOnReading ? ` (all ${amount} they had)` : ''}`;
      } else {
        const cards = Array.from({ length: effect.cards }, (_, i) => drawCard(deck, stream, `card ${i + 1}:`));
        player.cards = [...player.cards, ...cards];
        change = `+${writeCards(cards)}`;
      }
      const reason = drawReason(
        `${FORTUNE_RULE} — ${f.name}: “${f.effect}”${'cards' in effect ? `; ${DRAW_RULE}` : ''} (${requestReason(input)})`,
        stream,
        seed,
        s.phase.number,
        0,
        input,
      );
      reason.inputs = { hand };
      if (dependsOnReading) reason.readings = [label];
      return {
        changes: [{ at: input.now, phase: s.phase.number, event: ROLLED_EVENT, player: player.name, change: `${f.name} (hand ${hand}): ${change}`, reason }],
        message: `${f.name} (hand ${hand}): ${change}`,
      };
    });
  },
};
