import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const croupier = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['bin/croupier.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 60_000 });

describe('croupier lint', () => {
  test('Nomicoup: the four conflicts with their locations, exit 1', () => {
    const run = croupier(['lint', 'fixtures/nomicoup/ruleset.wikitext', '--page', 'Nomicoup']);
    expect(run.status).toBe(1);
    const conflicts = run.stdout.split('\n').filter((l) => l.startsWith('conflict'));
    expect(conflicts.map((l) => /^conflict \(([\w-]+)\)/.exec(l)![1])).toEqual(['duplicate-id', 'empty-id-part', 'heading-level', 'missing-list']);
    expect(run.stdout).toContain(
      '  at page "Nomicoup", rule "4.6.5 Coup / Characters / Contessa", line 104\n  at page "Nomicoup", rule "4.6.5 Additional Rules / Contessa", line 217',
    );
    expect(run.stdout).toContain('  at page "Nomicoup", rule "3.1 Turns / Order", line 35');
    expect(run.stdout).toMatch(/4 conflict\(s\), 2 warning\(s\)\n$/);
  });

  test.each(['cycle16', 'round10', 'cycle15'])('%s has no numbered rules, hence no conflicts: exit 0', (game) => {
    const run = croupier(['lint', `fixtures/${game}/ruleset.wikitext`]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/no numbered rules, 0 conflict\(s\)/);
  });

  test('warnings alone exit 0: a numbered page with an unnumbered heading', () => {
    const run = croupier(['lint', '-'], '== 1 - Winning ==\nx\n== Credits ==\nThanks.\n');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('warning: the heading "Credits" has no rule ID');
    expect(run.stdout).toContain('0 conflict(s), 1 warning(s)');
  });

  test('an ID used twice on standard input is a conflict: exit 1, both lines named', () => {
    const run = croupier(['lint', '-'], '== 1 - A ==\nx\n== 1 - B ==\ny\n');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('the ID 1 is used by 2 rules: "A" (line 1), "B" (line 3)');
  });
});
