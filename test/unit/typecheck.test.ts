// The sources run through tsx, which strips types without checking them: this is where a type error
// in src/, test/ or bench/ fails the suite.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

test('the whole project typechecks under TypeScript strict', { timeout: 300_000 }, async () => {
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  const result = await run(process.execPath, [tsc, '--noEmit', '-p', root], { cwd: root }).then(
    () => '',
    (err: { stdout?: string }) => err.stdout ?? String(err),
  );
  expect(result).toBe('');
});
