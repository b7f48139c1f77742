import type { Command } from 'commander';
import { publishTables } from '../../jobs/publish-tables.ts';
import { saveDiff } from '../../wiki/diff.ts';
import type { DiffFormat } from '../../wiki/diff-format.ts';
import { gameContext } from '../context.ts';
import { refuseWhilePaused } from '../../cron/pause.ts';
import { FileStore } from '../../cron/store.ts';
import { logFormatOf } from '../options.ts';

// What `croupier publish-tables` does (its options: src/cli/commands/publish-tables.ts).

export interface PublishTablesCliOptions {
  game: string;
  dryRun?: boolean;
  config?: string;
  trigger?: string;
  diff: DiffFormat;
}

/** Writes the game's computed tables into its tables page, or with --dry-run prints the diff. */
export async function runPublishTables(opts: PublishTablesCliOptions, command: Command): Promise<void> {
  const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: opts.dryRun, logFormat: logFormatOf(command) }, opts.game, 'tables');
  // Refused (exit 4) while a person's revert of the bot's edits pauses the game (a dry run only reads).
  if (!opts.dryRun) await refuseWhilePaused(new FileStore(ctx.config.store.path), ctx.client, game);
  const r = await publishTables(ctx, game, { dryRun: opts.dryRun, trigger: opts.trigger });
  ctx.progress.relabel('preparing the diff');
  // The tables page's diff, then its subpage's (on the Gamestate page, the tables are on <gamestate>/Card tables).
  const saves = [r.save, ...r.subpages].filter((s) => s.changed);
  const diff = r.save.dryRun ? saves.map((s) => saveDiff(s, opts.diff)).join('') : '';
  ctx.progress.stop();
  for (const w of r.warnings) console.error(`warning: ${w}`);
  for (const n of r.save.notes ?? []) console.error(`note: ${n}`);
  if (r.save.dryRun) {
    if (saves.length > 0) {
      process.stdout.write(diff);
      console.log(
        `dry run, nothing written. On ${saves.map((s) => `"${s.title}" (${s.oldRevid === undefined ? 'a new page' : `revision ${s.oldRevid}`})`).join(' and ')} the bot would have ${r.change}.`,
      );
      for (const s of saves) if (s.summary) console.log(`summary: ${s.summary}`);
    } else {
      console.log(`dry run: "${r.page}" is up to date with ${game.ruleset} r${r.rulesetRevid}; nothing to write`);
    }
  } else if (saves.length > 0) {
    for (const s of saves) console.log(`${r.change} on "${s.title}": ${s.oldRevid === undefined ? 'new page' : `revision ${s.oldRevid}`} → ${s.revid}`);
    console.log(r.url);
  } else {
    console.log(`"${r.page}" is up to date with ${game.ruleset} r${r.rulesetRevid}: no edit`);
    console.log(r.url);
  }
}
