// Temp dirs made by tests are removed by the tests: `testTempDir` inside a test (removed when that test
// ends, passed or failed); a dir made in beforeAll is removed by its file's afterAll with `removeDir`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

export function removeDir(dir: string): void {
  // Retries: a lock a child process just released may still be going away.
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** A new `croupier-<what>-…` dir in the temp dir, removed when the running test ends. */
export function testTempDir(what: string): string {
  const dir = mkdtempSync(join(tmpdir(), `croupier-${what}-`));
  onTestFinished(() => removeDir(dir));
  return dir;
}
