import type { Command } from 'commander';
import { stableRollover, countEvents, describeSummary, rollover, type RolloverSummary } from '../../jobs/rollover.ts';
import { engineFor } from '../../games/registry.ts';
import { withCliLock } from '../../cron/lock.ts';
import { FileStore, finishRun, startRun, type RunEnd } from '../../cron/store.ts';
import { refuseWhilePaused } from '../../cron/pause.ts';
import { storeRulingsCache } from '../../cron/rulings-memo.ts';
import { storeGoneRows } from '../../cron/gone-rows.ts';
import { rulesetFiles } from '../../cron/ruleset-files.ts';
import { build } from '../../version.ts';
import { thrownEnd } from '../../cron/run-end.ts';
import { formatInstant } from '../../sim/trail.ts';
import { saveDiff, showDiff, type DiffFormat } from '../../wiki/diff.ts';
import { gameContext } from '../context.ts';
import { UsageError } from '../usage.ts';
import { readOfflineGame, readSource } from '../input.ts';
import { fileRulings } from '../../jobs/rulings.ts';
import { logFormatOf, parseNow } from '../options.ts';
import { cliProgress } from '../progress.ts';
import { botAccount, type Config, type GameConfig } from '../../config.ts';

// What `croupier rollover` does (its options: src/cli/commands/rollover.ts): apply everything due up to
// --now on a game's Gamestate page, or offline on files.

export interface RolloverCliOptions {
  game?: string;
  config?: string;
  ruleset?: string;
  gamestate?: string;
  title?: string;
  rulings?: string;
  now?: string;
  dryRun?: boolean;
  force?: boolean;
  by?: string;
  diff: DiffFormat;
}

/** How far ahead of this machine's clock --now may be for a saving run (clocks drift a little). */
const CLOCK_SKEW_MS = 60_000;

async function offline(opts: RolloverCliOptions & { ruleset: string; gamestate: string }, command: Command): Promise<void> {
  const now = parseNow(opts.now);
  if (opts.force && opts.by === undefined) throw new UsageError('an offline --force needs --by <name>: who rolls over, recorded in History');
  const progress = cliProgress(logFormatOf(command));
  progress.step(`reading and parsing ${opts.ruleset} and ${opts.gamestate}`);
  const game = await readOfflineGame(opts.ruleset, opts.gamestate, opts.config);
  const { gamestate } = game;
  // The Rulings page as a file: the admin's own, every line counts (the readings chosen, a generic game's declarations).
  const rulings = opts.rulings === undefined ? undefined : fileRulings((await readSource(opts.rulings, opts.config)).text, opts.rulings, game.ruleset, now);
  for (const w of rulings?.warnings ?? []) process.stderr.write(`warning: ${w}\n`);
  const ruleset = rulings?.ruleset ?? game.ruleset;
  progress.step('computing');
  const title = opts.title ?? gamestate.name;
  const engine = engineFor(ruleset.kind);
  const c = stableRollover(
    ruleset,
    { id: 'offline', gamestate: title },
    { text: gamestate.text, revid: 0 },
    {
      now,
      force: opts.force,
      trigger: 'cli (offline)',
      actor: opts.force ? opts.by : undefined,
      ...(rulings ? { readings: rulings.readings } : {}),
    },
    engine,
  );
  const unchanged = c.text === gamestate.text;
  if (opts.dryRun) progress.step('preparing the diff');
  // A dry run shows what would change; a run prints the new page (to save by hand or pipe on).
  const out = opts.dryRun ? showDiff(opts.diff, title, gamestate.text, c.text, { oldLabel: 'file', newLabel: 'dry run' }) : c.text;
  progress.stop();
  process.stdout.write(out);
  const { state, changes } = c.result;
  const events = Object.entries(countEvents(changes))
    .map(([e, n]) => `${n} ${e}`)
    .join(', ');
  process.stderr.write(
    `${gamestate.name}: ${engine.period} ${c.fromPhase} → ${state.phase.number} (${state.phase.name}); next rollover ${state.phase.nextRollover ? formatInstant(state.phase.nextRollover) : '-'}\n` +
      `${changes.length} change(s)${events ? `: ${events}` : ''}${unchanged ? '; the page is unchanged' : opts.dryRun ? '; dry run: the diff above would be the change' : ''}\n`,
  );
}

async function online(opts: RolloverCliOptions & { game: string }, command: Command): Promise<void> {
  const now = parseNow(opts.now);
  // A save is the point of no return: it may catch up on the past, never apply what has not happened yet.
  if (!opts.dryRun && now.getTime() > Date.now() + CLOCK_SKEW_MS) {
    throw new UsageError(`--now ${opts.now} is in the future: a saving run cannot apply what has not happened yet (add --dry-run to preview it)`);
  }
  const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: opts.dryRun, logFormat: logFormatOf(command) }, opts.game, 'game');
  const actor = opts.by ?? botAccount(ctx.secrets);
  if (opts.force && actor === undefined) throw new UsageError('--force needs --by <name> when no wiki account is configured');
  // The Ruleset as this build read its text before, beside the store (a dry run reads it there, and writes nothing).
  const rulesets = build === undefined ? undefined : rulesetFiles(ctx.config.store.path, build, { write: !opts.dryRun });
  const run = () =>
    // A saving run keeps the memo of the Rulings page's authors in the store (a dry run writes nothing there).
    rollover(
      {
        wiki: ctx.client,
        ...(rulesets ? { readRuleset: rulesets.read } : {}),
        ...(opts.dryRun ? {} : { rulingsCache: storeRulingsCache(new FileStore(ctx.config.store.path), game.id) }),
        // The rows of the bot's record people removed (a dry run reads them, and keeps nothing).
        goneRows: storeGoneRows(new FileStore(ctx.config.store.path), game.id),
      },
      game,
      {
        now,
        dryRun: opts.dryRun,
        force: opts.force,
        trigger: opts.force ? 'manual rollover' : 'cli',
        actor,
      },
    );
  // A dry run writes nothing, so it needs neither the lock nor a place in the run log.
  // A saving run first looks for reverts of the bot's edits: refused (exit 4, not a failed run) while the game is paused.
  if (!opts.dryRun) await refuseWhilePaused(new FileStore(ctx.config.store.path), ctx.client, game);
  const summary = opts.dryRun ? await run() : await logged(ctx.config, game, opts, actor ?? 'cli', run, () => ctx.client.stats.edits);
  ctx.progress.relabel('preparing the diff');
  // The Gamestate's diff, then each bot-owned subpage's (src/jobs/computed-pages.ts).
  const diff = [summary.save, ...summary.subpages]
    .map((s) => saveDiff(s, opts.diff))
    .filter(Boolean)
    .join('\n');
  ctx.progress.stop();
  console.log(describeSummary(summary));
  for (const note of summary.save.notes ?? []) console.log(`note: ${note}`);
  if (diff) console.log(diff.trimEnd());
}

/**
 * A saving run holds the store's process lock (a daemon and a CLI run never act together) and is
 * written to the bot's run log like the daemon's runs.
 */
async function logged(
  config: Config,
  { id: game, requestsPage }: GameConfig,
  opts: RolloverCliOptions,
  actor: string,
  run: () => Promise<RolloverSummary>,
  /** The client's edits so far (those of this run: the CLI runs one). */
  editCount: () => number,
): Promise<RolloverSummary> {
  const command = `rollover --game ${game}${opts.force ? ' --force' : ''}`;
  return withCliLock(
    config.store.path,
    command,
    async () => {
      const store = new FileStore(config.store.path);
      const id = await startRun(store, { game, kind: 'rollover', trigger: 'manual', actor, at: new Date() });
      const finish = (end: RunEnd) => finishRun(store, id, end, config.daemon.maxConsecutiveFailures);
      const editsBefore = editCount();
      try {
        const summary = await run();
        const edits = [summary.save, ...summary.subpages].filter((s) => s.changed).length;
        await finish({ result: edits > 0 ? 'changed' : 'no-change', at: new Date(), edits, summary: summary.save.summary });
        return summary;
      } catch (err) {
        await finish(thrownEnd(err, err instanceof Error ? err.message : String(err), new Date(), editCount() - editsBefore));
        throw err;
      }
    },
    { requestsPage },
  );
}

/** What `croupier rollover` does (src/cli/commands/rollover.ts declares its options). */
export async function runRollover(opts: RolloverCliOptions, command: Command): Promise<void> {
  if (opts.game !== undefined) return online({ ...opts, game: opts.game }, command);
  if (opts.ruleset === undefined || opts.gamestate === undefined) {
    throw new UsageError('give --game <id>, or --ruleset <file> and --gamestate <file> for an offline run');
  }
  await offline({ ...opts, ruleset: opts.ruleset, gamestate: opts.gamestate }, command);
}
