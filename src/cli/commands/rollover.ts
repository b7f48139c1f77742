import type { Command } from 'commander';
import { userInfo } from 'node:os';
import { findGame } from '../../config.ts';
import { hasEngine, readEngineRuleset } from '../../games/registry.ts';
import { computeRollover, countEvents, describeSummary, rollover, type RolloverSummary } from '../../jobs/rollover.ts';
import { withCliLock } from '../../cron/lock.ts';
import { FileStore, finishRun, startRun, type RunEnd } from '../../cron/store.ts';
import { formatInstant } from '../../sim/trail.ts';
import { parseInstant } from '../../sim/instant.ts';
import { buildContext, fail } from '../context.ts';
import { printNotes, readPageFile } from './parse.ts';
import { ConfigError, type Config, type GameConfig } from '../../config.ts';

// `croupier rollover`: apply everything due up to --now on a game's Gamestate page (or, offline,
// on files: the new page on stdout, the summary on stderr).

interface RolloverCliOptions {
  game?: string;
  config?: string;
  ruleset?: string;
  gamestate?: string;
  title: string;
  now?: string;
  dryRun?: boolean;
  force?: boolean;
  by: string;
}

/** How far ahead of this machine's clock --now may be for a saving run (clocks drift a little). */
const CLOCK_SKEW_MS = 60_000;

/** `--now`: the clock when omitted; otherwise a strict ISO 8601 instant, UTC without a zone (InstantError: exit 2). */
export function parseNow(value: string | undefined): Date {
  return value === undefined ? new Date() : parseInstant(value, '--now');
}

function offline(opts: RolloverCliOptions): void {
  const now = parseNow(opts.now);
  const rulesetFile = readPageFile(opts.ruleset!);
  const gamestateFile = readPageFile(opts.gamestate!);
  printNotes(rulesetFile);
  printNotes(gamestateFile);
  const { ruleset } = readEngineRuleset(rulesetFile.text, { page: opts.ruleset, game: 'offline' });
  const { text } = gamestateFile;
  const c = computeRollover(ruleset, { id: 'offline', gamestate: opts.title }, { text, revid: 0 }, {
    now,
    force: opts.force,
    trigger: 'cli (offline)',
    actor: opts.force ? opts.by : undefined,
  });
  process.stdout.write(c.text);
  const { state, changes } = c.result;
  const events = Object.entries(countEvents(changes)).map(([e, n]) => `${n} ${e}`).join(', ');
  process.stderr.write(
    `${opts.gamestate}: phase ${c.fromPhase} → ${state.phase.number} (${state.phase.name}); next rollover ${state.phase.nextRollover ? formatInstant(state.phase.nextRollover) : '-'}\n` +
      `${changes.length} change(s)${events ? `: ${events}` : ''}${c.text === text ? '; the page is unchanged' : ''}\n`,
  );
}

async function online(opts: RolloverCliOptions): Promise<void> {
  const ctx = await buildContext({ config: opts.config, dryRun: opts.dryRun });
  const game = findGame(ctx.config, opts.game!);
  const now = parseNow(opts.now);
  // A save is the point of no return: it may catch up on the past, never apply what has not happened yet.
  if (!opts.dryRun && now.getTime() > Date.now() + CLOCK_SKEW_MS) {
    throw new ConfigError(`--now ${opts.now} is in the future: a saving run cannot apply what has not happened yet (add --dry-run to preview it)`);
  }
  if (!hasEngine(game.kind)) throw new ConfigError(`game ${game.id} (kind ${game.kind}) has no Gamestate engine`);
  const run = () =>
    rollover({ wiki: ctx.client }, game, {
      now,
      dryRun: opts.dryRun,
      force: opts.force,
      trigger: opts.force ? 'manual rollover' : 'cli',
      actor: opts.by,
    });
  // A dry run writes nothing, so it needs neither the lock nor a place in the run log.
  const summary = opts.dryRun ? await run() : await logged(ctx.config, game, opts, run);
  console.log(describeSummary(summary));
  for (const note of summary.save.notes ?? []) console.log(`note: ${note}`);
  if (summary.save.diff) console.log(summary.save.diff);
}

/**
 * A saving run holds the store's process lock (a daemon and a CLI run never act together) and is
 * written to the bot's run log like the daemon's runs.
 */
async function logged(config: Config, { id: game, requestsPage }: GameConfig, opts: RolloverCliOptions, run: () => Promise<RolloverSummary>): Promise<RolloverSummary> {
  const command = `rollover --game ${game}${opts.force ? ' --force' : ''}`;
  return withCliLock(config.store.path, command, async () => {
    const store = new FileStore(config.store.path);
    const id = await startRun(store, { game, kind: 'rollover', trigger: 'manual', actor: opts.by, at: new Date() });
    const finish = (end: Omit<RunEnd, 'at'>) => finishRun(store, id, { ...end, at: new Date() }, config.daemon.maxConsecutiveFailures);
    try {
      const summary = await run();
      await finish({ result: summary.save.changed ? 'changed' : 'no-change', edits: summary.save.changed ? 1 : 0, summary: summary.save.summary });
      return summary;
    } catch (err) {
      await finish({ result: 'failed', error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  }, { requestsPage });
}

export function registerRollover(program: Command): void {
  program
    .command('rollover')
    .description('apply the phase rollovers, grants and rewards due up to --now on a Gamestate page')
    .option('--game <id>', 'game id from the config (reads and saves on the wiki)')
    .option('--config <file>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--ruleset <file>', 'offline: the Ruleset wikitext file')
    .option('--gamestate <file>', 'offline: the Gamestate wikitext file (new text on stdout, summary on stderr)')
    .option('--title <page>', 'offline: the Gamestate page title, for links and messages', 'Cycle 16/Gamestate')
    .option('--now <iso>', 'the instant to compute up to (default: the clock), e.g. 2026-11-19T00:00Z')
    .option('--dry-run', 'print the diff of what would be saved; save nothing')
    .option('--force', 'manual rollover: go to the next phase now, recorded with --by')
    .option('--by <name>', 'who runs it (recorded in History for --force)', userInfo().username)
    .action(async (opts: RolloverCliOptions) => {
      try {
        if (opts.game !== undefined) return await online(opts);
        if (opts.ruleset === undefined || opts.gamestate === undefined) {
          throw new ConfigError('give --game <id>, or --ruleset <file> and --gamestate <file> for an offline run');
        }
        offline(opts);
      } catch (err) {
        fail(err);
      }
    });
}
