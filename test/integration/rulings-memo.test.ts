// The bot's memo of the Rulings page (src/jobs/rulings.ts, kept in its store): a rollover reads the Rulings page
// in its batched read and, while that revision is the one the memo attributed, asks neither its history nor its
// authors' groups. What must not change (docs/daemon.md, "The Rulings page"): who added a line is the author of
// the revision that added it, and a line counts only when that author is in an allowed group — also for a line
// added since the memo, and for an author whose groups changed (re-asked after RULINGS_GROUPS_TTL_MS).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/cron/store.ts';
import { storeRulingsCache } from '../../src/cron/rulings-memo.ts';
import { rollover, type RolloverWiki } from '../../src/jobs/rollover.ts';
import { RULINGS_GROUPS_TTL_MS } from '../../src/jobs/rulings.ts';
import { connect, type WikiClient } from '../../src/wiki/client.ts';
import { CASES, freshGame, runOpts } from './game-races.ts';
import { appendLine, bot, devEnv, human, put } from './helpers.ts';

const c = CASES.find((x) => x.kind === 'round10')!;

let b: WikiClient;
let admin: WikiClient;

beforeAll(async () => {
  [b, admin] = await Promise.all([bot(), human('ADMIN')]);
});

/** The bot's client, counting what the rulings cost: history and groups requests. */
function counted(client: WikiClient): { wiki: RolloverWiki; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    wiki: {
      settings: client.settings,
      readPages: (titles, o) => client.readPages(titles, o),
      save: (title, t, o) => client.save(title, t, o),
      purge: (titles) => client.purge(titles),
      revisions: (title, o) => client.revisions(title, o),
      history: (title, limit) => {
        asked.push(`history ${title}`);
        return client.history(title, limit);
      },
      userGroups: (users) => {
        asked.push(`groups ${users.join(', ')}`);
        return client.userGroups(users);
      },
      revisionsInForce: (title, since, until) => {
        asked.push(`revisions ${title}`);
        return client.revisionsInForce(title, since, until);
      },
    },
  };
}

/** A new account of the test's own (its groups are changed by the test alone), logged in as a person. */
async function newUser(): Promise<{ name: string; client: WikiClient }> {
  const name = `Judge${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const tokens = (await admin.request({ action: 'query', meta: 'tokens', type: 'createaccount' })) as { query: { tokens: { createaccounttoken: string } } };
  const made = (await admin.request({
    action: 'createaccount',
    username: name,
    password,
    retype: password,
    createreturnurl: 'http://127.0.0.1/',
    createtoken: tokens.query.tokens.createaccounttoken,
  })) as { createaccount?: { status?: string } };
  expect(made.createaccount?.status).toBe('PASS');
  const env = devEnv();
  return {
    name,
    client: await connect({ apiUrl: env.CROUPIER_API_URL!, username: name, password, assert: 'user', editThrottleMs: 0, retryPauseMs: 100, shutoff: null }),
  };
}

/** The Admin (a bureaucrat) adds or removes `name` from sysop. */
async function setSysop(name: string, on: boolean): Promise<void> {
  const tokens = (await admin.request({ action: 'query', meta: 'tokens', type: 'userrights' })) as { query: { tokens: { userrightstoken: string } } };
  await admin.request({ action: 'userrights', user: name, [on ? 'add' : 'remove']: 'sysop', reason: 'test', token: tokens.query.tokens.userrightstoken });
  expect((await b.userGroups([name])).get(name)?.includes('sysop')).toBe(on);
}

/** The memo's groups made older than their time to live, as an hour later. */
async function ageGroups(store: MemoryStore, game: string): Promise<void> {
  await store.update((d) => {
    for (const memo of Object.values(d.games[game]!.rulings!)) memo.checkedAt = new Date(Date.now() - RULINGS_GROUPS_TTL_MS - 60_000).toISOString();
  });
}

describe("the memo of the Rulings page, in the bot's store", () => {
  it('an unchanged Rulings page costs no history or groups request; a ruling added since by an allowed user counts at the next run; a line by a user not in an allowed group never counts', async () => {
    const game = { ...(await freshGame(b, c, 'rulings-memo')), allowedGroups: ['sysop'] };
    const rulingsPage = `${game.gamestate}/Rulings`;
    await put(admin, rulingsPage, 'Rulings of the Judge.');
    const withRulings = { ...game, rulingsPage };
    const store = new MemoryStore();
    const rulingsCache = storeRulingsCache(store, game.id);
    const run = async () => {
      const { wiki, asked } = counted(b);
      const s = await rollover({ wiki, rulingsCache }, withRulings, runOpts(c));
      return { s, asked };
    };

    // First run: the page is attributed (its history; no line, so no author to ask about).
    const first = await run();
    expect(first.asked).toEqual([`history ${rulingsPage}`]);
    expect(first.s.rulings?.applied).toEqual([]);
    // Unchanged: nothing asked.
    expect((await run()).asked).toEqual([]);

    // The Judge (sysop) rules: a new revision, attributed again; the ruling counts at once.
    await appendLine(admin, rulingsPage, '* tax-rounding = ceil — the Judge');
    const ruled = await run();
    expect(ruled.asked).toEqual([`history ${rulingsPage}`, 'groups Admin']);
    expect(ruled.s.rulings?.applied).toEqual([expect.stringMatching(/^tax-rounding=ceil \(ruling by Admin, /)]);
    // And keeps counting from the memo, nothing asked.
    const kept = await run();
    expect(kept.asked).toEqual([]);
    expect(kept.s.rulings?.applied).toEqual(ruled.s.rulings?.applied);

    // A player (not sysop) adds a later ruling of the same reading: ignored, then and from the memo.
    const player = await human();
    await appendLine(player, rulingsPage, '* tax-rounding = floor');
    for (const r of [await run(), await run()]) {
      expect(r.s.rulings?.applied).toEqual(ruled.s.rulings?.applied);
      expect(r.s.rulings?.warnings.join('\n')).toMatch(
        /line \d+ \("\* tax-rounding = floor"\): added by Player in revision \d+, who is not in an allowed group \(sysop\); the line is ignored/,
      );
    }
  });

  it("a user's change of groups is read again once the memo's groups are older than their time to live: a promoted author's line counts, a demoted one's stops counting", async () => {
    const game = { ...(await freshGame(b, c, 'rulings-groups')), allowedGroups: ['sysop'] };
    const rulingsPage = `${game.gamestate}/Rulings`;
    const judge = await newUser();
    await put(judge.client, rulingsPage, 'Rulings.\n* tax-rounding = ceil');
    const store = new MemoryStore();
    const rulingsCache = storeRulingsCache(store, game.id);
    const run = async () => {
      const { wiki, asked } = counted(b);
      const s = await rollover({ wiki, rulingsCache }, { ...game, rulingsPage }, runOpts(c));
      return { applied: s.rulings?.applied ?? [], asked };
    };

    expect((await run()).applied).toEqual([]); // not (yet) a sysop
    await setSysop(judge.name, true);
    // Within the time to live the memo's groups stand (documented: at most an hour late, or at once when the page changes).
    expect(await run()).toEqual({ applied: [], asked: [] });
    await ageGroups(store, game.id);
    const promoted = await run();
    expect(promoted.asked).toEqual([`groups ${judge.name}`]); // the groups only: the page did not change
    expect(promoted.applied).toEqual([expect.stringMatching(new RegExp(`^tax-rounding=ceil \\(ruling by ${judge.name}, `))]);

    await setSysop(judge.name, false);
    await ageGroups(store, game.id);
    expect((await run()).applied).toEqual([]);
  });
});
