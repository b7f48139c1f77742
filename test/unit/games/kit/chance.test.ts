import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../../src/cron/store.ts';
import { storeSecrets } from '../../../../src/cron/referee-runner.ts';
import { namedTable } from '../../../../src/games/kit/chance.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { referee, type RefereeGame } from '../../../../src/jobs/referee.ts';
import { historyLines, verifyDraws } from '../../../../src/jobs/verify.ts';
import { drawTokens } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { type RefereeFakeWiki, wikiWithRequests } from '../../jobs/referee/fake-wiki.ts';
import { removeDir } from '../../../temp-dir.ts';
import { cycle16Engine } from '../../../../src/games/cycle16/index.ts';

// The chance every game's referee offers (src/games/kit/chance.ts), on Cycle 16's pages through the real job:
// a dice roll and draws from the Ruleset's tables, committed, answered on the line, verified after the reveal.

const GAME: RefereeGame = { id: 'c16', kind: 'cycle16', ruleset: 'R', gamestate: 'G', actionsPage: 'G/Actions', statusPage: 'G/Status', lookback: 50 };
const NOW = new Date('2026-11-18T18:00:00Z');
const ruleset = fixture('cycle16');
const doc = readDocument(ruleset, { page: 'R' });

function setup(lines: string[]): RefereeFakeWiki {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-chance-'));
  let gamestate: string;
  try {
    execFileSync(process.execPath, ['scripts/add-wiki-account.mjs', 'fixtures/cycle16/gamestate.wikitext', join(dir, 'g'), 'Alice=Player']);
    gamestate = readFileSync(join(dir, 'g'), 'utf8');
  } finally {
    removeDir(dir);
  }
  return wikiWithRequests({ R: ruleset, G: gamestate }, GAME.actionsPage, 'Player', lines);
}

const run = (wiki: RefereeFakeWiki, store: MemoryStore, now = NOW, secret = 'ab'.repeat(32)) =>
  referee({ wiki, secrets: storeSecrets(store, () => now), now: () => now, newSecret: () => secret }, GAME);
const history = (wiki: RefereeFakeWiki) => historyLines({ title: 'G', text: wiki.text('G')! }, cycle16Engine.history);
/** The rows of the Ruleset's table under the heading "Types", by their first cell. */
const TYPES = (() => {
  const t = doc.tables.find((x) => x.rule === 'Types')!;
  return t.rows.map((r) => r.cells[t.headers[0]!]!.text.trim());
})();

describe("dice and draws from the Ruleset's tables, for every game's players", () => {
  it('a roll of 2d6+1 is two dice of the stream plus 1, on one History row that names the request', async () => {
    const wiki = setup(['* roll 2d6+1 ~~~~']);
    expect(await run(wiki, new MemoryStore())).toMatchObject({ done: 1, refused: 0 });
    const row = history(wiki).find((r) => r.event === 'Roll')!;
    const [a, b] = drawTokens(row.reason);
    expect([a!.sides, b!.sides]).toEqual([6, 6]);
    expect(row.player).toBe('Alice');
    expect(row.change).toBe(`2d6+1 = ${a!.value} + ${b!.value} + 1 = ${a!.value + b!.value + 1}`);
    expect(row.reason).toMatch(/on-wiki request r\d+-[0-9a-f]+ by Player/);
    expect(wiki.text('G/Actions')).toMatch(/roll 2d6\+1 ~~~~ <!-- croupier:done .*rolled 2d6\+1/);
  });

  it('a draw without replacement never draws a row twice; with replacement each draw is of the whole table', async () => {
    const wiki = setup([`* draw ${TYPES.length} from Types without replacement`, '* draw 3 from types']);
    expect(await run(wiki, new MemoryStore())).toMatchObject({ done: 2, refused: 0 });
    const [all, three] = history(wiki).filter((r) => r.event === 'Draw');
    const drawn = /: (.*)$/.exec(all!.change)![1]!.split(', ');
    expect([...drawn].sort()).toEqual([...TYPES].sort());
    // Each draw of the table without replacement is a die of the rows left: n, n − 1, … 1.
    expect(drawTokens(all!.reason).map((d) => d.sides)).toEqual(TYPES.map((_, i) => TYPES.length - i));
    expect(drawTokens(three!.reason).map((d) => d.sides)).toEqual([TYPES.length, TYPES.length, TYPES.length]);
    expect(three!.change).toMatch(/^drew 3 from "Types" \(with replacement\): /);
  });

  it('refuses what it cannot draw fairly, drawing nothing: an unknown table, too many without replacement, a die of 1 side or 101 dice', async () => {
    const wiki = setup(['* draw 1 from Nowhere', `* draw ${TYPES.length + 1} from Types without replacement`, '* roll 1d1', '* roll 101d6']);
    expect(await run(wiki, new MemoryStore())).toMatchObject({ done: 0, refused: 4 });
    const actions = wiki.text('G/Actions')!;
    expect(actions).toMatch(/Nowhere <!-- croupier:refused .*no table named "Nowhere" \(its tables: .*Types/);
    expect(actions).toMatch(new RegExp(`has ${TYPES.length} rows: ${TYPES.length + 1} cannot be drawn without replacement`));
    expect(actions).toMatch(/roll 1d1 <!-- croupier:refused .*2 to 1000 sides/);
    expect(actions).toMatch(/roll 101d6 <!-- croupier:refused .*1 to 100 dice/);
    expect(history(wiki).some((r) => r.event === 'Roll' || r.event === 'Draw')).toBe(false);
  });

  it('draws nothing while the page is behind the calendar: a roll asked after the phase ended waits for the rollover, then is rolled in the new phase', async () => {
    // Phase 4 ends at 2026-11-19 00:00; the page still records it.
    const wiki = setup(['* roll 1d6']);
    const store = new MemoryStore();
    const after = new Date('2026-11-19T12:00:00Z');
    const s = await run(wiki, store, after);
    expect(history(wiki).some((r) => r.event === 'Roll' || r.event === 'Draws committed')).toBe(false);
    expect(s).toMatchObject({ done: 0, refused: 0, waiting: 1 });
    expect(s.problem).toMatch(/records phase 4, which the clock has ended \(phase 5 now\)/);
    expect(wiki.text('G/Actions')).not.toContain('croupier:');
    const rolled = cycle16Engine.rollover(
      cycle16Engine.readRuleset(doc),
      'c16',
      { title: 'G', text: wiki.text('G')!, revid: 1 },
      { now: after, trigger: 'test' },
    );
    wiki.put('G', rolled.text);
    expect(await run(wiki, store, after)).toMatchObject({ phase: 5, done: 1 });
    expect(history(wiki).find((r) => r.event === 'Roll')).toMatchObject({ phase: '5', player: 'Alice' });
  });

  it('verify recomputes every die of a roll and a draw once the phase secret is revealed', async () => {
    const wiki = setup(['* roll 3d20', '* draw 2 from Types']);
    const store = new MemoryStore();
    await run(wiki, store);
    const rolled = cycle16Engine.rollover(
      cycle16Engine.readRuleset(doc),
      'c16',
      { title: 'G', text: wiki.text('G')!, revid: 1 },
      { now: new Date('2026-11-19T00:00:00Z'), trigger: 'test' },
    );
    wiki.put('G', rolled.text);
    await run(wiki, store, new Date('2026-11-19T12:00:00Z'), 'cd'.repeat(32));
    const report = verifyDraws(history(wiki), { phase: 4 });
    // Every die: the roll's three and the draw's two.
    expect(report.mismatching).toBe(0);
    expect(report.matching).toBe(5);
  });

  it('a table is named by its caption first, then by the heading of its rule; two under one name are ambiguous', () => {
    const t = (caption: string | undefined, rule: string | undefined) => ({ ...doc.tables[0]!, caption, rule });
    expect(namedTable([t('Loot', 'Items'), t(undefined, 'Loot')], 'loot')).toEqual({ table: t('Loot', 'Items'), name: 'Loot' });
    expect(namedTable([t(undefined, 'Items'), t(undefined, 'Items')], 'Items')).toEqual({
      refused: 'the Ruleset has 2 tables named "Items": name one by its caption',
    });
  });
});
