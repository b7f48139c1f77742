import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { latestHistoryTime } from '../../shared/history-time.ts';
import { rowsByKey } from '../../kit/page-checks.ts';
import { readPage } from '../../kit/page-reader.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import type { CardRef, Gamestate, Player } from './schema.ts';
import { gamestatePage } from './tables.ts';

// Reading the Round 10 Gamestate page: every table by its headers, every cell through its column's
// reader, then the cross-checks (names, cards, lots, works). Any problem means a GamestateError
// naming page, table, row and cell, and no edit.

export function readGamestate(text: string, page: string | undefined, ruleset: Round10Ruleset): Gamestate {
  return readGamestateDocument(readDocument(text, { page }), ruleset);
}

export function readGamestateDocument(doc: WikiDocument, ruleset: Round10Ruleset): Gamestate {
  return readPage(doc, gamestatePage, undefined, {
    build: ({ history }) => ({ historyLatest: latestHistoryTime(history) }),
    check: (state, problems) => crossCheck(state, ruleset, doc.page, problems),
  });
}

/** The names, cards and references the tables share must agree: the bot never guesses which was meant. */
function crossCheck(s: Gamestate, ruleset: Round10Ruleset, page: string | undefined, problems: Problem[]): void {
  const at = (table: string, row: number | undefined, column: string) => ({ page, table, row, column });
  const names = rowsByKey(
    s.players,
    (p) => p.name,
    (p) => problems.push({ message: `the player ${p.name} is listed twice`, location: at('Players', p.row, 'Player') }),
  );
  const checkCards = (cards: readonly CardRef[], where: ReturnType<typeof at>) => {
    for (const c of cards) {
      const suit = ruleset.suits.find((x) => x.name === c.suit);
      if (suit === undefined) {
        problems.push({ message: `"${c.rank} of ${c.suit}": ${c.suit} is not a suit of the Suits table`, location: where });
        continue;
      }
      const archetype = ruleset.ranks.find((a) => a.name === suit.archetype);
      if (!archetype?.ranks.includes(c.rank))
        problems.push({ message: `"${c.rank} of ${c.suit}": ${c.rank} is not a rank of the ${suit.archetype} archetype`, location: where });
    }
  };
  const player = (name: string | null, where: ReturnType<typeof at>, what: string) => {
    if (name !== null && !names.has(name)) problems.push({ message: `${what} ${name} is not in the Players table`, location: where });
  };
  for (const p of s.players) checkCards(p.cards, at('Players', p.row, 'Cards'));
  for (const c of s.contracts) {
    c.parties.forEach((x) => player(x, at('Contracts', c.row, 'Parties'), 'the party'));
    checkCards(c.items.cards, at('Contracts', c.row, 'Items'));
  }
  const lotIds = new Set<string>();
  for (const l of s.lots) {
    if (lotIds.has(l.id)) problems.push({ message: `the lot ${l.id} is listed twice`, location: at('Lots', l.row, 'Lot') });
    lotIds.add(l.id);
    if (l.kind === 'Player' && l.creator === null) problems.push({ message: 'a Player Lot needs its creator', location: at('Lots', l.row, 'Creator') });
    player(l.creator, at('Lots', l.row, 'Creator'), 'the creator');
    checkCards(l.items.cards, at('Lots', l.row, 'Items'));
  }
  const ids = new Set<string>();
  for (const a of s.secrets) {
    if (ids.has(a.id)) problems.push({ message: `the action ${a.id} is listed twice`, location: at('Secret actions', a.row, 'Action') });
    ids.add(a.id);
    player(a.player, at('Secret actions', a.row, 'Player'), 'the player');
  }
  const works = new Set(s.works.map((w) => w.id));
  const held = (ws: readonly string[], where: ReturnType<typeof at>) =>
    ws.filter((w) => !works.has(w)).forEach((w) => problems.push({ message: `the Work of Art ${w} is not in the Works of Art table`, location: where }));
  s.players.forEach((p: Player) => held(p.works, at('Players', p.row, 'Works of Art')));
  s.lots.forEach((l) => held(l.items.works, at('Lots', l.row, 'Items')));
  if (s.phase.starPrice !== null && s.phase.starPriceSet === null) {
    problems.push({
      message: 'the Star Price is set but not when: write the time it was generated (it is set to null at the beginning of the next Sunday)',
      location: at('Round', 1, 'Star Price set (UTC)'),
    });
  }
  if (s.phase.judge !== null) player(s.phase.judge, at('Round', 1, 'Judge'), 'the Judge');
}
