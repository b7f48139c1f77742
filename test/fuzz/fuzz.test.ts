// The fuzz test the project keeps for itself (issue 16): seeded mutations of the fixture pages —
// markup fragments inserted, cells rewritten with hostile text, spans deleted, lines duplicated,
// digits changed — fed to what a run does. Asserted for every case: no crash (a page the bot cannot
// use is refused with an error that names its place), no hang (the test's timeout), and no output that
// the next run refuses or changes (rollover output fed back in gives no change; card tables published
// twice give no second edit). A failure names its seed: `FUZZ_FROM=<seed> FUZZ_CASES=1` replays it.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import type { GameEngine, KindedRuleset } from '../../src/games/engine-contract.ts';
import { engineFor, parseRuleset, renderTables } from '../../src/games/registry.ts';
import { readDeclarations } from '../../src/games/generic/declarations.ts';
import { readGenericRuleset, type GenericRuleset } from '../../src/games/generic/ruleset.ts';
import { adoptText } from '../../src/jobs/adopt.ts';
import { tablesEdit } from '../../src/jobs/publish-tables.ts';
import { readDocument } from '../../src/parse/document.ts';
import { RegionError } from '../../src/parse/regions.ts';
import { PageError } from '../../src/parse/source.ts';
import { CalendarError } from '../../src/sim/calendar.ts';
import { mutate, Random } from '../unit/helpers/random-text.ts';
import { replaceOnce } from '../unit/helpers/wikitext.ts';
import { cycle16Engine } from '../../src/games/cycle16/index.ts';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const GAMESTATE = fixture('cycle16/gamestate.wikitext');
const RULESETS = ['cycle16', 'cycle15', 'round10', 'nomicoup'].map((name) => ({ name, text: fixture(`${name}/ruleset.wikitext`) }));
const ruleset = readCycle16Ruleset(readDocument(RULESETS[0]!.text));

const CASES = Number(process.env.FUZZ_CASES ?? 100);
const FROM = Number(process.env.FUZZ_FROM ?? 1);
/** Hundreds of parses of real pages: minutes on a loaded two-core machine, well under one when idle. */
const TIMEOUT = 600_000;

/** A refusal the bot can give: it names what is wrong and where, never a bare crash. */
function expectLocated(err: unknown, seed: number): void {
  const where = `seed ${seed}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
  if (err instanceof GamestateError) {
    expect(err.problems.length, where).toBeGreaterThan(0);
    for (const p of err.problems) expect(p.location.page ?? p.location.table, where).toBeDefined();
  } else {
    expect(err instanceof RegionError || err instanceof CalendarError || err instanceof PageError, where).toBe(true);
  }
}

// The new cycle's admins' declarations (as test/unit/games/generic/engine.test.ts reads them from its Rulings page).
const DECLARED = [
  '* reset "Delved this phase" to "no" at each phase start — "Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve"',
  '* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be \'inactive\' if they performed no actions in the previous phase."',
  '* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "At the beginning of each Planning Phase, each active player is granted 2 Favour."',
  '* victory to the most "Ore", at least 150, at each Market Phase end — "At the end of each Market Phase, the player who holds the most Ore, if they hold at least 150 Ore, wins the cycle."',
];

const OPTS = [
  { now: new Date('2026-11-19T00:00Z'), trigger: 'fuzz' },
  { now: new Date('2026-11-24T06:00Z'), trigger: 'fuzz' },
];

/** A rollover of `text`; when it gives a page, that page rolled over again at the same instant gives the same page. */
function rolloverTwice(
  rs: KindedRuleset,
  text: string,
  seed: number,
  opts: { now: Date; trigger: string },
  engine: GameEngine = cycle16Engine as unknown as GameEngine,
): 'refused' | 'rolled' {
  let first: string;
  try {
    first = engine.rollover(rs, 'fuzz', { title: 'Fuzz/Gamestate', text, revid: seed }, opts).text;
  } catch (err) {
    expectLocated(err, seed);
    return 'refused';
  }
  let again: string;
  try {
    again = engine.rollover(rs, 'fuzz', { title: 'Fuzz/Gamestate', text: first, revid: seed + 1 }, opts).text;
  } catch (err) {
    throw new Error(`seed ${seed}: the next run refuses the page this run wrote: ${err instanceof Error ? err.message : String(err)}`);
  }
  expect(again === first, `seed ${seed}: the next run changed the page it wrote`).toBe(true);
  return 'rolled';
}

describe('fuzz: seeded mutations of the fixture pages', () => {
  test(
    `${CASES} mutated Gamestate pages: each is refused with a located error, or rolled over to a page the next run leaves unchanged`,
    () => {
      const outcomes = { refused: 0, rolled: 0 };
      for (let seed = FROM; seed < FROM + CASES; seed++) {
        const r = new Random(seed);
        outcomes[rolloverTwice(ruleset, mutate(GAMESTATE, r), seed, r.pick(OPTS))]++;
      }
      // Both paths are exercised: the mutations are neither all harmless nor all fatal.
      expect(outcomes.refused).toBeGreaterThan(CASES / 10);
      expect(outcomes.rolled).toBeGreaterThan(CASES / 10);
    },
    TIMEOUT,
  );

  // The other games' pages: each game's Gamestate fixture, mutated, rolled over by its own engine at a time its
  // unmutated page rolls over at (Round 10 weekly, Cycle 15 by phases, Nomicoup by turns); and a cycle no module
  // knows (the generic game), its hand-kept page adopted, with its admins' declarations.
  const at = (...times: string[]) => times.map((t) => ({ now: new Date(t), trigger: 'fuzz' }));
  const NEWER_TIMES = at('2026-11-20T12:00Z', '2026-11-23T00:00Z', '2026-11-27T12:00Z');
  const NEWER = ['round10', 'cycle15', 'nomicoup'].map((name) => ({
    name,
    ruleset: parseRuleset(fixture(`${name}/ruleset.wikitext`), { page: 'Fuzz/Ruleset', kind: name as 'round10' }) as KindedRuleset,
    gamestate: fixture(`${name}/gamestate.wikitext`),
    engine: engineFor(name),
    times: NEWER_TIMES,
  }));
  const generic = readGenericRuleset(readDocument(fixture('newcycle/ruleset.wikitext'), { page: 'Fuzz/Ruleset' }));
  const declared = DECLARED.map((text, i) => ({ line: i + 1, text, by: 'Judge', at: new Date('2026-12-08T00:00Z') }));
  const withDeclarations: GenericRuleset = { ...generic, declarations: readDeclarations(declared, generic, 'Fuzz/Gamestate/Rulings').declarations };
  NEWER.push({
    name: 'generic',
    ruleset: withDeclarations,
    gamestate: adoptText(fixture('newcycle/gamestate.wikitext'), { text: fixture('newcycle/ruleset.wikitext'), title: 'Fuzz/Ruleset' }, 'Fuzz/Gamestate', {
      now: new Date('2026-12-09T10:00Z'),
    }).text,
    engine: engineFor('generic'),
    times: at('2026-12-12T12:00Z', '2026-12-15T00:00Z', '2026-12-22T00:00Z'),
  });
  test(
    `${CASES} mutated Gamestate pages of each other game (Round 10, Cycle 15, Nomicoup, a new cycle): each refused with a located error, or rolled over to a page the next run leaves unchanged`,
    () => {
      for (const g of NEWER) {
        const outcomes = { refused: 0, rolled: 0 };
        for (let seed = FROM + 200_000; seed < FROM + 200_000 + CASES; seed++) {
          const r = new Random(seed);
          outcomes[rolloverTwice(g.ruleset, mutate(g.gamestate, r), seed, r.pick(g.times), g.engine)]++;
        }
        expect(outcomes.refused, g.name).toBeGreaterThan(CASES / 10);
        expect(outcomes.rolled, g.name).toBeGreaterThan(CASES / 10);
      }
    },
    TIMEOUT,
  );

  test(
    'damage the fuzz test once found endless edits in is refused: a column of a cell the bot keeps with a History row (Nomicoup, Cycle 15), renamed by hand, which made every run write another row',
    () => {
      // Seed 200137 wrote "e (UTC)" for the Propositions header "Deadline (UTC)": the Deadline read as empty at every
      // run, differed from Posted + 72 h, and each run added a Recomputed History row (an edit an hour in the daemon).
      const nomicoup = NEWER.find((g) => g.name === 'nomicoup')!;
      const roll = (text: string) => () => nomicoup.engine.rollover(nomicoup.ruleset, 'fuzz', { title: 'Fuzz/Gamestate', text, revid: 1 }, NEWER_TIMES[2]!);
      expect(roll(replaceOnce(nomicoup.gamestate, '!! Deadline (UTC) !!', '!!e (UTC) !!'))).toThrow(
        'page "Fuzz/Gamestate", table "Propositions": the table has no "Deadline (UTC)" column',
      );
      // The same for each cell of the Game table the bot keeps: a Court Deck column taken out with its cell.
      const noDeck = replaceOnce(replaceOnce(nomicoup.gamestate, '!! Treasury !! Court Deck !!', '!! Treasury !!'), '|| 43 || 10 ||', '|| 43 ||');
      expect(roll(noDeck)).toThrow('page "Fuzz/Gamestate", table "Game": the table has no "Court Deck" column');
      // Seed 201270: Cycle 15's "Party time" header broken ("Party timei={{"), a Party time row at every run.
      const cycle15 = NEWER.find((g) => g.name === 'cycle15')!;
      const party = replaceOnce(cycle15.gamestate, '!! Party time !!', '!! Party timei={{\ufeff !!');
      expect(() => cycle15.engine.rollover(cycle15.ruleset, 'fuzz', { title: 'Fuzz/Gamestate', text: party, revid: 1 }, NEWER_TIMES[2]!)).toThrow(
        'page "Fuzz/Gamestate", table "Phase": the table has no "Party time" column',
      );
    },
    TIMEOUT,
  );

  test(
    'damage the fuzz test once found a crash in is refused with a located error: a Cards table without its |} running into the Battles table',
    () => {
      // Seed 1234 deleted the Cards table's end and the start of the Battles heading ("|}\n\n== Bat").
      const text = replaceOnce(GAMESTATE, '|}\n\n== Battles ==', 'tles ==');
      expect(() => cycle16Engine.rollover(ruleset, 'fuzz', { title: 'Fuzz/Gamestate', text, revid: 1 }, OPTS[0]!)).toThrow(
        'page "Fuzz/Gamestate", table "Cards": the table has no end ("|}" is missing) and runs into the next table',
      );
    },
    TIMEOUT,
  );

  test(
    'damage the fuzz test once found an unstable page in is refused: a History header renamed by hand, which made the next run lose the race chart its rows counted',
    () => {
      // Seed 20751 wrote "Change ڋ7'" for the header "Change": its rows' Change cells read as empty, so the next run
      // redrew every player's chart flat. The History columns the bot writes are now required, by name.
      const text = replaceOnce(GAMESTATE, '!! Change !! Reason', "!! Change ڋ7'!! Reason");
      expect(() => cycle16Engine.rollover(ruleset, 'fuzz', { title: 'Fuzz/Gamestate', text, revid: 1 }, OPTS[0]!)).toThrow(
        `page "Fuzz/Gamestate", table "History": the History table has no column "Change" (its columns: Time (UTC), Phase, Event, Player, Change ڋ7', Reason): put its header back`,
      );
    },
    TIMEOUT,
  );

  test(
    `${CASES} mutated Ruleset pages: read without a crash; card tables published twice make one edit; a Cycle 16 rollover with them is stable`,
    () => {
      const page = { title: 'Fuzz/Gamestate', text: GAMESTATE, revid: 1, timestamp: '2026-11-19T00:00:00Z' };
      const info = { ruleset: 'Fuzz/Ruleset', rulesetRevid: 1, trigger: 'fuzz' };
      for (let seed = FROM + 100_000; seed < FROM + 100_000 + CASES; seed++) {
        const r = new Random(seed);
        const source = r.pick(RULESETS);
        const text = mutate(source.text, r);
        let rs: ReturnType<typeof parseRuleset>;
        try {
          rs = parseRuleset(text, { page: 'Fuzz/Ruleset', ...(source.name === 'cycle16' ? { kind: 'cycle16' as const } : {}) });
        } catch (err) {
          expectLocated(err, seed); // a page the bot cannot take in at all (a control byte), named with its line
          continue;
        }
        const tables = renderTables(rs);
        if (tables === undefined) continue;
        expect(readDocument(tables).warnings, `seed ${seed}`).toEqual([]);
        const edit = tablesEdit(page, tables, info);
        if (edit !== null) expect(tablesEdit({ ...page, text: edit.text }, tables, info), `seed ${seed}`).toBeNull();
        if (rs.kind === 'cycle16' && r.int(0, 2) === 0) rolloverTwice(rs as typeof ruleset, GAMESTATE, seed, OPTS[0]!);
      }
    },
    TIMEOUT,
  );
});
