import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { writeCard } from '../gamestate/fields.ts';
import { deckOf, deckProblem, drawCard, DRAW_RULE } from '../rules/deck.ts';
import type { Round10Ruleset, SlotPayout } from '../ruleset/schema.ts';
import { cellValue } from '../../../parse/document.ts';
import type { Row } from '../../../parse/model.ts';
import { usesCounted } from '../../shared/bot-record.ts';
import { inWeek, onPage } from './page.ts';
import { payoutOf, rollSlots } from '../tables/slots.ts';
import { BROKEN } from '../rules/limits.ts';

// Slots: “Slots are a Limited Access Table that a player may sit down at at most 3 times per week.
// When a player chooses to play the slots, they must put 6 chips in the machine (losing them in the process).
// A player may not play the slots if they do not have enough chips to do so. The player then rolls 3 times
// on the following table … Afterwards, the player compares their 3 Values with the chart below and claim
// their payout, if any. Values of the same kind do not need to be sequential. If multiple payouts apply at
// the same time, they gain the effect of the payout higher in the chart. Play at this table ends when the
// payout is awarded.”
//   * play slots Raven's Quest
// A sitting is announced “specifying clearly which table they are sitting at”, so the table's name is part of
// the request. One request is one sitting: sit down (counted in Limited tables this week), pay, three rolls of
// the table's die, the payout, stand up. A roll whose Value the page leaves empty follows the reading
// slots-blank-roll; a payout the bot cannot apply is refused before anything is drawn.

export const SLOTS_RULE =
  'Slots: “When a player chooses to play the slots, they must put 6 chips in the machine (losing them in the process). … The player then rolls 3 times on the following table … If multiple payouts apply at the same time, they gain the effect of the payout higher in the chart. Play at this table ends when the payout is awarded.”';

type Effect = { chips: number } | { card: true } | { broke: true };

/** What a payout row does, or undefined when the bot cannot apply it. */
export function payoutEffect(p: Pick<SlotPayout, 'payout' | 'chips'>): Effect | undefined {
  if (p.chips !== null) return { chips: p.chips };
  if (/\bgain a random card\b/i.test(p.payout)) return { card: true };
  if (/\bmachine broke\b/i.test(p.payout) && /\bno payout\b/i.test(p.payout)) return { broke: true };
  return undefined;
}

const norm = (x: string) => x.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();

export const slotsAction: ActionDef<Round10Ruleset, { table: string }> = {
  name: 'slots',
  grammar: 'play slots <table>',
  readsRecord: true,
  parse(text) {
    const m = /^(?:play\s+(?:the\s+)?slots|slots)(?:\s+(?:at|on)?\s*(.*?))?\.?$/i.exec(text.trim());
    return m ? { table: (m[1] ?? '').trim() } : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const kind = r.tables.find((t) => /^slots$/i.test(t.kind));
    if (!kind || kind.names.length === 0) return { ok: false, reason: 'the Ruleset names no Slots table' };
    const table = kind.names.find((n) => norm(n) === norm(args.table));
    if (!table)
      return {
        ok: false,
        reason: `${args.table ? `"${args.table}" is not a Slots table` : 'say which table'}: “specifying clearly which table they are sitting at” (the Slots tables: ${kind.names.join(', ')})`,
      };
    const cost = r.constants.slotsCost;
    const perWeek = kind.perWeek;
    if (cost === null || perWeek === null)
      return {
        ok: false,
        reason: 'the Ruleset\'s slots price ("put 6 chips in the machine") or weekly limit ("at most 3 times per week") cannot be read (see its warnings)',
      };
    const { die, rolls, payouts } = r.slots;
    if (die === 0) return { ok: false, reason: "the Ruleset's slots roll table has no rows" };
    for (let v = 1; v <= die; v++)
      if (!rolls.some((x) => x.from <= v && v <= x.to)) return { ok: false, reason: `no row of the slots roll table covers ${v} (of a d${die})` };
    for (const p of payouts)
      if (payoutEffect(p) === undefined)
        return {
          ok: false,
          reason: `the payout "${p.payout}" (${p.symbol.repeat(p.count)}) is not one the bot can give (chips, a random card, a broken machine)`,
        };
    const deck = deckOf(r);
    const needsCard = payouts.some((p) => 'card' in payoutEffect(p)!);
    const problem = needsCard ? deckProblem(deck) : undefined;
    if (problem) return { ok: false, reason: `a payout gives a random card, and no card can be drawn: ${problem}` };
    return onPage(input, ({ s, player, readings }) => {
      const blank = rolls.filter((x) => x.symbol === null);
      const label = readings.label('slots-blank-roll');
      if (blank.length > 0 && readings.get('slots-blank-roll') === 'refuse') {
        return {
          refused: `the slots roll table gives no Value for ${blank.map((x) => (x.from === x.to ? x.from : `${x.from}-${x.to}`)).join(' and ')} (reading ${label})`,
        };
      }
      if (player.table !== null)
        return { refused: `${player.name} is sitting at ${player.table}: “A player may not be sitting at multiple Tables at the same time.”` };
      const week = inWeek(s);
      const broke = (r: Row) => week(r) && /: the machine broke \(/.test(cellValue(r, 'Change') ?? '');
      if ((player.limited[BROKEN] ?? 0) > 0 || usesCounted(0, input, 'Slots', player.name, broke) > 0)
        return { refused: `${player.name}'s machine broke this week: “you may not play the slots any more times this week”` };
      const used = usesCounted(player.limited.Slots ?? 0, input, 'Slots', player.name, week);
      if (used >= perWeek)
        return {
          refused: `${player.name} has sat at the slots ${used} times this week (Limited tables this week, or the Slots rows of the bot's record): “a player may sit down at at most ${perWeek} times per week”`,
        };
      if (player.chips < cost)
        return {
          refused: `${player.name} has ${player.chips} chips: “they must put ${cost} chips in the machine … A player may not play the slots if they do not have enough chips to do so.”`,
        };
      const { stream, seed } = input.draws();
      const rollTable = rolls.map((x) => `${x.from === x.to ? x.from : `${x.from}-${x.to}`} ${x.symbol ?? '(none)'}`).join(', ');
      const values = rollSlots(r.slots, stream);
      player.chips -= cost;
      player.limited = { ...player.limited, Slots: used + 1 };
      const shown = values.map((v) => v ?? '(none)').join(' ');
      const row = payoutOf(payouts, values);
      let outcome = 'no payout';
      if (row) {
        const effect = payoutEffect(row)!;
        if ('chips' in effect) {
          player.chips += effect.chips;
          outcome = `${row.symbol.repeat(row.count)}: +${effect.chips} chips`;
        } else if ('card' in effect) {
          const card = drawCard(deck, stream, 'random card:');
          player.cards = [...player.cards, card];
          outcome = `${row.symbol.repeat(row.count)}: ${writeCard(card)}`;
        } else {
          player.limited = { ...player.limited, [BROKEN]: 1 };
          outcome = `${row.symbol.repeat(row.count)}: the machine broke (no more slots this week), no payout`;
        }
      }
      const reason = drawReason(
        `${SLOTS_RULE}${row && 'card' in payoutEffect(row)! ? `; ${DRAW_RULE}` : ''} (${requestReason(input)})`,
        stream,
        seed,
        s.phase.number,
        0,
        input,
      );
      reason.inputs = { table, 'roll table': rollTable, payout: row ? `“${row.payout}”` : 'none' };
      if (blank.length > 0 && values.includes(null)) reason.readings = [label];
      return {
        changes: [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Slots',
            player: player.name,
            change: `${table}: −${cost} chips, ${shown} → ${outcome}; Slots ${used} → ${used + 1} this week`,
            reason,
          },
        ],
        message: `${table}: ${shown} → ${outcome}`,
      };
    });
  },
};
