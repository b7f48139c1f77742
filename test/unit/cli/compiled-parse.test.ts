import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parseRuleset } from '../../../src/games/registry.ts';
import { fixture, RULESETS } from '../helpers/fixtures.ts';
import { croupier, root, tempDir } from './run-cli.ts';

// The CLI runs one compiled bundle (the parser, zod… inside, wikiparser-node's config given as an object,
// V8's code cache): what it prints must be what the extraction gives from src/, which the ruleset tests
// check rule by rule.
const cwd = tempDir();
afterAll(() => cwd.remove());

test.each(RULESETS)(
  '`croupier parse <%s ruleset> --json` prints exactly the extraction of src/ on the same file',
  async (game) => {
    const file = join(root, 'fixtures', game, 'ruleset.wikitext');
    const run = await croupier(['parse', file, '--json'], { cwd: cwd.dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify(parseRuleset(fixture(game)), null, 2)}\n`);
  },
  120_000,
);
