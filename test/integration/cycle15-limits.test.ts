// Cycle 15 on the real local MediaWiki: a Gamestate page that breaks a rule's limit is refused with the
// cell and the sentence, and the page is left exactly as it was (no edit, no new revision).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, put, root, uniquePrefix } from './helpers.ts';

const RULESET = readFileSync(`${root}fixtures/cycle15/ruleset.wikitext`, 'utf8');
const GAMESTATE = readFileSync(`${root}fixtures/cycle15/gamestate.wikitext`, 'utf8');
const NOW = new Date('2026-11-16T00:00Z');

let b: WikiClient;
beforeAll(async () => {
  b = await bot();
});

async function game(what: string, gamestate: string) {
  const prefix = uniquePrefix(`cycle15-${what}`);
  await put(b, `${prefix}/Shutoff`, 'run');
  await put(b, `${prefix}/Ruleset`, RULESET);
  await put(b, `${prefix}/Gamestate`, gamestate);
  return { id: 'c15', kind: 'cycle15', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200 };
}

describe('Cycle 15 on the real wiki: a page that breaks a limit is refused, with no edit', () => {
  it('a second move of Alice in phase 1 (“provided they have not done so previously in the current phase”): refused naming the Moves row, the page unchanged', async () => {
    const broken = GAMESTATE.replace(
      '| 2026-11-15 11:00 || Bram || - || - || commenced\n',
      '| 2026-11-15 11:00 || Bram || - || - || commenced\n|-\n| 2026-11-15 08:00 || Alice || 1+2 || 9, 10, 11 || performed\n',
    );
    expect(broken).not.toBe(GAMESTATE);
    const g = await game('second-move', broken);
    const before = await b.readPage(g.gamestate);
    const err = await rollover({ wiki: b }, g, { now: NOW, trigger: 'integration test' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GamestateError);
    const [problem] = (err as GamestateError).problems;
    expect(problem!.location).toMatchObject({ page: g.gamestate, table: 'Moves', row: 7, column: 'Time (UTC)' });
    expect(problem!.message).toContain('provided they have not done so previously in the current phase');
    const after = await b.readPage(g.gamestate);
    expect(after.revid).toBe(before.revid);
    expect(after.text).toBe(before.text);
  });

  it('a player whose Joined is after the run (“Any person may become a player by posting a message …”) cannot win on crystals: refused, no edit', async () => {
    const broken = GAMESTATE.replace('|Xenon dichloride\n|2026-11-09 00:30\n', '|Xenon dichloride\n|2026-11-20 00:30\n').replace(
      '|20\n|no\n|yes\n|no\n|6\n',
      '|20\n|no\n|yes\n|no\n|30\n',
    );
    const g = await game('joined-later', broken);
    const before = await b.readPage(g.gamestate);
    const err = await rollover({ wiki: b }, g, { now: NOW, trigger: 'integration test' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GamestateError);
    expect((err as GamestateError).problems.map((p) => [p.location.table, p.location.column])).toContainEqual(['Players', 'Joined (UTC)']);
    const after = await b.readPage(g.gamestate);
    expect(after.revid).toBe(before.revid);
    expect(after.text).not.toContain('Victory');
  });
});
