// A human edit, saved between the bot's read and its save, of a line the bot only reads (Round 10, Cycle 15,
// Nomicoup; Cycle 16's are in merged-edits.test.ts), on the real local wiki. MediaWiki merges such an edit with the
// bot's instead of refusing it, so the merged page holds a result computed from the old value: the bot must
// replace it with the run on the human's revision, and keep the human's edit.
import { beforeAll, describe, expect, it } from 'vitest';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { CASES, fixture, freshGame, humanEdit, lines, mergeOf, offline, runOpts } from './game-races.ts';
import { bot, human } from './helpers.ts';

let b: WikiClient;
let player: WikiClient;

beforeAll(async () => {
  [b, player] = await Promise.all([bot(), human()]);
});

describe.each(CASES)('$kind: a human edit of a line the run only reads, during the run', (c) => {
  it(`${c.readLine.what}: the page is the run on the human's revision, the human's line kept, each rule's rows once; the next run makes no edit`, async () => {
    const game = await freshGame(b, c, 'read-line');
    const seed = fixture(c.kind, 'gamestate');
    const humanText = c.readLine.change(seed);
    // The line decides something: the run on the old page with the human's line put in is not the run on the human's page.
    expect(c.readLine.change(offline(c, game, seed, 0))).not.toBe(offline(c, game, humanText, 0));

    let humanRevid = 0;
    const beforeEdit = async (_page: unknown, _edit: unknown, attempt: number) => {
      if (attempt === 1) humanRevid = await humanEdit(player, game.gamestate, c.readLine.change, c.readLine.what);
    };
    const s = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, runOpts(c));
    expect(s.save).toMatchObject({ changed: true, merged: { on: humanRevid, corrected: true } });
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, humanText, humanRevid, {}, mergeOf(s.save.merged!.merged[0]!, humanRevid)));
    expect(page.text).toContain(c.readLine.kept);
    const alone = offline(c, game, humanText, humanRevid);
    for (const row of c.once) expect(lines(page.text, row) - lines(humanText, row), row).toBe(lines(alone, row) - lines(humanText, row));
    expect(lines(page.text, '|| Concurrent edit ||')).toBe(1);

    const next = await rollover({ wiki: b }, game, runOpts(c));
    expect(next.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });
});
