import type { Command } from 'commander';
import { refereeFor } from '../../games/registry.ts';
import { referee, type RefereeSummary } from '../../jobs/referee.ts';
import { storeSecrets } from '../../cron/referee.ts';
import { withCliLock } from '../../cron/lock.ts';
import { FileStore, finishRun, startRun } from '../../cron/store.ts';
import { refuseWhilePaused } from '../../cron/pause.ts';
import { gameContext } from '../context.ts';
import { logFormatOf, parseNow } from '../options.ts';
import { UsageError } from '../usage.ts';
import { WikiError } from '../../wiki/errors.ts';

// What `croupier referee` does (its options: src/cli/commands/referee.ts).

export interface RefereeCliOptions {
  game?: string;
  config?: string;
  now?: string;
}

export function describeReferee(s: RefereeSummary, actionsPage: string): string {
  return [
    `phase ${s.phase}: commitment ${s.commitment ?? 'none'}`,
    ...(s.revealed.length ? [`revealed the secret of phase ${s.revealed.join(', ')}`] : []),
    `${actionsPage}: ${s.done} request(s) done, ${s.refused} refused, ${s.failed} failed${s.waiting ? `, ${s.waiting} waiting` : ''}; ${s.edits} edit(s)`,
    ...(s.problem ? [`problem: ${s.problem}`] : []),
  ].join('\n');
}

/** One referee pass under the store's process lock, logged as a run. */
export async function runReferee(opts: RefereeCliOptions, command: Command): Promise<void> {
  if (opts.game === undefined) throw new UsageError('give --game <id>');
  const now = parseNow(opts.now);
  if (now.getTime() > Date.now() + 60_000) throw new UsageError(`--now ${opts.now} is in the future: the referee cannot resolve a request before it is made`);
  const { game, config, client, progress } = await gameContext({ config: opts.config, logFormat: logFormatOf(command) }, opts.game, 'engine');
  if (refereeFor(game.kind) === undefined) throw new UsageError(`game ${game.id} (kind ${game.kind}) has no actions for the referee`);
  const summary = await withCliLock(config.store.path, `referee --game ${game.id}`, async () => {
    const store = new FileStore(config.store.path);
    await refuseWhilePaused(store, client, game); // refused (exit 4) while a person's revert of the bot pauses the game
    const id = await startRun(store, { game: game.id, kind: 'referee', trigger: 'manual', at: new Date() });
    try {
      const wiki = {
        readPages: client.readPages.bind(client),
        save: client.save.bind(client),
        // No actions page yet: no requests.
        history: (title: string, limit: number) => client.history(title, limit).catch((err: unknown) => {
          if (err instanceof WikiError && err.code === 'missing') return [];
          throw err;
        }),
        userGroups: client.userGroups.bind(client),
      };
      const s = await referee({ wiki, secrets: storeSecrets(store), ...(opts.now === undefined ? {} : { now: () => now }) }, {
        id: game.id, kind: game.kind, ruleset: game.ruleset, gamestate: game.gamestate, actionsPage: game.actionsPage, statusPage: game.statusPage, lookback: game.requestsLookback,
        rulingsPage: game.rulingsPage, allowedGroups: game.allowedGroups,
      });
      await finishRun(store, id, { result: s.edits > 0 ? 'changed' : 'no-change', at: new Date(), edits: s.edits, summary: `referee: ${s.done} done, ${s.refused} refused` }, config.daemon.maxConsecutiveFailures);
      return s;
    } catch (err) {
      await finishRun(store, id, { result: 'failed', at: new Date(), error: err instanceof Error ? err.message : String(err) }, config.daemon.maxConsecutiveFailures);
      throw err;
    }
  }, { requestsPage: game.requestsPage });
  progress.stop();
  console.log(describeReferee(summary, game.actionsPage));
}
