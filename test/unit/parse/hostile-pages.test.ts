import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';
import { acceptSource, DEFAULT_MAX_PAGE_BYTES, MAX_NESTING, PageError } from '../../../src/parse/source.ts';
import { readPages } from '../../../src/wiki/pages.ts';
import { WikiError } from '../../../src/wiki/errors.ts';
import { fixture } from '../helpers/fixtures.ts';

// Issue 16 §2/§3: no page can hang the bot or exhaust its memory, and every command takes a page's
// bytes in the same way.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'croupier-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI with a 300 MB heap: a page that needs more aborts it (exit 134) instead of passing. */
function croupier(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, ['--max-old-space-size=300', 'bin/croupier.js', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000, // a hang is killed and fails the test; the limit is generous for a loaded machine
    env: { ...process.env, CROUPIER_CONFIG: '', ...env },
  });
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Spawned runs take seconds on a loaded machine: the test waits for the child's own timeout. */
const SPAWNED = 120_000;

const COLSPAN = '== Cards ==\n{| class="wikitable"\n! Name !! Value\n|-\n| colspan="99999999" | x || y\n|}\n';

describe('a colspan far beyond the table', () => {
  test("is read up to the table's width and warned about, located", () => {
    const doc = readDocument(COLSPAN, { page: 'P' });
    expect(doc.tables[0]!.rows[0]!.cells).toMatchObject({ name: { text: 'x' }, value: { text: 'x' } });
    expect(doc.warnings.map((w) => w.message)).toContain(
      'Row 1 (`x`) of table "Name | Value" has a cell spanning 99999999 columns; the table has 2, so it is read as spanning 2',
    );
    expect(doc.warnings[0]!.location).toMatchObject({ page: 'P', rule: 'Cards', row: 1 });
  });

  test(
    '`parse` ends normally within a 300 MB heap (it aborted at 6 GB before)',
    () => {
      const r = croupier(['parse', file('colspan.wikitext', COLSPAN)]);
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('spanning 99999999 columns');
    },
    SPAWNED,
  );

  test(
    '`rollover` refuses a Gamestate with such a cell, naming it, within a 300 MB heap',
    () => {
      const page = fixture('cycle16', 'gamestate').replace('|-\n|Alice\n', '|-\n| colspan="99999999" |Alice\n');
      const r = croupier([
        'rollover',
        '--ruleset',
        'fixtures/cycle16/ruleset.wikitext',
        '--gamestate',
        file('colspan-gs.wikitext', page),
        '--now',
        '2026-11-19T00:00Z',
      ]);
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('table "Players", row 1');
      expect(r.stderr).toContain('spans into row 1');
    },
    SPAWNED,
  );
});

describe('nesting beyond what the parser can walk', () => {
  test('600 nested tables are refused with a message about nesting depth, not a stack overflow', () => {
    const text = '== A ==\n' + '{|\n|x\n'.repeat(600) + '|}\n'.repeat(600);
    expect(() => readDocument(text, { page: 'P' })).toThrow(
      new PageError(`page "P" nests tables more than ${MAX_NESTING} deep (line 202, depth 101); the bot reads at most ${MAX_NESTING} levels`),
    );
  });

  test('600 nested templates are refused the same way', () => {
    const text = '== A ==\n' + '{{a|'.repeat(600) + '}}'.repeat(600);
    expect(() => readDocument(text, { page: 'P' })).toThrow(/^page "P" nests templates more than 100 deep \(line 2, depth 101\)/);
  });

  test(`${MAX_NESTING} levels are still read`, () => {
    const text = '== A ==\n' + '{|\n|x\n'.repeat(MAX_NESTING) + '|}\n'.repeat(MAX_NESTING);
    expect(readDocument(text).tables).toHaveLength(MAX_NESTING);
  });
});

describe('a page above the size the bot is built for', () => {
  const big = '== A ==\n' + 'x'.repeat(DEFAULT_MAX_PAGE_BYTES);

  test('is refused before parsing, naming its size and the limit', () => {
    expect(() => acceptSource(big, 'Cycle 16/Gamestate', DEFAULT_MAX_PAGE_BYTES)).toThrow(
      `page "Cycle 16/Gamestate" is ${(DEFAULT_MAX_PAGE_BYTES + 8).toLocaleString('en')} bytes; the bot reads pages up to ${DEFAULT_MAX_PAGE_BYTES.toLocaleString('en')} bytes (limits.pageBytes in the config)`,
    );
  });

  test('is refused when read from the wiki (code page-too-large), naming the page', async () => {
    const requester = {
      request: async () => ({
        query: {
          pages: [{ title: 'Cycle 16/Gamestate', pageid: 1, revisions: [{ revid: 7, timestamp: '2026-11-19T00:00:00Z', slots: { main: { content: big } } }] }],
        },
      }),
    };
    const read = readPages(requester, ['Cycle 16/Gamestate'], { maxBytes: DEFAULT_MAX_PAGE_BYTES });
    await expect(read).rejects.toBeInstanceOf(WikiError);
    await expect(read).rejects.toMatchObject({
      code: 'page-too-large',
      page: 'Cycle 16/Gamestate',
      message: expect.stringContaining(`is ${(DEFAULT_MAX_PAGE_BYTES + 8).toLocaleString('en')} bytes`),
    });
  });

  test(
    "the limit is the config's limits.pageBytes, for files too",
    () => {
      const config = file('small-limit.json', JSON.stringify({ limits: { pageBytes: 10_000 } }));
      const r = croupier(['parse', 'fixtures/cycle16/ruleset.wikitext', '--config', config]);
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(
        'croupier: page "fixtures/cycle16/ruleset.wikitext" is 35,893 bytes; the bot reads pages up to 10,000 bytes (limits.pageBytes in the config): it refuses larger ones rather than exhaust its memory',
      );
    },
    SPAWNED,
  );
});

describe('line ends and control bytes, the same in every command', () => {
  const page = '== Cards ==\n{| class="wikitable"\n! Name !! Value\n|-\n| Ace || 1\n|}\n';

  test('a byte-order mark does not hide the first heading, and is said', () => {
    const doc = readDocument(`\uFEFF${page}`, { page: 'P' });
    expect(doc.rules.map((r) => r.title)).toEqual(['Cards']);
    expect(doc.warnings.map((w) => w.message)).toEqual(['page "P" starts with a byte-order mark; it is read without it']);
  });

  test('CRLF line ends read as LF, and it is said', () => {
    const doc = readDocument(page.replace(/\n/g, '\r\n'), { page: 'P' });
    const lf = readDocument(page, { page: 'P' });
    expect(doc.text).toBe(lf.text);
    expect(doc.tables).toEqual(lf.tables);
    expect(doc.warnings.map((w) => w.message)).toEqual(['page "P" has CRLF line ends; they are read (and written back) as LF']);
  });

  test.each([
    ['NUL', '\0', '0000'],
    ['DEL', '\x7f', '007F'],
    ['a lone CR', '\r', '000D'],
  ])('%s is refused with its line and column', (_, byte, code) => {
    expect(() => readDocument(page.replace('Ace', `A${byte}ce`), { page: 'P' })).toThrow(
      `page "P" contains the control character U+${code} at line 5, column 4: a wiki page holds text only`,
    );
  });

  test(
    '`rollover` says what it normalised and writes LF',
    () => {
      const crlf = file('crlf.wikitext', fixture('cycle16', 'gamestate').replace(/\n/g, '\r\n'));
      const r = croupier(['rollover', '--ruleset', 'fixtures/cycle16/ruleset.wikitext', '--gamestate', crlf, '--now', '2026-11-19T00:00Z']);
      expect(r.status).toBe(0);
      expect(r.stderr).toContain(`note: page "${crlf}" has CRLF line ends; they are read (and written back) as LF`);
      expect(r.stdout).not.toContain('\r');
    },
    SPAWNED,
  );
});
