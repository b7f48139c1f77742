// `croupier adopt --game` on the real local MediaWiki: the new cycle's hand-kept Gamestate page gets the
// bot's regions in one conflict-safe save, every line people wrote kept (a player's edit made while the
// bot computed too); --dry-run and a second adopt make no edit.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepsEveryLine } from '../kept-lines.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../temp-dir.ts';
import { parseConfig, type GameConfig } from '../../src/config.ts';
import { adopt } from '../../src/jobs/adopt.ts';
import { findRegions } from '../../src/parse/regions.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, human, put, root, runCli, uniquePrefix } from './helpers.ts';

const P = uniquePrefix('adopt');
const page = readFileSync(`${root}fixtures/newcycle/gamestate.wikitext`, 'utf8');
const note = "Cress says she'll dig on Friday.";

let b: WikiClient;
let game: GameConfig;
let configDir: string;
let configFile: string;

beforeAll(async () => {
  b = await bot();
  await put(b, `${P}/Shutoff`, 'run');
  await put(b, `${P}/Ruleset`, readFileSync(`${root}fixtures/newcycle/ruleset.wikitext`, 'utf8'));
  await put(b, `${P}/Gamestate`, page);
  const input = {
    wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${P}/Shutoff`, runWord: 'run' } },
    games: [{ id: 'c17', kind: 'generic', ruleset: `${P}/Ruleset`, gamestate: `${P}/Gamestate` }],
  };
  game = parseConfig(input).games[0]!;
  configDir = mkdtempSync(join(tmpdir(), 'croupier-adopt-'));
  configFile = join(configDir, 'config.json');
  writeFileSync(configFile, JSON.stringify(input));
});

afterAll(() => removeDir(configDir));

describe('croupier adopt --game', () => {
  it('--dry-run prints the diff of the regions it would add and makes no edit', async () => {
    const before = await b.readPage(game.gamestate);
    const r = await runCli(['adopt', '--game', 'c17', '--dry-run', '--now', '2026-12-09T10:00Z', '--diff', 'unified', '--config', configFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('+<!-- croupier:begin phase -->');
    expect(r.stdout).toContain('+| 2026-12-07 00:00 || 1 || Expedition Phase || 2026-12-12 00:00 || -');
    expect(r.stdout).toMatch(/dry run, nothing written .*it would add: Phase record \(phase 1, Expedition Phase; next rollover 2026-12-12 00:00\); History/);
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });

  it("saves the Phase record and History on top of a player's edit made meanwhile, keeping every human line", async () => {
    const player = await human();
    const stored = (await b.readPage(game.gamestate)).text;
    const r = await adopt({ config: parseConfig({ games: [] }), client: b }, game, {
      now: new Date('2026-12-09T10:00Z'),
      trigger: 'test',
      beforeEdit: async (_page, _edit, attempt) => {
        if (attempt === 1) await put(player, game.gamestate, `${(await player.readPage(game.gamestate)).text}\n${note}`, 'a human edit');
      },
    });
    expect(r.save.changed).toBe(true);
    const after = (await b.readPage(game.gamestate)).text;
    // The page as the wiki stores it (no final newline), then the player's line.
    expect(stored).toBe(page.trimEnd());
    expect(keepsEveryLine(`${stored}\n${note}`, after)).toBe(true);
    expect(findRegions(after).map((x) => x.name)).toEqual(['phase', 'history-archives', 'history']);
    expect(after).toContain('| 2026-12-07 00:00 || 1 || Expedition Phase || 2026-12-12 00:00 || -');
  });

  it('a second adopt makes no edit', async () => {
    const before = await b.readPage(game.gamestate);
    const again = await runCli(['adopt', '--game', 'c17', '--now', '2026-12-14T10:00Z', '--config', configFile]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("already has Croupier's regions (Phase record and History); nothing to write");
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });
});
