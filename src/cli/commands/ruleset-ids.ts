import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import type { findGame } from '../../config.ts';
import type { DiffFormat } from '../../wiki/diff-format.ts';
import { diffOption, logFormatOf } from '../options.ts';

interface Options {
  game: string;
  apply?: boolean;
  config?: string;
  trigger?: string;
  diff: DiffFormat;
}

/** `croupier ruleset-ids --game <id> [--apply]`: the diff of the IDs the rules assign on the Ruleset; saved only with --apply. */
export function registerRulesetIds(program: Command): void {
  program
    .command('ruleset-ids')
    .description(COMMANDS['ruleset-ids'].description)
    .requiredOption('--game <id>', 'game id from the config')
    .option('--apply', 'save the edit of the Ruleset page (without it: print the diff, write nothing)')
    .addOption(diffOption())
    .option('--config <path>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json, else the embedded default)')
    .option('--trigger <what>', 'what started this run, for the edit summary', 'cli')
    .action(async (opts: Options, command: Command) => {
      // Loaded when the command runs: `ruleset-ids --help` starts without the wiki client or the games.
      const [{ rulesetIds }, { saveDiff }, { buildContext }, { findGame }] = await Promise.all([import('../../jobs/ruleset-ids.ts'), import('../../wiki/diff.ts'), import('../context.ts'), import('../../config.ts')]);
      let game = undefined as ReturnType<typeof findGame> | undefined;
      const ctx = await buildContext({ config: opts.config, dryRun: !opts.apply, logFormat: logFormatOf(command) }, (config) => {
        game = findGame(config, opts.game);
      });
      const r = await rulesetIds(ctx, game!, { apply: opts.apply, trigger: opts.trigger });
      const diff = r.save.changed ? saveDiff(r.save, opts.diff) : '';
      ctx.progress.stop();
      if (!r.save.changed) {
        console.log(`"${r.page}": every Garbage item has its ID; nothing to write`);
      } else if (r.save.dryRun) {
        process.stdout.write(diff);
        for (const c of r.changes) console.log(`would assign ${c}`);
        console.log(`dry run, nothing written to "${r.page}" (revision ${r.save.oldRevid}); --apply saves it`);
      } else {
        for (const c of r.changes) console.log(`assigned ${c}`);
        console.log(`"${r.page}": revision ${r.save.oldRevid} → ${r.save.revid}`);
      }
    });
}
