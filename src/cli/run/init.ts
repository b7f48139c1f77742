import type { Command } from 'commander';
import { describeInit, init, initProblems } from '../../jobs/init.ts';
import { EXIT, buildContext } from '../context.ts';
import { findGame } from '../../config.ts';
import { logFormatOf } from '../options.ts';

// What `croupier init` does (its options: src/cli/commands/init.ts).

export interface InitCliOptions {
  game: string;
  config?: string;
  apply?: boolean;
}

/** Checks (and with --apply sets up) what the game's first run needs; exit 1 while something is missing. */
export async function runInit(opts: InitCliOptions, command: Command): Promise<void> {
  let game = undefined as ReturnType<typeof findGame> | undefined;
  // It needs the login (that is what it checks); the shutoff guard is its own: it may create that page.
  const ctx = await buildContext({ config: opts.config, logFormat: logFormatOf(command), client: { shutoff: null }, freshLogin: true }, (config) => {
    game = findGame(config, opts.game);
  });
  const report = await init(ctx.client, ctx.config, game!, { apply: opts.apply });
  ctx.progress.stop();
  console.log(describeInit(report, game!, opts.apply === true));
  const problems = initProblems(report, opts.apply === true);
  if (problems.length > 0) {
    for (const p of problems) console.error(`croupier: ${p}`);
    process.exitCode = EXIT.failure;
  }
}
