import type { Gamestate, Items, Player } from '../gamestate/schema.ts';

// Moving items: chips, Trungs, cards and Works of Art (whose Owner cell follows them).

export function giveItems(s: Gamestate, p: Player, items: Items): void {
  p.chips += items.chips;
  p.trungs += items.trungs;
  p.cards.push(...items.cards.map((c) => ({ ...c })));
  for (const id of items.works) {
    if (!p.works.includes(id)) p.works.push(id);
    const work = s.works.find((w) => w.id === id);
    if (work !== undefined) work.owner = p.name;
  }
}
