// Integration tests run against a real MediaWiki on 127.0.0.1 (scripts/devwiki.sh) of their own, in
// .devwiki-test/ (see wiki-dirs.ts): start it — installing it if needed — or reuse a running one, seed the
// fixture pages, and stop it afterwards only if we started it.
//
// Before that, the demo's wiki (.devwiki/) is looked at, so that the last test (test/after/) can say the
// tests left it as the demo left it: on a fresh clone (CI) the demo is run first, exactly as `npm run demo`
// would (its output in .devwiki-test/demo.log); a demo wiki that exists is only read (started if it was
// not running, and stopped again afterwards).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { DEMO_BASELINE, DEMO_WIKI_DIR, TEST_WIKI_DIR, demoState, root, wikiEnv } from './wiki-dirs.ts';

const script = `${root}scripts/devwiki.sh`;

function devwiki(dir: string, cmd: string): void {
  execFileSync('bash', [script, cmd], { cwd: root, env: { ...process.env, DEVWIKI_DIR: dir }, stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
}

const running = (dir: string) => spawnSync('bash', [script, 'status'], { cwd: root, env: { ...process.env, DEVWIKI_DIR: dir }, encoding: 'utf8' }).status === 0;

/** The demo's wiki as the demo left it (the demo is run if it never was); whether we started its server. */
async function demoBaseline(): Promise<boolean> {
  const wasRunning = running(DEMO_WIKI_DIR);
  try {
    if (!wikiEnv(DEMO_WIKI_DIR)) {
      const demo = spawnSync('bash', [`${root}scripts/demo.sh`], { cwd: root, env: { ...process.env, DEVWIKI_DIR: DEMO_WIKI_DIR }, encoding: 'utf8', timeout: 900_000 });
      writeFileSync(`${TEST_WIKI_DIR}/demo.log`, `${demo.stdout}\n${demo.stderr}`);
      if (demo.status !== 0) throw new Error(`npm run demo failed (exit ${demo.status}); its output: ${TEST_WIKI_DIR}/demo.log`);
    } else if (!wasRunning) {
      devwiki(DEMO_WIKI_DIR, 'start');
    }
    writeFileSync(DEMO_BASELINE, JSON.stringify(await demoState(wikiEnv(DEMO_WIKI_DIR)!.CROUPIER_API_URL!)));
  } catch (err) {
    writeFileSync(DEMO_BASELINE, JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
  }
  return !wasRunning && running(DEMO_WIKI_DIR);
}

export default async function setup(): Promise<() => void> {
  mkdirSync(TEST_WIKI_DIR, { recursive: true });
  const startedDemo = await demoBaseline();
  const testWasRunning = running(TEST_WIKI_DIR);
  devwiki(TEST_WIKI_DIR, 'start');
  devwiki(TEST_WIKI_DIR, 'seed');
  return () => {
    if (process.env.DEVWIKI_KEEP === '1') return;
    if (!testWasRunning) devwiki(TEST_WIKI_DIR, 'stop');
    if (startedDemo && existsSync(DEMO_WIKI_DIR)) devwiki(DEMO_WIKI_DIR, 'stop');
  };
}
