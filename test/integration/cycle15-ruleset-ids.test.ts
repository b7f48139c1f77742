// `croupier ruleset-ids` on the real local MediaWiki: the Garbage ID rule as a dry-run diff of the
// Ruleset page, saved only with --apply, conflict-safely (a human's edit made meanwhile is kept).
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../temp-dir.ts';
import { parseConfig, type GameConfig } from '../../src/config.ts';
import { rulesetIds } from '../../src/jobs/ruleset-ids.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, human, put, root, runCli, uniquePrefix } from './helpers.ts';

const P = uniquePrefix('cycle15-ids');
const lastRow = '|Shady Sands Shuffle\n|Select a player and an item in their inventory. If they can, they use that item.\n| 98\n';
const fixture = readFileSync(`${root}fixtures/cycle15/ruleset.wikitext`, 'utf8');
// A passed proposal appended a 99th item and wrote no ID for it.
const proposed = fixture.replace(lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|\n`);

let b: WikiClient;
let game: GameConfig;
let configDir: string;
let configFile: string;

beforeAll(async () => {
  b = await bot();
  await put(b, `${P}/Shutoff`, 'run');
  await put(b, `${P}/Ruleset`, proposed);
  const input = {
    wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${P}/Shutoff`, runWord: 'run' } },
    games: [{ id: 'c15', kind: 'cycle15', ruleset: `${P}/Ruleset`, gamestate: `${P}/Gamestate` }],
  };
  game = parseConfig(input).games[0]!;
  configDir = mkdtempSync(join(tmpdir(), 'croupier-c15-ids-'));
  configFile = join(configDir, 'config.json');
  writeFileSync(configFile, JSON.stringify(input));
});

afterAll(() => removeDir(configDir));

describe('croupier ruleset-ids', () => {
  it('without --apply prints the diff giving the 99th item the ID 99 and leaves the Ruleset untouched', async () => {
    const before = await b.readPage(game.ruleset);
    const r = await runCli(['ruleset-ids', '--game', 'c15', '--diff', 'unified', '--config', configFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('+|99');
    expect(r.stdout).toContain('would assign row 99 "Lint": ID 99');
    expect(r.stdout).toMatch(/dry run, nothing written/);
    expect((await b.readPage(game.ruleset)).revid).toBe(before.revid);
  });

  it('--apply saves it on top of a human edit made while the bot computed, keeping that edit; a second run makes no edit', async () => {
    const player = await human();
    const r = await rulesetIds({ config: parseConfig({ games: [] }), client: b }, game, {
      apply: true,
      trigger: 'test',
      beforeEdit: async (_page, _edit, attempt) => {
        if (attempt === 1)
          await put(player, game.ruleset, (await player.readPage(game.ruleset)).text.replace('abuse of office..', 'abuse of office.. (sic)'), 'a human edit');
      },
    });
    expect(r.save.changed).toBe(true);
    expect(r.changes).toEqual(['row 99 "Lint": ID 99']);
    const after = (await b.readPage(game.ruleset)).text;
    // (MediaWiki drops the page's final newline.)
    expect(after).toBe(proposed.replace('abuse of office..', 'abuse of office.. (sic)').replace('|It is lint.\n|\n', '|It is lint.\n|99\n').trimEnd());
    const again = await runCli(['ruleset-ids', '--game', 'c15', '--apply', '--config', configFile]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('every Garbage item has its ID; nothing to write');
  });
});
