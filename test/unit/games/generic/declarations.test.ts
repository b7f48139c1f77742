import { describe, expect, test } from 'vitest';
import { readDeclarations } from '../../../../src/games/generic/declarations.ts';
import { readGenericRuleset } from '../../../../src/games/generic/ruleset.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { fixture } from '../../helpers/fixtures.ts';

const ruleset = readGenericRuleset(readDocument(fixture('newcycle'), { page: 'Cycle 17/Ruleset' }));
const PAGE = 'Cycle 17/Gamestate/Rulings';
const at = new Date('2026-12-08T12:00Z');
const read = (...texts: string[]) =>
  readDeclarations(
    texts.map((text, i) => ({ line: i + 1, text, by: 'Judge', at })),
    ruleset,
    PAGE,
  );

const GRANT =
  '* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "At the beginning of each Planning Phase, each active player is granted 2 Favour."';
const INACTIVE =
  '* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be \'inactive\' if they performed no actions in the previous phase."';

describe('declarations on the Rulings page of a generic game', () => {
  test('each form reads into what the bot applies, with the sentence it cites and who declared it on which line', () => {
    const r = read(
      '* reset "Delved this phase" to "no" at each phase start — "Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve" ~~~~',
      GRANT,
      INACTIVE,
      '* victory to the most "Ore", at least 150, at each Market Phase end — “At the end of each Market Phase, the player who holds the most Ore, if they hold at least 150 Ore, wins the cycle.”',
    );
    expect(r.warnings).toEqual([]);
    expect(r.declarations).toEqual([
      {
        kind: 'reset',
        column: 'Delved this phase',
        value: 'no',
        at: { phase: null },
        cite: 'Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve',
        line: 1,
        by: 'Judge',
      },
      expect.objectContaining({ kind: 'grant', amount: 2, column: 'Favour', to: 'active', at: { phase: 'Planning Phase' }, max: 12, line: 2 }),
      expect.objectContaining({ kind: 'inactive', lastAction: 'Last action (UTC)', shownIn: 'Active?', line: 3 }),
      expect.objectContaining({ kind: 'victory', column: 'Ore', atLeast: 150, at: { phase: 'Market Phase' }, line: 4 }),
    ]);
  });

  test('a line citing a sentence the ruleset does not have is ignored, with a warning naming the page and line', () => {
    const r = read(INACTIVE, '* grant 5 "Ore" to all players at each phase start — "Each player is granted 5 Ore at each phase."');
    expect(r.declarations.map((d) => d.kind)).toEqual(['inactive']);
    expect(r.warnings).toEqual([
      `${PAGE}, line 2 ("* grant 5 "Ore" to all players at each phase start — "Each player is granted 5 Ore at each phase.""): the ruleset has no sentence "Each player is granted 5 Ore at each phase." (a declaration quotes the rule it implements, word for word); the line is ignored`,
    ]);
  });

  test('a line without a citation, in no known form, or naming a phase the calendar lacks is ignored with why', () => {
    const r = read(
      '* reset "Delved this phase" to "no" at each phase start',
      '* double "Ore" at each phase start — "Ore, Favour and Lanterns are fungible items."',
      '* reset "Loans" to "0" at each Mining Phase start — "Ore, Favour and Lanterns are fungible items."',
      '* victory to the most "Ore", at least 150, at each Market Phase start — "Ore, Favour and Lanterns are fungible items."',
    );
    expect(r.declarations).toEqual([]);
    expect(r.warnings[0]).toContain('line 1 ');
    expect(r.warnings[0]).toContain('cites the ruleset sentence it implements');
    expect(r.warnings[1]).toContain('not a declaration; the forms are: reset "<column>" to "<value>" at each <phase> start;');
    expect(r.warnings[2]).toContain('the ruleset\'s calendar has no phase "Mining Phase" (its phases: Planning Phase, Expedition Phase, Market Phase)');
    expect(r.warnings[3]).toContain("a victory happens at a phase's end, not its start");
  });

  test('a grant to active players is not applied without an inactivity declaration saying who is active', () => {
    const r = read(GRANT);
    expect(r.declarations).toEqual([]);
    expect(r.warnings).toEqual([expect.stringContaining('a grant to active players needs an "inactive if …" declaration')]);
    expect(read(GRANT, INACTIVE).declarations.map((d) => d.kind)).toEqual(['grant', 'inactive']);
  });

  test('a count granted or compared can be reset only to a whole number', () => {
    const reset = (value: string) => `* reset "Favour" to "${value}" at each Market Phase start — "Ore, Favour and Lanterns are fungible items."`;
    const r = read(GRANT, INACTIVE, reset('none'), reset('0'));
    expect(r.declarations.map((d) => d.kind)).toEqual(['grant', 'inactive', 'reset']);
    expect(r.warnings).toEqual([
      `${PAGE}, line 3 ("${reset('none')}"): "Favour" holds a count (a grant or the victory names it): it can be reset only to a whole number, not "none"; the line is ignored`,
    ]);
  });
});
