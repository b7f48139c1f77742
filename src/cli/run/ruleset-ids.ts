import type { Command } from 'commander';
import { findGame } from '../../config.ts';
import { rulesetIds } from '../../jobs/ruleset-ids.ts';
import { saveDiff } from '../../wiki/diff.ts';
import type { DiffFormat } from '../../wiki/diff-format.ts';
import { buildContext } from '../context.ts';
import { logFormatOf } from '../options.ts';

// What `croupier ruleset-ids` does (its options: src/cli/commands/ruleset-ids.ts).

export interface RulesetIdsCliOptions {
  game: string;
  apply?: boolean;
  config?: string;
  trigger?: string;
  diff: DiffFormat;
}

/** Prints the diff of the IDs to assign, or with --apply saves it. */
export async function runRulesetIds(opts: RulesetIdsCliOptions, command: Command): Promise<void> {
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
}
