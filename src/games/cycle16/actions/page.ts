import type { ActionInput, ActionOutcome } from '../../actions.ts';
import { REROLL_EVENT } from '../../shared/actions.ts';
import type { Change } from '../../../sim/trail.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import type { Card, Gamestate, Player } from '../gamestate/schema.ts';
import { cardsTable } from '../gamestate/tables.ts';
import { appendTableRows, type Edit } from '../../shared/render-tables.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { applySelfRemovingModifiers, computeCard } from '../rules/cards.ts';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';
import { raceRows, raceSection } from '../gamestate/race-chart.ts';
import { standings } from '../rules/standings.ts';
import { withStandings } from '../../shared/standings.ts';
import { calendarOf } from '../engine.ts';
import { historyTable } from '../gamestate/tables.ts';
import type { WikiDocument } from '../../../parse/document.ts';

// What every Cycle 16 action does with the page: read it, apply the action to a copy of the state, write
// back the changed cells, the new Cards rows and the History rows, and redraw the race chart (Chips and
// Vertebrae) in the same edit, so that the next rollover has nothing of the action's left to redraw.

/** What an action did: its History rows (each naming the request) and the answer written under the line. */
export interface Applied {
  changes: Change[];
  message: string;
}

export type Apply = (s: Gamestate, player: Player, next: NewCards) => Applied | { refused: string };

/** The highest card ID the page's Reroll rows name: a card removed by a reroll never gives its ID to another (its ID stays retired). */
function highestRetiredId(doc: WikiDocument): number {
  const rows = findStateTable(doc, historyTable)?.rows ?? [];
  const ids = rows
    .filter((r) => r.cells.event?.text.trim() === REROLL_EVENT)
    .flatMap((r) => [...(r.cells.change?.text ?? '').matchAll(/#(\d+)/g)].map((m) => Number(m[1])));
  return Math.max(0, ...ids);
}

/** New cards get the next free IDs, in order (above every card on the page and every ID a reroll retired). */
export class NewCards {
  readonly cards: Card[] = [];
  #next: number;
  constructor(
    state: Gamestate,
    readonly ruleset: Cycle16Ruleset,
    retired = 0,
  ) {
    this.#next = Math.max(retired, ...state.cards.map((c) => c.id)) + 1;
  }
  add(owner: string, species: string, modifiers: string[], gained: string[] = []): Card {
    const card = computeCard(
      { id: this.#next++, owner, species, modifiers, gained, value: '-', suits: [], colours: [], types: [], battles: null },
      this.ruleset,
    );
    this.cards.push(card);
    return card;
  }
  /** A card given back with its own ID (a reroll restoring what a fusion destroyed). */
  restore(card: Card): Card {
    this.cards.push(card);
    return card;
  }
}

/** "#52 Ace (Holographic)" */
export function describeCard(c: Pick<Card, 'id' | 'species' | 'modifiers'>): string {
  return `#${c.id} ${c.species}${c.modifiers.length ? ` (${c.modifiers.join(', ')})` : ''}`;
}

/** "#5 Ace (Speedy) [gained 4, Vitality] [battles 2]": a destroyed card, with all a reroll needs to restore it. */
export function describeDestroyed(c: Pick<Card, 'id' | 'species' | 'modifiers' | 'gained' | 'battles'>): string {
  return `${describeCard(c)}${c.gained.length ? ` [gained ${c.gained.join(', ')}]` : ''}${c.battles !== null ? ` [battles ${c.battles}]` : ''}`;
}

/**
 * Reads the page, applies the action for the requesting player, renders the result. `action: false`: the
 * request is not counted as the player's action (Last action is left as it is).
 */
export function onPage(input: ActionInput<Cycle16Ruleset>, apply: Apply, opts: { action?: boolean } = {}): ActionOutcome {
  const doc = documentOf(input.page.text, input.page.title);
  const state = readGamestateDocument(doc, input.ruleset, input.now);
  if (state.phase.winner.length > 0) return { ok: false, reason: `the cycle has ended (winner: ${state.phase.winner.join(', ')}); no more actions` };
  const s = structuredClone(state);
  const player = s.players.find((p) => p.name === input.player);
  if (!player) return { ok: false, reason: `no player "${input.player}" in the Players table` };
  const fresh = new NewCards(s, input.ruleset, highestRetiredId(doc));
  const r = apply(s, player, fresh);
  if ('refused' in r) return { ok: false, reason: r.refused };
  // “This card gains the colour Red. This modifier is then removed.”: applied at once to the cards the action
  // made or gave a modifier, as every rollover does, so that the next run has nothing of this action's left to apply.
  const settled = applySelfRemovingModifiers({ cards: [...s.cards, ...fresh.cards] }, input.ruleset, input.now, s.phase.number);
  s.cards = s.cards.map((c) => computeCard(c, input.ruleset));
  fresh.cards.splice(0, fresh.cards.length, ...fresh.cards.map((c) => computeCard(c, input.ruleset)));
  r.changes.push(...settled);
  // Acting is an action: “inactive if they performed no actions in the previous phase”.
  if (opts.action !== false && (player.lastAction === null || player.lastAction.getTime() < input.request.at.getTime())) player.lastAction = input.request.at;
  for (const p of s.players) {
    for (const [what, n] of [['Vertebrae', p.vertebrae], ['Chips', p.chips], ['Reconfiguration Tokens', p.tokens], ...Object.entries(p.packs)] as [
      string,
      number,
    ][]) {
      if (n < 0) throw new Error(`${p.name} would have ${n} ${what}: the action's checks let through what the rules do not allow`);
    }
  }
  const newRows: Edit[] = [];
  appendTableRows(doc, cardsTable, fresh.cards, newRows);
  const below = raceSection(raceRows(doc, r.changes), s, calendarOf(input.ruleset, s), input.ruleset);
  const text = withStandings(
    renderGamestateDocument(doc, s, r.changes, newRows),
    { ...standings(s, input.ruleset), below },
    {
      doc,
      changes: r.changes,
      period: s.phase.number,
    },
  );
  return { ok: true, text, changes: r.changes, message: r.message };
}
