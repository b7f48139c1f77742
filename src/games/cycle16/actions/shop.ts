import type { ActionDef } from '../../actions.ts';
import type { Cycle16Ruleset, ShopItem } from '../ruleset/schema.ts';
import { isVertebrae } from '../../shared/text.ts';
import { packSold } from '../tables/odds.ts';
import { gainChips, gainPacks, gainVertebrae } from '../rules/inventory.ts';
import { requestReason } from '../../shared/actions.ts';
import { onPage } from './page.ts';
import { countAndName } from './packs.ts';

// The Croupier: “Players can purchase items from The Croupier at any time provided they have at least
// the required cost in their inventory. When a purchase is made, the purchaser is granted the item and
// the cost is revoked from them.” Prices are the Ruleset's shop table.
//   * buy 1 Handy Pack        * buy 2 Chips

export const SHOP_RULE =
  'The Croupier: “Players can purchase items from The Croupier at any time provided they have at least the required cost in their inventory. When a purchase is made, the purchaser is granted the item and the cost is revoked from them.”';

/** The shop item a name means ("Handy Pack", "Chips" for "1 Chip"), ignoring case and plurals. */
export function shopItem(r: Pick<Cycle16Ruleset, 'shop'>, name: string): ShopItem | undefined {
  const norm = (x: string) =>
    x
      .trim()
      .toLowerCase()
      .replace(/^(?:\d+|an?)\s+/, '')
      .replace(/s$/, '');
  return r.shop.find((i) => norm(i.item) === norm(name));
}

export const buyAction: ActionDef<Cycle16Ruleset, { count: number; name: string }> = {
  name: 'buy',
  grammar: 'buy <count> <item>',
  parse(text) {
    const m = /^(?:buy|purchase)\s+(.+)$/i.exec(text);
    return m ? countAndName(m[1]!) : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const item = shopItem(r, args.name);
    if (!item) return { ok: false, reason: `The Croupier does not sell "${args.name}" (it sells ${r.shop.map((i) => i.item).join(', ')})` };
    if (!isVertebrae(item.cost.unit) || item.cost.amount < 0 || !Number.isInteger(item.cost.amount)) {
      return { ok: false, reason: `the price of ${item.item} is "${item.cost.amount} ${item.cost.unit}", which the bot cannot take from an inventory` };
    }
    if (args.count < 1 || args.count > 100) return { ok: false, reason: 'buy from 1 to 100 items in one request' };
    const per = /^(\d+)\s/.exec(item.item.trim());
    const unit = per ? Number(per[1]) : 1;
    return onPage(input, (s, player) => {
      const cost = item.cost.amount * args.count;
      if (player.vertebrae < cost)
        return {
          refused: `${args.count} × ${item.item} costs ${cost} Vertebrae (${item.cost.amount} each, the Ruleset's shop table); ${player.name} has ${player.vertebrae}`,
        };
      const paid = gainVertebrae(player, -cost);
      const sold = packSold(r, item);
      const got = sold
        ? gainPacks(player, sold.pack.name, sold.quantity * args.count)
        : /^chips?$/i.test(item.item.replace(/^\d+\s+/, '').trim())
          ? gainChips(player, unit * args.count)
          : undefined;
      if (got === undefined) return { refused: `the bot does not know where to put "${item.item}" on the Gamestate page` };
      return {
        changes: [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Purchase',
            player: player.name,
            change: `${got}; ${paid}`,
            reason: {
              rule: `${SHOP_RULE} (${requestReason(input)})`,
              inputs: { item: item.item, price: `${item.cost.amount} Vertebrae`, count: args.count },
              arithmetic: `${args.count} × ${item.cost.amount} = ${cost} Vertebrae`,
            },
          },
        ],
        message: `bought ${args.count} × ${item.item} for ${cost} Vertebrae`,
      };
    });
  },
};
