import { defineConfig } from 'vitest/config';

// Four projects: pure unit tests (no wiki), the fuzz test (seeded mutations of the fixture pages, a step of its
// own), integration tests against a real local MediaWiki of their own started by scripts/devwiki.sh (see
// test/integration/global-setup.ts), and — after them — the check that the tests left the demo's wiki as the
// demo left it (test/after/). The typecheck and the format and lint check are steps of scripts/test.sh.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup-games.ts'],
          // Some unit tests spawn the CLI (several at once) or parse whole pages: a loaded 2-core machine needs
          // more than 5 s, and a start of the CLI alone took up to 17 s there.
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'fuzz',
          include: ['test/fuzz/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup-games.ts'],
          testTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup-games.ts'],
          // Starts the local wiki (or reuses a running one), seeds it, stops it afterwards if it started it.
          globalSetup: ['test/integration/global-setup.ts'],
          // One real wiki shared by every file: run files one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Groups run in this order: unit (0), integration (1), after (2).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'after',
          include: ['test/after/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup-games.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
