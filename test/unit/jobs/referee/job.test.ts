import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../../helpers/fixtures.ts';
import { referee, type RefereeGame } from '../../../../src/jobs/referee.ts';
import { requestKey } from '../../../../src/jobs/request-lines.ts';
import { storeSecrets } from '../../../../src/cron/referee-runner.ts';
import { FileStore, MemoryStore } from '../../../../src/cron/store.ts';
import { commitmentOf } from '../../../../src/sim/commit-reveal.ts';
import { historyLines, verifyDraws } from '../../../../src/jobs/verify.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { removeDir } from '../../../temp-dir.ts';
import { RefereeFakeWiki } from './fake-wiki.ts';
import { cycle16Engine } from '../../../../src/games/cycle16/index.ts';
import { RulesetCache } from '../../../../src/cron/game-jobs.ts';

// The referee job on an in-memory wiki: commit before the first draw, a request resolved exactly once,
// refusals answered, the secret revealed after the phase and kept across restarts; verify on the result.

const GAME: RefereeGame = { id: 'c16', kind: 'cycle16', ruleset: 'R', gamestate: 'G', actionsPage: 'G/Actions', statusPage: 'G/Status', lookback: 50 };
const SECRET = 'ab'.repeat(32);
const NOW = new Date('2026-11-18T18:00:00Z');

function gamestateWithAccounts(): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-referee-'));
  try {
    execFileSync(process.execPath, ['scripts/add-wiki-account.mjs', 'fixtures/cycle16/gamestate.wikitext', join(dir, 'g'), 'Alice=Player', 'Bram=Bram']);
    return readFileSync(join(dir, 'g'), 'utf8');
  } finally {
    removeDir(dir);
  }
}

function setup(lines: [user: string, line: string][]) {
  const wiki = new RefereeFakeWiki({ R: fixture('cycle16'), G: gamestateWithAccounts() });
  let text = '== Requests ==\n';
  wiki.as('Admin', GAME.actionsPage, text);
  for (const [user, line] of lines) {
    text += `${line}\n`;
    wiki.as(user, GAME.actionsPage, text);
  }
  return wiki;
}

const run = (wiki: RefereeFakeWiki, store = new MemoryStore(), extra: Partial<Parameters<typeof referee>[0]> = {}) =>
  referee({ wiki, secrets: storeSecrets(store, () => NOW), now: () => NOW, newSecret: () => SECRET, ...extra }, GAME);

/** A pack opened in phase 4 (its secret committed), then Bram's win typed by an admin. */
async function wonAfterAPack() {
  const wiki = setup([['Player', '* open 1 Handy Pack']]);
  const store = new MemoryStore();
  await run(wiki, store);
  wiki.as('Admin', 'G', wiki.text('G')!.replace(PLAYING, WON));
  return { wiki, store };
}

/** A pack opened in phase 4, then the bot's rollover to phase 5 (an admin's manual one: the calendar is still in phase 4). */
async function drawnThenRolledOverByHand() {
  const wiki = setup([['Player', '* open 1 Handy Pack']]);
  const store = new MemoryStore();
  await run(wiki, store);
  const before = wiki.text('G')!;
  wiki.put('G', cycle16Engine.rollover(ruleset, 'c16', { title: 'G', text: before, revid: 1 }, { now: NOW, trigger: 'manual', force: { by: 'Admin' } }).text);
  return { wiki, store, before };
}

/** The Phase table's row of the fixture in phase 4, and the same row once Bram has won. */
const PLAYING = '| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -';
const WON = '| 2026-11-02 00:00 || 4 || Rest Phase || - || Bram';

const ruleset = cycle16Engine.readRuleset(readDocument(fixture('cycle16'), { page: 'R' }));
const history = (wiki: RefereeFakeWiki) => historyLines({ title: 'G', text: wiki.text('G')! }, cycle16Engine.history);

describe('the referee job', () => {
  it("in the daemon, parses no Ruleset revision the tick's plan and rollovers have parsed already (one cache for all)", async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack ~~~~']]);
    const rulesets = new RulesetCache();
    // The tick's plan has parsed the Ruleset's revision.
    const read = rulesets.read((await wiki.readPages(['R'])).get('R')!, { page: 'R', kind: 'cycle16', game: 'c16' });
    const s = await run(wiki, new MemoryStore(), { readRuleset: (page, o) => rulesets.read(page, o) });
    expect(s).toMatchObject({ done: 1, refused: 0 });
    expect(rulesets.parses).toBe(1);
    // What the pass read is that parse: its draws name the Ruleset's own tables.
    expect(rulesets.read((await wiki.readPages(['R'])).get('R')!, { page: 'R', kind: 'cycle16', game: 'c16' })).toBe(read);
    expect(read.tables.length).toBeGreaterThan(0);
  });

  it("resolves a player's `open 1 Handy Pack` once: cards added with IDs, the pack consumed, History rows with the draws, after the phase's commitment", async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack ~~~~']]);
    const s = await run(wiki);
    expect(s).toMatchObject({ phase: 4, done: 1, refused: 0, commitment: commitmentOf(SECRET) });
    const rows = history(wiki);
    const commit = rows.findIndex((r) => r.event === 'Draws committed');
    const drawn = rows.filter((r) => r.event === 'Card drawn');
    // “Handy Pack … gains 2 random cards and 1 random rare card”
    expect(drawn).toHaveLength(3);
    expect(commit).toBeGreaterThanOrEqual(0);
    expect(rows.findIndex((r) => r.event === 'Card drawn')).toBeGreaterThan(commit);
    const page = wiki.text('G')!;
    for (const id of [52, 53, 54]) expect(page).toMatch(new RegExp(`\\| ${id} \\|\\| Alice \\|\\| `));
    const alice = cycle16Engine.readGamestate(page, 'G', ruleset).players.find((p) => p.name === 'Alice')!;
    expect(alice.packs['Handy Pack'] ?? 0).toBe(0); // “Open packs are discarded from their inventory afterward.”
    expect(wiki.text('G/Actions')).toMatch(/open 1 Handy Pack ~~~~ <!-- croupier:done r\d+ --> → '''Done'''/);
    expect(wiki.text('G/Status')).toContain(commitmentOf(SECRET));
    // Run again: the line is marked, nothing is drawn twice.
    const before = wiki.text('G');
    const again = await run(wiki);
    expect(again.done + again.refused).toBe(0);
    expect(wiki.text('G')).toBe(before);
    const report = verifyDraws(history(wiki));
    expect(report.mismatching).toBe(0);
    expect(report.matching).toBeGreaterThanOrEqual(3);
  });

  it('refuses the same line added by an account that is no player, and a purchase the player cannot afford, answering on the line and changing nothing', async () => {
    const wiki = setup([
      ['Admin', '* open 1 Handy Pack'],
      ['Bram', '* buy 1 Legendary Pack'],
    ]);
    const s = await run(wiki);
    expect(s).toMatchObject({ done: 0, refused: 2 });
    const actions = wiki.text('G/Actions')!;
    expect(actions).toMatch(
      /open 1 Handy Pack <!-- croupier:refused r\d+ --> → '''Refused'''.*Admin, who added this line, is not the wiki account of any player/,
    );
    // “provided they have at least the required cost in their inventory”: 50 Vertebrae, Bram has 17
    expect(actions).toMatch(/buy 1 Legendary Pack <!-- croupier:refused r\d+ -->.*costs 50 Vertebrae.*Bram has 17/);
    // Nothing changed but the phase's commitment row.
    expect(history(wiki).filter((r) => r.event !== 'Draws committed')).toEqual(
      historyLines({ title: 'G', text: fixture('cycle16', 'gamestate') }, cycle16Engine.history),
    );
  });

  it('resolves an exploration with its dice, and refuses a second one in the same phase (“Once per phase”)', async () => {
    const wiki = setup([
      ['Bram', '* explore yes'],
      ['Bram', '* explore no'],
    ]);
    const s = await run(wiki);
    expect(s).toMatchObject({ done: 1, refused: 1 });
    const row = history(wiki).find((r) => r.event === 'Exploration')!;
    expect(row.reason).toMatch(/#1 d14=\d+ scenario/);
    expect(wiki.text('G/Actions')).toMatch(/explore no <!-- croupier:refused.*has explored 1 time/);
  });

  it("in the daemon's passes (the record kept by revision), an admin's deletion of the bot's Exploration row gives the use back, a player's does not", async () => {
    /** The page without Bram's Exploration row and Exploration out of his Used this phase, with a note (not a revert). */
    const withoutUse = (text: string) => {
      const lines = text.split('\n');
      const row = lines.findIndex((l) => l.includes('|| Exploration || Bram ||'));
      lines.splice(row - 1, 2); // the row and its `|-`
      const used = lines.findIndex((l, i) => i > lines.indexOf('|Bram') && /^\|.*\bExploration\b/.test(l));
      lines[used] = lines[used]!.replace(/,? ?\bExploration\b/, '');
      return `${lines.join('\n')}\n<!-- tidied -->`;
    };
    for (const [by, second] of [
      ['Bram', { done: 0, refused: 1 }],
      ['Admin', { done: 1, refused: 0 }],
    ] as const) {
      const wiki = setup([['Bram', '* explore no']]);
      wiki.userGroups = async (users) => new Map(users.map((u) => [u, u === 'Admin' ? ['sysop'] : []]));
      const [store, records] = [new MemoryStore(), new Map()];
      const ask = async () => {
        wiki.as('Bram', GAME.actionsPage, `${wiki.text(GAME.actionsPage)}* explore no\n`);
        return run(wiki, store, { records });
      };
      expect(await run(wiki, store, { records })).toMatchObject({ done: 1 });
      wiki.as(by, 'G', withoutUse(wiki.text('G')!));
      expect(await ask(), by).toMatchObject(second);
      // Once more: refused either way (the player's deletion gave nothing back; the admin's was used again).
      expect(await ask(), by).toMatchObject({ done: 0, refused: 1 });
    }
  });

  describe("a player's request another player takes off the page before the pass (deleted, or given a mark the bot did not write)", () => {
    const LINE = '* open 1 Handy Pack';
    const FAKED = `${LINE} <!-- croupier:refused r2 --> → '''Refused''' (Croupier, 2026-11-18 17:00 UTC): no`;
    const cards = (wiki: RefereeFakeWiki) => history(wiki).filter((r) => r.event === 'Card drawn').length;
    for (const [how, takeAway] of [
      ['deleted', (t: string) => t.replace(`${LINE}\n`, '')],
      ['marked', (t: string) => t.replace(LINE, FAKED)],
    ] as const) {
      it(`${how} by Bram: still Alice's request, performed, and answered by a line the bot adds naming who removed it; the next pass answers nothing again`, async () => {
        const wiki = setup([['Player', LINE]]);
        wiki.as('Bram', GAME.actionsPage, takeAway(wiki.text(GAME.actionsPage)!));
        const taken = wiki.text(GAME.actionsPage)!;
        expect(await run(wiki)).toMatchObject({ done: 1, refused: 0 });
        expect(cards(wiki)).toBe(3);
        const actions = wiki.text(GAME.actionsPage)!;
        // Bram's text stays as he left it; the bot's answer is added after it.
        expect(actions.startsWith(taken.trimEnd())).toBe(true);
        const added = actions.slice(taken.trimEnd().length).trim();
        const m =
          /^\* open 1 Handy Pack <!-- croupier:done r(\d+) --> → '''Done''' \(Croupier, [^)]*\): removed in revision (\d+) by Bram, who may not withdraw it \(only its author or an admin may\): still request r(\d+)-[0-9a-f]{8} of Player; opened 1 Handy Pack: /.exec(
            added,
          );
        expect(m, added).not.toBeNull();
        // Alice's account added the line (its revision in the mark and the key); Bram's next revision removed it.
        expect([Number(m![2]), Number(m![3])]).toEqual([Number(m![1]) + 1, Number(m![1])]);
        const again = await run(wiki);
        expect(again.done + again.refused).toBe(0);
        expect(wiki.text(GAME.actionsPage)).toBe(actions);
        expect(cards(wiki)).toBe(3);
      });
    }

    it("the bot's added answer deleted by a person: not added again, nothing drawn again", async () => {
      for (const by of ['Bram', 'Admin']) {
        const wiki = setup([['Player', LINE]]);
        wiki.as('Bram', GAME.actionsPage, wiki.text(GAME.actionsPage)!.replace(`${LINE}\n`, ''));
        await run(wiki);
        const answered = wiki.text(GAME.actionsPage)!;
        const answer = answered.split('\n').find((l) => l.includes('removed in revision'))!;
        wiki.as(by, GAME.actionsPage, answered.replace(`${answer}\n`, ''));
        const page = wiki.text(GAME.actionsPage);
        const again = await run(wiki);
        expect(again.done + again.refused, by).toBe(0);
        expect(wiki.text(GAME.actionsPage), by).toBe(page);
        expect(cards(wiki), by).toBe(3);
      }
    });

    it('killed after its Gamestate save, before its answer: the next pass answers it done, with no second draw', async () => {
      const wiki = setup([['Player', LINE]]);
      wiki.as('Bram', GAME.actionsPage, wiki.text(GAME.actionsPage)!.replace(`${LINE}\n`, ''));
      const store = new MemoryStore();
      const crash = (step: string) => {
        if (step === 'resolved') throw new Error('crash');
      };
      await expect(run(wiki, store, { checkpoint: crash })).rejects.toThrow('crash');
      expect(cards(wiki)).toBe(3);
      expect(wiki.text(GAME.actionsPage)).not.toContain('croupier:');
      expect(await run(wiki, store)).toMatchObject({ done: 1 });
      expect(cards(wiki)).toBe(3);
      expect(
        wiki
          .text(GAME.actionsPage)!
          .split('\n')
          .filter((l) => l.includes('removed in revision')),
      ).toHaveLength(1);
    });

    it("deleted by Bram, who types the bot's answer to it, naming its key: still performed (only the bot's own lines say it answered)", async () => {
      const wiki = setup([['Player', LINE]]);
      const key = requestKey((await wiki.history(GAME.actionsPage, 1))[0]!.revid, LINE);
      const forged = `${FAKED}: removed by Bram: still request ${key} of Player; done`;
      wiki.as('Bram', GAME.actionsPage, `${wiki.text(GAME.actionsPage)!.replace(`${LINE}\n`, '')}${forged}\n`);
      expect(await run(wiki)).toMatchObject({ done: 1, refused: 0 });
      expect(cards(wiki)).toBe(3);
    });

    for (const [who, by] of [
      ['its author', 'Player'],
      ["the bot's own revision (its undo of an edit of its own)", 'Bot'],
    ] as const) {
      it(`deleted by ${who}: not taken, nothing drawn, nothing answered`, async () => {
        const wiki = setup([['Player', LINE]]);
        wiki.as(by, GAME.actionsPage, wiki.text(GAME.actionsPage)!.replace(`${LINE}\n`, ''));
        const page = wiki.text(GAME.actionsPage);
        expect(await run(wiki)).toMatchObject({ done: 0, refused: 0 });
        expect(cards(wiki)).toBe(0);
        expect(wiki.text(GAME.actionsPage)).toBe(page);
      });
    }

    it("deleted by one of the game's admins: withdrawn (the wiki asked for the remover's groups), nothing drawn", async () => {
      const wiki = setup([['Player', LINE]]);
      const asked: string[][] = [];
      wiki.userGroups = async (users) => {
        asked.push(users);
        return new Map(users.map((u) => [u, u === 'Admin' ? ['sysop'] : []]));
      };
      wiki.as('Admin', GAME.actionsPage, wiki.text(GAME.actionsPage)!.replace(`${LINE}\n`, ''));
      expect(await run(wiki)).toMatchObject({ done: 0, refused: 0 });
      expect(cards(wiki)).toBe(0);
      expect(asked).toContainEqual(['Admin']);
    });

    it('deleted by Bram and written again by Alice: the line she wrote again is the request, performed once', async () => {
      const wiki = setup([['Player', LINE]]);
      wiki.as('Bram', GAME.actionsPage, wiki.text(GAME.actionsPage)!.replace(`${LINE}\n`, ''));
      wiki.as('Player', GAME.actionsPage, `${wiki.text(GAME.actionsPage)!}${LINE}\n`);
      expect(await run(wiki)).toMatchObject({ done: 1, refused: 0 });
      expect(cards(wiki)).toBe(3);
      expect(wiki.text(GAME.actionsPage)).not.toContain('removed in revision');
    });
  });

  it('reveals the secret only once the page has left the phase, and verify then checks every draw against the commitment', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    await run(wiki, store);
    expect(wiki.text('G')).not.toContain(SECRET);
    // The phase ends (the rollover moves the page on).
    const rolled = cycle16Engine.rollover(
      ruleset,
      'c16',
      { title: 'G', text: wiki.text('G')!, revid: 1 },
      { now: new Date('2026-11-19T00:00:00Z'), trigger: 'test' },
    );
    expect(rolled.result.state.phase.number).toBe(5);
    wiki.put('G', rolled.text);
    const s = await run(wiki, store, { newSecret: () => 'cd'.repeat(32), now: () => new Date('2026-11-19T12:00:00Z') });
    expect(s.revealed).toEqual([4]);
    expect(wiki.text('G')).toContain(`phase 4: secret ${SECRET}`);
    expect(wiki.text('G')).toContain(`phase 5: commitment ${commitmentOf('cd'.repeat(32))}`);
    const report = verifyDraws(history(wiki), { phase: 4 });
    expect(report.findings.every((f) => f.ok)).toBe(true);
    expect(report.findings.some((f) => /secret revealed .* matches the commitment/.test(f.text))).toBe(true);
  });

  it("leaves a request unmarked when a rollover saves the page during the run, and resolves it once with the new phase's committed secret on the next run", async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    const later = new Date('2026-11-19T00:30:00Z');
    // The run starts in phase 4 (a second before its boundary); a rollover (another process) saves the Gamestate page
    // after this run committed phase 4, before the request, and the clock has passed the boundary since.
    let rolled = false;
    const s = await run(wiki, store, {
      now: () => (rolled ? later : new Date('2026-11-18T23:59:59Z')),
      checkpoint: (step) => {
        if (step !== 'committed') return;
        const page = wiki.text('G')!;
        wiki.put('G', cycle16Engine.rollover(ruleset, 'c16', { title: 'G', text: page, revid: 1 }, { now: later, trigger: 'test' }).text);
        rolled = true;
      },
    });
    expect(s).toMatchObject({ phase: 4, done: 0, failed: 0, waiting: 1 });
    expect(s.problem).toMatch(/moved from phase 4 to phase 5 during the run/);
    expect(wiki.text('G/Actions')).not.toContain('croupier:');
    expect(wiki.text('G')).not.toMatch(/Card drawn/);
    const next = await run(wiki, store, { now: () => later, newSecret: () => 'cd'.repeat(32) });
    expect(next).toMatchObject({ phase: 5, done: 1, revealed: [4] });
    const page = wiki.text('G')!;
    expect(page.match(/\|\| Pack opened \|\|/g)).toHaveLength(1);
    expect(page).toMatch(/\|\| 5 \|\| Card drawn \|\| Alice/);
    expect(verifyDraws(history(wiki)).mismatching).toBe(0);
  });

  it('commits no secret for a phase the clock has ended while the page still records it: the request waits for the rollover, then is drawn in the new phase', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    // Phase 4 ends at the boundary of Thursday 2026-11-19 00:00; the page has not been rolled over at 06:00.
    const after = new Date('2026-11-19T06:00:00Z');
    const s = await run(wiki, store, { now: () => after });
    expect(s).toMatchObject({ phase: 4, done: 0, waiting: 1, commitment: undefined });
    expect(s.problem).toMatch(/records phase 4, which the clock has ended \(phase 5 now\).*requests wait for the rollover to phase 5/);
    expect(wiki.text('G')).not.toMatch(/Draws committed/);
    expect(await storeSecrets(store, () => after).list('c16')).toEqual([]);
    expect(wiki.text('G/Actions')).not.toContain('croupier:');
    // Rolled over, the page records phase 5: its secret is committed, then the request is drawn with it.
    const page = wiki.text('G')!;
    wiki.put('G', cycle16Engine.rollover(ruleset, 'c16', { title: 'G', text: page, revid: 1 }, { now: after, trigger: 'test' }).text);
    const next = await run(wiki, store, { now: () => after });
    expect(next).toMatchObject({ phase: 5, done: 1, commitment: commitmentOf(SECRET) });
    expect(wiki.text('G')).toMatch(/\|\| 5 \|\| Card drawn \|\| Alice/);
    expect(verifyDraws(history(wiki)).mismatching).toBe(0);
  });

  it('makes no draw on a Phase number set back by hand below the calendar: nothing is committed for the earlier phase, the request waits', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    // The calendar says phase 4 at NOW; a person types 2, a phase that is over.
    wiki.put('G', wiki.text('G')!.replace('| 2026-11-02 00:00 || 4 || Rest Phase', '| 2026-11-02 00:00 || 2 || Rest Phase'));
    const s = await run(wiki, store);
    expect(s).toMatchObject({ phase: 2, done: 0, waiting: 1, commitment: undefined });
    expect(s.problem).toMatch(/records phase 2, which the clock has ended \(phase 4 now\)/);
    expect(history(wiki).some((r) => r.event === 'Draws committed' || r.event === 'Card drawn')).toBe(false);
    expect(await storeSecrets(store, () => NOW).list('c16')).toEqual([]);
    expect(wiki.text('G/Actions')).not.toContain('croupier:');
  });

  it("makes no draw once the game is won: nothing is committed, and every request, the game's own and a dice roll, is refused naming the winner", async () => {
    const wiki = setup([
      ['Player', '* open 1 Handy Pack'],
      ['Player', '* roll 2d6'],
    ]);
    const store = new MemoryStore();
    wiki.put('G', wiki.text('G')!.replace(PLAYING, WON));
    const s = await run(wiki, store);
    expect(s).toMatchObject({ phase: 4, done: 0, refused: 2, waiting: 0, commitment: undefined });
    expect(s.problem).toBe('the game is over (won by Bram): no draw is made; requests are refused');
    const answers = wiki
      .text('G/Actions')!
      .split('\n')
      .filter((l) => l.includes('croupier:refused'));
    expect(answers).toHaveLength(2);
    for (const a of answers) expect(a).toContain('the game is over (won by Bram): no more requests');
    // After the calendar has left the phase: still nothing committed, no request waiting for a rollover.
    const later = await run(wiki, store, { now: () => new Date('2026-11-19T06:00:00Z') });
    expect(later).toMatchObject({ done: 0, waiting: 0, commitment: undefined });
    expect(history(wiki).some((r) => r.event === 'Draws committed' || r.event === 'Card drawn' || /rolled/i.test(r.change))).toBe(false);
    expect(await storeSecrets(store, () => NOW).list('c16')).toEqual([]);
  });

  it("reveals the phase's secret once the page records a win, so its draws can be checked; taken back, the win leaves that secret unused", async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    await run(wiki, store);
    expect(history(wiki).filter((r) => r.event === 'Card drawn')).toHaveLength(3);
    const open = wiki.text('G')!;
    expect(open).toContain(PLAYING);
    // Bram wins in phase 4, which the calendar has not left: no rollover will end it.
    wiki.as('Admin', 'G', open.replace(PLAYING, WON));
    const s = await run(wiki, store);
    expect(s.revealed).toEqual([4]);
    expect(wiki.text('G')).toContain(`phase 4: secret ${SECRET}`);
    const report = verifyDraws(history(wiki), { phase: 4 });
    expect(report.findings.every((f) => f.ok)).toBe(true);
    expect(report.findings.some((f) => /secret revealed .* matches the commitment/.test(f.text))).toBe(true);
    // Every draw of the phase is checked against the revealed secret, none left pending.
    expect(report).toMatchObject({ mismatching: 0, pending: 0 });
    expect(report.matching).toBeGreaterThanOrEqual(3);
    expect((await storeSecrets(store, () => NOW).list('c16')).find((x) => x.phase === 4)?.revealed).toBe(true);

    // A person takes the win back (the reveal stays in the History): the phase goes on, but its secret is public now.
    const taken = wiki.text('G')!.replace(WON, PLAYING);
    expect(taken).not.toBe(wiki.text('G'));
    wiki.as('Admin', 'G', taken);
    const actions = `${wiki.text('G/Actions')!}* roll 2d6\n`;
    wiki.as('Player', 'G/Actions', actions);
    const after = await run(wiki, store);
    expect(after).toMatchObject({ phase: 4, done: 0, waiting: 1 });
    expect(after.problem).toMatch(/secret of phase 4 has been revealed.*no draw can be made in this phase/);
    expect(history(wiki).filter((r) => r.event === 'Card drawn')).toHaveLength(3);
    expect(history(wiki).some((r) => r.event === 'Roll')).toBe(false);
  });

  it("reveals a won phase's secret once: a second run adds nothing, and a person's revert of the reveal is not made again", async () => {
    const { wiki, store } = await wonAfterAPack();
    const beforeReveal = wiki.text('G')!;
    expect((await run(wiki, store)).revealed).toEqual([4]);
    expect(wiki.text('G')!.split(`phase 4: secret ${SECRET}`)).toHaveLength(2);
    const edits = wiki.edits;
    await run(wiki, store);
    expect(wiki.edits).toBe(edits);
    wiki.as('Admin', 'G', beforeReveal);
    expect((await run(wiki, store)).revealed).toEqual([]);
    expect(wiki.text('G')).toBe(beforeReveal);
  });

  it("reveals nothing when a person takes the win back between the pass's read and its save; the secret is not drawn with after", async () => {
    const { wiki, store } = await wonAfterAPack();
    const save = wiki.save.bind(wiki);
    let raced = false;
    wiki.save = (title, transform, opts) =>
      save(title, transform, {
        ...opts,
        beforeEdit: async (page, edit, attempt) => {
          if (title === 'G' && !raced) {
            raced = true;
            wiki.as('Admin', 'G', wiki.text('G')!.replace(WON, PLAYING));
          }
          await opts.beforeEdit?.(page, edit, attempt);
        },
      });
    expect((await run(wiki, store)).revealed).toEqual([4]);
    expect(raced).toBe(true);
    expect(wiki.text('G')).not.toContain(SECRET);
    // Its reveal was begun: the phase makes no more draws, and the secret is revealed once the phase is over.
    wiki.as('Player', 'G/Actions', `${wiki.text('G/Actions')!}* roll 2d6\n`);
    expect(await run(wiki, store)).toMatchObject({ phase: 4, done: 0, waiting: 1 });
    expect(history(wiki).some((r) => r.event === 'Roll')).toBe(false);
  });

  it("reveals the won phase's secret at the next run when a run is killed after marking it spent, before its save", async () => {
    const { wiki, store } = await wonAfterAPack();
    const save = wiki.save.bind(wiki);
    wiki.save = async () => {
      throw new Error('killed');
    };
    await expect(run(wiki, store)).rejects.toThrow('killed');
    expect(wiki.text('G')).not.toContain(SECRET);
    wiki.save = save;
    expect((await run(wiki, store)).revealed).toEqual([4]);
    expect(wiki.text('G')).toContain(`phase 4: secret ${SECRET}`);
  });

  it('never draws with a secret revealed by a rollover of the bot that a person then reverted', async () => {
    const { wiki, store, before } = await drawnThenRolledOverByHand();
    const rolled = await run(wiki, store, { newSecret: () => 'cd'.repeat(32) });
    expect(rolled.revealed).toEqual([4]);
    // ... and a person reverts it: the page records phase 4 again, with the commitment of its first secret.
    wiki.as('Admin', 'G', before);
    wiki.as('Player', 'G/Actions', `${wiki.text('G/Actions')!}* roll 2d6\n`);
    const s = await run(wiki, store, { newSecret: () => 'ef'.repeat(32) });
    expect(s).toMatchObject({ phase: 4, done: 0, waiting: 1 });
    expect(s.problem).toMatch(/secret of phase 4 has been revealed/);
    expect(history(wiki).filter((r) => r.event === 'Card drawn')).toHaveLength(3);
    expect(history(wiki).some((r) => r.event === 'Roll')).toBe(false);
  });

  it('never draws with a secret whose reveal was saved by a run that stopped before recording it, after a person reverts the page to before the reveal', async () => {
    const { wiki, store, before } = await drawnThenRolledOverByHand();
    // The process dies right after the Gamestate save that reveals phase 4's secret, before the store records it.
    const secrets = storeSecrets(store, () => NOW);
    const dies = {
      ...secrets,
      revealed: async () => {
        throw new Error('killed');
      },
    };
    await expect(referee({ wiki, secrets: dies, now: () => NOW, newSecret: () => 'cd'.repeat(32) }, GAME)).rejects.toThrow('killed');
    expect(wiki.text('G')).toContain(`phase 4: secret ${SECRET}`);
    // A person reverts the page to before the rollover and the reveal: phase 4 again, its commitment without its secret.
    wiki.as('Admin', 'G', before);
    expect(wiki.text('G')).not.toContain(SECRET);
    wiki.as('Player', 'G/Actions', `${wiki.text('G/Actions')!}* roll 2d6\n`);
    const s = await run(wiki, store, { newSecret: () => 'ef'.repeat(32) });
    expect(s).toMatchObject({ phase: 4, done: 0, waiting: 1 });
    expect(history(wiki).filter((r) => r.event === 'Card drawn')).toHaveLength(3);
    expect(history(wiki).some((r) => r.event === 'Roll')).toBe(false);
  });

  it('never reveals a secret early: a Phase number set ahead of the calendar by hand is refused, and the secret stays unpublished', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    await run(wiki, store);
    wiki.put('G', wiki.text('G')!.replace('| 2026-11-02 00:00 || 4 || Rest Phase', '| 2026-11-02 00:00 || 9 || Rest Phase'));
    await expect(run(wiki, store)).rejects.toThrow(/Phase number/);
    expect(wiki.text('G')).not.toContain(SECRET);
  });

  it('names the History row of a hand-altered draw as not matching', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    await run(wiki);
    const page = wiki.text('G')!;
    const m = /#1 d(\d+)=(\d+)/.exec(page)!;
    const altered = page.replace(m[0], `#1 d${m[1]}=${(Number(m[2]) % Number(m[1])) + 1}`);
    const rows = historyLines({ title: 'G', text: altered }, cycle16Engine.history);
    const report = verifyDraws(rows);
    const row = rows.find((r) => r.reason.includes(`#1 d${m[1]}=`))!;
    expect(report.mismatching).toBe(1);
    expect(report.findings.find((f) => !f.ok)!.text).toContain(`draw #1 d${m[1]}=${(Number(m[2]) % Number(m[1])) + 1} in History row ${row.row} of G`);
  });

  it('keeps the same secret across a restart (the store on disk), and never commits twice for a phase', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-referee-store-'));
    try {
      const wiki = setup([['Player', '* open 1 Handy Pack']]);
      await referee({ wiki, secrets: storeSecrets(new FileStore(join(dir, 'store.json'))), now: () => NOW }, GAME);
      const commitment = /phase 4: commitment ([0-9a-f]{64})/.exec(wiki.text('G')!)![1]!;
      wiki.as('Player', GAME.actionsPage, `${wiki.text(GAME.actionsPage)}* buy 1 Chip\n`);
      // A new process: a new store object on the same file, and a fresh secret it must not use.
      const s = await referee({ wiki, secrets: storeSecrets(new FileStore(join(dir, 'store.json'))), now: () => NOW, newSecret: () => 'ef'.repeat(32) }, GAME);
      expect(s).toMatchObject({ done: 1, commitment });
      // History rows (the standings' "since" line above names the event too).
      expect(wiki.text('G')!.match(/\|\| Draws committed \|\|/g)).toHaveLength(1);
    } finally {
      removeDir(dir);
    }
  });

  it('makes no draw in a phase whose committed secret the store has lost: the requests wait', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    await run(wiki); // commits, resolves
    wiki.as('Player', GAME.actionsPage, `${wiki.text(GAME.actionsPage)}* buy 1 Chip\n`);
    const s = await run(wiki, new MemoryStore());
    expect(s).toMatchObject({ waiting: 1, done: 0 });
    expect(s.problem).toMatch(/no secret for it/);
  });

  it("reads the bot's record of an unchanged Gamestate page once across passes, and again once the page changes", async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    await run(wiki); // commits, resolves
    const lost = new MemoryStore(); // each pass then looks for the phase's commitment in the bot's record
    const records = new Map();
    const reads: string[] = [];
    const history = wiki.history.bind(wiki);
    wiki.history = (title, limit) => {
      reads.push(title);
      return history(title, limit);
    };
    const gamestateReads = () => reads.filter((t) => t === 'G').length;
    expect((await run(wiki, lost, { records })).problem).toMatch(/no secret for it/);
    expect((await run(wiki, lost, { records })).problem).toMatch(/no secret for it/);
    expect(gamestateReads()).toBe(1);
    // A person's edit: a new latest revision, and the record is read again (it holds their revision's place).
    wiki.as('Player', 'G', `${wiki.text('G')!}\n<!-- a note -->`);
    expect((await run(wiki, lost, { records })).problem).toMatch(/no secret for it/);
    expect(gamestateReads()).toBe(2);
    // Without the memo (the CLI's one-off pass), each pass reads it.
    await run(wiki, lost);
    expect(gamestateReads()).toBe(3);
  });

  it('marks a request whose Gamestate save went through before a crash as done, without a second draw', async () => {
    const wiki = setup([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    await expect(
      run(wiki, store, {
        checkpoint: (step) => {
          if (step === 'resolved') throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(wiki.text('G/Actions')).not.toContain('croupier:done');
    const cards = (wiki.text('G')!.match(/Card drawn/g) ?? []).length;
    const s = await run(wiki, store);
    expect(s.done).toBe(1);
    expect((wiki.text('G')!.match(/Card drawn/g) ?? []).length).toBe(cards);
    expect(wiki.text('G/Actions')).toContain('croupier:done');
  });
});

describe('the luck reroll in the job', () => {
  // Luck: “… they may reroll, by declaring the original outcome of the chance to have not happened, and any
  // effects thereof to be null.” The job replays the original request from the wiki's revisions first.
  function lucky(lines: [user: string, line: string][]) {
    const wiki = setup(lines);
    const dir = mkdtempSync(join(tmpdir(), 'croupier-referee-luck-'));
    try {
      writeFileSync(join(dir, 'in'), wiki.text('G')!);
      execFileSync(process.execPath, ['scripts/add-wiki-account.mjs', '--column', 'Good luck', join(dir, 'in'), join(dir, 'g'), 'Alice=yes']);
      wiki.as('Admin', 'G', readFileSync(join(dir, 'g'), 'utf8'));
    } finally {
      removeDir(dir);
    }
    return wiki;
  }
  const addLine = (wiki: RefereeFakeWiki, user: string, line: string) => wiki.as(user, GAME.actionsPage, `${wiki.text(GAME.actionsPage)!}${line}\n`);

  it('replays the original request from the revision that added its line and the Gamestate revision it was resolved on: untouched rows, the reroll is done', async () => {
    const wiki = lucky([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    expect((await run(wiki, store)).done).toBe(1);
    addLine(wiki, 'Player', '* reroll');
    expect(await run(wiki, store)).toMatchObject({ done: 1, refused: 0 });
    expect(wiki.text('G/Actions')).toMatch(/\* reroll <!-- croupier:done r\d+ --> .*declared not to have happened \(#52 .* removed/);
  });

  it("asks the wiki for the groups of the page's editors once in a reroll's pass, for the record as it stands and as it stood then", async () => {
    const wiki = lucky([['Player', '* open 1 Handy Pack']]);
    const asked: string[][] = [];
    wiki.userGroups = async (users) => {
      asked.push(users);
      return new Map(users.map((u) => [u, u === 'Admin' ? ['sysop'] : []]));
    };
    const store = new MemoryStore();
    expect((await run(wiki, store)).done).toBe(1);
    asked.length = 0;
    addLine(wiki, 'Player', '* reroll');
    expect(await run(wiki, store)).toMatchObject({ done: 1, refused: 0 });
    expect(asked).toEqual([['Admin']]);
  });

  it('an altered Card drawn row is refused naming it, and an original whose revisions are beyond the lookback is refused rather than trusted; the Gamestate page is not edited', async () => {
    const wiki = lucky([['Player', '* open 1 Handy Pack']]);
    const store = new MemoryStore();
    expect((await run(wiki, store)).done).toBe(1);
    const opened = wiki.text('G')!;
    const altered = opened.replace(/&#35;52 [^|]*? from Handy Pack/, '&#35;1 Ace (Holographic) from Handy Pack');
    expect(altered).not.toBe(opened);
    wiki.as('Editor', 'G', altered);
    addLine(wiki, 'Player', '* reroll');
    expect(await run(wiki, store)).toMatchObject({ done: 0, refused: 1 });
    expect(wiki.text('G')).toBe(altered);
    expect(wiki.text('G/Actions')).toMatch(
      /\* reroll <!-- croupier:refused r\d+ --> .*disagree with its draws .* History row \d+ of G \(.*Card drawn, Alice\), cell Change, reads "#1 Ace \(Holographic\) from Handy Pack"/,
    );

    // The same request, rows untouched, but the bot reads only the last 2 revisions: it cannot replay it.
    wiki.as('Editor', 'G', opened);
    addLine(wiki, 'Player', '* reroll');
    const s = await referee({ wiki, secrets: storeSecrets(store, () => NOW), now: () => NOW, newSecret: () => SECRET }, { ...GAME, lookback: 2 });
    expect(s).toMatchObject({ done: 0, refused: 1 });
    expect(wiki.text('G')).toBe(opened);
    expect(wiki.text('G/Actions')!.split('\n').at(-2)).toMatch(
      /croupier:refused .*cannot be replayed to check its History rows against its draws \(.*not among the 2 latest revisions the bot reads.*\): the reroll does not undo effects it cannot check/,
    );
  });
});
