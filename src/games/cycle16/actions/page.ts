import type { ActionInput, ActionOutcome } from '../../actions.ts';
import type { Change } from '../../../sim/trail.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import type { Card, Gamestate, Player } from '../gamestate/schema.ts';
import { cardsTable } from '../gamestate/tables.ts';
import { appendTableRows } from '../../shared/render-tables.ts';
import { documentOf } from '../../shared/actions.ts';
import { computeCard } from '../rules/cards.ts';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';

// What every Cycle 16 action does with the page: read it, apply the
// action to a copy of the state, write back the changed cells, the new Cards rows and the History rows.

/** What an action did: its History rows (each naming the request) and the answer written under the line. */
export interface Applied {
  changes: Change[];
  message: string;
}

export type Apply = (s: Gamestate, player: Player, next: NewCards) => Applied | { refused: string };

/** New cards get the next free IDs, in order. */
export class NewCards {
  readonly cards: Card[] = [];
  #next: number;
  constructor(state: Gamestate, readonly ruleset: Cycle16Ruleset) {
    this.#next = Math.max(0, ...state.cards.map((c) => c.id)) + 1;
  }
  add(owner: string, species: string, modifiers: string[], gained: string[] = []): Card {
    const card = computeCard({ id: this.#next++, owner, species, modifiers, gained, value: '-', suits: [], colours: [], types: [], battles: null }, this.ruleset);
    this.cards.push(card);
    return card;
  }
}

/** "#52 Ace (Holographic)" */
export function describeCard(c: Pick<Card, 'id' | 'species' | 'modifiers'>): string {
  return `#${c.id} ${c.species}${c.modifiers.length ? ` (${c.modifiers.join(', ')})` : ''}`;
}

/** Reads the page, applies the action for the requesting player, renders the result. */
export function onPage(input: ActionInput<Cycle16Ruleset>, apply: Apply): ActionOutcome {
  const doc = documentOf(input.page.text, input.page.title);
  const state = readGamestateDocument(doc, input.ruleset, input.now);
  if (state.phase.winner.length > 0) return { ok: false, reason: `the cycle has ended (winner: ${state.phase.winner.join(', ')}); no more actions` };
  const s = structuredClone(state);
  const player = s.players.find((p) => p.name === input.player);
  if (!player) return { ok: false, reason: `no player "${input.player}" in the Players table` };
  const fresh = new NewCards(s, input.ruleset);
  const r = apply(s, player, fresh);
  if ('refused' in r) return { ok: false, reason: r.refused };
  // Acting is an action: “inactive if they performed no actions in the previous phase”.
  if (player.lastAction === null || player.lastAction.getTime() < input.request.at.getTime()) player.lastAction = input.request.at;
  for (const p of s.players) {
    for (const [what, n] of [['Vertebrae', p.vertebrae], ['Chips', p.chips], ['Reconfiguration Tokens', p.tokens], ...Object.entries(p.packs)] as [string, number][]) {
      if (n < 0) throw new Error(`${p.name} would have ${n} ${what}: the action's checks let through what the rules do not allow`);
    }
  }
  const rendered = renderGamestateDocument(doc, s, r.changes);
  return { ok: true, text: appendTableRows(rendered, input.page.title, cardsTable, fresh.cards), changes: r.changes, message: r.message };
}
