import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { croupier, root, tempDir } from '../cli/run-cli.ts';

// CHANGELOG.md: "## Unreleased" (what the next version brings), then one "## <version> — <date>" per release.
test('croupier --version prints the newest version of CHANGELOG.md', async () => {
  const headings = readFileSync(join(root, 'CHANGELOG.md'), 'utf8').match(/^## .+$/gm) ?? [];
  const versions = headings.filter((h) => h !== '## Unreleased').map((h) => /^## (\d+\.\d+\.\d+(?:-[\w.]+)?) — \d{4}-\d{2}-\d{2}$/.exec(h)?.[1]);
  expect(versions.length).toBeGreaterThan(0);
  expect(versions).not.toContain(undefined);
  const cwd = tempDir();
  try {
    const r = await croupier(['--version'], { cwd: cwd.dir });
    expect(r.stdout.trim()).toBe(versions[0]);
  } finally {
    cwd.remove();
  }
});
