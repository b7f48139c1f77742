import { formatInstant } from '../../../sim/trail.ts';
import { NONE } from '../../shared/history.ts';
import { exactInt, FieldError, intReaders, readInstant, readList, required, writeList } from '../../shared/fields.ts';
import type { Bet, Hand, LimitedAction } from './schema.ts';

// How Cycle 16's own kinds of Gamestate cell are read and written (packs, used actions, bets…), with
// the common kinds of src/games/shared/fields.ts. Reading what a writer wrote gives back the same value.

export * from '../../shared/fields.ts';

/** "41", "41🝬", "41 Vb", "41 Vertebrae", "3 Chips", "2 Tokens", "+3": Cycle 16's counts, with or without their unit. */
export const { readInt, readOptionalInt } = intReaders(['🝬', 'vb', 'vertebra', 'vertebrae', 'chip', 'chips', 'token', 'tokens']);

/** "2 Already-opened Pack, 1 Handy Pack" (plurals and "2 × Handy Pack" accepted) → counts by the ruleset's names. */
export function readPacks(text: string | undefined, known: readonly string[], what = 'card pack'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of readList(text)) {
    const m = /^(?:(\d+)\s*[×x]?\s+)?(.+?)$/is.exec(item)!;
    const wanted = m[2]!.toLowerCase().replace(/s$/, '');
    const name = known.find((k) => k.toLowerCase() === wanted || k.toLowerCase().replace(/s$/, '') === wanted);
    if (name === undefined) throw new FieldError(`"${m[2]}" is not a ${what} of the ruleset (${known.join(', ')})`);
    out[name] = (out[name] ?? 0) + exactInt(m[1] ?? '1');
  }
  return out;
}

export function writePacks(packs: Record<string, number>): string {
  return writeList(
    Object.entries(packs)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${n} ${name}`),
  );
}

const ACTIONS: Record<string, LimitedAction> = {
  exploration: 'Exploration',
  explore: 'Exploration',
  gift: 'Gift',
  'card gifting': 'Gift',
  fusion: 'Fusion',
  duel: 'Duel',
  'exoptotic duel': 'Duel',
  reroll: 'Reroll',
  luck: 'Reroll',
  'luck reroll': 'Reroll',
  removal: 'Removal',
  'card removal': 'Removal',
};

/**
 * "Exploration, Removal ×2"; "Exploration ×2 (maze)" records a second exploration allowed by the maze
 * scenario (“You may explore, then explore again.”), "(maze ×2)" a maze met twice.
 */
export function readUsed(text: string | undefined): { used: Partial<Record<LimitedAction, number>>; mazes: number } {
  const out: Partial<Record<LimitedAction, number>> = {};
  let mazes = 0;
  for (const item of readList(text)) {
    const m = /^(.+?)(?:\s*[×x]\s*(\d+))?(?:\s*\(\s*(.*?)\s*\))?$/is.exec(item)!;
    const action = ACTIONS[m[1]!.toLowerCase()];
    if (action === undefined) {
      throw new FieldError(`"${m[1]}" is not a limited action (${[...new Set(Object.values(ACTIONS))].join(', ')})`);
    }
    if (m[3] !== undefined) {
      const maze = /^maze(?:\s*[×x]\s*(\d+))?$/i.exec(m[3]);
      if (action !== 'Exploration' || maze === null) {
        throw new FieldError(`"(${m[3]})" is not an explanation the rules give: only Exploration takes "(maze)" (“You may explore, then explore again.”)`);
      }
      mazes += exactInt(maze[1] ?? '1');
    }
    out[action] = (out[action] ?? 0) + exactInt(m[2] ?? '1');
  }
  return { used: out, mazes };
}

export function writeUsed(used: Partial<Record<LimitedAction, number>>, mazes = 0): string {
  return writeList(
    Object.entries(used)
      .filter(([, n]) => n > 0)
      .map(([a, n]) => {
        const note = a === 'Exploration' && mazes > 0 ? ` (maze${mazes > 1 ? ` ×${mazes}` : ''})` : '';
        return `${n === 1 ? a : `${a} ×${n}`}${note}`;
      }),
  );
}

/** "2026-11-17 10:00 (declared)" */
export function readReputable(text: string | undefined): { at: Date | null; declared: boolean } {
  if (text === undefined) return { at: null, declared: false };
  const m = /^(.*?)\s*(\(\s*declared\s*\))?$/is.exec(text)!;
  return { at: readInstant(m[1]), declared: m[2] !== undefined };
}

export function writeReputable(at: Date | null, declared: boolean): string {
  return at === null ? NONE : `${formatInstant(at)}${declared ? ' (declared)' : ''}`;
}

/** "Alice (6), Bram (5)" */
export function readParticipants(text: string | undefined): Hand[] {
  return readList(required(text)).map((item) => {
    const m = /^(.+?)\s*\(\s*(\d+)\s*\)$/.exec(item);
    if (!m) throw new FieldError(`"${item}" should be a player and their hand size, like "Alice (5)"`);
    return { player: m[1]!, cards: exactInt(m[2]!) };
  });
}

export function writeParticipants(hands: readonly Hand[]): string {
  return writeList(hands.map((h) => `${h.player} (${h.cards})`));
}

/** "Alice 0, Bram 2": cards per player (final hands, decks) */
export function readFinalHands(text: string | undefined): Hand[] | null {
  if (text === undefined) return null;
  return readList(text).map((item) => {
    const m = /^(.+?)\s*:?\s+(\d+)$/.exec(item);
    if (!m) throw new FieldError(`"${item}" should be a player and a number of cards, like "Bram 2"`);
    return { player: m[1]!, cards: exactInt(m[2]!) };
  });
}

export function writeFinalHands(hands: readonly Hand[] | null): string {
  return hands === null ? NONE : writeList(hands.map((h) => `${h.player} ${h.cards}`));
}

/** "#8, #17" */
export function readCardRefs(text: string | undefined): number[] {
  return readList(text).map((item) => {
    const m = /^#?(\d+)$/.exec(item);
    if (!m) throw new FieldError(`"${item}" is not a card ID like "#17"`);
    return exactInt(m[1]!);
  });
}

export function writeCardRefs(ids: readonly number[]): string {
  return writeList(ids.map((id) => `#${id}`));
}

/** "Cosima 1 Chip; Hollis #24" — each bettor's stake: Chips and/or Holographic cards by ID. */
export function readBets(text: string | undefined): Bet[] {
  if (text === undefined) return [];
  return text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((group) => {
      const m = /^(.+?)\s+((?:\d+\s*chips?|#\d+)(?:\s*,\s*(?:\d+\s*chips?|#\d+))*)$/i.exec(group);
      if (!m) throw new FieldError(`"${group}" should be a bettor and their stake, like "Bram 1 Chip" or "Hollis #24"`);
      const bet: Bet = { player: m[1]!, chips: 0, cards: [] };
      for (const item of m[2]!.split(',').map((s) => s.trim())) {
        if (item.startsWith('#')) bet.cards.push(exactInt(item.slice(1)));
        else bet.chips = exactInt(String(bet.chips + exactInt(/\d+/.exec(item)![0]))); // the sum, too, must be exact
      }
      return bet;
    });
}

export function writeBets(bets: readonly Bet[]): string {
  if (bets.length === 0) return NONE;
  return bets
    .map((b) => {
      const items = [...(b.chips > 0 ? [`${b.chips} Chip${b.chips === 1 ? '' : 's'}`] : []), ...b.cards.map((id) => `#${id}`)];
      return `${b.player} ${items.join(', ')}`;
    })
    .join('; ');
}
