// The Ruleset revisions the bot has read, kept beside the store (src/cron/ruleset-files.ts): read again by the next
// run of the same build on the same text instead of parsed, and parsed again for anything else.
import { chmodSync, mkdtempSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rulesetFiles, rulesetsDir, type RulesetReader } from '../../../src/cron/ruleset-files.ts';
import { readEngineRuleset } from '../../../src/games/registry.ts';
import { rollover } from '../../../src/jobs/rollover.ts';
import { gameStatus } from '../../../src/jobs/status.ts';
import { RulesetCache } from '../../../src/cron/game-jobs.ts';
import { removeDir } from '../../temp-dir.ts';
import { fixture } from '../helpers/fixtures.ts';
import { GAMESTATE } from '../games/cycle16/engine/build.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-rulesets-'));
afterAll(() => removeDir(dir));
let n = 0;
const store = () => join(dir, `store-${++n}.json`);
const RULESET = fixture('cycle16');
const O = { page: 'Cycle 16/Ruleset', game: 'cycle16' };
const files = (s: string) => readdirSync(rulesetsDir(s));
/** A reader that also counts the readings asked of it. */
const counted = (r: RulesetReader) => {
  const c = {
    reads: 0,
    read: (...a: Parameters<RulesetReader['read']>) => {
      c.reads++;
      return r.read(...a);
    },
    get parses() {
      return r.parses;
    },
  };
  return c;
};

describe("the bot's Ruleset readings beside the store", () => {
  test('the next run of the same build reads the same text from the store, parsing nothing, and gets what a parse gives', () => {
    const s = store();
    const first = rulesetFiles(s, 'build-a', { write: true });
    const parsed = first.read({ text: RULESET }, O);
    expect(first.parses).toBe(1);
    const next = rulesetFiles(s, 'build-a', { write: true });
    const kept = next.read({ text: RULESET }, O);
    expect(next.parses).toBe(0);
    const { engine, ...reading } = readEngineRuleset(RULESET, O);
    expect(kept).toEqual({ engine, ...reading }); // the rules and the page's tables (what a draw names)
    expect(kept.tables.length).toBeGreaterThan(0);
    expect(kept.engine).toBe(parsed.engine);
    expect(statSync(join(rulesetsDir(s), files(s)[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(rulesetsDir(s)).mode & 0o777).toBe(0o700);
  });

  test('another build, another text, another game or another kind is parsed', () => {
    const s = store();
    rulesetFiles(s, 'build-a', { write: true }).read({ text: RULESET }, O);
    for (const [build, text, o] of [
      ['build-b', RULESET, O],
      ['build-a', `${RULESET}\n`, O],
      ['build-a', RULESET, { ...O, game: 'other' }],
      ['build-a', RULESET, { ...O, kind: 'cycle16' }],
    ] as const) {
      const r = rulesetFiles(s, build, { write: false });
      r.read({ text }, o);
      expect(r.parses, `${build} ${text.length} ${JSON.stringify(o)}`).toBe(1);
    }
  });

  test('a file another user could have written, or one that does not read back, is parsed again and replaced', () => {
    const s = store();
    rulesetFiles(s, 'build-a', { write: true }).read({ text: RULESET }, O);
    const file = join(rulesetsDir(s), files(s)[0]!);
    chmodSync(file, 0o644);
    const r = rulesetFiles(s, 'build-a', { write: true });
    r.read({ text: RULESET }, O);
    expect(r.parses).toBe(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'torn', { mode: 0o600 });
    const again = rulesetFiles(s, 'build-a', { write: true });
    again.read({ text: RULESET }, O);
    expect(again.parses).toBe(1);
    expect(rulesetFiles(s, 'build-a', { write: true }).read({ text: RULESET }, O).ruleset).toEqual(readEngineRuleset(RULESET, O).ruleset);
  });

  test('a writer killed before its rename leaves a temp file that is never read, and is removed once an hour old', () => {
    const s = store();
    const first = rulesetFiles(s, 'build-a', { write: true });
    first.read({ text: RULESET }, O);
    const [file] = files(s);
    // What a killed writer leaves: its temp file (here a whole one), and no `<key>.v8` yet.
    const temp = join(rulesetsDir(s), `${file}.0123456789ab.tmp`);
    renameSync(join(rulesetsDir(s), file!), temp);
    const next = rulesetFiles(s, 'build-a', { write: true });
    next.read({ text: RULESET }, O);
    expect(next.parses).toBe(1);
    expect(files(s).sort()).toEqual([file, `${file}.0123456789ab.tmp`].sort());
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(temp, old, old);
    rulesetFiles(s, 'build-a', { write: true }).read({ text: `${RULESET}\n` }, O);
    expect(files(s)).not.toContain(`${file}.0123456789ab.tmp`);
    expect(files(s)).toHaveLength(2);
  });

  test('a run that writes nothing (a dry run) keeps nothing; the 8 most recently used are kept', () => {
    const s = store();
    rulesetFiles(s, 'build-a', { write: false }).read({ text: RULESET }, O);
    expect(() => files(s)).toThrow(/ENOENT/);
    const r = rulesetFiles(s, 'build-a', { write: true });
    for (let i = 0; i < 10; i++) r.read({ text: `${RULESET}\n<!-- ${i} -->` }, O);
    expect(files(s)).toHaveLength(8);
  });

  test("the daemon's readings are kept for the next process: a daemon started again, `referee` and `status` parse nothing", async () => {
    const s = store();
    const revision = { text: RULESET, revid: 7 };
    const daemon = new RulesetCache(8, rulesetFiles(s, 'build-a', { write: true }));
    daemon.read(revision, O);
    daemon.read(revision, O);
    expect(files(s)).toHaveLength(1);
    const restarted = counted(rulesetFiles(s, 'build-a', { write: true }));
    new RulesetCache(8, restarted).read(revision, O);
    expect([restarted.reads, restarted.parses]).toEqual([1, 0]);
    // `croupier status` reads what the bot's runs kept, and writes nothing there.
    const status = counted(rulesetFiles(s, 'build-a', { write: false }));
    const wiki = new FakeWiki({ [O.page]: RULESET, 'Cycle 16/Gamestate': GAMESTATE });
    const game = { id: O.game, ruleset: O.page, gamestate: 'Cycle 16/Gamestate', historyLimit: 200 };
    const now = new Date('2026-11-23T00:00Z');
    expect(await gameStatus(wiki, game, now, {}, { readRuleset: status.read })).toEqual(await gameStatus(wiki, game, now));
    expect(status.reads).toBeGreaterThan(0);
    expect(status.parses).toBe(0);
    expect(files(s)).toHaveLength(1);
  });

  test('a rollover reading its Ruleset from the store saves the page a rollover that parses it saves', async () => {
    const s = store();
    const game = { id: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate', historyLimit: 200 };
    const run = async (readRuleset?: ReturnType<typeof rulesetFiles>['read']) => {
      const w = new FakeWiki({ [game.ruleset]: RULESET, [game.gamestate]: GAMESTATE });
      await rollover({ wiki: w, ...(readRuleset ? { readRuleset } : {}) }, game, { now: new Date('2026-11-23T00:00Z'), trigger: 'test' });
      return w.text(game.gamestate);
    };
    rulesetFiles(s, 'build-a', { write: true }).read({ text: RULESET }, { page: game.ruleset, game: game.id });
    const kept = rulesetFiles(s, 'build-a', { write: true });
    expect(await run(kept.read)).toBe(await run());
    expect(kept.parses).toBe(0);
  });
});
