import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { croupier, root, tempDir } from './run-cli.ts';

// A new cycle tried offline, as the README's "Starting a new cycle" says: adopt the hand-kept page, then roll it
// over with the Rulings page kept in a file (every line of it counts: the admin's own).

const tmp = tempDir({
  'ruleset.wikitext': readFileSync(join(root, 'fixtures/newcycle/ruleset.wikitext'), 'utf8'),
  'gamestate.wikitext': readFileSync(join(root, 'fixtures/newcycle/gamestate.wikitext'), 'utf8'),
  'rulings.txt': [
    '* reset "Delved this phase" to "no" at each phase start — "Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve"',
    '* grant 1 "Lanterns" to all players at each Market Phase start — "Lanterns are needed to Delve."',
    '* grant 9 "Ore" to all players at each phase start — "Everyone is granted 9 Ore."',
    '',
  ].join('\n'),
});
afterAll(() => tmp.remove());
const run = (args: string[], input?: string) => croupier(args, { cwd: tmp.dir, input });

test('adopt, then rollover --rulings: the calendar and the declared lines applied, a line citing no ruleset sentence warned about and not applied', async () => {
  const adopted = await run(['adopt', '--ruleset', 'ruleset.wikitext', '--gamestate', 'gamestate.wikitext', '--now', '2026-12-09T10:00Z']);
  expect(adopted.status, adopted.stderr).toBe(0);
  const r = await run(
    ['rollover', '--ruleset', 'ruleset.wikitext', '--gamestate', '-', '--rulings', 'rulings.txt', '--now', '2026-12-12T01:00Z'],
    adopted.stdout,
  );
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toContain('warning: rulings.txt, line 3 ');
  expect(r.stderr).toContain('the ruleset has no sentence "Everyone is granted 9 Ore."');
  expect(r.stderr).toMatch(/phase 1 → 2 \(Market Phase\); next rollover 2026-12-14 00:00\n5 change\(s\): 1 Rollover, 1 Reset, 3 Grant/);
  // Ada: Delved yes → no, Lanterns 2 → 3; Brannoc and Cress: Lanterns 1 → 2 (Brannoc's "no" needs no reset); Ore as it was.
  expect(r.stdout).toContain('| Ada || 42 || 5 || 3 || no || no || 0 ||');
  expect(r.stdout).toContain('| Cress || 10 || 3 || 2 || no || no || 0 ||');
  expect(r.stdout).toMatch(/\| Grant \|\| Ada \|\| Lanterns 2 → 3 \|\| “Lanterns are needed to Delve\.” \(declared by the file rulings\.txt, Rulings line 2\)/);
});
