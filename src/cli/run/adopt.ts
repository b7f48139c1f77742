import type { Command } from 'commander';
import { findGame } from '../../config.ts';
import { adopt, adoptText } from '../../jobs/adopt.ts';
import { parseInstant } from '../../sim/instant.ts';
import { saveDiff, showDiff } from '../../wiki/diff.ts';
import { buildContext } from '../context.ts';
import { printNotes, readSource } from '../input.ts';
import { logFormatOf, parseNow } from '../options.ts';
import { UsageError } from '../usage.ts';
import type { RolloverCliOptions } from './rollover.ts';

// What `croupier adopt` does (its options: src/cli/commands/adopt.ts).

/** The options it shares with `rollover` (game or files, --now, --dry-run, --diff), and the cycle start. */
export interface AdoptCliOptions extends Pick<RolloverCliOptions, 'game' | 'config' | 'ruleset' | 'gamestate' | 'title' | 'now' | 'dryRun' | 'diff'> {
  cycleStart?: string;
}

export async function runAdopt(opts: AdoptCliOptions, command: Command): Promise<void> {
  const offlineFiles = opts.ruleset !== undefined || opts.gamestate !== undefined;
  if (opts.game !== undefined && offlineFiles) throw new UsageError('give either --game or --ruleset and --gamestate, not both');
  if (opts.game === undefined && (opts.ruleset === undefined || opts.gamestate === undefined))
    throw new UsageError('give --game <id>, or --ruleset <file> and --gamestate <file>');
  const now = parseNow(opts.now);
  const cycleStart = opts.cycleStart === undefined ? undefined : parseInstant(opts.cycleStart, '--cycle-start');
  if (opts.game === undefined) return offline({ ...opts, ruleset: opts.ruleset!, gamestate: opts.gamestate! }, now, cycleStart);
  let game = undefined as ReturnType<typeof findGame> | undefined;
  const ctx = await buildContext({ config: opts.config, dryRun: opts.dryRun, logFormat: logFormatOf(command) }, (config) => {
    game = findGame(config, opts.game!);
  });
  const r = await adopt(ctx, game!, { now, cycleStart, dryRun: opts.dryRun });
  const diff = r.save.changed && r.save.dryRun ? saveDiff(r.save, opts.diff) : '';
  ctx.progress.stop();
  if (!r.save.changed) {
    console.log(`"${r.page}" already has Croupier's regions (Phase record and History); nothing to write`);
  } else if (r.save.dryRun) {
    process.stdout.write(diff);
    console.log(`dry run, nothing written to "${r.page}" (revision ${r.save.oldRevid}); it would add: ${r.added.join('; ')}`);
  } else {
    console.log(`"${r.page}": added ${r.added.join('; ')}; revision ${r.save.oldRevid} → ${r.save.revid}`);
  }
}

/** The adopted page on stdout (with --dry-run its diff); what was added on stderr. */
async function offline(opts: AdoptCliOptions & { ruleset: string; gamestate: string }, now: Date, cycleStart: Date | undefined): Promise<void> {
  const ruleset = await readSource(opts.ruleset, opts.config);
  const gamestate = await readSource(opts.gamestate, opts.config);
  printNotes(ruleset);
  printNotes(gamestate);
  const title = opts.title ?? gamestate.name;
  const adoption = adoptText(gamestate.text, { text: ruleset.text, title: opts.ruleset === '-' ? undefined : ruleset.name }, title, { now, cycleStart });
  process.stdout.write(opts.dryRun ? showDiff(opts.diff, title, gamestate.text, adoption.text, { oldLabel: 'file', newLabel: 'dry run' }) : adoption.text);
  process.stderr.write(
    adoption.changed ? `${gamestate.name}: added ${adoption.added.join('; ')}\n` : `${gamestate.name} already has Croupier's regions; the page is unchanged\n`,
  );
}
