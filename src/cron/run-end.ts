// How a run that threw ends in the run log (./store.ts): the same for the daemon's runs (./run-recorder.ts) and the
// CLI's, so that a run counts toward halting its game for the same reasons wherever it was started.
import { isWikiUnavailable, WikiError } from '../wiki/errors.ts';
import type { RunEnd } from './store.ts';

/**
 * - `refused`: a person reverted one of the bot's edits (found by the save itself): the game is paused, not failing;
 * - `unavailable`: the wiki was down or read-only for now (src/wiki/errors.ts#isWikiUnavailable): a maintenance lock
 *   is not the game's fault, and halting the game for it would leave it halted once the wiki is back; the next
 *   run tries again;
 * - `failed`: anything else, counted toward the halt (daemon.maxConsecutiveFailures).
 */
export function thrownEnd(err: unknown, error: string, at: Date): RunEnd {
  const result = err instanceof WikiError && err.code === 'paused' ? 'refused' : isWikiUnavailable(err) ? 'unavailable' : 'failed';
  return { result, at, error };
}
