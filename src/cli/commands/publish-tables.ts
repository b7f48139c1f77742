import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import type { DiffFormat } from '../../wiki/diff-format.ts';
import { diffOption, logFormatOf } from '../options.ts';

interface Options {
  game: string;
  dryRun?: boolean;
  config?: string;
  trigger?: string;
  diff: DiffFormat;
}

/** `croupier publish-tables --game <id> [--dry-run] [--config <path>]` */
export function registerPublishTables(program: Command): void {
  program
    .command('publish-tables')
    .description(COMMANDS['publish-tables'].description)
    .requiredOption('--game <id>', 'game id from the config')
    .option('--dry-run', 'print the diff of what would be saved; write nothing')
    .addOption(diffOption())
    .option('--config <path>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json, else the embedded default)')
    .option('--trigger <what>', 'what started this run, for the edit summary', 'cli')
    .action(async (opts: Options, command: Command) => {
      // Loaded when the command runs: `publish-tables --help` starts without the wiki client or the games.
      const [{ publishTables }, { saveDiff }, { gameContext }] = await Promise.all([import('../../jobs/publish-tables.ts'), import('../../wiki/diff.ts'), import('../context.ts')]);
      const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: opts.dryRun, logFormat: logFormatOf(command) }, opts.game, 'tables');
      const r = await publishTables(ctx, game, { dryRun: opts.dryRun, trigger: opts.trigger });
      ctx.progress.relabel('preparing the diff');
      const diff = r.save.dryRun && r.save.changed ? saveDiff(r.save, opts.diff) : '';
      ctx.progress.stop();
      for (const w of r.warnings) console.error(`warning: ${w}`);
      for (const n of r.save.notes ?? []) console.error(`note: ${n}`);
      if (r.save.dryRun) {
        if (r.save.changed) {
          process.stdout.write(diff);
          console.log(`dry run, nothing written. On "${r.page}" (revision ${r.save.oldRevid}) the bot would have ${r.change}.`);
          if (r.save.summary) console.log(`summary: ${r.save.summary}`);
        } else {
          console.log(`dry run: "${r.page}" is up to date with ${game.ruleset} r${r.rulesetRevid}; nothing to write`);
        }
      } else if (r.save.changed) {
        console.log(`${r.change} on "${r.page}": revision ${r.save.oldRevid} → ${r.save.revid}`);
        console.log(r.url);
      } else {
        console.log(`"${r.page}" is up to date with ${game.ruleset} r${r.rulesetRevid}: no edit`);
        console.log(r.url);
      }
    });
}
