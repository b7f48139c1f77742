import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import { writeItems } from '../gamestate/fields.ts';
import type { SecretAction } from '../gamestate/schema.ts';
import { playerNamed, row, type RuleContext } from './common.ts';
import { giveItems } from './items.ts';
import { declaration, fail } from './secret.ts';

// Bids and the weekly Auction.
// "If, when a player reveals their bids, one or more of those bids is not an explicit, unconditional,
// natural number greater than 0, or if more than one bid is assigned to a single lot, then all such bids fail immediately."
// "If, at the revelation date for the bidding the set of a player's bids that would otherwise succeed
// add up to a number more than how many chips they have, then all of their bids fail."
// "If two bidders have different bids, the one with the higher bid has priority over the other.
// Otherwise, the bidder whose most recent start or increase of their bid was least recent has higher priority."
// "for each lot the following occur in the order listed: The lot is transferred to the possession of
// the sole bidder with the highest priority on that lot (if one exists). The player who received that
// lot loses the amount of chips they bid."
// "If a Player Lot is won at the Auction House, then a number of chips equal to the value of the
// winning bid is transferred from the player that placed the winning bid to the player that created the Player Lot."
// "If a bid for a Work of Art is won by a player other than the player that created the Player Lot and
// the Value of that Work of Art is less than the winning bid amount, then the Value of that Work of Art
// is increased to match the winning bid amount."

export const FORM_RULE =
  'Bidding: "If, when a player reveals their bids, one or more of those bids is not an explicit, unconditional, natural number greater than 0, or if more than one bid is assigned to a single lot, then all such bids fail immediately."';
export const SUM_RULE =
  'Bidding: "If, at the revelation date for the bidding the set of a player\'s bids that would otherwise succeed add up to a number more than how many chips they have, then all of their bids fail."';
export const CONCLUDE_RULE =
  'Bidding: "The lot is transferred to the possession of the sole bidder with the highest priority on that lot (if one exists). The player who received that lot loses the amount of chips they bid."';
export const PLAYER_LOT_RULE =
  'The Auction House: "If a Player Lot is won at the Auction House, then a number of chips equal to the value of the winning bid is transferred from the player that placed the winning bid to the player that created the Player Lot."';
export const WORK_RULE = 'Bidding on Works of Art: "the Value of that Work of Art is increased to match the winning bid amount"';

export interface Bid {
  action: SecretAction;
  player: string;
  lot: string;
  amount: number;
}

/** "L1 30, L3 60" (also "L1: 30", "L1 = 30"): each entry a lot and an amount; malformed entries and lots bid twice fail. */
export function readBids(ctx: RuleContext, a: SecretAction): { bids: Bid[]; changes: Change[] } {
  const text = declaration(a);
  if (text === null || text === '') return { bids: [], changes: [fail(ctx, a, `the revealed text "${a.revealed}" maps no bid amounts to lots`, FORM_RULE)] };
  const entries = text.split(/\s*[,;]\s*/).map((e) => {
    const m = /^(\S+?)\s*[:=]?\s+(\S+)$|^(\S+?)[:=](\S+)$/.exec(e.trim());
    return m === null ? undefined : { lot: m[1] ?? m[3]!, amount: m[2] ?? m[4]! };
  });
  // Every bid assigned to a lot that has more than one fails, whatever its amount.
  const lots = entries.flatMap((e) => (e === undefined ? [] : [e.lot]));
  const twice = new Set(lots.filter((l, i) => lots.indexOf(l) !== i));
  const valid = (e: (typeof entries)[number]): e is { lot: string; amount: string } =>
    e !== undefined && /^[1-9]\d*$/.test(e.amount) && ctx.s.lots.some((l) => l.id === e.lot);
  const bad = entries.filter((e) => !valid(e));
  const bids = entries
    .filter(valid)
    .filter((e) => !twice.has(e.lot))
    .map((e) => ({ action: a, player: a.player, lot: e.lot, amount: Number(e.amount) }));
  const changes: Change[] = [];
  if (bad.length > 0 || twice.size > 0) {
    const what = [
      ...(bad.length ? [`${bad.length} bid(s) not a natural number on an existing lot`] : []),
      ...[...twice].map((l) => `more than one bid on ${l}`),
    ];
    if (bids.length === 0) changes.push(fail(ctx, a, what.join('; '), FORM_RULE));
    else
      changes.push(row(ctx, 'Bid', a.player, `${a.id}: ${what.join('; ')}: those bids fail, the others stand`, { rule: FORM_RULE, inputs: { action: a.id } }));
  }
  return { bids, changes };
}

/** All of a player's bids fail if they add up to more chips than they have. */
export function checkBidTotals(ctx: RuleContext, bids: readonly Bid[]): { bids: Bid[]; changes: Change[] } {
  const changes: Change[] = [];
  const failed = new Set<string>();
  for (const player of [...new Set(bids.map((b) => b.player))]) {
    const mine = bids.filter((b) => b.player === player);
    const total = mine.reduce((n, b) => n + b.amount, 0);
    const chips = playerNamed(ctx.s, player)?.chips ?? 0;
    if (total <= chips) continue;
    failed.add(player);
    for (const a of [...new Set(mine.map((b) => b.action))]) {
      changes.push(
        fail(ctx, a, `the bids add up to ${total} chips, more than the ${chips} ${player} has`, SUM_RULE, {
          bids: mine.map((b) => `${b.lot} ${b.amount}`).join(', '),
          chips,
        }),
      );
    }
  }
  return { bids: bids.filter((b) => !failed.has(b.player)), changes };
}

/** Priority: the higher bid, then the earlier posting (the most recent start of the bid least recent). */
function priority(a: Bid, b: Bid): number {
  return b.amount - a.amount || a.action.posted.getTime() - b.action.posted.getTime();
}

export function concludeAuction(ctx: RuleContext, bids: readonly Bid[]): Change[] {
  const out: Change[] = [];
  for (const a of new Set(bids.map((b) => b.action))) {
    if (a.status === 'posted') {
      a.status = 'succeeded';
      a.result = bids
        .filter((b) => b.action === a)
        .map((b) => `${b.lot} ${b.amount}`)
        .join(', ');
    }
  }
  ctx.s.phase.lastBidders = new Set(bids.map((b) => b.player)).size;
  for (const lot of [...ctx.s.lots]) {
    const ranked = bids.filter((b) => b.lot === lot.id).sort(priority);
    const win = ranked[0];
    if (win === undefined) continue;
    const winner = playerNamed(ctx.s, win.player)!;
    const what = writeItems(lot.items);
    const readings: string[] = [];
    const before = winner.chips;
    giveItems(ctx.s, winner, lot.items);
    winner.chips -= win.amount;
    let paid = `${win.amount}`;
    const creator = lot.kind === 'Player' && lot.creator !== null ? playerNamed(ctx.s, lot.creator) : undefined;
    if (creator !== undefined) {
      readings.push(ctx.readings.label('player-lot-payment'));
      if (ctx.readings.get('player-lot-payment') === 'twice') {
        winner.chips -= win.amount;
        paid = `${win.amount} + ${win.amount}`;
      }
      creator.chips += win.amount;
      for (const id of lot.items.works) {
        const work = ctx.s.works.find((w) => w.id === id);
        if (work !== undefined && winner.name !== creator.name && work.value < win.amount) {
          out.push(
            row(ctx, 'Work of Art', winner.name, `${id} "${work.title}" Value ${work.value} → ${win.amount}`, {
              rule: WORK_RULE,
              inputs: { lot: lot.id, 'winning bid': win.amount },
            }),
          );
          work.value = win.amount;
        }
      }
    }
    ctx.s.lots = ctx.s.lots.filter((l) => l !== lot);
    const others = ranked
      .slice(1)
      .map((b) => `${b.player} ${b.amount} (${formatInstant(b.action.posted)})`)
      .join(', ');
    out.push(
      row(
        ctx,
        'Auction',
        winner.name,
        `${lot.id} (${what}) won for ${win.amount}: Chips ${before} → ${winner.chips}${creator ? `; ${creator.name} +${win.amount}` : ''}`,
        {
          rule: creator ? `${CONCLUDE_RULE} ${PLAYER_LOT_RULE}` : CONCLUDE_RULE,
          inputs: { lot: lot.id, 'winning bid': `${win.amount} (${win.action.id}, ${formatInstant(win.action.posted)})`, 'other bids': others || 'none', paid },
          ...(readings.length > 0 ? { readings } : {}),
        },
      ),
    );
  }
  return out;
}
