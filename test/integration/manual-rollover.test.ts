// `croupier rollover --game <id> --force` against the real local MediaWiki, run as a user runs it:
// the CLI as a child process, with its own config, store and shutoff page.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesetsDir } from '../../src/cron/ruleset-files.ts';
import { FileStore } from '../../src/cron/store.ts';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, devEnv, freshCliGame, root, type CliResult } from './helpers.ts';

const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));
// The fixture records phase 4, a Rest Phase (Mon–Wed) ending at the boundary 2026-11-19 00:00 UTC.
// Wednesday 20:00, after the last event the fixture records (16:05), is inside it: by the calendar no
// rollover is due yet.
const BEFORE_BOUNDARY = '2026-11-18T20:00Z';

let b: WikiClient;
let P: string;
let storePath: string;
let cli: (args: string[]) => Promise<CliResult>;
let remove = () => undefined as void;

beforeAll(async () => {
  b = await bot();
  ({ prefix: P, storePath, cli, remove } = await freshCliGame(b, 'manual', 'manual'));
});
afterAll(() => remove());

const phaseOf = async () => readGamestate((await b.readPage(`${P}/Gamestate`)).text, `${P}/Gamestate`, ruleset).phase;

describe('a manual rollover by an admin from the CLI', () => {
  it('before the boundary, a plain rollover applies what is due within the phase but stays in phase 4', async () => {
    const first = await cli(['rollover', '--game', 'manual', '--now', BEFORE_BOUNDARY]);
    expect(first.code).toBe(0);
    expect((await phaseOf()).number).toBe(4);
    // The run kept its reading of the Ruleset beside the store (src/cron/ruleset-files.ts): the next one reads it there.
    const kept = readdirSync(rulesetsDir(storePath));
    expect(kept).toHaveLength(1);
    const readAt = statSync(join(rulesetsDir(storePath), kept[0]!)).mtimeMs;
    const before = (await b.readPage(`${P}/Gamestate`)).revid;
    const again = await cli(['rollover', '--game', 'manual', '--now', BEFORE_BOUNDARY]);
    expect(again.code).toBe(0);
    expect((await b.readPage(`${P}/Gamestate`)).revid).toBe(before);
    expect(readdirSync(rulesetsDir(storePath))).toEqual(kept);
    expect(statSync(join(rulesetsDir(storePath), kept[0]!)).mtimeMs).toBeGreaterThan(readAt); // read (used) again
    // An admin's `status` reads it there too, and writes nothing there: with it gone, none is made.
    const usedAt = statSync(join(rulesetsDir(storePath), kept[0]!)).mtimeMs;
    const status = await cli(['status', '--game', 'manual', '--now', BEFORE_BOUNDARY]);
    expect(status.code, status.stderr).toBe(0);
    expect(statSync(join(rulesetsDir(storePath), kept[0]!)).mtimeMs).toBeGreaterThan(usedAt);
    rmSync(rulesetsDir(storePath), { recursive: true });
    const parsed = await cli(['status', '--game', 'manual', '--now', BEFORE_BOUNDARY]);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.stdout).toBe(status.stdout);
    expect(existsSync(rulesetsDir(storePath))).toBe(false);
  });

  it('--force --dry-run shows the diff of the next phase (--diff unified: of the wikitext) and writes nothing', async () => {
    const before = (await b.readPage(`${P}/Gamestate`)).revid;
    const r = await cli(['rollover', '--game', 'manual', '--now', BEFORE_BOUNDARY, '--force', '--by', 'Admin', '--dry-run', '--diff', 'unified']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`--- a/${P}/Gamestate\trevision ${before}`);
    expect(r.stdout).toMatch(/^\+.*\|\| 5 \|\| Battle Phase \|\|/m);
    expect((await b.readPage(`${P}/Gamestate`)).revid).toBe(before);
  });

  it('--force without --by is recorded as done by the wiki account the bot logs in with (the cell diff lists the History row)', async () => {
    const account = devEnv().CROUPIER_USERNAME!.split('@')[0]!;
    const r = await cli(['rollover', '--game', 'manual', '--now', BEFORE_BOUNDARY, '--force', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Phase number": 4 → 5');
    expect(r.stdout).toMatch(new RegExp(`table "History", row \\d+ added: .* \\| Manual rollover \\| .*Manual rollover by ${account}\\b`));
  });

  it('--force rolls over to the next phase now, recorded as manual with who ran it, in History and in the run log', async () => {
    const r = await cli(['rollover', '--game', 'manual', '--now', BEFORE_BOUNDARY, '--force', '--by', 'Admin']);
    expect(r.code).toBe(0);
    // Phases alternate Rest (Mon–Wed) and Battle (Thu–Sun): after phase 4, a Rest Phase, comes phase 5, a Battle Phase.
    expect(await phaseOf()).toMatchObject({ number: 5, name: 'Battle Phase' });
    const text = (await b.readPage(`${P}/Gamestate`)).text;
    expect(text).toMatch(/\|\| Manual rollover \|\|.*Manual rollover by Admin/);

    const runs = (await new FileStore(storePath).read()).runs.filter((x) => x.game === 'manual');
    // Two edits: the subpage of its standings and race chart, then the Gamestate (docs/gamestate-format.md,
    // "Computed blocks on subpages").
    expect(runs.at(-1)).toMatchObject({ kind: 'rollover', trigger: 'manual', actor: 'Admin', result: 'changed', edits: 2 });
  });

  it('refuses to save a run computed for a time in the future; a dry run may preview it', async () => {
    const before = (await b.readPage(`${P}/Gamestate`)).revid;
    const future = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const saving = await cli(['rollover', '--game', 'manual', '--now', future]);
    expect(saving.code).toBe(2);
    expect(saving.stderr).toContain('is in the future');
    const preview = await cli(['rollover', '--game', 'manual', '--now', future, '--dry-run']);
    expect(preview.code).toBe(0);
    expect((await b.readPage(`${P}/Gamestate`)).revid).toBe(before);
  });

  it('the boundary that the manual rollover anticipated is not applied a second time', async () => {
    const before = (await b.readPage(`${P}/Gamestate`)).revid;
    const r = await cli(['rollover', '--game', 'manual', '--now', '2026-11-19T00:00Z']);
    expect(r.code).toBe(0);
    expect((await phaseOf()).number).toBe(5);
    expect((await b.readPage(`${P}/Gamestate`)).revid).toBe(before);
  });
});
