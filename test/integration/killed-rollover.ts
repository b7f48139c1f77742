// The parent side of killed-rollover-child.ts: a real rollover in a child process, killed with SIGKILL by its PID
// at a chosen moment of its run (the save's beforeEdit/afterEdit hooks, or a step of the job: RolloverStep).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import type { RolloverGame, RolloverStep } from '../../src/jobs/rollover.ts';
import { childEnv, root } from './helpers.ts';

/**
 * A real rollover in a child process (killed-rollover-child.ts), SIGKILLed by its PID at `at`: 'ready' — it has
 * read and computed and is about to send its edit; 'saved' — the wiki saved its edit and the process has not seen
 * the answer through (no merge check, no correction); a step of the job (e.g. 'archived': History rows moved to
 * the archive pages, the Gamestate not saved yet). `window` runs while the child waits at 'ready' (a human edit).
 * Returns the revision the child read and, if it saved, the one it saved.
 */
export async function killedRollover(
  game: RolloverGame,
  now: Date,
  at: 'ready' | 'saved' | RolloverStep,
  window?: () => Promise<unknown>,
): Promise<{ read: number; saved?: number }> {
  const step = at === 'ready' || at === 'saved' ? [] : [at];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./killed-rollover-child.ts', import.meta.url).pathname, JSON.stringify(game), now.toISOString(), ...step],
    {
      cwd: root,
      env: childEnv(),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const said = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (word: string): Promise<number> => {
    const { value, done } = await said.next();
    expect(done, `the child said "${word}"`).toBe(false);
    const m = new RegExp(`^${word} (\\d+)$`).exec(String(value));
    expect(m, `the child said "${word} <revid>", not "${String(value)}"`).not.toBeNull();
    return Number(m![1]);
  };
  try {
    if (step.length > 0) {
      // Stopped at that step of the job, before its Gamestate edit is sent.
      const read = await next(`at ${at}`);
      process.kill(child.pid!, 'SIGKILL');
      expect(await exited).toBe('SIGKILL');
      return { read };
    }
    const read = await next('ready');
    if (at === 'ready') {
      process.kill(child.pid!, 'SIGKILL');
      expect(await exited).toBe('SIGKILL');
      return { read };
    }
    await window?.();
    child.stdin!.write('go\n');
    const saved = await next('saved');
    process.kill(child.pid!, 'SIGKILL');
    expect(await exited).toBe('SIGKILL');
    return { read, saved };
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
  }
}
