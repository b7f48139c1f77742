// savePage against a fake MediaWiki that merges as the real one does (an edit based on an older revision is
// 3-way merged onto the latest; overlapping changes are an `editconflict`). The real wiki's behaviour is
// tested in test/integration/merged-edits.test.ts; this checks the save loop's decisions fast.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WikiError } from '../../../src/wiki/errors.ts';
import { merge3 } from '../../../src/wiki/merge3.ts';
import type { PageRevision } from '../../../src/wiki/pages.ts';
import { savePage, type MergeContext, type SaveHost, type Transform } from '../../../src/wiki/save.ts';

const TITLE = 'Game/Gamestate';

interface Rev {
  revid: number;
  parentid: number;
  user: string;
  text: string;
  comment: string;
  /** Tags MediaWiki gave the revision besides a manual revert's (an undo's `mw-undo`). */
  tags?: string[];
}

class MergingWiki implements SaveHost {
  readonly names = ['Bot'];
  readonly settings = { shutoff: null, maxConflictRetries: 3, maxShrinkShare: 0.9 };
  readonly revs: Rev[] = [];
  knownRevert?: SaveHost['knownRevert'];
  private next = 100;

  constructor(text: string) {
    this.add('Setup', text);
  }

  add(user: string, text: string, parentid = this.latest()?.revid ?? 0, comment = '', tags?: string[]): number {
    this.revs.push({ revid: ++this.next, parentid, user, text, comment, ...(tags ? { tags } : {}) });
    return this.next;
  }

  /** MediaWiki's undo of `revid` by `user`: its change taken out of the latest text (tagged `mw-undo`), or an `undofailure`. */
  undo(revid: number, user = 'Admin', comment = ''): number {
    const rev = this.revs.find((r) => r.revid === revid)!;
    const parent = this.revs.find((r) => r.revid === rev.parentid)!;
    const m = merge3(rev.text, parent.text, this.latest()!.text);
    if (!m.ok) throw Object.assign(new Error('The edit could not be undone due to conflicting intermediate edits.'), { code: 'undofailure' });
    return this.add(user, m.text, undefined, comment, ['mw-undo']);
  }

  latest(): Rev | undefined {
    return this.revs.at(-1);
  }

  /** As MediaWiki tags: a revision restoring the text of one of the 15 before its parent is a manual revert. */
  tagsOf(r: Rev): string[] {
    const i = this.revs.indexOf(r);
    if (r.tags) return r.tags;
    return this.revs.slice(Math.max(0, i - 16), Math.max(0, i - 1)).some((o) => o.text === r.text) ? ['mw-manual-revert'] : [];
  }

  /** A human edit: the latest text changed by `f`. */
  human(f: (text: string) => string, user = 'Player', comment = ''): number {
    return this.add(user, f(this.latest()!.text), undefined, comment);
  }

  async readPages(titles: readonly string[]): Promise<Map<string, PageRevision>> {
    const r = this.latest()!;
    return new Map(
      titles.map((t) => [
        t,
        {
          title: t,
          text: r.text,
          revid: r.revid,
          parentid: r.parentid,
          user: r.user,
          comment: r.comment,
          tags: this.tagsOf(r),
          timestamp: '2026-11-19T00:00:00Z',
          readAt: '2026-11-19T00:00:00Z',
        },
      ]),
    );
  }

  async request(p: Record<string, unknown>): Promise<unknown> {
    if (p.action === 'edit' && p.undo !== undefined) return { edit: { result: 'Success', newrevid: this.undo(p.undo as number, 'Bot', p.summary as string) } };
    if (p.action === 'edit') {
      const latest = this.latest()!;
      const base = this.revs.find((r) => r.revid === p.baserevid)!;
      let text = p.text as string;
      if (base !== latest) {
        const m = merge3(base.text, text, latest.text);
        if (!m.ok) throw Object.assign(new Error('Edit conflict.'), { code: 'editconflict', info: 'Edit conflict.' });
        text = m.text;
      }
      if (text === latest.text) return { edit: { result: 'Success', nochange: true } };
      return { edit: { result: 'Success', oldrevid: latest.revid, newrevid: this.add('Bot', text, latest.revid, p.summary as string) } };
    }
    const listed = (r: Rev) => ({
      revid: r.revid,
      parentid: r.parentid,
      user: r.user,
      timestamp: 't',
      comment: r.comment,
      sha1: sha1(r.text),
      tags: this.tagsOf(r),
    });
    if (p.rvuser) {
      const mine = this.revs.filter((r) => r.user === p.rvuser).at(-1);
      return { query: { pages: [{ revisions: mine ? [listed(mine)] : [] }] } };
    }
    if (p.revids) {
      const revs = this.revs.filter((r) => (p.revids as number[]).includes(r.revid));
      return {
        query: { pages: [{ revisions: revs.map((r) => ({ revid: r.revid, parentid: r.parentid, timestamp: 't', slots: { main: { content: r.text } } })) }] },
      };
    }
    // The page's last revisions (a look for reverts), or a range of them.
    if (p.rvstartid === undefined)
      return {
        query: {
          pages: [
            {
              revisions: this.revs
                .slice(-(p.rvlimit as number))
                .reverse()
                .map(listed),
            },
          ],
        },
      };
    const revs = this.revs.filter((r) => r.revid >= (p.rvendid as number) && r.revid <= (p.rvstartid as number)).reverse();
    return { query: { pages: [{ revisions: revs.map(listed) }] } };
  }
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

// A page the "bot" computes on: it reads `score`, and writes `double` and a log line — and says when recomputed.
const PAGE = ['score: 2', '', 'note: -', '', 'double: -', '', 'log:'].join('\n');
const seen: (MergeContext | undefined)[] = [];
const doubling: Transform = (page, merge) => {
  seen.push(merge);
  const score = Number(/score: (\d+)/.exec(page.text)![1]);
  if (page.text.includes(`double: ${2 * score}`)) return null;
  const text = page.text.replace(/double: .*/, `double: ${2 * score}`) + (merge ? `\nrecomputed on ${merge.on}` : '');
  return { text, summary: `doubled ${score}` };
};
const once = (at: number, f: () => void) => async (_p: unknown, _e: unknown, attempt: number) => void (attempt === at && f());

describe('savePage when MediaWiki merges the edit with a concurrent one', () => {
  it('a concurrent edit of a line the transform reads: the merged page is replaced by the transform of the concurrent revision', async () => {
    const wiki = new MergingWiki(PAGE);
    let human = 0;
    seen.length = 0;
    const r = await savePage(wiki, TITLE, doubling, { beforeEdit: once(1, () => (human = wiki.human((t) => t.replace('score: 2', 'score: 5')))) });
    const [, , merged, correction] = wiki.revs;
    expect(merged).toMatchObject({ parentid: human, text: 'score: 5\n\nnote: -\n\ndouble: 4\n\nlog:' }); // what MediaWiki made: wrong
    expect(correction).toMatchObject({ parentid: merged!.revid, text: `score: 5\n\nnote: -\n\ndouble: 10\n\nlog:\nrecomputed on ${human}` });
    expect(r).toMatchObject({
      changed: true,
      revid: correction!.revid,
      attempts: 2,
      merged: { merged: [merged!.revid], edits: [{ revid: human, user: 'Player' }], on: human, corrected: true },
    });
    expect(r.summary).toBe(
      `doubled 5 — MediaWiki merged the bot's edit (revision ${merged!.revid}) with a concurrent edit (revision ${human} (Player)); recomputed on revision ${human} (base rev ${merged!.revid})`,
    );
    // The transform was told about the merge only for the correcting edit.
    expect(seen.map((m) => m?.on)).toEqual([undefined, undefined, human]);
  });

  it("a correction whose own summary is long is cut to the wiki's 500 characters before the merge's note and the base: the bot's record in it stays whole", async () => {
    const wiki = new MergingWiki(PAGE);
    let human = 0;
    const long: Transform = (page, merge) => {
      const e = doubling(page, merge);
      return e && { ...e, summary: `${e.summary}; ${'many events, '.repeat(60)}` };
    };
    const r = await savePage(wiki, TITLE, long, { beforeEdit: once(1, () => (human = wiki.human((t) => t.replace('score: 2', 'score: 5')))) });
    const [, , merged] = wiki.revs;
    const tail = ` — MediaWiki merged the bot's edit (revision ${merged!.revid}) with a concurrent edit (revision ${human} (Player)); recomputed on revision ${human} (base rev ${merged!.revid})`;
    expect(r.summary!.endsWith(`…${tail}`)).toBe(true);
    expect(Array.from(r.summary!)).toHaveLength(500);
    expect(r.summary!.startsWith('doubled 5; many events, ')).toBe(true);
  });

  it('a concurrent edit of a line the transform does not read: the merged page is already right, no second edit', async () => {
    const wiki = new MergingWiki(PAGE);
    const r = await savePage(wiki, TITLE, doubling, { beforeEdit: once(1, () => wiki.human((t) => t.replace('note: -', 'note: hello'))) });
    expect(wiki.revs).toHaveLength(3);
    expect(wiki.latest()!.text).toBe('score: 2\n\nnote: hello\n\ndouble: 4\n\nlog:');
    expect(r).toMatchObject({ changed: true, revid: wiki.latest()!.revid, merged: { corrected: false } });
  });

  it("nothing to do on the concurrent revision: the bot's merged edit is taken out again", async () => {
    const wiki = new MergingWiki(PAGE);
    const human = (t: string) => t.replace('score: 2', 'score: 3').replace('log:', 'log:\ndone by hand').replace('double: -', 'double: 6');
    const r = await savePage(wiki, TITLE, (p) => (p.text.includes('done by hand') ? null : doubling(p)), {
      beforeEdit: once(1, () => wiki.add('Player', human(PAGE))),
    });
    // The human's edit overlaps the bot's line (double): an edit conflict, then nothing to do.
    expect(r).toMatchObject({ changed: false, attempts: 2 });
    expect(wiki.latest()!.text).toBe(human(PAGE));

    const wiki2 = new MergingWiki(PAGE);
    const marker = (t: string) => t.replace('note: -', 'note: done');
    const r2 = await savePage(wiki2, TITLE, (p) => (p.text.includes('note: done') ? null : doubling(p)), { beforeEdit: once(1, () => wiki2.human(marker)) });
    const [, humanRev, merged, undo] = wiki2.revs;
    expect(merged!.text).toBe('score: 2\n\nnote: done\n\ndouble: 4\n\nlog:');
    expect(undo).toMatchObject({ parentid: merged!.revid, text: humanRev!.text });
    expect(r2.summary).toBe(
      `Croupier: nothing to change on revision ${humanRev!.revid} — MediaWiki merged the bot's edit (revision ${merged!.revid}) with a concurrent edit (revision ${humanRev!.revid} (Player)); recomputed on revision ${humanRev!.revid} (base rev ${merged!.revid})`,
    );
  });

  it('the correction merged with yet another edit: that edit is carried over and the transform runs again', async () => {
    const wiki = new MergingWiki(PAGE);
    const r = await savePage(wiki, TITLE, doubling, {
      beforeEdit: async (_p, _e, attempt) => {
        if (attempt === 1) wiki.human((t) => t.replace('score: 2', 'score: 5'));
        if (attempt === 2) wiki.human((t) => t.replace('note: -', 'note: x').replace('score: 5', 'score: 7'), 'Admin');
      },
    });
    expect(wiki.latest()!.text).toMatch(/^score: 7\n\nnote: x\n\ndouble: 14\n\nlog:\nrecomputed on \d+$/);
    expect(r).toMatchObject({ attempts: 3, merged: { edits: [{ user: 'Player' }, { user: 'Admin' }], corrected: true } });
  });

  it('when the page keeps changing, it stops after maxConflictRetries with an error naming the merged revision', async () => {
    const wiki = new MergingWiki(PAGE);
    let n = 2;
    const err = await savePage(wiki, TITLE, doubling, { beforeEdit: async () => void wiki.human((t) => t.replace(/score: \d+/, `score: ${++n}`)) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WikiError);
    expect(err).toMatchObject({ code: 'merge-uncorrected' });
    expect((err as Error).message).toMatch(
      /MediaWiki merged the bot's edit \(revisions \d+, \d+, \d+, \d+\) with a concurrent edit .* the page kept changing \(5 attempts; 4 of the bot's edits were merged with others\)\. Check the page and undo revisions \d+, \d+, \d+, \d+ \(MediaWiki's undo/,
    );
    // The first edit and maxConflictRetries (3) corrections, each merged with the next human edit.
    expect(wiki.revs.filter((r) => r.user === 'Bot')).toHaveLength(4);
  });

  it('a human made the same change meanwhile (MediaWiki answers nochange): the transform runs on their revision and finds nothing to do', async () => {
    const wiki = new MergingWiki(PAGE);
    const r = await savePage(wiki, TITLE, doubling, { beforeEdit: once(1, () => wiki.human((t) => t.replace('double: -', 'double: 4'))) });
    expect(r).toMatchObject({ changed: false, attempts: 2 });
    expect(wiki.revs.map((x) => x.user)).toEqual(['Setup', 'Player']);
  });

  it('a dry run makes no edit and no check', async () => {
    const wiki = new MergingWiki(PAGE);
    const r = await savePage(wiki, TITLE, doubling, { dryRun: true });
    expect(r).toMatchObject({ changed: true, dryRun: true });
    expect(r.merged).toBeUndefined();
    expect(wiki.revs).toHaveLength(1);
  });
});

// A transform that gives way to a concurrent edit it would change (src/jobs/late-edits.ts): it refuses the page the
// human left, and the save takes its own merged edit out of the page.
class GiveWay extends Error {}
const givesWay = (err: unknown) => err instanceof GiveWay;
/** Doubles the score, but refuses a page whose note a person changed (the note is theirs, and it would reset it). */
const resetsNote: Transform = (page, merge) => {
  if (!page.text.includes('note: -')) throw new GiveWay('the note is theirs');
  return doubling(page, merge);
};

describe('savePage when the transform gives way to a concurrent edit (givesWay)', () => {
  it("merged with it: the bot's merged revision is undone, the page is the human's, and the save throws gave-way with the transform's error", async () => {
    const wiki = new MergingWiki(PAGE);
    let human = 0;
    const err = await savePage(wiki, TITLE, resetsNote, {
      givesWay,
      beforeEdit: once(1, () => (human = wiki.human((t) => t.replace('note: -', 'note: mine')))),
    }).catch((e: unknown) => e);
    const [, humanRev, merged, undo] = wiki.revs;
    expect(humanRev!.revid).toBe(human);
    expect(merged).toMatchObject({ user: 'Bot', parentid: human, text: 'score: 2\n\nnote: mine\n\ndouble: 4\n\nlog:' });
    expect(undo).toMatchObject({ user: 'Bot', parentid: merged!.revid, text: humanRev!.text, tags: ['mw-undo'] });
    expect(undo!.comment).toMatch(
      new RegExp(`^Croupier: undo revision ${merged!.revid}: MediaWiki merged this edit of the bot's with revision ${human} \\(Player\\)`),
    );
    expect(wiki.revs).toHaveLength(4);
    expect(err).toBeInstanceOf(WikiError);
    expect(err).toMatchObject({ code: 'gave-way', page: TITLE });
    expect((err as WikiError).message).toContain(`the bot's revision ${merged!.revid}, which MediaWiki had merged onto it, was undone`);
    expect((err as WikiError).cause).toBeInstanceOf(GiveWay);
  });

  it('in an edit conflict: no edit was made, and the error is thrown as it is', async () => {
    const wiki = new MergingWiki(PAGE);
    // The human changes the bot's own line too (double): MediaWiki refuses the bot's edit, which re-reads.
    const human = (t: string) => t.replace('note: -', 'note: mine').replace('double: -', 'double: 0');
    const err = await savePage(wiki, TITLE, resetsNote, { givesWay, beforeEdit: once(1, () => wiki.human(human)) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GiveWay);
    expect(wiki.revs.map((r) => r.user)).toEqual(['Setup', 'Player']);
  });

  it('an error it does not give way for leaves the merged revision for an admin, as before', async () => {
    const wiki = new MergingWiki(PAGE);
    const err = await savePage(wiki, TITLE, resetsNote, { beforeEdit: once(1, () => wiki.human((t) => t.replace('note: -', 'note: mine'))) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GiveWay);
    expect(wiki.revs.map((r) => r.user)).toEqual(['Setup', 'Player', 'Bot']);
  });
});

// A run that records on the page that it is done (like a rollover's phase number): a second run on the merged
// page finds nothing to do, so only the check of the bot's own latest revision can tell that page is wrong.
const doubleOnce: Transform = (page, merge) => {
  if (!page.text.includes('double: -')) return null;
  const score = Number(/score: (\d+)/.exec(page.text)![1]);
  return { text: page.text.replace('double: -', `double: ${2 * score}`) + (merge ? `\nrecomputed on ${merge.on}` : ''), summary: `doubled ${score}` };
};
/** A save killed right after its edit reached the wiki (before its merge check): what a SIGKILL leaves. */
const killedAfterEdit = async (wiki: MergingWiki, human: () => number, transform = doubleOnce): Promise<{ merged: number; human: number }> => {
  let h = 0;
  let merged = 0;
  const err = await savePage(wiki, TITLE, transform, {
    beforeEdit: once(1, () => (h = human())),
    afterEdit: (revid) => {
      merged = revid;
      throw new Error('killed');
    },
  }).catch((e: unknown) => e);
  expect((err as Error).message).toBe('killed');
  return { merged, human: h };
};

describe('a merge its run never corrected (the process died between the merged save and its correction)', () => {
  it("the next save finds the bot's latest revision merged (its parent is not the base its summary records) and corrects it to the transform of the concurrent revision", async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('score: 2', 'score: 5')));
    const mergedRev = wiki.revs.find((r) => r.revid === k.merged)!;
    // What MediaWiki made: the bot's "double: 4" (computed on score 2) onto the human's score 5.
    expect(mergedRev).toMatchObject({ parentid: k.human, text: 'score: 5\n\nnote: -\n\ndouble: 4\n\nlog:', comment: `doubled 2 (base rev 101)` });

    const r = await savePage(wiki, TITLE, doubleOnce);
    // The serial outcome: the transform of the human's revision (score 5: double 10).
    expect(wiki.latest()).toMatchObject({ parentid: k.merged, text: `score: 5\n\nnote: -\n\ndouble: 10\n\nlog:\nrecomputed on ${k.human}` });
    expect(r).toMatchObject({
      changed: true,
      attempts: 1,
      merged: { merged: [k.merged], edits: [{ revid: k.human, user: 'Player' }], on: k.human, late: true, corrected: true },
    });
    expect(r.summary).toBe(
      `doubled 5 — MediaWiki merged the bot's edit (revision ${k.merged}) with a concurrent edit (revision ${k.human} (Player)) and the run that saved it stopped before correcting it; recomputed on revision ${k.human} (base rev ${k.merged})`,
    );
    const third = await savePage(wiki, TITLE, doubleOnce);
    expect(third).toMatchObject({ changed: false });
    expect(third.merged).toBeUndefined();
  });

  it('a human edit saved after the merged revision is carried over to the text the transform runs on', async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('score: 2', 'score: 5')));
    const later = wiki.human((t) => t.replace('note: -', 'note: seen'), 'Admin');
    const r = await savePage(wiki, TITLE, doubleOnce);
    expect(wiki.latest()!.text).toBe(`score: 5\n\nnote: seen\n\ndouble: 10\n\nlog:\nrecomputed on ${later}`);
    expect(r.merged).toMatchObject({
      merged: [k.merged],
      edits: [{ revid: k.human }, { revid: later, user: 'Admin' }],
      on: later,
      late: true,
      corrected: true,
    });
  });

  it('a human rewrote a line of the merged revision: refused with merge-uncorrected naming it, no edit; once they undo it, the next save runs on the page as they left it', async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('score: 2', 'score: 5')));
    wiki.human((t) => t.replace('double: 4', 'double: 4 (checked)'), 'Admin');
    const before = wiki.revs.length;
    const err = await savePage(wiki, TITLE, doubleOnce).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'merge-uncorrected' });
    expect((err as Error).message).toContain(`undo revision ${k.merged}`);
    expect(wiki.revs).toHaveLength(before);

    // A summary in the wiki's language, not English: the revert is read from its change tag.
    const undo = wiki.human(() => wiki.revs.find((r) => r.revid === k.human)!.text, 'Admin', `Version ${k.merged} rückgängig gemacht`);
    // It pauses the game: the save refuses until the pause knows it (an admin resumed).
    expect(await savePage(wiki, TITLE, doubleOnce).catch((e: unknown) => e)).toMatchObject({ code: 'paused' });
    wiki.knownRevert = async () => true;
    const r = await savePage(wiki, TITLE, doubleOnce);
    expect(r).toMatchObject({ changed: true });
    expect(r.merged).toBeUndefined();
    expect(wiki.latest()).toMatchObject({ parentid: undo, text: 'score: 5\n\nnote: -\n\ndouble: 10\n\nlog:' });
  });

  it('an edit whose summary only says "Undo revision N" of the merged revision, without reverting it, leaves the merge pending: still refused', async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('score: 2', 'score: 5')));
    wiki.human((t) => t.replace('double: 4', 'double: 4 (checked)'), 'Admin');
    wiki.human((t) => t.replace('note: -', 'note: undone?'), 'Player', `Undo revision ${k.merged} by [[Special:Contributions/Bot|Bot]]`);
    const before = wiki.revs.length;
    const err = await savePage(wiki, TITLE, doubleOnce).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'merge-uncorrected' });
    expect(wiki.revs).toHaveLength(before);
  });

  it("a merged page that already was the transform's result (the concurrent edit changed nothing it reads): nothing pending, no edit", async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('note: -', 'note: hello')));
    const r = await savePage(wiki, TITLE, doubleOnce);
    expect(r).toMatchObject({ changed: false });
    expect(r.merged).toBeUndefined();
    expect(wiki.latest()!.revid).toBe(k.merged);
  });

  // A run that also advances a clock to its own instant, as a rollover catches up: the next run has more to do on any page.
  const clocked =
    (phase: number): Transform =>
    (page, merge) => {
      const done = doubleOnce(page, merge);
      const text = (done?.text ?? page.text).replace(/phase: \d+/, `phase: ${phase}`);
      return text === page.text ? null : { text, summary: `${done?.summary ?? 'clock'} at phase ${phase}` };
    };

  it("a merged page that needed no correction, found by a later run that has more to do: nothing pending, nothing said of it; the run's own edit on the page as it is", async () => {
    const wiki = new MergingWiki(`phase: 0\n\n${PAGE}`);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('note: -', 'note: hello')), clocked(1));
    // The killed run's merge was right: what its transform makes of the human's revision.
    const human = wiki.revs.find((r) => r.revid === k.human)!;
    expect(wiki.revs.find((r) => r.revid === k.merged)!.text).toBe(clocked(1)({ title: TITLE, text: human.text, revid: human.revid, timestamp: 't' })!.text);

    const r = await savePage(wiki, TITLE, clocked(2));
    expect(r.merged).toBeUndefined();
    expect(r.summary).toBe(`clock at phase 2 (base rev ${k.merged})`);
    expect(wiki.latest()).toMatchObject({ parentid: k.merged, text: 'phase: 2\n\nscore: 2\n\nnote: hello\n\ndouble: 4\n\nlog:' });
  });

  it('a merged page that needed a correction, found by a later run that has more to do: corrected, saying the earlier run stopped before correcting it', async () => {
    const wiki = new MergingWiki(`phase: 0\n\n${PAGE}`);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('score: 2', 'score: 5')), clocked(1));
    const r = await savePage(wiki, TITLE, clocked(2));
    expect(r.merged).toMatchObject({ merged: [k.merged], on: k.human, late: true, corrected: true });
    expect(r.summary).toContain('and the run that saved it stopped before correcting it');
    expect(wiki.latest()!.text).toBe(`phase: 2\n\nscore: 5\n\nnote: -\n\ndouble: 10\n\nlog:\nrecomputed on ${k.human}`);
  });

  it("a merge its run found right needs nothing later: a human may rewrite the bot's lines afterwards without the next save refusing", async () => {
    const wiki = new MergingWiki(PAGE);
    const live = await savePage(wiki, TITLE, doubleOnce, { beforeEdit: once(1, () => wiki.human((t) => t.replace('note: -', 'note: hello'))) });
    expect(live.merged).toMatchObject({ corrected: false });
    wiki.human((t) => t.replace('double: 4', 'double: 4 (checked)'), 'Admin');
    const r = await savePage(wiki, TITLE, doubleOnce);
    expect(r).toMatchObject({ changed: false });
    expect(r.merged).toBeUndefined();
  });

  it("a correction merged in turn and never checked: refused, naming both of the bot's revisions (the text the correction was computed on is not on the wiki)", async () => {
    const wiki = new MergingWiki(PAGE);
    let edits = 0;
    const err = await savePage(wiki, TITLE, doubleOnce, {
      beforeEdit: async (_p, _e, attempt) => {
        if (attempt === 1) wiki.human((t) => t.replace('score: 2', 'score: 5'));
        if (attempt === 2) wiki.human((t) => t.replace('note: -', 'note: x'), 'Admin');
      },
      afterEdit: () => {
        if (++edits === 2) throw new Error('killed');
      },
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('killed');
    const [first, correction] = wiki.revs.filter((r) => r.user === 'Bot');
    expect(correction!.comment).toContain(`MediaWiki merged the bot's edit (revision ${first!.revid})`);
    const again = await savePage(wiki, TITLE, doubleOnce).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'merge-uncorrected' });
    expect((again as Error).message).toContain(`undo revisions ${first!.revid}, ${correction!.revid}`);
  });

  /** Doubles once, but gives way where the others' edits (the page read by the killed run → `page`) changed the note. */
  const weighsNote =
    (told: (PageRevision | undefined)[]): Transform =>
    (page, merge, read) => {
      told.push(read);
      const note = (t: string) => /note: (.*)/.exec(t)![1];
      if (read && note(read.text) !== note(page.text)) throw new GiveWay('the note is theirs');
      return doubleOnce(page, merge);
    };

  it("the next save tells the transform the page the killed run read; a transform that gives way to the others' edits has the merged revision undone (gave-way)", async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('note: -', 'note: mine')));
    const told: (PageRevision | undefined)[] = [];
    const err = await savePage(wiki, TITLE, weighsNote(told), { givesWay }).catch((e: unknown) => e);
    // The page the killed run read: the first revision (its summary's base), not the bot's merged one nor the human's.
    expect(told[0]).toMatchObject({ revid: 101, text: PAGE });
    expect(err).toMatchObject({ code: 'gave-way', page: TITLE });
    expect((err as WikiError).cause).toBeInstanceOf(GiveWay);
    expect((err as WikiError).message).toContain(`the bot's revision ${k.merged}, which MediaWiki had merged onto it, was undone`);
    const [undo, ...more] = wiki.revs.slice(wiki.revs.findIndex((r) => r.revid === k.merged) + 1);
    expect(more).toEqual([]);
    expect(undo).toMatchObject({ user: 'Bot', parentid: k.merged, text: wiki.revs.find((r) => r.revid === k.human)!.text, tags: ['mw-undo'] });
    expect(undo!.comment).toMatch(
      new RegExp(
        `^Croupier: undo revision ${k.merged}: MediaWiki merged the edit of a run of the bot's that stopped before checking it with revision ${k.human} \\(Player\\)`,
      ),
    );
  });

  it("others' edits the transform does not give way to: corrected as before, the transform told the killed run's read", async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('score: 2', 'score: 5')));
    const told: (PageRevision | undefined)[] = [];
    const r = await savePage(wiki, TITLE, weighsNote(told), { givesWay });
    expect(told.map((t) => t?.revid)).toContain(101);
    expect(r.merged).toMatchObject({ merged: [k.merged], on: k.human, late: true, corrected: true });
    expect(wiki.latest()!.text).toBe(`score: 5\n\nnote: -\n\ndouble: 10\n\nlog:\nrecomputed on ${k.human}`);
  });

  it("without givesWay, the transform's error is thrown as it is and the merged revision left for an admin", async () => {
    const wiki = new MergingWiki(PAGE);
    const k = await killedAfterEdit(wiki, () => wiki.human((t) => t.replace('note: -', 'note: mine')));
    const err = await savePage(wiki, TITLE, weighsNote([])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GiveWay);
    expect(wiki.latest()!.revid).toBe(k.merged);
  });

  it('a revision of the bot without a recorded base (an older Croupier) is not taken for a merge', async () => {
    const wiki = new MergingWiki(PAGE);
    const h = wiki.human((t) => t.replace('score: 2', 'score: 5'));
    wiki.add('Bot', 'score: 5\n\nnote: -\n\ndouble: 4\n\nlog:', h, 'doubled 2');
    expect(await savePage(wiki, TITLE, doubleOnce)).toMatchObject({ changed: false });
  });
});

// A run that applies what is due at its clock: doubles once, and sets the phase (a later run has more to do).
const clock =
  (phase: number): Transform =>
  (page) => {
    const done = doubleOnce(page);
    const text = (done?.text ?? page.text).replace(/phase: \d+/, `phase: ${phase}`);
    return text === page.text ? null : { text, summary: `${done?.summary ?? 'clock'} at phase ${phase}` };
  };
const CLOCKED = `phase: 0\n\n${PAGE}`;
/** The bot's edit that a person will revert: "double: 4" (phase 0: nothing else due). */
const botEdit = async (wiki: MergingWiki): Promise<number> => (await savePage(wiki, TITLE, clock(0))).revid!;
const refusal = (e: unknown): WikiError => {
  expect(e).toBeInstanceOf(WikiError);
  expect(e).toMatchObject({ code: 'paused' });
  return e as WikiError;
};

describe("a person's revert of the bot saved while a save was under way: the reverted edit is never made again", () => {
  it("merged onto the admin's undo: the bot's merged revision is undone (the page is the admin's), no correction, refused as paused", async () => {
    const wiki = new MergingWiki(CLOCKED);
    const mine = await botEdit(wiki);
    let undo = 0;
    const err = refusal(await savePage(wiki, TITLE, clock(1), { beforeEdit: once(1, () => (undo = wiki.undo(mine))) }).catch((e: unknown) => e));
    const undone = wiki.revs.find((r) => r.revid === undo)!;
    expect(undone.text).toBe(CLOCKED); // the admin took "double: 4" back
    const [merged, restored, ...more] = wiki.revs.slice(wiki.revs.indexOf(undone) + 1);
    expect(more).toEqual([]);
    // MediaWiki merged the bot's phase line onto the undo; the bot took it out again by undoing that revision alone.
    expect(merged).toMatchObject({ user: 'Bot', parentid: undo, text: CLOCKED.replace('phase: 0', 'phase: 1') });
    expect(restored).toMatchObject({ user: 'Bot', parentid: merged!.revid, text: CLOCKED, tags: ['mw-undo'] });
    expect(restored!.comment).toBe(
      `Croupier: undo revision ${merged!.revid}: MediaWiki merged this edit of the bot's onto Admin's undo of the bot's revision ${mine} (revision ${undo}); the bot gives way, and the game is paused until an admin resumes it`,
    );
    expect(err.message).toBe(
      `"${TITLE}": Admin reverted the bot's revision ${mine} (undo, revision ${undo}): no edit; the bot's revision ${merged!.revid}, which MediaWiki had merged onto it, was undone; the game is paused until an admin resumes it`,
    );
    // Until the pause knows the revert, every save gives way to it, though the page's latest revision is the bot's.
    refusal(await savePage(wiki, TITLE, clock(1)).catch((e: unknown) => e));
    expect(wiki.latest()!.revid).toBe(restored!.revid);
    // Resumed: computed on the page as the admin left it.
    wiki.knownRevert = async () => true;
    expect(await savePage(wiki, TITLE, clock(1))).toMatchObject({ changed: true });
    expect(wiki.latest()!.text).toBe(CLOCKED.replace('phase: 0', 'phase: 1').replace('double: -', 'double: 4'));
  });

  it('a revert the pause already knows of (the game was resumed) does not stop the save: merged and corrected as any edit', async () => {
    const wiki = new MergingWiki(CLOCKED);
    const mine = await botEdit(wiki);
    wiki.knownRevert = async () => true;
    const r = await savePage(wiki, TITLE, clock(1), { beforeEdit: once(1, () => wiki.undo(mine)) });
    expect(r.merged).toMatchObject({ corrected: true });
    expect(wiki.latest()!.text).toBe(CLOCKED.replace('phase: 0', 'phase: 1').replace('double: -', 'double: 4'));
  });

  it("an edit conflict with the admin's undo, then a player's ordinary edit: the re-read finds the undo among the new revisions, no edit", async () => {
    const wiki = new MergingWiki(CLOCKED);
    await savePage(wiki, TITLE, clock(1)); // phase 1, double 4
    const mine = wiki.latest()!.revid;
    let undo = 0;
    const err = refusal(
      await savePage(wiki, TITLE, clock(2), {
        beforeEdit: once(1, () => {
          undo = wiki.undo(mine); // the phase line: the bot's edit conflicts
          wiki.human((t) => t.replace('note: -', 'note: hi'));
        }),
      }).catch((e: unknown) => e),
    );
    expect(err.message).toBe(
      `"${TITLE}": Admin reverted the bot's revision ${mine} (undo, revision ${undo}): no edit; the game is paused until an admin resumes it`,
    );
    expect(wiki.latest()).toMatchObject({ user: 'Player', text: CLOCKED.replace('note: -', 'note: hi') });
  });

  it('the wiki answers nochange (a person made the same edit after undoing the bot): the re-read finds the undo, refused', async () => {
    const wiki = new MergingWiki(CLOCKED);
    const mine = await botEdit(wiki);
    const err = await savePage(wiki, TITLE, clock(1), {
      beforeEdit: once(1, () => {
        wiki.undo(mine);
        wiki.human(() => CLOCKED.replace('phase: 0', 'phase: 1').replace('double: -', 'double: 4'));
      }),
    }).catch((e: unknown) => e);
    refusal(err);
    expect(wiki.latest()!.user).toBe('Player');
  });

  it("the admin undoes the bot's merged revision, and a player edits, before the correction lands: no correction, the page is theirs", async () => {
    const wiki = new MergingWiki(CLOCKED);
    let undo = 0;
    const err = refusal(
      await savePage(wiki, TITLE, clock(1), {
        beforeEdit: async (_p, _e, attempt) => {
          if (attempt === 1) wiki.human((t) => t.replace('score: 2', 'score: 5'));
          if (attempt === 2) {
            undo = wiki.undo(wiki.latest()!.revid);
            wiki.human((t) => t.replace('log:', 'log:\nseen'));
          }
        },
      }).catch((e: unknown) => e),
    );
    expect(err.message).toContain(`(undo, revision ${undo}): no edit; the game is paused`);
    expect(wiki.latest()).toMatchObject({ user: 'Player', text: CLOCKED.replace('score: 2', 'score: 5').replace('log:', 'log:\nseen') });
  });

  it('a merge onto the undo that its run, killed, never corrected: the next save undoes it instead of correcting it, refused as paused', async () => {
    const wiki = new MergingWiki(CLOCKED);
    const mine = await botEdit(wiki);
    const k = await killedAfterEdit(wiki, () => wiki.undo(mine), clock(1));
    expect(wiki.latest()).toMatchObject({ revid: k.merged, text: CLOCKED.replace('phase: 0', 'phase: 1') });
    const err = refusal(await savePage(wiki, TITLE, clock(1)).catch((e: unknown) => e));
    expect(err.message).toContain(`Admin reverted the bot's revision ${mine} (undo, revision ${k.human}): no edit; the bot's revision ${k.merged}`);
    expect(wiki.latest()).toMatchObject({ user: 'Bot', parentid: k.merged, text: CLOCKED, tags: ['mw-undo'] });
    expect(wiki.revs.filter((r) => r.revid > k.human && r.text.includes('double: 4'))).toEqual([]);
  });

  it("a player's ordinary edit in the window is no revert: merged and corrected as before", async () => {
    const wiki = new MergingWiki(CLOCKED);
    await botEdit(wiki);
    const r = await savePage(wiki, TITLE, clock(1), { beforeEdit: once(1, () => wiki.human((t) => t.replace('note: -', 'note: hi'))) });
    expect(r).toMatchObject({ changed: true });
    expect(wiki.latest()!.text).toBe(CLOCKED.replace('phase: 0', 'phase: 1').replace('note: -', 'note: hi').replace('double: -', 'double: 4'));
  });
});
