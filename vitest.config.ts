import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests (no wiki), and integration tests against the real local MediaWiki
// started by scripts/devwiki.sh (see test/integration/setup.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Some unit tests spawn the CLI or parse whole pages: a loaded 2-core machine needs more than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // Starts the local wiki (or reuses a running one), seeds it, stops it afterwards if it started it.
          globalSetup: ['test/integration/global-setup.ts'],
          // One real wiki shared by every file: run files one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
