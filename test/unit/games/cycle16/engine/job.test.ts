import { describe, expect, test, vi } from 'vitest';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { rollover, type RolloverGame, type RolloverStep } from '../../../../../src/jobs/rollover.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { GAMESTATE, ruleset, utc } from './build.ts';
import { FakeWiki } from './fake-wiki.ts';
import { onWiki03 } from '../../../../croupier-03.ts';

const GAME: RolloverGame = { id: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate', historyLimit: 200 };
const BOUNDARY = { now: utc('2026-11-19T00:00'), trigger: 'test' };
/** The Gamestate's bot-owned subpage of the standings and the race chart under them (src/games/computed-blocks.ts). */
const STANDINGS = `${GAME.gamestate}/Standings`;
const wiki = () => new FakeWiki({ [GAME.ruleset]: fixture('cycle16'), [GAME.gamestate]: GAMESTATE });
const rows = (text: string, event: string) => text.split('\n').filter((l) => l.includes(` || ${event} || `)).length;

class Crash extends Error {}
const crashAt = (step: RolloverStep) => (s: RolloverStep) => {
  if (s === step) throw new Crash(`crash after ${step}`);
};

/** The page after one uninterrupted run: what every interrupted run must converge to. */
async function reference(game = GAME): Promise<string> {
  const w = wiki();
  await rollover({ wiki: w }, game, BOUNDARY);
  return w.text(game.gamestate)!;
}

describe('the rollover job', () => {
  test('at the boundary it saves the new phase, the rewards and their History rows in one edit, its standings and race chart on their subpage just before it: two edits', async () => {
    const w = wiki();
    const s = await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(w.edited).toEqual([STANDINGS, GAME.gamestate]);
    expect(s.subpages.map((p) => p.title)).toEqual([STANDINGS]);
    expect(s).toMatchObject({ fromPhase: 4, toPhase: 5, phaseName: 'Battle Phase', nextRollover: '2026-11-23 00:00' });
    // From the fixture, up to Thursday 19 Nov 00:00: one boundary (phase 4 → 5); Kestrel, declared
    // reputable 17 Nov, not yet granted; Cosima's gift to Lior, recorded; battle 2, commenced with a
    // winner, whose winner gets two "Battle won" rows (“1 Handy Pack” and “1 Chip”).
    expect(s.events).toMatchObject({ Rollover: 1, Reputability: 1, Gift: 1, 'Battle won': 2 });
    // The fixture holds its standings inline, as Croupier wrote them before they had a subpage: this edit moves them.
    expect(s.save.summary).toMatch(
      /^Croupier: phase 4 → 5 \(Battle Phase\); .* — from Ruleset rev \d+; test; the standings moved to \[\[Cycle 16\/Gamestate\/Standings\]\], transcluded$/,
    );
    const text = w.text(GAME.gamestate)!;
    expect(readGamestate(text, GAME.gamestate, ruleset).phase.number).toBe(5);
    expect(rows(text, 'Rollover')).toBe(2); // the fixture's own rollover to phase 4, and this one
  });

  test('a second run makes no edit', async () => {
    const w = wiki();
    await rollover({ wiki: w }, GAME, BOUNDARY);
    const again = await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(again.save.changed).toBe(false);
    expect(again.subpages).toEqual([]);
    expect(again.changes).toBe(0);
    expect(w.edited).toEqual([STANDINGS, GAME.gamestate]);
  });

  test('a dry run saves nothing and returns the diff', async () => {
    const w = wiki();
    const s = await rollover({ wiki: w }, GAME, { ...BOUNDARY, dryRun: true });
    expect(w.edits).toBe(0);
    expect(s.save).toMatchObject({ changed: true, dryRun: true });
    expect(w.text(GAME.gamestate)).toBe(GAMESTATE);
  });

  test('several missed boundaries are each rolled over, in order, with their own rows', async () => {
    const w = wiki();
    const s = await rollover({ wiki: w }, GAME, { now: utc('2026-11-30T12:00'), trigger: 'catch-up' });
    expect(s.toPhase).toBe(8);
    const text = w.text(GAME.gamestate)!;
    expect(text).toContain('Phase 4 → 5 (Battle Phase)');
    expect(text).toContain('Phase 5 → 6 (Rest Phase)');
    expect(text).toContain('Phase 6 → 7 (Battle Phase)');
    expect(text).toContain('Phase 7 → 8 (Rest Phase)');
    expect(text.indexOf('Phase 4 → 5')).toBeLessThan(text.indexOf('Phase 5 → 6'));
    expect(w.edited).toEqual([STANDINGS, GAME.gamestate]);
  });

  test('a forced rollover is recorded with who asked for it', async () => {
    const w = wiki();
    const s = await rollover({ wiki: w }, GAME, { now: utc('2026-11-18T18:00'), trigger: 'manual rollover', force: true, actor: 'Admin' });
    expect(s.toPhase).toBe(5);
    expect(w.text(GAME.gamestate)).toContain('Manual rollover by Admin, ahead of the boundary 2026-11-19 00:00');
    const after = await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(after.events.Rollover).toBeUndefined();
  });

  test('a page the next run would change again is refused with no edit, naming the line: no edit at every run for ever', async () => {
    // An engine fault of the kind the fuzz test found (a value written where the next run reads another): each run
    // adds one more line under the Players heading whatever it is given.
    const real = cycle16Engine.rollover.bind(cycle16Engine);
    const withRow = (text: string, line: string) => text.replace('== Players ==\n', `== Players ==\n${line}\n`);
    let n = 0;
    const spy = vi.spyOn(cycle16Engine, 'rollover').mockImplementation((...args) => {
      const r = real(...args);
      return { ...r, text: withRow(r.text, `Extra ${++n}.`) };
    });
    try {
      const w = wiki();
      const err = await rollover({ wiki: w }, GAME, BOUNDARY).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GamestateError);
      expect((err as Error).message).toMatch(
        /page "Cycle 16\/Gamestate": the page this run would write is not stable: the next run at the same instant would change it again \(line \d+: "Extra 1\." → "Extra 2\."\), so every run would edit it again\. No edit made\./,
      );
      expect(w.edits).toBe(0);
      // A page the next run would refuse is refused too.
      spy.mockImplementation((rs, id, page, o) => {
        if (page.text.includes('Extra.')) throw new Error('cannot read "Extra."');
        const r = real(rs, id, page, o);
        return { ...r, text: withRow(r.text, 'Extra.') };
      });
      await expect(rollover({ wiki: w }, GAME, BOUNDARY)).rejects.toThrow(
        /not stable: the next run at the same instant would refuse it \(cannot read "Extra\."\)/,
      );
      expect(w.edits).toBe(0);
    } finally {
      spy.mockRestore();
    }
    // The engine as it is: the page is stable, and saved.
    const w = wiki();
    expect((await rollover({ wiki: w }, GAME, BOUNDARY)).save.changed).toBe(true);
  });

  test('a run with nothing to change runs the engine once: the check of the page it would write costs nothing there', async () => {
    const w = wiki();
    await rollover({ wiki: w }, GAME, BOUNDARY); // the standings and race chart now on their subpage, as the wiki holds them
    const spy = vi.spyOn(cycle16Engine, 'rollover');
    try {
      const again = await rollover({ wiki: w }, GAME, BOUNDARY);
      expect(again.save.changed).toBe(false);
      expect(spy).toHaveBeenCalledTimes(1);
      // A run that changes the page runs it twice: once more on the page it would write, as the wiki will hold it.
      await rollover({ wiki: w }, GAME, { now: utc('2026-11-23T00:00'), trigger: 'test' });
      expect(spy).toHaveBeenCalledTimes(3);
      expect(spy.mock.calls[2]![2].text).toBe(w.text(GAME.gamestate));
    } finally {
      spy.mockRestore();
    }
  });

  test('standings the next run would draw otherwise are refused with no edit, naming them', async () => {
    const real = cycle16Engine.rollover.bind(cycle16Engine);
    let n = 0;
    const spy = vi.spyOn(cycle16Engine, 'rollover').mockImplementation((...args) => {
      const r = real(...args);
      return { ...r, text: r.text.replace('<!-- croupier:begin standings -->\n', `<!-- croupier:begin standings -->\nextra ${++n}\n`) };
    });
    const w = wiki();
    try {
      await expect(rollover({ wiki: w }, GAME, BOUNDARY)).rejects.toThrow(
        /not stable: the next run at the same instant would change it again \(line 1 of its standings: "extra 1" → "extra 2"\)/,
      );
      expect(w.edits).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  test('a page an older Croupier wrote with card tables inline, which a rollover does not draw, is migrated, not refused as unstable', async () => {
    const inline = GAMESTATE.replace(
      '<!-- croupier:end standings -->\n',
      '<!-- croupier:end standings -->\n<!-- croupier:begin card-tables -->\nThe card tables, as an older Croupier drew them.\n<!-- croupier:end card-tables -->\n',
    );
    const w = new FakeWiki({ [GAME.ruleset]: fixture('cycle16'), [GAME.gamestate]: inline });
    const s = await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(s.save.changed).toBe(true);
    expect(w.text(`${GAME.gamestate}/Card tables`)).toContain('The card tables, as an older Croupier drew them.');
    expect(w.text(GAME.gamestate)).toContain(`{{:${GAME.gamestate}/Card tables}}`);
    expect((await rollover({ wiki: w }, GAME, BOUNDARY)).save.changed).toBe(false);
  });

  test("a game Croupier 0.3 established, its race chart in a section and on a subpage of its own, is drawn as now by the next run: one edit of the standings' subpage and one of the Gamestate, whose summary says where the chart went; the old subpage is left as it was", async () => {
    const w = wiki();
    await rollover({ wiki: w }, GAME, BOUNDARY);
    const now = new Map([GAME.gamestate, STANDINGS].map((t) => [t, w.text(t)!]));
    const was = onWiki03(now.get(GAME.gamestate)!, now.get(STANDINGS)!, GAME.gamestate);
    for (const [t, text] of was) w.put(t, text);
    expect(w.text(GAME.gamestate)).toContain('== Race ==');
    const edits = w.edited.length;
    const s = await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(s.changes).toBe(0);
    expect(w.edited.slice(edits)).toEqual([STANDINGS, GAME.gamestate]);
    expect(s.save.summary).toMatch(
      /; the race chart moved under the standings, to \[\[Cycle 16\/Gamestate\/Standings\]\] \(\[\[Cycle 16\/Gamestate\/Race chart\]\] is no longer used\)$/,
    );
    for (const [t, text] of now) expect(w.text(t), t).toBe(text);
    expect(w.text(`${GAME.gamestate}/Race chart`)).toBe(was.get(`${GAME.gamestate}/Race chart`));
    expect((await rollover({ wiki: w }, GAME, BOUNDARY)).save.changed).toBe(false);
    expect(w.edited.length).toBe(edits + 2);
  });

  test('an invalid page is not edited, and the error lists its problems', async () => {
    const w = new FakeWiki({ [GAME.ruleset]: fixture('cycle16'), [GAME.gamestate]: replaceOnce(GAMESTATE, '|41\n', '|forty-one\n') });
    await expect(rollover({ wiki: w }, GAME, BOUNDARY)).rejects.toThrow(/table "Players", row 1, column "Vertebrae"/);
    expect(w.edits).toBe(0);
  });
});

describe('exactly once, whatever interrupts the run', () => {
  test('a crash after computing (before any save) loses nothing: the next run applies it once', async () => {
    const w = wiki();
    await expect(rollover({ wiki: w, checkpoint: crashAt('computed') }, GAME, BOUNDARY)).rejects.toThrow(Crash);
    expect(w.text(GAME.gamestate)).toBe(GAMESTATE);
    await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(w.text(GAME.gamestate)).toBe(await reference());
  });

  test('a crash just before the save (after reading) loses nothing', async () => {
    const w = wiki();
    await expect(rollover({ wiki: w, checkpoint: crashAt('read') }, GAME, BOUNDARY)).rejects.toThrow(Crash);
    await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(w.text(GAME.gamestate)).toBe(await reference());
    expect(w.edited).toEqual([STANDINGS, GAME.gamestate]);
  });

  test('a crash after the save (before the run is logged) applies nothing twice', async () => {
    const w = wiki();
    await expect(rollover({ wiki: w, checkpoint: crashAt('saved') }, GAME, BOUNDARY)).rejects.toThrow(Crash);
    const saved = w.text(GAME.gamestate);
    const again = await rollover({ wiki: w }, GAME, BOUNDARY);
    expect(again.save.changed).toBe(false);
    expect(w.text(GAME.gamestate)).toBe(saved);
    expect(rows(saved!, 'Reputability')).toBe(2); // Hollis (in the fixture) and Kestrel, once
  });

  test('a human edit during the run is kept, and the rollover is applied once on top of it', async () => {
    const w = wiki();
    let humanEdits = 0;
    const beforeEdit = () => {
      if (humanEdits++ > 0) return;
      w.put(GAME.gamestate, replaceOnce(w.text(GAME.gamestate)!, '|1 Gem Key', '|1 Gem Key, 1 Lucky Charm'));
    };
    const s = await rollover({ wiki: w, saveOptions: { beforeEdit } }, GAME, BOUNDARY);
    expect(s.save.attempts).toBe(2);
    const text = w.text(GAME.gamestate)!;
    expect(text).toContain('|1 Gem Key, 1 Lucky Charm');
    expect(rows(text, 'Rollover')).toBe(2);
    expect(text).toBe(replaceOnce(await reference(), '|1 Gem Key', '|1 Gem Key, 1 Lucky Charm'));
  });

  test('a human who records a gift during the run gets it granted in the same edit', async () => {
    const w = wiki();
    let done = false;
    const beforeEdit = () => {
      if (done) return;
      done = true;
      const text = w.text(GAME.gamestate)!;
      w.put(GAME.gamestate, replaceOnce(text, '|recorded\n|}', '|recorded\n|-\n|2026-11-18 17:00\n|Eun-ji\n|Gideon\n| -\n|recorded\n|}'));
    };
    await rollover({ wiki: w, saveOptions: { beforeEdit } }, GAME, BOUNDARY);
    const gideon = readGamestate(w.text(GAME.gamestate)!, GAME.gamestate, ruleset).players.find((p) => p.name === 'Gideon')!;
    expect(gideon.packs).toEqual({ 'Already-opened Pack': 8 }); // 4 + (1 + 1 fewer than 10 cards + 2 inactive)
  });
});

describe('History archives', () => {
  const small = { ...GAME, historyLimit: 10 };

  test('rows beyond the limit move, oldest first, to numbered subpages linked from the page', async () => {
    const w = wiki();
    const s = await rollover({ wiki: w }, small, BOUNDARY);
    const text = w.text(GAME.gamestate)!;
    expect(readGamestate(text, GAME.gamestate, ruleset).historyRows).toBe(10);
    // The fixture's History has 6 rows; with 10 kept on the page, the rest go 10 to an archive page.
    const total = 6 + s.changes;
    expect(total).toBeGreaterThan(30); // so three archive pages, as the links below say
    expect(total).toBeLessThanOrEqual(40);
    const archived = [1, 2, 3, 4].map((n) => w.text(`${GAME.gamestate}/History/${n}`)).filter((t) => t !== undefined);
    expect(archived.map((t) => t!.split('\n').filter((l) => l.startsWith('|-')).length)).toEqual([10, 10, total - 30].filter((n) => n > 0));
    // The oldest rows first, by time: battle 2's rewards (dated at the end of phase 3, found by this run: more
    // than 10 rows) come before the fixture's Rollover into phase 4, which goes to the second page.
    const times = archived.flatMap((t) => [...t!.matchAll(/^\| (\d{4}-\d\d-\d\d \d\d:\d\d) \|\|/gm)].map((m) => m[1]!));
    expect(times).toEqual([...times].sort());
    expect(archived[0]).toMatch(/^\| 2026-11-15 23:59 \|\| 3 \|\| Bet \|\|/m);
    expect(archived[1]).toContain('Phase 3 → 4 (Rest Phase)');
    expect(text).toContain(
      'Older rows: [[Cycle 16/Gamestate/History/1|History 1]], [[Cycle 16/Gamestate/History/2|History 2]], [[Cycle 16/Gamestate/History/3|History 3]].',
    );
  });

  test('a crash between the archive save and the Gamestate save archives nothing twice', async () => {
    const w = wiki();
    await expect(rollover({ wiki: w, checkpoint: crashAt('archived') }, small, BOUNDARY)).rejects.toThrow(Crash);
    const first = w.text(`${GAME.gamestate}/History/1`);
    expect(w.text(GAME.gamestate)).toBe(GAMESTATE);
    await rollover({ wiki: w }, small, BOUNDARY);
    expect(w.text(`${GAME.gamestate}/History/1`)).toBe(first);
    expect(w.text(GAME.gamestate)).toBe(await reference(small));
  });
});
