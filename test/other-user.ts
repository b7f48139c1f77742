// Another local user, as the threat model of docs/referee.md has it: a throwaway system account (created
// when the tests run as root) that keeps trying to read every file under a directory while the bot works.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** Why the test cannot run here, or undefined when it can (root, with useradd and runuser). */
export function otherUserUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root: no throwaway user can be created to read the files as another user';
  try {
    execFileSync('sh', ['-c', 'command -v useradd && command -v runuser && command -v userdel'], { stdio: 'ignore' });
  } catch {
    return 'useradd, runuser or userdel is missing';
  }
  return undefined;
}

/** What the other user read: each file it could open, with whether a 64-hex-digit secret was in it. */
export interface Peek {
  /** Paths it saw (listed) under the directory. */
  seen: string[];
  /** Paths it could read, and the secrets (64 hex digits) it found in them. */
  read: { path: string; secrets: string[] }[];
}

// Runs as the other user: lists the directory tree and reads every file again and again until told to stop.
const POLLER = `
const fs = require('node:fs'), path = require('node:path');
const [dir] = process.argv.slice(1);
const seen = new Set(), read = new Map();
let stop = false;
process.stdin.on('data', () => { stop = true; });
const walk = (d) => {
  let names = [];
  try { names = fs.readdirSync(d); } catch { return; }
  for (const n of names) {
    const p = path.join(d, n);
    seen.add(p);
    try { walk(p); } catch {}
    try {
      const t = fs.readFileSync(p, 'utf8');
      const s = read.get(p) ?? new Set();
      for (const m of t.match(/[0-9a-f]{64}/g) ?? []) s.add(m);
      read.set(p, s);
    } catch {}
  }
};
const loop = () => {
  for (let i = 0; i < 50; i++) walk(dir);
  if (!stop) setImmediate(loop);
  else process.stdout.write(JSON.stringify({ seen: [...seen], read: [...read].map(([p, s]) => ({ path: p, secrets: [...s] })) }));
};
loop();
`;

/**
 * A throwaway user that reads everything under `dir` (which it must be able to reach) until the returned
 * `stop` is called; `stop` gives what it read, and removes the user.
 */
export function peekAsOtherUser(dir: string): { stop(): Promise<Peek> } {
  const user = `crpeek${randomBytes(3).toString('hex')}`;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
  const child = spawn('runuser', ['-u', user, '--', process.execPath, '-e', POLLER, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve());
  });
  return {
    async stop() {
      child.stdin.end('stop\n');
      await done;
      execFileSync('userdel', [user]);
      return JSON.parse(out) as Peek;
    },
  };
}
