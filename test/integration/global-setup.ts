// Integration tests run against a real MediaWiki on 127.0.0.1 (scripts/devwiki.sh) of their own, in
// .devwiki-test/ (see wiki-dirs.ts): start it — installing it if needed — or reuse a running one, seed the
// fixture pages, and stop it afterwards only if we started it. The same for MediaWiki 1.43 in
// .devwiki-test-1.43/ (its chroot built the first time): when it cannot be had (no Debian mirror), this says
// so once and the tests meant for it are skipped (helpers.ts#onEachWiki), counted as skipped.
//
// Before that, the demo's wiki (.devwiki/) is looked at, so that the last test (test/after/) can say the
// tests left it as the demo left it: on a fresh clone (CI) the demo is run first, exactly as `npm run demo`
// would (its output in .devwiki-test/demo.log); a demo wiki that exists is only read (started if it was
// not running, and stopped again afterwards).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { DEMO_BASELINE, DEMO_WIKI_DIR, TEST_WIKI_DIR, TEST_WIKIS, demoState, root, wikiEnv, type TestWiki } from './wiki-dirs.ts';

const script = `${root}scripts/devwiki.sh`;

function devwiki(dir: string, cmd: string, env: Record<string, string> = {}): void {
  execFileSync('bash', [script, cmd], {
    cwd: root,
    env: { ...process.env, ...env, DEVWIKI_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 900_000,
  });
}

const running = (dir: string) => spawnSync('bash', [script, 'status'], { cwd: root, env: { ...process.env, DEVWIKI_DIR: dir }, encoding: 'utf8' }).status === 0;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Versions of TEST_WIKIS that could not be started, and why. */
    unavailableWikis: Record<string, string>;
  }
}

/** The demo's wiki as the demo left it (the demo is run if it never was); whether we started its server. */
async function demoBaseline(): Promise<boolean> {
  const wasRunning = running(DEMO_WIKI_DIR);
  try {
    if (!wikiEnv(DEMO_WIKI_DIR)) {
      const demo = spawnSync('bash', [`${root}scripts/demo.sh`], {
        cwd: root,
        env: { ...process.env, DEVWIKI_DIR: DEMO_WIKI_DIR },
        encoding: 'utf8',
        timeout: 900_000,
      });
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

/** Another version's wiki started and seeded; false (said once, on stderr) when it cannot be had. */
function startOther(wiki: TestWiki, unavailable: Record<string, string>): boolean {
  const env = { DEVWIKI_VERSION: wiki.version };
  try {
    devwiki(wiki.dir, 'start', env);
    devwiki(wiki.dir, 'seed', env);
    return true;
  } catch (err) {
    unavailable[wiki.version] = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    console.error(`MediaWiki ${wiki.version} could not be started (${unavailable[wiki.version]}; see the lines above): the tests on it are SKIPPED`);
    return false;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const testWasRunning = running(TEST_WIKI_DIR);
  // The test wiki first: creating it empties its folder, where the demo's baseline and log are kept.
  devwiki(TEST_WIKI_DIR, 'start');
  mkdirSync(TEST_WIKI_DIR, { recursive: true });
  const startedDemo = await demoBaseline();
  devwiki(TEST_WIKI_DIR, 'seed');
  const unavailable: Record<string, string> = {};
  const others = TEST_WIKIS.filter((w) => w.dir !== TEST_WIKI_DIR).map((w) => ({ wiki: w, wasRunning: running(w.dir) }));
  const started = others.filter((o) => startOther(o.wiki, unavailable) && !o.wasRunning);
  project.provide('unavailableWikis', unavailable);
  return () => {
    if (process.env.DEVWIKI_KEEP === '1') return;
    if (!testWasRunning) devwiki(TEST_WIKI_DIR, 'stop');
    for (const o of started) devwiki(o.wiki.dir, 'stop');
    if (startedDemo && existsSync(DEMO_WIKI_DIR)) devwiki(DEMO_WIKI_DIR, 'stop');
  };
}
