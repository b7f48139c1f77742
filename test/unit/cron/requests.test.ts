import { describe, expect, test } from 'vitest';
import {
  applyMark,
  makeRequestsProcessor,
  markLine,
  parseVerb,
  pendingRequests,
  lineHistory,
  type RequestHistoryEntry,
  type RequestPageRevision,
  type RequestsWiki,
} from '../../../src/cron/requests.ts';
import type { ActionResult, RequestActions, RequestRef } from '../../../src/cron/ports.ts';

const HEAD = '== Requests ==\nWrite one request per line.\n';

/** The bot's account in this fake: only its revisions answer a line. */
const isBot = (user: string) => user === 'Croupier';

class FakeWiki implements RequestsWiki {
  revs: RequestPageRevision[] = []; // newest first
  groups = new Map<string, string[]>([
    ['Admin', ['*', 'user', 'autoconfirmed', 'sysop']],
    ['Admin2', ['*', 'user', 'autoconfirmed', 'sysop']],
    ['Player', ['*', 'user', 'autoconfirmed']],
    ['Croupier', ['*', 'user', 'bot']],
  ]);
  edit(user: string, text: string) {
    const parent = this.revs[0];
    this.revs.unshift({
      revid: (parent?.revid ?? 0) + 1,
      parentid: parent?.revid ?? 0,
      user,
      timestamp: new Date(Date.UTC(2026, 10, 21, 0, this.revs.length)).toISOString(),
      text,
    });
  }
  append(user: string, line: string) {
    this.edit(user, (this.revs[0]?.text ?? HEAD) + line + '\n');
  }
  get text() {
    return this.revs[0]!.text;
  }
  async history(_t: string, limit: number) {
    return this.revs.slice(0, limit);
  }
  async userGroups(users: string[]) {
    return new Map(users.flatMap((u) => (this.groups.has(u) ? [[u, this.groups.get(u)!] as const] : [])));
  }
  async save(_t: string, f: (text: string) => { text: string; summary: string } | null) {
    const r = f(this.text);
    if (!r) return { changed: false };
    this.edit('Croupier', r.text);
    return { changed: true };
  }
}

function setup(opts: { halted?: boolean; paused?: boolean; rollover?: (ref: RequestRef, rows: RequestHistoryEntry[]) => Promise<ActionResult> } = {}) {
  const wiki = new FakeWiki();
  // The Gamestate History: rows naming a request's key.
  const rows: RequestHistoryEntry[] = [];
  let historyEdits = 0;
  const acted: { verb: string; ref: RequestRef }[] = [];
  let halted = opts.halted ?? false;
  let paused = opts.paused ?? false;
  const at = new Date('2026-11-21T23:00:00Z');
  const actions: RequestActions = {
    halted: async () => halted,
    rollover: async (ref) => {
      acted.push({ verb: 'rollover', ref });
      if (opts.rollover) return opts.rollover(ref, rows);
      // As the real job: the rollover's own save carries the request's row.
      rows.push({ request: ref, verdict: 'done', message: 'phase 4 → 5', at });
      return { ok: true, message: 'rolled over to phase 5 (Battle Phase)' };
    },
    check: async (ref) => {
      acted.push({ verb: 'check', ref });
      return { ok: true, message: 'checked, nothing due' };
    },
    clear: async (ref) => {
      acted.push({ verb: 'clear', ref });
      halted = false;
      return { ok: true, message: 'halt cleared' };
    },
    paused: async () => paused,
    resume: async (ref) => {
      acted.push({ verb: 'resume', ref });
      paused = false;
      return { ok: true, message: 'resumed' };
    },
  };
  const process = makeRequestsProcessor({
    wiki,
    isBot,
    history: {
      state: async (_g, key) => {
        const mine = rows.filter((r) => r.request.key === key);
        return mine.length === 0 ? 'new' : mine.every((r) => r.verdict === 'failed') ? 'failed' : 'done';
      },
      record: async (_g, entries) => {
        const fresh = entries.filter((e) => !rows.some((r) => r.request.key === e.request.key));
        rows.push(...fresh);
        if (fresh.length > 0) historyEdits++;
        return { changed: fresh.length > 0 };
      },
    },
    pageFor: () => 'Cycle 16/Gamestate/Requests',
    allowedGroupsFor: () => ['sysop'],
    now: () => new Date('2026-11-21T23:00:00Z'),
  });
  return { wiki, rows, acted, historyEdits: () => historyEdits, run: () => process('c16', new Date(), actions) };
}

describe('request lines', () => {
  test("a request line's verb is its first word, whatever the case or emphasis; anything else is not a request", () => {
    expect(parseVerb('rollover now ~~~~')).toBe('rollover');
    expect(parseVerb("'''Rollover now'''")).toBe('rollover');
    expect(parseVerb('check please')).toBe('check');
    expect(parseVerb('clear')).toBe('clear');
    expect(parseVerb('give me chips')).toBeUndefined();
  });

  test('pending lines: top-level items without a croupier mark', () => {
    const text = `${HEAD}* check\n** a reply\n* rollover now <!-- croupier:done r3 --> → done\n* check\nprose\n`;
    expect(pendingRequests(text).map((p) => [p.lineNo, p.verb, p.occurrence])).toEqual([
      [2, 'check', 1],
      [5, 'check', 2],
    ]);
  });

  test('the revision that added a line, not the last one to touch the page', () => {
    /** Who added the `occurrence`-th pending copy of `line` in the newest revision. */
    const whoAdded = (revs: RequestPageRevision[], line: string, occurrence: number) => {
      const p = pendingRequests(revs[0]!.text).find((r) => r.line === line && r.occurrence === occurrence)!;
      return lineHistory(revs, isBot).authors[p.lineNo];
    };
    const w = new FakeWiki();
    w.append('Admin', '* check');
    w.append('Player', '* rollover now');
    w.edit('Player', w.text.replace('Write one', 'Write ONE'));
    expect(whoAdded(w.revs, '* check', 1)).toMatchObject({ found: true, revision: { user: 'Admin', revid: 1 } });
    expect(whoAdded(w.revs, '* rollover now', 1)).toMatchObject({ found: true, revision: { user: 'Player', revid: 2 } });
    // A line the plain user re-typed after an admin's identical one: each copy has its own author.
    w.append('Player', '* check');
    expect(whoAdded(w.revs, '* check', 2)).toMatchObject({ found: true, revision: { user: 'Player' } });
    // Older than the history the bot reads: not attributable.
    expect(whoAdded(w.revs.slice(0, 2), '* check', 1)).toMatchObject({ found: false });
  });

  test('marks are appended to the right copy', () => {
    const text = '* check\n* check\n';
    expect(applyMark(text, '* check', 2, 'X')).toBe('* check\nX\n');
    expect(applyMark(text, '* check', 3, 'X')).toBeNull();
    expect(markLine('* check', 'refused', 7, 'a | b [[x]]', new Date('2026-11-21T23:00:00Z'))).toBe(
      "* check <!-- croupier:refused r7 --> → '''Refused''' (Croupier, 2026-11-21 23:00 UTC): a &#124; b &#91;&#91;x&#93;&#93;",
    );
  });
});

describe('requests processor', () => {
  test("an admin's request is honoured, logged and marked done; the plain user's identical one is refused", async () => {
    const s = setup();
    s.wiki.append('Admin', '* rollover now');
    s.wiki.append('Player', '* rollover now');
    const sum = await s.run();
    expect(sum).toMatchObject({ handled: 2, waiting: 0 });
    expect(s.acted.map((a) => [a.verb, a.ref.author, a.ref.revid])).toEqual([['rollover', 'Admin', 1]]);
    expect(s.rows.map((r) => [r.request.author, r.verdict])).toEqual([
      ['Admin', 'done'],
      ['Player', 'refused'],
    ]);
    expect(s.rows[1]?.message).toContain('Player, who added this line in revision 2, is not in an allowed group (sysop)');
    const lines = s.wiki.text.split('\n');
    expect(lines[2]).toMatch(/^\* rollover now <!-- croupier:done r1 --> → '''Done'''/);
    expect(lines[3]).toMatch(/^\* rollover now <!-- croupier:refused r2 --> → '''Refused'''.*not in an allowed group/);
    // Never acted on twice.
    expect(await s.run()).toMatchObject({ handled: 0 });
    expect(s.acted).toHaveLength(1);
  });

  test('a name typed in the text does not count', async () => {
    const s = setup();
    s.wiki.append('Player', '* check --[[User:Admin|Admin]] 22:00, 21 November 2026 (UTC)');
    await s.run();
    expect(s.acted).toEqual([]);
    expect(s.rows[0]).toMatchObject({ verdict: 'refused', request: { author: 'Player' } });
  });

  test("a plain user who edits an admin's line into another request is its author; the admin's request it replaced is still the admin's", async () => {
    const s = setup();
    s.wiki.append('Admin', '* check');
    s.wiki.edit('Player', s.wiki.text.replace('* check', '* rollover now'));
    await s.run();
    // No rollover: the line is the player's. The check: the admin's, which the player may not withdraw.
    expect(s.acted.map((x) => [x.verb, x.ref.author])).toEqual([['check', 'Admin']]);
    expect(s.rows.find((r) => r.request.verb === 'rollover')).toMatchObject({ verdict: 'refused', request: { author: 'Player' } });
    const lines = s.wiki.text.split('\n');
    expect(lines.find((l) => l.startsWith('* rollover now'))).toContain('croupier:refused r2');
    // The admin's check answered by a line the bot added at the end, naming who took it away.
    expect(lines.filter((l) => l !== '').at(-1)).toMatch(
      /^\* check <!-- croupier:done r1 --> → '''Done''' \(Croupier, [^)]*\): removed in revision 2 by Player, who may not withdraw it \(only its author or a user of an allowed group may\): still request r1-[0-9a-f]{8} of Admin; checked, nothing due/,
    );
    // Once.
    const page = s.wiki.text;
    await s.run();
    expect(s.acted).toHaveLength(1);
    expect(s.wiki.text).toBe(page);
  });

  test("an admin's request another admin deletes is withdrawn; one the player marked with a typed answer is still the admin's", async () => {
    const s = setup();
    s.wiki.append('Admin', '* check');
    s.wiki.edit('Admin2', s.wiki.text.replace('* check\n', ''));
    await s.run();
    expect(s.acted).toEqual([]);
    s.wiki.append('Admin', '* resume');
    s.wiki.edit('Player', s.wiki.text.replace('* resume', "* resume <!-- croupier:done r4 --> → '''Done''' (Croupier, 2026-11-21 23:00 UTC): resumed"));
    await s.run();
    expect(s.acted.map((x) => [x.verb, x.ref.author])).toEqual([['resume', 'Admin']]);
  });

  test('a request already in the History (crash before the mark) is marked, not acted on again', async () => {
    const s = setup();
    s.wiki.append('Admin', '* rollover now');
    const first = await s.run();
    expect(first.handled).toBe(1);
    // Simulate the crash: undo the mark on the page, keep the History row.
    s.wiki.edit('Croupier', `${HEAD}* rollover now\n`);
    // The line is now "added" by Croupier's revert in this fake; restore authorship to the admin's revision.
    s.wiki.revs.splice(0, 2);
    await s.run();
    expect(s.acted).toHaveLength(1);
    expect(s.wiki.text).toContain('croupier:done r1');
  });

  test('a request whose History row is already on the Gamestate page is only marked, even while the game is halted', async () => {
    const s = setup({ halted: true });
    s.wiki.append('Admin', '* rollover now');
    const { requestKey } = await import('../../../src/cron/requests.ts');
    const key = requestKey(1, '* rollover now');
    s.rows.push({
      request: { key, line: '* rollover now', verb: 'rollover', page: 'R', revid: 1, timestamp: '', author: 'Admin' },
      verdict: 'done',
      message: 'phase 4 → 5',
      at: new Date(),
    });
    expect(await s.run()).toMatchObject({ handled: 1, waiting: 0 });
    expect(s.acted).toEqual([]);
    expect(s.rows).toHaveLength(1);
    expect(s.wiki.text).toMatch(new RegExp(`croupier:done r1 --> → '''Done'''.*History row for request ${key}`));
  });

  test('a request whose only History row says it failed is marked failed, not retried', async () => {
    const s = setup();
    s.wiki.append('Admin', '* rollover now');
    const { requestKey } = await import('../../../src/cron/requests.ts');
    s.rows.push({
      request: { key: requestKey(1, '* rollover now'), line: '* rollover now', verb: 'rollover', page: 'R', revid: 1, timestamp: '', author: 'Admin' },
      verdict: 'failed',
      message: 'boom',
      at: new Date(),
    });
    await s.run();
    expect(s.acted).toEqual([]);
    expect(s.wiki.text).toContain('croupier:failed r1');
  });

  test('a rollover whose save went through but whose answer was lost is marked done, not failed', async () => {
    const s = setup({
      rollover: async (ref, rows) => {
        rows.push({ request: ref, verdict: 'done', message: 'phase 4 → 5', at: new Date() });
        return { ok: false, message: 'socket hang up' };
      },
    });
    s.wiki.append('Admin', '* rollover now');
    await s.run();
    expect(s.acted).toHaveLength(1);
    expect(s.rows).toHaveLength(1);
    expect(s.wiki.text).toMatch(/croupier:done r1 --> → '''Done'''.*socket hang up/);
  });

  test('a failed rollover gets a failed History row and mark; it is not acted on again', async () => {
    const s = setup({ rollover: async () => ({ ok: false, message: 'the Gamestate page is broken' }) });
    s.wiki.append('Admin', '* rollover now');
    await s.run();
    expect(s.rows.map((r) => r.verdict)).toEqual(['failed']);
    expect(s.wiki.text).toContain('croupier:failed r1');
    await s.run();
    expect(s.acted).toHaveLength(1);
  });

  test('while halted only "clear" is answered; after it, the waiting requests are', async () => {
    const s = setup({ halted: true });
    s.wiki.append('Admin', '* check');
    s.wiki.append('Admin', '* clear');
    const sum = await s.run();
    expect(s.acted.map((a) => a.verb)).toEqual(['clear', 'check']);
    expect(sum).toMatchObject({ handled: 2, waiting: 0 });
  });

  test('while halted, without a clear, requests wait unanswered', async () => {
    const s = setup({ halted: true });
    s.wiki.append('Admin', '* check');
    expect(await s.run()).toMatchObject({ handled: 0, waiting: 1 });
    expect(s.rows).toEqual([]);
    expect(pendingRequests(s.wiki.text)).toHaveLength(1);
  });

  test('while paused nothing is edited, not even a refusal, until an admin\'s "resume"; then the waiting requests are answered', async () => {
    const s = setup({ paused: true });
    s.wiki.append('Player', '* resume');
    s.wiki.append('Admin', '* check');
    const before = s.wiki.revs.length;
    expect(await s.run()).toMatchObject({ handled: 0, waiting: 2, edits: 0 });
    expect(s.wiki.revs).toHaveLength(before);
    expect(s.rows).toEqual([]);
    s.wiki.append('Admin', '* resume');
    expect(await s.run()).toMatchObject({ handled: 2, waiting: 1 }); // the player's line came before the pause was lifted
    expect(s.acted.map((a) => a.verb)).toEqual(['resume', 'check']);
    expect(await s.run()).toMatchObject({ handled: 1, waiting: 0 });
    expect(s.rows.find((r) => r.request.author === 'Player')).toMatchObject({ verdict: 'refused' });
  });

  test('an unknown request from an admin is refused as not understood', async () => {
    const s = setup();
    s.wiki.append('Admin', '* give everyone 10 chips');
    await s.run();
    expect(s.rows[0]).toMatchObject({ verdict: 'refused' });
    expect(s.rows[0]?.message).toContain('not understood');
  });

  test("a flood of junk lines is answered in two edits however long it is: one of the Gamestate (their History rows), one of the request page (their marks, each on its line); the admin's request among them is answered on its own; a second pass answers nothing", async () => {
    const { wiki, rows, acted, historyEdits, run } = setup();
    const junk = Array.from({ length: 150 }, (_, i) => `* give me ${i % 3 === 0 ? 'chips' : 'a win'} ${i}`);
    wiki.append('Player', junk.slice(0, 100).join('\n'));
    wiki.append('Admin', '* check');
    wiki.append('Player', junk.slice(100).join('\n'));
    wiki.append('Player', '* check'); // the same text as the admin's, by a player: refused
    const pageEdits = () => wiki.revs.filter((r) => r.user === 'Croupier').length;
    const summary = await run();
    expect(acted.map((a) => [a.verb, a.ref.author])).toEqual([['check', 'Admin']]);
    // The admin's check: its row and its mark; the 151 refusals: one History edit, one edit of the page.
    expect([historyEdits(), pageEdits()]).toEqual([2, 2]);
    expect(summary).toMatchObject({ handled: 152, edits: 4 });
    expect(rows.filter((r) => r.verdict === 'refused')).toHaveLength(151);
    const lines = wiki.text.split('\n').filter((l) => l.startsWith('* '));
    expect(lines.filter((l) => l.includes('<!-- croupier:refused r'))).toHaveLength(151);
    // Each mark is on its own line: the admin's copy of "* check" is the one marked done.
    const checks = lines.filter((l) => l.startsWith('* check '));
    expect(checks.map((l) => /croupier:(\w+)/.exec(l)![1])).toEqual(['done', 'refused']);
    expect(checks[1]).toContain('Player, who added this line');
    for (const line of junk)
      expect(
        lines.find((l) => l.startsWith(`${line} <!--`)),
        line,
      ).toBeDefined();
    const again = await run();
    expect([again.handled, again.edits, historyEdits(), pageEdits()]).toEqual([0, 0, 2, 2]);
  });
});
