import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { refereeFor } from '../../games/registry.ts';
import { referee, type RefereeSummary, type RefereeWiki } from '../../jobs/referee.ts';
import { describeSaves, DryRunWiki } from '../../cron/dry-run.ts';
import { storeSecrets } from '../../cron/referee-runner.ts';
import { withCliLock } from '../../cron/lock.ts';
import { FileStore, MemoryStore, emptyStore, finishRun, startRun, type Store } from '../../cron/store.ts';
import type { DiffFormat } from '../../wiki/diff-format.ts';
import { refuseWhilePaused } from '../../cron/pause.ts';
import { thrownEnd } from '../../cron/run-end.ts';
import { gameContext } from '../context.ts';
import { logFormatOf, parseNow } from '../options.ts';
import { UsageError } from '../usage.ts';
import { WikiError } from '../../wiki/errors.ts';
import { rulesetFiles } from '../../cron/ruleset-files.ts';
import { build } from '../../version.ts';

// What `croupier referee` does (its options: src/cli/commands/referee.ts).

export interface RefereeCliOptions {
  game: string;
  config?: string;
  now?: string;
  dryRun?: boolean;
  diff: DiffFormat;
}

export function describeReferee(s: RefereeSummary, actionsPage: string): string {
  return [
    `phase ${s.phase}: commitment ${s.commitment ?? 'none'}`,
    ...(s.revealed.length ? [`revealed the secret of phase ${s.revealed.join(', ')}`] : []),
    `${actionsPage}: ${s.done} request(s) done, ${s.refused} refused, ${s.failed} failed${s.waiting ? `, ${s.waiting} waiting` : ''}; ${s.edits} edit(s)`,
    ...(s.problem ? [`problem: ${s.problem}`] : []),
  ].join('\n');
}

/**
 * One referee pass under the store's process lock, logged as a run; with --dry-run, every save a dry run
 * (its diff printed) on a copy of the store in memory: no wiki edit, no store write, no lock.
 */
export async function runReferee(opts: RefereeCliOptions, command: Command): Promise<void> {
  const now = parseNow(opts.now);
  if (now.getTime() > Date.now() + 60_000) throw new UsageError(`--now ${opts.now} is in the future: the referee cannot resolve a request before it is made`);
  const { game, config, client, progress } = await gameContext(
    { config: opts.config, dryRun: opts.dryRun, logFormat: logFormatOf(command) },
    opts.game,
    'game',
  );
  if (refereeFor(game.kind) === undefined) throw new UsageError(`game ${game.id} (kind ${game.kind}) has no actions for the referee`);
  const pages = {
    botNames: client.names.slice(0, 1),
    settings: client.settings,
    readPages: client.readPages.bind(client),
    save: client.save.bind(client),
    // No actions page yet: no requests.
    history: (title: string, limit: number) =>
      client.history(title, limit).catch((err: unknown) => {
        if (err instanceof WikiError && err.code === 'missing') return [];
        throw err;
      }),
    userGroups: client.userGroups.bind(client),
    revisionsInForce: client.revisionsInForce.bind(client),
    revisions: client.revisions.bind(client),
    purge: client.purge.bind(client),
  };
  // The Ruleset as this build read its text before, beside the store (a dry run reads it there, and writes nothing).
  const rulesets = build === undefined ? undefined : rulesetFiles(config.store.path, build, { write: !opts.dryRun });
  const pass = (wiki: RefereeWiki, store: Store) =>
    referee(
      {
        wiki,
        secrets: storeSecrets(store),
        ...(rulesets ? { readRuleset: rulesets.read } : {}),
        ...(opts.now === undefined ? {} : { now: () => now }),
      },
      {
        id: game.id,
        kind: game.kind,
        ruleset: game.ruleset,
        gamestate: game.gamestate,
        actionsPage: game.actionsPage,
        statusPage: game.statusPage,
        lookback: game.requestsLookback,
        rulingsPage: game.rulingsPage,
        allowedGroups: game.allowedGroups,
      },
    );
  if (opts.dryRun) {
    const wiki = Object.assign(new DryRunWiki(pages), { botNames: pages.botNames });
    // No store file yet: nothing to read (and no directory or lock file made to read it).
    const seed = existsSync(config.store.path) ? await new FileStore(config.store.path).read() : emptyStore();
    const summary = await pass(wiki, new MemoryStore(seed));
    progress.relabel('preparing the diffs');
    const saves = describeSaves(wiki.saves, opts.diff);
    progress.stop();
    console.log(
      [
        'dry run: nothing is written (no wiki edit, no store write). A phase secret the store does not hold yet is made for this run only: the draws shown are not those a real run makes.',
        describeReferee(summary, game.actionsPage),
        ...saves,
      ].join('\n'),
    );
    return;
  }
  const summary = await withCliLock(
    config.store.path,
    `referee --game ${game.id}`,
    async () => {
      const store = new FileStore(config.store.path);
      await refuseWhilePaused(store, client, game); // refused (exit 4) while a person's revert of the bot pauses the game
      const id = await startRun(store, { game: game.id, kind: 'referee', trigger: 'manual', at: new Date() });
      const editsBefore = client.stats.edits;
      try {
        const s = await pass(pages, store);
        await finishRun(
          store,
          id,
          { result: s.edits > 0 ? 'changed' : 'no-change', at: new Date(), edits: s.edits, summary: `referee: ${s.done} done, ${s.refused} refused` },
          config.daemon.maxConsecutiveFailures,
        );
        return s;
      } catch (err) {
        const end = thrownEnd(err, err instanceof Error ? err.message : String(err), new Date(), client.stats.edits - editsBefore);
        await finishRun(store, id, end, config.daemon.maxConsecutiveFailures);
        throw err;
      }
    },
    { requestsPage: game.requestsPage },
  );
  progress.stop();
  console.log(describeReferee(summary, game.actionsPage));
}
