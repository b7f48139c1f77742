import type { Command } from 'commander';
import { FileStore, unfinishedRuns } from '../../cron/store.ts';
import { storeGoneRows } from '../../cron/gone-rows.ts';
import { GamestateError, describeProblems } from '../../games/shared/gamestate-error.ts';
import { alertsOf, describeStatus, gameStatus, statusJson, type Runs, type StatusJson } from '../../jobs/status.ts';
import { EXIT, gameContext } from '../context.ts';
import { describePause } from '../../cron/pause.ts';
import { runAlertCommand } from '../../cron/alert.ts';
import { formatInstant } from '../../sim/trail.ts';
import { readOfflineGame } from '../input.ts';
import { logFormatOf, parseNow } from '../options.ts';
import { UsageError } from '../usage.ts';
import { rulesetFiles } from '../../cron/ruleset-files.ts';
import { build } from '../../version.ts';

// What `croupier status` does (its options: src/cli/commands/status.ts).

export interface StatusCliOptions {
  game?: string;
  config?: string;
  ruleset?: string;
  gamestate?: string;
  now?: string;
  json?: boolean;
}

async function print(opts: StatusCliOptions, status: () => StatusJson | Promise<StatusJson>): Promise<StatusJson> {
  let s: StatusJson;
  try {
    s = await status();
  } catch (err) {
    // status never changes anything: it lists the problems without the rollover's "nothing was changed".
    if (err instanceof GamestateError) throw new Error(describeProblems(err.problems));
    throw err;
  }
  console.log(opts.json ? JSON.stringify(s, null, 2) : describeStatus(s));
  return s;
}

/** The store's record of the last run of this game (src/cron/store.ts; none if it never ran here), and its runs that never finished. */
async function runsOf(storePath: string, game: string): Promise<Runs> {
  const data = await new FileStore(storePath).read();
  const unfinished = unfinishedRuns(data, game).map((r) => ({
    id: r.id,
    kind: r.kind,
    start: r.start,
    note:
      r.result === 'running'
        ? `its process (pid ${r.pid} on ${r.host}) is no longer running; the next run marks it abandoned`
        : `abandoned: ${r.error ?? 'the process stopped before the run finished'}`,
  }));
  const record = data.games[game];
  const when = (iso: string | undefined) => (iso === undefined ? '?' : `${formatInstant(new Date(iso))} UTC`);
  const h = data.daemon;
  const now = Date.now();
  const flags: Runs = {
    daemon: h
      ? {
          lastSeen: h.lastSeen,
          nextExpectedBy: h.nextExpectedBy,
          stoppedAt: h.stoppedAt ?? null,
          overdue: h.stoppedAt === undefined && now > Date.parse(h.nextExpectedBy),
        }
      : null,
    paused: record?.paused ? describePause(game, record.paused) : null,
    halted: record?.halted
      ? `HALTED since ${when(record.haltedAt)}: ${record.haltReason ?? 'too many failures'}; clear it with "* clear" on the request page or "croupier clear --game ${game}"`
      : null,
  };
  if (record?.lastRun === undefined) return { unfinished, ...flags };
  const last = data.runs.find((r) => r.id === record.lastRun!.id);
  const error =
    record.lastRun.result === 'failed' ? record.lastError?.message : ['abandoned', 'unavailable'].includes(record.lastRun.result) ? last?.error : undefined;
  return { lastRun: { at: record.lastRun.at, result: record.lastRun.result, kind: record.lastRun.kind, error }, unfinished, ...flags };
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
  const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: true, logFormat: logFormatOf(command) }, opts.game, 'game');
  const runs = await runsOf(ctx.config.store.path, game.id);
  const s = await print(opts, async () => {
    // The Ruleset as the bot's runs of this build read its text before, beside the store: status writes nothing there.
    const rulesets = build === undefined ? undefined : rulesetFiles(ctx.config.store.path, build, { write: false });
    // The rows of the bot's record people removed, as the store keeps them (gameStatus reads them, and writes none).
    const goneRows = storeGoneRows(new FileStore(ctx.config.store.path), game.id);
    const status = await gameStatus(ctx.client, game, now, runs, { ...(rulesets ? { readRuleset: rulesets.read } : {}), goneRows });
    ctx.progress.stop();
    return status;
  });
  // What needs an admin (for cron or a monitoring system): exit 5; an overdue daemon also runs alert.command.
  if (runs.daemon?.overdue && ctx.config.alert) {
    const problem = await runAlertCommand(ctx.config.alert.command, { kind: 'overdue', reason: alertsOf(runs)[0]! });
    if (problem !== null) console.error(`croupier: ${problem}`);
  }
  if ((s.alerts ?? []).length > 0) process.exitCode = EXIT.attention;
}
