import { describe, expect, test } from 'vitest';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import { renderGamestate } from '../../../../src/games/cycle15/gamestate/render.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';
import { cycle15Engine } from '../../../../src/games/cycle15/index.ts';

const ruleset = parseCycle15Ruleset(fixture('cycle15'), 'Cycle 15/Ruleset');
const text = fixture('cycle15', 'gamestate');
const PAGE = 'Cycle 15/Gamestate';
const read = (t: string) => readGamestate(t, PAGE, ruleset);
const problems = (t: string) => {
  try {
    read(t);
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  return [];
};

describe('the Cycle 15 Gamestate page', () => {
  test('the fixture reads: 12 players, 15 spaces, 6 moves, 4 proposals, phase 1 (Phase II), party time', () => {
    const s = read(text);
    expect([s.players.length, s.spaces.length, s.moves.length, s.proposals.length]).toEqual([12, 15, 6, 4]);
    expect(s.phase).toMatchObject({ number: 1, name: 'Phase II', parties: 1, partyTime: true, judge: 'Hana' });
    expect(s.players.find((p) => p.name === 'Dario')!.garbage).toEqual({ 'Time Bean Chili': 1, '+6 Sword of Edging': 1 });
    expect(s.players.find((p) => p.name === 'Elif')!.garbage).toEqual({ "Feelin' 4sty": 1, '❤️🔥': 1 });
    expect(s.spaces.find((x) => x.id === 4)).toMatchObject({ type: 'Oil Spill', successors: [5, 20] });
    expect(s.spaces.find((x) => x.id === 3)).toMatchObject({ type: 'Treasure', pseudoType: 'Shard Pile' });
  });

  test('an unchanged state renders the page byte for byte', () => {
    expect(renderGamestate(text, read(text), [])).toBe(text);
  });

  test('a changed value rewrites only its cell', () => {
    const s = read(text);
    s.players.find((p) => p.name === 'Femi')!.shards = 10;
    expect(renderGamestate(text, s, [])).toBe(
      replaceOnce(
        text,
        '|Femi\n|2026-11-10 11:00\n| -\n|2026-11-10 11:00\n|phase 0\n|2\n|no\n|no\n|no\n|0\n|9\n',
        '|Femi\n|2026-11-10 11:00\n| -\n|2026-11-10 11:00\n|phase 0\n|2\n|no\n|no\n|no\n|0\n|10\n',
      ),
    );
  });

  test('bad cells are refused with their table, row and column', () => {
    const where = (t: string) => problems(t).map((p) => [p.message, p.location.table, p.location.row, p.location.column]);
    expect(where(replaceOnce(text, '|Summoning Whistle, Beer', '|Summoning Whistel, Beer'))).toEqual([
      ['"Summoning Whistel" is not an item of the Garbage table (did you mean "Summoning Whistle"?)', 'Players', 3, 'Garbage'],
    ]);
    expect(where(replaceOnce(text, '| 6 || Hazard || Thin Ice || 7', '| 6 || Hazard || Casino || 7'))[0]).toEqual([
      '"Casino" is not a type of the category Hazard (Stop Sign, Thin Ice, Geyser) nor "Blank"',
      'Spaces',
      7,
      'Pseudo-type',
    ]);
    expect(where(replaceOnce(text, '| 11 || Teleporter || - || 0', '| 11 || Teleporter || - || 0, 12'))[0]).toEqual([
      'successor 12 is not a space of the Spaces table',
      'Spaces',
      12,
      'Successors',
    ]);
    expect(where(replaceOnce(text, '| 2026-11-10 10:00 || Cosima || 2+3', '| 2026-11-10 10:00 || Cosima || 2+5'))[0]).toEqual([
      'the roll 2+5 is not a roll of 2d4 (2 dice of 1 to 4)',
      'Moves',
      1,
      'Roll',
    ]);
    expect(where(replaceOnce(text, '| 2026-11-10 10:00 || Cosima', '| 2026-11-10 10:00 || Cosma'))[0]).toEqual([
      '"Cosma" is not a player of the Players table',
      'Moves',
      1,
      'Player',
    ]);
    expect(where(replaceOnce(text, '| 0 || Blank || - || 1', '| 30 || Blank || - || 1'))).toContainEqual([
      'there is no space 0: “A space with identifier 0 always exists”',
      'Spaces',
      undefined,
      'Space',
    ]);
    expect(where(replaceOnce(text, '|Alice\n|2026-11-09 09:00', '|Alice\n|2026-11-09 9am'))[0]).toEqual([
      'Joined (UTC) "2026-11-09 9am" is not a time; write it as YYYY-MM-DD HH:MM (UTC)',
      'Players',
      1,
      'Joined (UTC)',
    ]);
  });
});

describe('a rollover of the fixture page across several phases, offline', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const once = cycle15Engine.rollover(ruleset, 'c15', { title: PAGE, text, revid: 1 }, { now, trigger: 'test' });

  test('rolls phase 1 over to phase 5, a History row per change appended', () => {
    expect(once.fromPhase).toBe(1);
    expect(once.result.state.phase).toMatchObject({ number: 5, name: 'Phase II', nextRollover: new Date('2026-11-30T00:00:00Z') });
    expect(once.result.changes.filter((c) => c.event === 'Rollover').map((c) => c.phase)).toEqual([2, 3, 4, 5]);
    expect(once.historyRows).toBe(1 + once.result.changes.length);
    expect(read(once.text).historyRows).toBe(once.historyRows);
  });

  test('the written page reads back as the new state', () => {
    const { historyRows: _h, historyLatest, ...state } = read(once.text);
    const { historyRows: _g, historyLatest: _l, ...expected } = once.result.state;
    expect(state).toEqual(expected);
    expect(historyLatest).toEqual(new Date(Math.max(...once.result.changes.map((c) => c.at.getTime()))));
  });

  test('exactly once: the same run on the written page changes nothing and writes the same text', () => {
    const again = cycle15Engine.rollover(ruleset, 'c15', { title: PAGE, text: once.text, revid: 2 }, { now, trigger: 'test' });
    expect(again.result.changes).toEqual([]);
    expect(again.text).toBe(once.text);
  });

  test('stepping boundary by boundary ends on the same page as one catch-up run', () => {
    let t = text;
    for (const step of ['2026-11-16', '2026-11-20', '2026-11-23', '2026-11-27']) {
      t = cycle15Engine.rollover(ruleset, 'c15', { title: PAGE, text: t, revid: 1 }, { now: new Date(`${step}T00:00:00Z`), trigger: 'test' }).text;
    }
    const last = cycle15Engine.rollover(ruleset, 'c15', { title: PAGE, text: t, revid: 1 }, { now, trigger: 'test' });
    const strip = (x: string) => x.slice(0, x.indexOf('== History =='));
    expect(strip(last.text)).toBe(strip(once.text));
  });
});

describe('counts on the Cycle 15 page are plain numbers', () => {
  test('a Cycle 16 unit in a count ("14 Vb" Shards) is refused, naming the cell', () => {
    const alice = '|Alice\n|2026-11-09 09:00\n| -\n|2026-11-09 09:00\n|phase 0\n|8\n|yes\n|no\n|no\n|12\n|14\n';
    expect(problems(replaceOnce(text, alice, alice.replace(/\|14\n$/, '|14 Vb\n')))).toEqual([
      { message: 'Shards "14 Vb" is not a whole number', location: { page: PAGE, table: 'Players', row: 1, column: 'Shards' } },
    ]);
    expect(read(text).players[0]!.shards).toBe(14);
  });
});
