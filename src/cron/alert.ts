// `alert.command` (optional, in the config): a shell command run when a game is halted or paused (by the
// daemon, at that moment) and when `croupier status` finds the daemon overdue — a mail, a chat message, a
// pager. What happened is in its environment: CROUPIER_ALERT (halt, pause or overdue), CROUPIER_ALERT_GAME
// (the game's id; empty for overdue), CROUPIER_ALERT_REASON (the reason in plain words). Its failure is logged,
// never the bot's: at most 30 s, then it is killed.
import { spawn } from 'node:child_process';

export interface Alert {
  kind: 'halt' | 'pause' | 'overdue';
  game?: string;
  reason: string;
}

export const ALERT_TIMEOUT_MS = 30_000;

/** Run `command` with the alert in its environment; resolves with what went wrong, or null. Never throws. */
export function runAlertCommand(command: string, a: Alert, timeoutMs = ALERT_TIMEOUT_MS): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true, // its own process group: a timeout kills what it started too
      env: { ...process.env, CROUPIER_ALERT: a.kind, CROUPIER_ALERT_GAME: a.game ?? '', CROUPIER_ALERT_REASON: a.reason },
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString()).slice(-500);
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve(`alert.command could not be run: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(null);
      else resolve(`alert.command ${signal ? `was killed (${signal})` : `exited with ${code}`}${stderr.trim() ? `: ${stderr.trim()}` : ''}`);
    });
  });
}

/** The daemon's alert hook: the command when configured (its failure logged through `warn`), else nothing. */
export function alerter(command: string | undefined, warn: (m: string) => void): ((a: Alert) => Promise<void>) | undefined {
  if (command === undefined) return undefined;
  return async (a) => {
    const problem = await runAlertCommand(command, a);
    if (problem !== null) warn(`${problem} (alert ${a.kind}${a.game ? ` of ${a.game}` : ''})`);
  };
}
