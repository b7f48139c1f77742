import { describe, expect, test } from 'vitest';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { Cycle15Ruleset } from '../../../../src/games/cycle15/ruleset/schema.ts';
import { parseRuleset } from '../../../../src/games/registry.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';

const original = fixture('cycle15');
const base = parseCycle15Ruleset(original, 'Cycle 15/Ruleset');
const messages = (r: Cycle15Ruleset) => r.warnings.map((w) => w.message);

describe('the Cycle 15 ruleset, typed', () => {
  test('the page is detected as Cycle 15 and its extraction passes its zod schema', () => {
    const detected = parseRuleset(original);
    expect(detected.kind).toBe('cycle15');
    expect(Cycle15Ruleset.safeParse(detected).success).toBe(true);
  });

  test('the Garbage table gives 98 items, each with the ID its row writes, IDs 1 to 98 once each', () => {
    expect(base.garbage).toHaveLength(98);
    for (const item of base.garbage) expect(item.id).toBe(item.writtenId);
    expect(new Set(base.garbage.map((g) => g.id))).toEqual(new Set(Array.from({ length: 98 }, (_, i) => i + 1)));
  });

  test('names keep a leading +, apostrophes, emoji and literal brackets as written', () => {
    const named = (name: string) => base.garbage.find((g) => g.name === name);
    expect(named('+6 Sword of Edging')).toMatchObject({ id: 13, description: expect.stringMatching(/^You add 6 to a specified die roll\./) });
    expect(named("Gay'nbow Gun")?.id).toBe(39);
    expect(named("Feelin' 4sty")?.id).toBe(56);
    expect(named('❤️🔥')).toMatchObject({ id: 34, description: '❤️🔥' });
    expect(named('Nickelback')?.description).toBe('🎵 Look at this graph 🎵');
    expect(named('Veil Vacuum')?.description).toContain('[When a player lands on this space, grant them a Blank Card]');
    expect(named('Coal Suffusion')?.description).toContain('{A player that is a train may optionally add 10 to their movement rolls.}');
    expect(named('Citation')?.description).toBe('Get everything described in the linked source [1]');
  });

  test('17 space types, one per rule saying “… is a type of space”, and not "Unique Types"', () => {
    expect(base.spaceTypes.map((t) => t.name)).toEqual([
      'Blank',
      'Crystal',
      'Boulder Trap',
      'Garbage Pile',
      'Crystal Orb',
      'Stop Sign',
      'Oil Spill',
      'Thin Ice',
      'Shard Pile',
      'Crystal Forge',
      'Casino',
      'Teleporter',
      'Geyser',
      'Dance Pad',
      'Disco Ball',
      'Geode',
      'Crystal Beam',
    ]);
    expect(base.spaceTypes.find((t) => t.name === 'Shard Pile')?.effect).toContain('they gain 1d6 shards');
  });

  test('the categories Treasure, Hazard and Utility with the types their lists name', () => {
    expect(base.categories.map((c) => [c.name, c.types])).toEqual([
      ['Treasure', ['Crystal', 'Crystal Orb', 'Shard Pile', 'Geode']],
      ['Hazard', ['Stop Sign', 'Thin Ice', 'Geyser']],
      ['Utility', ['Crystal Forge', 'Casino', 'Crystal Beam']],
    ]);
  });

  test('the Geode grants one of the 7 items of its list', () => {
    expect(base.geode).toEqual(['Crystal', 'Crustal', 'Shard', 'Resonant Quartz', 'Telekinetic Amethyst', 'Hell Diamond', 'Refractive Topaz']);
  });

  test('Phase I is Monday to Thursday and Phase II Friday to Sunday, read from the paragraphs', () => {
    expect(base.phases.map((p) => [p.name, p.days])).toEqual([
      ['Phase I', [1, 2, 3, 4]],
      ['Phase II', [5, 6, 7]],
    ]);
  });

  test('the constants are read from their sentences', () => {
    const c = base.constants;
    expect(c.movementDice.value).toMatchObject({ count: 2, sides: 4 });
    expect(c.movementDice.text).toBe('First, a random choice of 2d4.');
    expect(c.movesPerPhase.value).toBe(1);
    expect(c.macGyversPerPhase.value).toBe(1);
    expect(c.crystalShards.value).toMatchObject({ base: 10, dice: { count: 1, sides: 10 } });
    expect(c.victory.value).toEqual({ crystals: 15, lead: 5 });
    expect(c.tuneUpPhases.value).toBe(3);
    expect(c.reputability.value).toEqual({ days: 7, nearStartDays: 3 });
    expect(c.urgentVotingHours.value).toBe(48);
    expect(c.urgentMaxAgainst.value).toBe(2);
    expect(c.standardRewritePercent.value).toBe(30);
    expect(c.shardPileDice.value).toMatchObject({ count: 1, sides: 6 });
    expect(c.forgeShards.value).toBe(20);
  });

  test('the three reputability grants: a Summoning Whistle, 1 random garbage, N-3 Time Bean Chilis', () => {
    expect(base.reputabilityGrants.map((g) => [g.amount, g.item, g.location.rule])).toEqual([
      ['1', 'Summoning Whistle', 'Players'],
      ['1', 'random garbage', 'Players'],
      ['N-3', 'Time Bean Chilis', 'Proposals'],
    ]);
  });

  test('the open points are warned about, each located in its rule', () => {
    const at = (pattern: RegExp) => base.warnings.find((w) => pattern.test(w.message))?.location;
    expect(at(/N is the current phase/)).toMatchObject({ page: 'Cycle 15/Ruleset', rule: 'Proposals' });
    expect(at(/negative/)).toMatchObject({ rule: 'Proposals' });
    expect(at(/never says when the round starts/)).toMatchObject({ rule: 'Players' });
    expect(at(/never said to be uniform/)).toMatchObject({ rule: 'Garbage' });
    expect(at(/uses the category Hazard as a type/)).toMatchObject({ rule: 'Crystal Beam' });
  });
});

describe('a Cycle 15 ruleset changed by a passed proposal', () => {
  const lastRow = '|Shady Sands Shuffle\n|Select a player and an item in their inventory. If they can, they use that item.\n| 98\n';

  test('a 99th Garbage item without an ID is assigned 99, the lowest positive integer no other item holds', () => {
    const r = parseCycle15Ruleset(replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|\n`));
    expect(r.garbage).toHaveLength(99);
    expect(r.garbage[98]).toMatchObject({ name: 'Lint', writtenId: null, id: 99 });
  });

  test('with ID 5 left blank and a new item without one, the first in table order takes 5 and the next 99', () => {
    let text = replaceOnce(original, '|Duck\n|YOU GET NOTHING! YOU LOSE! GOOD DAY, SIR!\n|5\n', '|Duck\n|YOU GET NOTHING! YOU LOSE! GOOD DAY, SIR!\n|\n');
    text = replaceOnce(text, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n| -\n`);
    const r = parseCycle15Ruleset(text);
    expect(r.garbage.find((g) => g.name === 'Duck')).toMatchObject({ writtenId: null, id: 5 });
    expect(r.garbage.find((g) => g.name === 'Lint')).toMatchObject({ writtenId: null, id: 99 });
  });

  test('an ID written twice is warned about at its row', () => {
    const r = parseCycle15Ruleset(replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|7\n`));
    expect(r.warnings.find((w) => /The ID 7 is written twice/.test(w.message))?.location).toMatchObject({ rule: 'Garbage', row: 99, column: 'ID' });
  });

  test('moved phase days: Phase I Monday to Wednesday, Phase II Thursday to Sunday', () => {
    const text = replaceOnce(
      original,
      'Phase I: Monday, Tuesday, Wednesday, and Thursday\n\nPhase II: Friday, Saturday, and Sunday',
      'Phase I: Monday, Tuesday, and Wednesday\n\nPhase II: Thursday, Friday, Saturday, and Sunday',
    );
    expect(parseCycle15Ruleset(text).phases.map((p) => [p.name, p.days])).toEqual([
      ['Phase I', [1, 2, 3]],
      ['Phase II', [4, 5, 6, 7]],
    ]);
  });

  test('phases written as a list read the same as the paragraphs', () => {
    const text = replaceOnce(
      original,
      'Phase I: Monday, Tuesday, Wednesday, and Thursday\n\nPhase II: Friday, Saturday, and Sunday',
      '* Phase I: Monday, Tuesday, Wednesday, and Thursday\n* Phase II: Friday, Saturday, and Sunday',
    );
    const r = parseCycle15Ruleset(text, 'Cycle 15/Ruleset');
    expect(r.phases.map((p) => [p.name, p.days])).toEqual(base.phases.map((p) => [p.name, p.days]));
    expect(messages(r)).toEqual(messages(base));
  });

  test('a new victory threshold is read from the Winning sentence', () => {
    const r = parseCycle15Ruleset(
      replaceOnce(original, 'greater than or equal to 15 and at least five more', 'greater than or equal to 20 and at least three more'),
    );
    expect(r.constants.victory.value).toEqual({ crystals: 20, lead: 3 });
  });

  test('a constant whose sentence no longer reads is null with a warning naming its rule', () => {
    const r = parseCycle15Ruleset(
      replaceOnce(original, 'gain 10+1d10 shards by destroying 1 crystal', 'gain some shards by destroying 1 crystal'),
      'Cycle 15/Ruleset',
    );
    expect(r.constants.crystalShards.value).toBeNull();
    expect(r.warnings.find((w) => /^Shards from a crystal/.test(w.message))?.location).toMatchObject({ rule: 'Shards' });
  });
});
