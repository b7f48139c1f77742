// The bot's memo of a game's Rulings page (src/jobs/rulings.ts#RulingsMemo), kept in its store: the store is the
// bot's own record, so who added a ruling line is never taken from anything a person can write.
import type { RulingsCache } from '../jobs/rulings.ts';
import { gameRecord, type Store } from './store.ts';

export function storeRulingsCache(store: Store, game: string): RulingsCache {
  return {
    get: async (page) => (await store.read()).games[game]?.rulings?.[page],
    set: async (page, memo) => {
      await store.update((d) => {
        const rec = gameRecord(d, game);
        rec.rulings = { ...rec.rulings, [page]: memo };
      });
    },
  };
}
