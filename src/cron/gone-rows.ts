// The rows of the bot's record people removed from a game's Gamestate (src/jobs/record-edits.ts#GoneRows), kept in
// its store: once the bot's rollover saved the page without such a row, no revision of the page holds its record.
import type { GoneRows } from '../jobs/record-edits.ts';
import { gameRecord, type Store } from './store.ts';

export function storeGoneRows(store: Store, game: string): GoneRows {
  return {
    get: async (page) => (await store.read()).games[game]?.goneRows?.[page] ?? [],
    set: async (page, rows) => {
      await store.update((d) => {
        const rec = gameRecord(d, game);
        rec.goneRows = { ...rec.goneRows, [page]: [...rows] };
      });
    },
  };
}
