// Where the wikis live: the integration tests run on a wiki of their own (`.devwiki-test/`, its own port),
// never on the demo's (`.devwiki/`, what `npm run demo` and the CLI's default config use), so `npm test`
// after `npm run demo` leaves the demo's pages as the demo left them.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnvFile } from '../../src/config.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const TEST_WIKI_DIR = `${root}.devwiki-test`;

/** A MediaWiki version the contract and end-to-end tests run on, and its wiki's directory. */
export interface TestWiki {
  version: '1.39' | '1.43';
  dir: string;
}

/**
 * The wikis of the tests: Debian 12's MediaWiki 1.39 (every test) and Debian 13's 1.43 LTS in a chroot (the
 * tests that run on each version: helpers.ts#onEachWiki), both started by the global setup.
 */
export const TEST_WIKIS: readonly TestWiki[] = [
  { version: '1.39', dir: TEST_WIKI_DIR },
  { version: '1.43', dir: `${root}.devwiki-test-1.43` },
];
export const DEMO_WIKI_DIR = `${root}.devwiki`;
/** What the integration setup found on the demo's wiki before the tests ran (see global-setup.ts). */
export const DEMO_BASELINE = `${TEST_WIKI_DIR}/demo-baseline.json`;
/** The page the demo edits, whose revision the tests must leave alone. */
export const DEMO_PAGE = 'Cycle 16/Gamestate';

/** A wiki's env file (API URL and accounts), or undefined if it was never created. */
export function wikiEnv(dir: string): Record<string, string> | undefined {
  const file = `${dir}/env`;
  return existsSync(file) ? parseEnvFile(readFileSync(file, 'utf8')) : undefined;
}

export interface DemoState {
  apiUrl: string;
  /** Latest revision of DEMO_PAGE. */
  revid: number;
  /** Edits the whole wiki has had (any page created or edited by the tests would add to it). */
  edits: number;
}

/** The demo page's latest revision and the wiki's edit count, read anonymously. */
export async function demoState(apiUrl: string): Promise<DemoState> {
  const url = `${apiUrl}?action=query&format=json&formatversion=2&prop=revisions&rvprop=ids&titles=${encodeURIComponent(DEMO_PAGE)}&meta=siteinfo&siprop=statistics`;
  const res = (await (await fetch(url)).json()) as {
    query: { pages: { revisions?: { revid: number }[] }[]; statistics: { edits: number } };
  };
  const revid = res.query.pages[0]?.revisions?.[0]?.revid;
  if (revid === undefined) throw new Error(`the demo wiki at ${apiUrl} has no page "${DEMO_PAGE}"`);
  return { apiUrl, revid, edits: res.query.statistics.edits };
}
