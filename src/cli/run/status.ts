import type { Command } from 'commander';
import { FileStore, unfinishedRuns } from '../../cron/store.ts';
import { GamestateError, describeProblems } from '../../games/shared/gamestate-error.ts';
import { describeStatus, gameStatus, statusJson, type LastRun, type Runs, type StatusJson } from '../../jobs/status.ts';
import { gameContext } from '../context.ts';
import { readOfflineGame } from '../input.ts';
import { logFormatOf, parseNow } from '../options.ts';
import { UsageError } from '../usage.ts';

// What `croupier status` does (its options: src/cli/commands/status.ts).

export interface StatusCliOptions {
  game?: string;
  config?: string;
  ruleset?: string;
  gamestate?: string;
  now?: string;
  json?: boolean;
}

async function print(opts: StatusCliOptions, status: () => StatusJson | Promise<StatusJson>): Promise<void> {
  let s;
  try {
    s = await status();
  } catch (err) {
    // status never changes anything: it lists the problems without the rollover's "nothing was changed".
    if (err instanceof GamestateError) throw new Error(describeProblems(err.problems));
    throw err;
  }
  console.log(opts.json ? JSON.stringify(s, null, 2) : describeStatus(s));
}

/** The store's record of the last run of this game (src/cron/store.ts; none if it never ran here), and its runs that never finished. */
async function runsOf(storePath: string, game: string): Promise<Runs> {
  const data = await new FileStore(storePath).read();
  const unfinished = unfinishedRuns(data, game).map((r) => ({
    id: r.id, kind: r.kind, start: r.start,
    note: r.result === 'running'
      ? `its process (pid ${r.pid} on ${r.host}) is no longer running; the next run marks it abandoned`
      : `abandoned: ${r.error ?? 'the process stopped before the run finished'}`,
  }));
  const record = data.games[game];
  if (record?.lastRun === undefined) return { unfinished };
  const last = data.runs.find((r) => r.id === record.lastRun!.id);
  const error = record.lastRun.result === 'failed' ? record.lastError?.message : record.lastRun.result === 'abandoned' ? last?.error : undefined;
  return { lastRun: { at: record.lastRun.at, result: record.lastRun.result, kind: record.lastRun.kind, error }, unfinished };
}

/** Prints the status of a game on the wiki, or offline of two files. */
export async function runStatus(opts: StatusCliOptions, command: Command): Promise<void> {
  const now = parseNow(opts.now);
  if (opts.game === undefined) {
    if (opts.ruleset === undefined || opts.gamestate === undefined) {
      throw new UsageError('give --game <id>, or --ruleset <file> and --gamestate <file>');
    }
    // The game's kind is detected from the Ruleset page.
    const { ruleset, gamestate } = await readOfflineGame(opts.ruleset, opts.gamestate, opts.config);
    await print(opts, () => statusJson(ruleset, { id: 'offline', gamestate: gamestate.name }, { text: gamestate.text, revid: 0 }, now));
    return;
  }
  const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: true, logFormat: logFormatOf(command) }, opts.game, 'engine');
  const runs = await runsOf(ctx.config.store.path, game.id);
  await print(opts, async () => {
    const status = await gameStatus(ctx.client, game, now, runs);
    ctx.progress.stop();
    return status;
  });
}
