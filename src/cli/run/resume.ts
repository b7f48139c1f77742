import { existsSync } from 'node:fs';
import { findGame, loadConfig } from '../../config.ts';
import { describePause, resumeGame } from '../../cron/pause.ts';
import { FileStore } from '../../cron/store.ts';
import { defaultBy } from './clear.ts';

// What `croupier resume` does: lift a game's pause in the store (its options: src/cli/commands/resume.ts).

export interface ResumeCliOptions {
  game: string;
  config?: string;
  by?: string;
  dryRun?: boolean;
}

export async function runResume(opts: ResumeCliOptions): Promise<void> {
  const config = loadConfig(opts.config);
  findGame(config, opts.game);
  const by = opts.by ?? defaultBy(opts.config);
  const store = new FileStore(config.store.path);
  if (opts.dryRun) {
    // No store file yet: nothing is paused (and no directory or lock file made to read it).
    const paused = existsSync(config.store.path) ? (await store.read()).games[opts.game]?.paused : undefined;
    console.log(
      paused
        ? `dry run: ${opts.game} is ${describePause(opts.game, paused)}; resuming would lift it, recorded as done by ${by}.`
        : `dry run: ${opts.game} is not paused; nothing to resume.`,
    );
    return;
  }
  const was = await resumeGame(store, opts.game, by, new Date());
  if (was) {
    console.log(`${opts.game}: resumed by ${by}; it was ${describePause(opts.game, was)}.`);
    console.log('From the next run on, the bot computes from the pages as they are now.');
  } else {
    console.log(`${opts.game}: was not paused; nothing to resume.`);
  }
}
