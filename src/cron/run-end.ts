// How a run that threw ends in the run log (./store.ts): the same for the daemon's runs (./run-recorder.ts) and the
// CLI's, so that a run counts toward halting its game for the same reasons wherever it was started.
import { isWikiUnavailable, WikiError } from '../wiki/errors.ts';
import type { RunEnd } from './store.ts';

/**
 * - `refused`: a person reverted one of the bot's edits (found by the save itself): the game is paused, not failing;
 * - `unavailable`: the wiki was down or read-only for now (src/wiki/errors.ts#isWikiUnavailable): a maintenance lock
 *   is not the game's fault, and halting the game for it would leave it halted once the wiki is back; the next
 *   run tries again. Unless the run made `edits` first: a wiki that saves a run's subpages and then fails its
 *   Gamestate edit at every run (a page its gateway times out on) would cost those edits and their put-backs at
 *   every check, for ever: such a run is `failed`, so that the game halts and its admins are told;
 * - `failed`: anything else, counted toward the halt (daemon.maxConsecutiveFailures).
 */
export function thrownEnd(err: unknown, error: string, at: Date, edits = 0): RunEnd {
  const made = edits > 0 ? { edits } : {};
  if (err instanceof WikiError && err.code === 'paused') return { result: 'refused', at, error, ...made };
  if (!isWikiUnavailable(err)) return { result: 'failed', at, error, ...made };
  if (edits === 0) return { result: 'unavailable', at, error };
  return { result: 'failed', at, edits, error: `${error} (the wiki had saved ${edits} edit(s) of this run: counted as a failure)` };
}
