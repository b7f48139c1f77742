import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { readNumberedRules } from '../../../../src/parse/numbered-rules.ts';
import { readNomicoupRuleset } from '../../../../src/games/nomicoup/ruleset/read.ts';
import { fixture } from '../../helpers/fixtures.ts';

// The fixture's outline, read by eye from fixtures/nomicoup/ruleset.wikitext: [ID as written, title path, level, line].
const OUTLINE: [string | null, string, number, number][] = [
  ['1', 'Winning', 2, 1],
  ['1.1', 'Winning / End of Viable Play', 3, 4],
  ['1.2', 'Winning / Rules', 3, 9],
  ['2', 'Players', 2, 14],
  ['2.1', 'Players / TOS', 3, 17],
  ['2.2', 'Players / Entering', 3, 20],
  ['2.2.1', 'Players / Entering / Placement', 4, 23],
  ['2.3', 'Players / Exiting', 3, 26],
  ['2.3.1', 'Players / Exiting / Player Groups', 4, 29],
  ['3', 'Turns', 2, 32],
  ['3.1', 'Turns / Order', 3, 35],
  ['3.1.1', 'Turns / Order / Changing order', 4, 38],
  ['3.2', 'Turns / Rounds', 3, 41],
  ['3.3', 'Turns / Passing', 3, 44],
  ['4', 'Coup', 2, 47],
  ['4.1', 'Coup / Court Deck', 3, 50],
  ['4.2', 'Coup / Treasury', 3, 53],
  ['4.2.1', 'Coup / Treasury / Credits', 4, 56],
  ['4.3', 'Coup / Starting', 3, 59],
  ['4.4', 'Coup / Actions', 3, 64],
  ['4.4.1', 'Coup / Actions / Income', 4, 69],
  ['4.4.2', 'Coup / Actions / Foreign Aid', 4, 72],
  ['4.4.3', 'Coup / Actions / Coup', 4, 75],
  ['4.5', 'Coup / Counteractions', 3, 78],
  ['4.6', 'Coup / Characters', 3, 83],
  ['4.6.1', 'Coup / Characters / Duke', 4, 86],
  ['4.6.2', 'Coup / Characters / Assassin', 4, 91],
  ['4.6.3', 'Coup / Characters / Captain', 4, 94],
  ['4.6.4', 'Coup / Characters / Ambassador', 4, 99],
  ['4.6.5', 'Coup / Characters / Contessa', 4, 104],
  ['4.7', 'Coup / Challenging', 3, 107],
  ['4.7.1', 'Coup / Challenging / Deception', 4, 110],
  ['4.8', 'Coup / Losing Influence', 3, 113],
  ['4.8.1', 'Coup / Losing Influence / Exile', 4, 116],
  ['5', 'Propositions', 2, 119],
  ['5.1', 'Propositions / Paths', 3, 124],
  ['5.1.1', 'Propositions / Paths / ID Path', 4, 127],
  ['5.1.2', 'Propositions / Paths / Title Path', 4, 130],
  ['5.1.3', 'Propositions / Paths / Conflicts', 4, 133],
  ['5.1.4', 'Propositions / Paths / Empty Rules', 4, 136],
  ['5.2', 'Propositions / Types', 3, 139],
  ['5.2.1', 'Propositions / Types / Rule Additions', 4, 149],
  ['5.2.2', 'Propositions / Types / Rule Modifications', 4, 152],
  ['5.2.3', 'Propositions / Types / Retroactivity', 4, 155],
  ['5.2.4', 'Propositions / Types / Conflicts', 4, 158],
  ['5.2.5', 'Propositions / Types / Making Changes', 4, 161],
  ['5.3', 'Propositions / Voting', 3, 164],
  ['5.3.1', 'Propositions / Voting / Rightvoting', 4, 167],
  ['5.3.2', 'Propositions / Voting / Eligibility', 4, 170],
  ['5.3.3', 'Propositions / Voting / Casting Votes', 4, 173],
  ['5.4', 'Propositions / Adoption', 3, 176],
  ['5.4.1', 'Propositions / Adoption / Proposition Time Limit', 4, 179],
  ['6', 'Clarifications', 2, 182],
  ['6.1', 'Clarifications / Choosing a Judge', 3, 187],
  ['6.2', 'Clarifications / Candidates', 3, 190],
  ['6.3', 'Clarifications / Suggestion Voting', 3, 193],
  ['6.4', 'Clarifications / Deferring', 3, 196],
  [null, 'Additional Rules', 2, 199],
  ['4.6.', 'Additional Rules / Super Duke', 4, 201],
  ['4.6.', 'Additional Rules / Inquisitor', 4, 208],
  ['4.6.5', 'Additional Rules / Contessa', 4, 217],
  [null, 'Credits', 2, 220],
];

const page = 'User:Xenon dichloride/Nomicoup';
const ruleset = readNomicoupRuleset(readDocument(fixture('nomicoup'), { page }));
const tree = readNumberedRules(readDocument(fixture('nomicoup'), { page }));
const lines = (kind: string) => ruleset.conflicts.filter((c) => c.kind === kind).map((c) => c.locations.map((l) => l.line));

describe('the Nomicoup rule tree ("Every rule has a unique ID path, a title path, and content")', () => {
  test('every heading is a rule with its ID path as written, its title path, its level and its line', () => {
    expect(tree.flat.map((r) => [r.id, r.titlePath, r.level, r.line])).toEqual(OUTLINE);
  });

  test('the tree nests by heading: 4.6.5 Contessa is a child of 4.6 Characters, a child of 4 Coup', () => {
    const coup = ruleset.rules.find((r) => r.id === '4')!;
    const characters = coup.children.find((r) => r.id === '4.6')!;
    expect(characters.children.map((r) => r.title)).toEqual(['Duke', 'Assassin', 'Captain', 'Ambassador', 'Contessa']);
    expect(ruleset.rules.map((r) => r.title)).toEqual(['Winning', 'Players', 'Turns', 'Coup', 'Propositions', 'Clarifications', 'Additional Rules', 'Credits']);
  });

  test('a rule keeps its own text: "Take 1 credit from the Treasury." is the content of 4.4.1 Income', () => {
    expect(tree.flat.find((r) => r.id === '4.4.1')!.text).toBe('Take 1 credit from the Treasury.');
  });

  test('"4.6." keeps its empty last part: it is not read as 4.6', () => {
    const superDuke = tree.flat.find((r) => r.title === 'Super Duke')!;
    expect(superDuke.idParts).toEqual(['4', '6', '']);
    expect(tree.flat.filter((r) => r.id === '4.6').map((r) => r.title)).toEqual(['Characters']);
  });
});

describe('conflicts ("No two rules may have the same path"), each reported once with every location', () => {
  test('there are exactly the four conflicts of the fixture, and no others', () => {
    expect(ruleset.conflicts.map((c) => c.kind).sort()).toEqual(['duplicate-id', 'empty-id-part', 'heading-level', 'missing-list']);
  });

  test('4.6.5 is used twice: Contessa under Characters (line 104) and under Additional Rules (line 217)', () => {
    expect(lines('duplicate-id')).toEqual([[104, 217]]);
    const [c] = ruleset.conflicts.filter((x) => x.kind === 'duplicate-id');
    expect(c!.message).toContain('4.6.5');
    expect(c!.locations.map((l) => l.rule)).toEqual(['4.6.5 Coup / Characters / Contessa', '4.6.5 Additional Rules / Contessa']);
    expect(c!.locations.every((l) => l.page === page)).toBe(true);
  });

  test('the two IDs "4.6." have an empty last part: one conflict naming Super Duke and Inquisitor', () => {
    expect(lines('empty-id-part')).toEqual([[201, 208]]);
    expect(ruleset.conflicts.find((c) => c.kind === 'empty-id-part')!.message).toMatch(/"4\.6\." has an empty last part.*not read as 4\.6/);
  });

  test('the ==== headings right under == Additional Rules skip level 3: the section and its three headings', () => {
    expect(lines('heading-level')).toEqual([[199, 201, 208, 217]]);
    expect(ruleset.conflicts.find((c) => c.kind === 'heading-level')!.message).toContain('level 3 is skipped');
  });

  test('"3.1 - Order" announces a list ("as follows:") that is not there: its heading and the sentence\'s line', () => {
    expect(lines('missing-list')).toEqual([[35, 36]]);
    expect(ruleset.conflicts.find((c) => c.kind === 'missing-list')!.message).toContain('The current turn order is as follows:');
  });

  test('duplicate titles on different paths are legal: Conflicts (5.1.3, 5.2.4) and Coup (4, 4.4.3) are not flagged', () => {
    const named = ruleset.conflicts.flatMap((c) => c.locations.map((l) => l.rule ?? ''));
    expect(named.filter((r) => /Conflicts|^4 Coup$|Actions \/ Coup/.test(r))).toEqual([]);
    expect(tree.flat.filter((r) => r.title === 'Conflicts').map((r) => r.id)).toEqual(['5.1.3', '5.2.4']);
  });

  test('lists that are there are not flagged: 4.3 Starting ("the following occur:") and 5.2 Types ("the options are:")', () => {
    expect(ruleset.conflicts.flatMap((c) => c.locations.map((l) => l.line))).not.toContain(59);
    expect(ruleset.conflicts.flatMap((c) => c.locations.map((l) => l.line))).not.toContain(139);
  });
});

describe('conflicts on other numbered pages', () => {
  const read = (text: string) => readNumberedRules(readDocument(text)).conflicts;

  test("a heading off the page's level for its ID depth is a conflict: === 1.1.1 === under == 1 == style", () => {
    const c = read('== 1 - A ==\nx\n=== 1.1 - B ===\ny\n=== 1.1.1 - C ===\nz\n');
    expect(c.map((x) => [x.kind, x.locations.map((l) => l.line)])).toEqual([['heading-level', [5]]]);
  });

  test('a page that ends every ID with a dot ("1.", "1.1.") writes punctuation, not empty parts', () => {
    expect(read('== 1. - A ==\nx\n=== 1.1. - B ===\ny\n')).toEqual([]);
  });

  test('an ID used three times is one conflict with three locations', () => {
    const c = read('== 1 - A ==\nx\n== 1 - B ==\ny\n== 1 - C ==\nz\n');
    expect(c.map((x) => [x.kind, x.locations.map((l) => l.line)])).toEqual([['duplicate-id', [1, 3, 5]]]);
  });

  test('a clean numbered page has no conflicts', () => {
    expect(read('== 1 - A ==\nThe options are:\n* one\n=== 1.1 - B ===\ny\n== 2 - C ==\nz\n')).toEqual([]);
  });
});

describe('characters, actions, counteractions, the Court Deck and the constants', () => {
  test('the 7 characters, Contessa defined twice (both locations)', () => {
    expect(ruleset.characters.map((c) => c.name)).toEqual(['Duke', 'Assassin', 'Captain', 'Ambassador', 'Contessa', 'Super Duke', 'Inquisitor']);
    expect(ruleset.characters.find((c) => c.name === 'Contessa')!.locations.map((l) => l.line)).toEqual([104, 217]);
  });

  test('"Action: Tax - Take 3 credits from the Treasury." is the Duke\'s Tax, taking 3; Coup pays 7; Steal takes up to 2 from a player', () => {
    const tax = ruleset.actions.find((a) => a.name === 'Tax' && a.character === 'Duke')!;
    expect([tax.take, tax.pay]).toEqual([3, null]);
    const coup = ruleset.actions.find((a) => a.name === 'Coup')!;
    expect([coup.character, coup.pay]).toEqual([null, 7]);
    expect(ruleset.actions.find((a) => a.name === 'Steal')!.steal).toBe(2);
    expect(ruleset.actions.find((a) => a.name === 'Tax' && a.character === 'Super Duke')!.note).toBe(
      'May be legally claimed as Duke - If challenged, reveal Super Duke',
    );
  });

  test('who may block: Steal by Defend, Support and Sleuth; Foreign Aid by Tarif; Assassinate by Acquittal', () => {
    const blockers = (name: string) => ruleset.actions.find((a) => a.name === name)!.blockedBy.map((b) => `${b.character}:${b.counteraction}`);
    expect(blockers('Steal')).toEqual(['Captain:Defend', 'Ambassador:Support', 'Inquisitor:Sleuth']);
    expect(blockers('Foreign Aid')).toEqual(['Duke:Tarif']);
    expect(blockers('Assassinate')).toEqual(['Contessa:Acquittal']);
    expect(blockers('Investigate')).toEqual(['Contessa:Acquittal']); // the second 4.6.5's text only
    expect(ruleset.counteractions.filter((c) => c.name === 'Acquittal').map((c) => c.blocks)).toEqual([['Assassinate'], ['Assassinate', 'Investigate']]);
  });

  test('the Court Deck: "there is 3 cards of each character", "1 Super Duke card", Inquisitors only replace drawn Ambassadors', () => {
    expect(ruleset.courtDeck).toEqual({ Duke: 3, Assassin: 3, Captain: 3, Ambassador: 3, Contessa: 3, 'Super Duke': 1, Inquisitor: 0 });
  });

  test('the constants, each from its sentence', () => {
    expect(ruleset.constants).toEqual({
      treasury: 50,
      startingCredits: 2,
      startingCreditsTwoPlayers: 1,
      startingCards: 2,
      joinCredits: 2,
      joinCards: 2,
      exileCards: 2,
      turnHours: 48,
      forcedCoupAt: 10,
      propositionHours: 72,
      suggestionHours: 72,
      judgeDeferralHours: 48,
    });
    expect(ruleset.sources.turnHours!.rule).toBe('3 Turns');
    expect(ruleset.sources.propositionHours!.rule).toBe('5.4.1 Propositions / Adoption / Proposition Time Limit');
  });

  test('an edited sentence is read as written: "72 hours" made "96 hours" gives 96', () => {
    const text = fixture('nomicoup').replace('majority 72 hours after', 'majority 96 hours after');
    expect(readNomicoupRuleset(readDocument(text)).constants.propositionHours).toBe(96);
  });

  test('a sentence that is gone keeps the seed value with a warning naming the rule', () => {
    const text = fixture('nomicoup').replace('There are a total of 50 credits in the game.', 'Credits are kept.');
    const r = readNomicoupRuleset(readDocument(text));
    expect(r.constants.treasury).toBe(50);
    expect(r.warnings.find((w) => w.message.startsWith('treasury:'))!.location.rule).toBe('4.2 Coup / Treasury');
  });
});

test('a character title with pattern characters ("Assassin (v2") is read as written, never an error', () => {
  const r = readNomicoupRuleset(readDocument(fixture('nomicoup').replace('==== 4.6.2 - Assassin ====', '==== 4.6.2 - Assassin (v2 ====')));
  expect(r.characters.map((c) => c.name)).toContain('Assassin (v2');
  expect(r.courtDeck['Assassin (v2']).toBe(3);
});
