import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const croupier = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['bin/croupier.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000 });

describe('croupier parse', () => {
  test('prints one JSON document with the Cycle 16 keys', () => {
    const run = croupier(['parse', 'fixtures/cycle16/ruleset.wikitext', '--json']);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as Record<string, unknown[]>;
    for (const key of ['cards', 'modifiers', 'collections', 'colourOpposites', 'packs', 'shop', 'scenarios', 'phases', 'victory', 'warnings', 'rules']) {
      expect(json).toHaveProperty(key);
    }
    expect(json.cards).toHaveLength(42);
    // The field names of issue 2 §5, checked on values read from the ruleset.
    const j = json as unknown as Record<string, Record<string, unknown>[]>;
    expect(j.cards!.find((c) => c.name === 'Lotto Ticket')).toMatchObject({
      values: [1000000],
      suits: ['Diamonds'],
      colours: ['Cyan'],
      types: ['Special', 'Rare'],
      effect: expect.stringMatching(/^Roll 1d100/),
    });
    expect(j.modifiers!.find((m) => m.name === 'Holographic')).toMatchObject({ effect: 'Grant the player who plays the card 1 vertebrae.' });
    expect(j.collections!.find((c) => c.name === 'Rare')).toMatchObject({
      elements: ['Holographic', 'Holographic', 'Holographic', 'Gold Plating', 'Silvery'],
      chance: { numerator: 1, denominator: 20 },
    });
    expect(j.shop![2]).toEqual({ item: 'Deck Pack', cost: { amount: 18, unit: 'Vertebrae' } });
    expect(j.scenarios![0]).toMatchObject({ number: 1, text: expect.stringMatching(/^You find a hidden door/) });
    expect(j.phases!.map((p) => [p.name, p.days])).toEqual([
      ['Rest Phase', [1, 2, 3]],
      ['Battle Phase', [4, 5, 6, 7]],
    ]);
    expect(j.warnings).toEqual([{ message: expect.stringContaining('Gold Plated'), location: expect.objectContaining({ rule: 'Random Cards' }) }]);
  });

  test('prints rules and tables for another ruleset, read from standard input', () => {
    const run = croupier(['parse', '-', '--json'], '== Winning ==\n{| class="wikitable"\n! Placement !! Prize\n|-\n| 1st || 10\n|}\n');
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as { kind: string; rules: unknown[]; tables: { rule: string }[] };
    expect(json.kind).toBe('generic');
    expect(json.tables[0]?.rule).toBe('Winning');
  });

  test('fails with a one-line reason on a missing file and on empty input', () => {
    const missing = croupier(['parse', 'no/such/file.wikitext']);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr.trim()).toBe('croupier: cannot read no/such/file.wikitext: no such file');
    const empty = croupier(['parse', '-'], '  \n');
    expect(empty.status).not.toBe(0);
    expect(empty.stderr.trim()).toBe('croupier: standard input is empty');
  });
});

test('croupier tables prints the computed tables', () => {
  const run = croupier(['tables', 'fixtures/cycle16/ruleset.wikitext']);
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('== Card species ==');
  expect(run.stdout).toContain('{| class="wikitable sortable"');
  // Ace is one of the 41 non-Null species and one of the 19 Rare ones (counted in the Cards table).
  expect(run.stdout).toMatch(/^\| Ace \|\| .* \|\| 1\/41 \(2\.44%\) \|\| 1\/19 \(5\.26%\)$/m);
});
