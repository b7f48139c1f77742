// Runs after every other test (vitest.config.ts: its own project, groupOrder 1): `npm test` after
// `npm run demo` leaves the demo's pages as the demo left them. The integration setup
// (test/integration/global-setup.ts) recorded the demo wiki's state before any test ran — running the demo
// first on a fresh clone, as in CI — and the integration tests ran on a wiki of their own.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DEMO_BASELINE, DEMO_PAGE, DEMO_WIKI_DIR, TEST_WIKI_DIR, demoState, wikiEnv, type DemoState } from '../integration/wiki-dirs.ts';

describe('npm test after npm run demo', () => {
  test("the integration tests ran on a wiki of their own: another directory, another port than the demo's", () => {
    expect(TEST_WIKI_DIR).not.toBe(DEMO_WIKI_DIR);
    const testUrl = wikiEnv(TEST_WIKI_DIR)?.CROUPIER_API_URL;
    const demoUrl = wikiEnv(DEMO_WIKI_DIR)?.CROUPIER_API_URL;
    expect(testUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\.php$/);
    expect(demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\.php$/);
    expect(testUrl).not.toBe(demoUrl);
  });

  test(`leaves the demo's "${DEMO_PAGE}" at the revision the demo left, and adds no edit to its wiki`, async () => {
    const before = JSON.parse(readFileSync(DEMO_BASELINE, 'utf8')) as DemoState | { error: string };
    if ('error' in before) throw new Error(`the demo's wiki could not be looked at before the tests: ${before.error}`);
    expect(await demoState(before.apiUrl)).toEqual(before);
  });
});
