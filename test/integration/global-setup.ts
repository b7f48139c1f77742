// Integration tests run against a real MediaWiki on 127.0.0.1 (scripts/devwiki.sh): start it — installing
// it if needed — or reuse a running one, seed the fixture pages, and stop it afterwards only if we started it.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = `${root}scripts/devwiki.sh`;

function devwiki(cmd: string): void {
  execFileSync('bash', [script, cmd], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
}

export default function setup(): () => void {
  const running = spawnSync('bash', [script, 'status'], { cwd: root, encoding: 'utf8' }).status === 0;
  devwiki('start');
  devwiki('seed');
  return () => {
    if (!running && process.env.DEVWIKI_KEEP !== '1') devwiki('stop');
  };
}
