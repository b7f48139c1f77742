// The store backed up and restored on a fresh machine (`croupier store export|import`): the referee's phase
// secret travels with it, so the new store goes on resolving the phase's requests under the same commitment
// and reveals the secret that matches it — `croupier verify` finds every draw of the phase matching. Also:
// `referee --dry-run` writes nothing.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { readDocument } from '../../src/parse/document.ts';
import { commitmentOf } from '../../src/sim/commit-reveal.ts';
import { removeDir } from '../temp-dir.ts';
import { commitmentFor, refereeGame, root, runCli, type RefereePlayers } from './helpers.ts';

const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));
let g: RefereePlayers;
const game = refereeGame(
  { what: 'store-backup', id: 'backup', accounts: ['Alice=Player'], read: (page, title) => readGamestate(page, title, ruleset) },
  (x) => (g = x),
);
// The fresh machine: the same config but for its store, in a directory of its own.
const fresh = mkdtempSync(join(tmpdir(), 'croupier-restored-'));
afterAll(() => removeDir(fresh));

describe('the store, exported and imported on a fresh machine', () => {
  const SLOW = 400_000;

  it(
    'referee --dry-run shows the saves it would make and writes nothing: no edit, no store',
    async () => {
      await game.append(g.player, '* explore yes');
      const revs = await Promise.all([g.G, g.A].map(async (t) => (await g.b.readPage(t)).revid));
      const storeBefore = existsSync(game.storePath) ? readFileSync(game.storePath, 'utf8') : undefined;
      const r = await game.cli(['referee', '--game', 'backup', '--dry-run']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^dry run: nothing is written/);
      expect(r.stdout).toMatch(/1 request\(s\) done, 0 refused/);
      expect(r.stdout).toMatch(/#1 d\d+=/); // the exploration's draws, in the diff
      expect(r.stdout).toContain(`=== would save [[${g.G}]]`);
      expect(await Promise.all([g.G, g.A].map(async (t) => (await g.b.readPage(t)).revid))).toEqual(revs);
      expect(existsSync(game.storePath) ? readFileSync(game.storePath, 'utf8') : undefined).toBe(storeBefore);
    },
    SLOW,
  );

  it(
    'carries the phase secret: the restored store resolves the phase under the same commitment and reveals the matching secret',
    async () => {
      const phase = (await game.state()).phase.number;
      expect((await game.cli(['referee', '--game', 'backup'])).code).toBe(0);
      const commitment = commitmentFor(await game.text(g.G), phase)!;
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);

      const backup = join(fresh, 'backup.json');
      const ex = await game.cli(['store', 'export', '--to', backup]);
      expect(ex.code, ex.stderr).toBe(0);
      expect(ex.stdout).toContain(`backup: 1 phase secret(s) (not revealed yet: phase ${phase})`);
      expect(statSync(backup).mode & 0o777).toBe(0o600);

      // The fresh machine's config: the same wiki and game, an empty store directory.
      const config = JSON.parse(readFileSync(game.configFile, 'utf8'));
      const restoredStore = join(fresh, 'state', 'store.json');
      const restoredConfig = join(fresh, 'config.json');
      writeFileSync(restoredConfig, JSON.stringify({ ...config, store: { path: restoredStore } }));
      const cli = (args: string[]) => runCli([...args, '--config', restoredConfig]);
      const dry = await cli(['store', 'import', '--from', backup, '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(existsSync(restoredStore)).toBe(false);
      const im = await cli(['store', 'import', '--from', backup]);
      expect(im.code, im.stderr).toBe(0);
      expect(statSync(restoredStore).mode & 0o777).toBe(0o600);
      // A store in use is never overwritten.
      const again = await cli(['store', 'import', '--from', backup]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^croupier: the store \S+ is in use .*move it aside first/);

      // The restored store goes on with the same secret: no second commitment for the phase.
      await game.append(g.player, '* open 1 Handy Pack');
      expect((await cli(['referee', '--game', 'backup'])).code).toBe(0);
      const page = await game.text(g.G);
      expect(page.match(new RegExp(`phase ${phase}: commitment`, 'g'))).toHaveLength(1);
      expect(await game.lineOf('* open 1 Handy Pack')).toMatch(/croupier:done/);

      // The phase ends; the restored store reveals the secret, and every draw of the phase checks out.
      expect((await cli(['rollover', '--game', 'backup', '--force', '--by', 'Admin'])).code).toBe(0);
      const r = await cli(['referee', '--game', 'backup']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`revealed the secret of phase ${phase}`);
      const secret = new RegExp(`phase ${phase}: secret ([0-9a-f]{64})`).exec(await game.text(g.G))![1]!;
      expect(commitmentOf(secret)).toBe(commitment);
      const v = await cli(['verify', '--game', 'backup', '--phase', String(phase)]);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(new RegExp(`phase ${phase}: the secret revealed in History row \\d+ .* matches the commitment`));
      // The draws of both stores' runs: the exploration's (before the export) and the pack's (after the import).
      expect(v.stdout).toMatch(/[1-9]\d* draw\(s\) matching, 0 not matching/);
    },
    SLOW,
  );
});
