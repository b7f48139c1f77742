import { describe, expect, it } from 'vitest';
import { checkShrink, countTableRows, findRegion, findRegions, RegionError, removeRegion, replaceRegion } from '../../../src/parse/regions.ts';

const table = (n: number, tag = 'x'): string =>
  ['{| class="wikitable"', '! A !! B', ...Array.from({ length: n }, (_, i) => `|-\n| ${tag}${i} || ${i}`), '|}'].join('\n');

const page = (inner: string): string =>
  `Intro text.\n\n== Tables ==\nHuman words.\n<!-- croupier:begin t -->\n${inner}\n<!-- croupier:end t -->\nMore human words.\n\n[[Category:Games]]`;

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(RegionError);
    return (err as RegionError).code;
  }
  throw new Error('did not throw');
}

describe('findRegions', () => {
  it('finds regions with exact offsets', () => {
    const text = page('hello');
    const [r] = findRegions(text);
    expect(r!.name).toBe('t');
    expect(text.slice(r!.start, r!.contentStart)).toBe('<!-- croupier:begin t -->');
    expect(text.slice(r!.contentEnd, r!.end)).toBe('<!-- croupier:end t -->');
    expect(r!.content).toBe('\nhello\n');
  });

  it('refuses a missing end marker, naming the region and line', () => {
    const text = 'a\n<!-- croupier:begin t -->\nx\n';
    expect(codeOf(() => findRegions(text))).toBe('region-markers');
    expect(() => findRegions(text, 'P')).toThrow(/"P": region "t" \(begun at line 2\) has no end marker/);
  });

  it('refuses a doubled end marker', () => {
    const text = '<!-- croupier:begin t -->\nx\n<!-- croupier:end t -->\n<!-- croupier:end t -->';
    expect(() => findRegions(text)).toThrow(/doubled end marker/);
  });

  it('refuses a second begin before the end, an end without begin, a repeated region, and crossed regions', () => {
    expect(codeOf(() => findRegions('<!-- croupier:begin t -->\n<!-- croupier:begin t -->\n<!-- croupier:end t -->'))).toBe('region-markers');
    expect(codeOf(() => findRegions('x <!-- croupier:end t -->'))).toBe('region-markers');
    expect(codeOf(() => findRegions('<!-- croupier:begin t -->a<!-- croupier:end t --><!-- croupier:begin t -->b<!-- croupier:end t -->'))).toBe(
      'region-markers',
    );
    expect(codeOf(() => findRegions('<!-- croupier:begin a --><!-- croupier:begin b --><!-- croupier:end a --><!-- croupier:end b -->'))).toBe(
      'region-markers',
    );
  });

  it('sees several regions, in order', () => {
    const text = '<!-- croupier:begin a -->1<!-- croupier:end a -->\n<!-- croupier:begin b -->2<!-- croupier:end b -->';
    expect(findRegions(text).map((r) => [r.name, r.content])).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(findRegion(text, 'c')).toBeUndefined();
  });
});

describe('replaceRegion', () => {
  it('splices the content: every byte outside the markers is identical', () => {
    const before = page(table(4));
    const { text, changed, added } = replaceRegion(before, 't', table(4, 'y'));
    expect(changed).toBe(true);
    expect(added).toBe(false);
    const r0 = findRegion(before, 't')!;
    const r1 = findRegion(text, 't')!;
    expect(text.slice(0, r1.contentStart)).toBe(before.slice(0, r0.contentStart));
    expect(text.slice(r1.contentEnd)).toBe(before.slice(r0.contentEnd));
    expect(r1.content).toBe(`\n${table(4, 'y')}\n`);
  });

  it('reports no change when the content is the same', () => {
    const before = page(table(3));
    expect(replaceRegion(before, 't', table(3))).toEqual({ text: before, added: false, changed: false });
    expect(replaceRegion(before, 't', `\n\n${table(3)}\n\n`).changed).toBe(false);
  });

  it('refuses when a region would lose more than half its table rows', () => {
    const before = page(table(10));
    expect(codeOf(() => replaceRegion(before, 't', table(4)))).toBe('region-shrink');
    expect(replaceRegion(before, 't', table(5)).changed).toBe(true);
  });

  it('refuses to touch a page with a broken marker', () => {
    expect(codeOf(() => replaceRegion('x\n<!-- croupier:begin t -->\nold', 't', 'new'))).toBe('region-markers');
  });

  it('adds a missing region at the end of the named section', () => {
    const before = 'Top.\n\n== Card tables ==\nWords.\n\n== History ==\nRows.\n';
    const { text, added } = replaceRegion(before, 'ct', 'T', { heading: 'Card tables' });
    expect(added).toBe(true);
    expect(text).toBe('Top.\n\n== Card tables ==\nWords.\n\n<!-- croupier:begin ct -->\nT\n<!-- croupier:end ct -->\n\n== History ==\nRows.\n');
  });

  it('adds a missing region before a named heading when the section is absent', () => {
    const before = 'Top.\n\n== History ==\nRows.';
    const { text } = replaceRegion(before, 'ct', 'T', { before: ['History'] });
    expect(text).toBe('Top.\n\n<!-- croupier:begin ct -->\nT\n<!-- croupier:end ct -->\n\n== History ==\nRows.');
  });

  it('adds a missing region with its heading before trailing categories', () => {
    const before = 'Top.\n\n[[Category:A]]\n[[Category:B]]';
    const { text } = replaceRegion(before, 'ct', 'T', { heading: 'Card tables' });
    expect(text).toBe('Top.\n\n== Card tables ==\n<!-- croupier:begin ct -->\nT\n<!-- croupier:end ct -->\n\n[[Category:A]]\n[[Category:B]]');
    // and the next run finds it: no change
    expect(replaceRegion(text, 'ct', 'T', { heading: 'Card tables' }).changed).toBe(false);
  });

  it('adds to an empty page', () => {
    expect(replaceRegion('', 'ct', 'T').text).toBe('<!-- croupier:begin ct -->\nT\n<!-- croupier:end ct -->\n');
  });
});

describe('removeRegion', () => {
  const region = '<!-- croupier:begin old -->\nthe old block\n<!-- croupier:end old -->';
  it('removes a region that was all its section held, with its heading', () => {
    expect(removeRegion(`Intro.\n\n== Old ==\n${region}\n\n== Players ==\nrows\n`, 'old', { heading: 'Old' })).toBe('Intro.\n\n== Players ==\nrows\n');
    expect(removeRegion(`Intro.\n\n== Old ==\n${region}\n`, 'old', { heading: 'Old' })).toBe('Intro.\n');
  });
  it('keeps the heading, and what a person wrote, when the section holds anything else', () => {
    expect(removeRegion(`== Old ==\nTheirs.\n${region}\n\n== Players ==\n`, 'old', { heading: 'Old' })).toBe('== Old ==\nTheirs.\n\n== Players ==\n');
    expect(removeRegion(`== Old ==\n${region}\nTheirs after.\n\n== Players ==\n`, 'old', { heading: 'Old' })).toBe(
      '== Old ==\n\nTheirs after.\n\n== Players ==\n',
    );
    // another heading just above it is not its heading
    expect(removeRegion(`== Players ==\n${region}\n`, 'old', { heading: 'Old' })).toBe('== Players ==\n');
  });
  it('leaves a page without the region as it is, and refuses broken markers as findRegions does', () => {
    const page = '== Old ==\nText.\n';
    expect(removeRegion(page, 'old', { heading: 'Old' })).toBe(page);
    expect(() => removeRegion('<!-- croupier:begin old -->\n', 'old')).toThrow(RegionError);
  });
});

describe('countTableRows / checkShrink', () => {
  it('counts rows with and without a leading |-', () => {
    expect(countTableRows(table(3))).toBe(4); // header row + 3
    expect(countTableRows('{|\n| a || b\n|-\n| c || d\n|}')).toBe(2);
    expect(countTableRows('no table\n|- not in a table')).toBe(0);
  });

  it('refuses a page shrinking by more than the share', () => {
    expect(codeOf(() => checkShrink('x'.repeat(100), 'x'.repeat(49), 0.5))).toBe('page-shrink');
    expect(() => checkShrink('x'.repeat(100), 'x'.repeat(50), 0.5)).not.toThrow();
    expect(() => checkShrink('', 'abc', 0.5)).not.toThrow();
  });
});

describe('layering', () => {
  it('the pure region functions and the game engines do not import the wiki layer', async () => {
    const { readFile, readdir } = await import('node:fs/promises');
    const root = new URL('../../../src/', import.meta.url);
    const files = [
      'parse/regions.ts',
      ...(await readdir(new URL('games/', root), { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => `games/${f}`),
    ];
    const offenders: string[] = [];
    for (const f of files) {
      const text = await readFile(new URL(f, root), 'utf8');
      if (/from '(\.\.\/)+wiki\//.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});
