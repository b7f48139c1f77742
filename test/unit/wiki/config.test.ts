import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../temp-dir.ts';
import { ConfigError, findGame, loadLimits, loadSecrets, parseConfig, parseEnvFile, resolveConfigSource } from '../../../src/config.ts';

describe('config', () => {
  it('fills every default', () => {
    const c = parseConfig({ games: [{ id: 'cycle16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate' }] });
    expect(c.wiki).toEqual({
      editThrottleMs: 1000,
      maxRetries: 3,
      retryPauseMs: 5000,
      maxlag: 5,
      maxConflictRetries: 3,
      maxShrinkShare: 0.5,
      shutoff: { page: 'Croupier/Shutoff', runWord: 'run' },
    });
    expect(c.store.path).toBe('.croupier/store.json');
    expect(c.daemon).toEqual({ checkCron: '0 * * * *', maxConsecutiveFailures: 3, heartbeatGraceSeconds: 300 });
    expect(c.alert).toBeUndefined();
    expect(findGame(c, 'cycle16')).toMatchObject({
      tablesPage: 'Cycle 16/Gamestate',
      requestsPage: 'Cycle 16/Gamestate/Requests',
      statusPage: 'Cycle 16/Gamestate/Status',
      historyLimit: 200,
      allowedGroups: ['sysop'],
    });
  });

  it('explains what is wrong, with the path of each problem', () => {
    const bad = () => parseConfig({ wiki: { maxShrinkShare: 2, typo: 1 }, games: [{ id: 'X', kind: 'poker' }] }, 'config file c.json');
    let thrown: unknown;
    try {
      bad();
    } catch (err) {
      thrown = err;
    }
    // Outside the catch, so that a config accepted by mistake fails here instead of skipping the checks.
    expect(thrown).toBeInstanceOf(ConfigError);
    const m = (thrown as Error).message;
    expect(m).toMatch(/^invalid config file c.json:/);
    expect(m).toMatch(/wiki\.maxShrinkShare/);
    expect(m).toMatch(/typo/);
    expect(m).toMatch(/games\[0\]\.kind/);
    expect(m).toMatch(/games\[0\]\.ruleset/);
    expect(() =>
      parseConfig({
        games: [
          { id: 'a', kind: 'generic', ruleset: 'R', gamestate: 'G' },
          { id: 'a', kind: 'generic', ruleset: 'R', gamestate: 'G' },
        ],
      }),
    ).toThrow(/duplicate game id "a"/);
    expect(() => findGame(parseConfig({}), 'nope')).toThrow(/no game "nope"/);
  });

  it("gives a file's reader only the config's limits, checked as the whole config checks them, and the rest of the file unread", () => {
    const dir = testTempDir('limits');
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const json = (name: string, value: unknown) => file(name, JSON.stringify(value));
    expect(loadLimits(json('small.json', { limits: { pageBytes: 10_000 }, games: [] }))).toEqual({ pageBytes: 10_000 });
    expect(loadLimits(json('none.json', {}))).toEqual({});
    // What `parse <file>` does not use is checked by the commands that use it.
    expect(loadLimits(json('other.json', { wiki: { typo: 1 } }))).toEqual({});
    for (const [name, limits, what] of [
      ['negative.json', { pageBytes: -1 }, /limits\.pageBytes/],
      ['typo.json', { pagebytes: 5 }, /pagebytes/],
      ['text.json', { pageBytes: '10kB' }, /limits\.pageBytes/],
    ] as const) {
      const path = json(name, { limits });
      expect(() => loadLimits(path)).toThrow(ConfigError);
      expect(() => loadLimits(path)).toThrow(what);
      // The same words as the whole config's check.
      expect(() => loadLimits(path)).toThrow(/^invalid config file /);
      expect(() => parseConfig({ limits }, 'c')).toThrow(what);
    }
    expect(() => loadLimits(file('broken.json', '{'))).toThrow(/broken\.json is not valid JSON/);
    expect(() => loadLimits(join(dir, 'missing.json'))).toThrow(/cannot read config file .*missing\.json: ENOENT/);
  });

  it('resolves the config file: flag, then CROUPIER_CONFIG, then .devwiki/config.json, then the default', () => {
    const dir = testTempDir('config');
    expect(resolveConfigSource(undefined, {}, dir)).toEqual({ devwiki: true });
    mkdirSync(join(dir, '.devwiki'));
    writeFileSync(join(dir, '.devwiki/config.json'), '{}');
    expect(resolveConfigSource(undefined, {}, dir)).toEqual({ path: join(dir, '.devwiki/config.json'), devwiki: true });
    expect(resolveConfigSource(undefined, { CROUPIER_CONFIG: 'prod.json' }, dir)).toEqual({ path: join(dir, 'prod.json'), devwiki: false });
    expect(resolveConfigSource('x.json', { CROUPIER_CONFIG: 'prod.json' }, dir)).toEqual({ path: join(dir, 'x.json'), devwiki: false });
  });
});

describe('secrets', () => {
  it('reads the environment first, then .env, then .devwiki/env', () => {
    const dir = testTempDir('secrets');
    mkdirSync(join(dir, '.devwiki'));
    writeFileSync(join(dir, '.devwiki/env'), 'CROUPIER_API_URL=http://127.0.0.1:1/api.php\nCROUPIER_USERNAME=Bot@dev\nCROUPIER_PASSWORD=devpw\n');
    writeFileSync(join(dir, '.env'), '# comment\nexport CROUPIER_USERNAME="Bot@dotenv"\n');
    expect(loadSecrets({ env: {}, cwd: dir, devwiki: true })).toEqual({ apiUrl: 'http://127.0.0.1:1/api.php', username: 'Bot@dotenv', password: 'devpw' });
    expect(loadSecrets({ env: { CROUPIER_PASSWORD: 'envpw' }, cwd: dir, devwiki: true }).password).toBe('envpw');
    expect(() => loadSecrets({ env: {}, cwd: dir, devwiki: false })).toThrow(ConfigError);
    expect(() =>
      loadSecrets({ env: { CROUPIER_API_URL: 'http://x/api.php', CROUPIER_USERNAME: 'NoAt', CROUPIER_PASSWORD: 'p' }, cwd: dir, devwiki: false }),
    ).toThrow(/User@BotName/);
  });
  it('parses env files', () => {
    expect(parseEnvFile('A=1\n# B=2\nexport C=\'x y\'\n  D = "q"  \nbad line')).toEqual({ A: '1', C: 'x y', D: 'q' });
  });
});
