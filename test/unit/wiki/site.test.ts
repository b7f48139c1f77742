import { describe, expect, test } from 'vitest';
import { siteInfoOf, versionWarning } from '../../../src/wiki/site.ts';

describe('what the wiki says of itself (siteinfo general)', () => {
  test('the generator gives the major and minor version, and maxarticlesize the largest page in bytes', () => {
    expect(siteInfoOf({ generator: 'MediaWiki 1.43.9', maxarticlesize: 2097152 })).toEqual({
      generator: 'MediaWiki 1.43.9',
      version: [1, 43],
      maxArticleBytes: 2097152,
    });
    expect(siteInfoOf({ generator: 'MediaWiki 1.45.0-wmf.3' })).toEqual({ generator: 'MediaWiki 1.45.0-wmf.3', version: [1, 45] });
  });

  test('a generator that is not "MediaWiki X.Y" has no version, and a size that is not a positive whole number is not kept', () => {
    expect(siteInfoOf({ generator: 'SomeWiki 2.0', maxarticlesize: -1 })).toEqual({ generator: 'SomeWiki 2.0' });
    expect(siteInfoOf({})).toEqual({ generator: '' });
  });
});

describe('the warning for a version outside the tested range (1.39–1.43)', () => {
  test('the tested versions and those between them get no warning', () => {
    for (const v of ['1.39.10', '1.40.0', '1.42.3', '1.43.9']) expect(versionWarning(siteInfoOf({ generator: `MediaWiki ${v}` }))).toBeUndefined();
  });

  test('a newer version (the Infinite Nomic wiki runs 1.45) is named, with the tested range', () => {
    expect(versionWarning(siteInfoOf({ generator: 'MediaWiki 1.45.1' }))).toBe(
      'the wiki runs "MediaWiki 1.45.1", newer than the versions Croupier is tested on (MediaWiki 1.39–1.43): ' +
        'its edits are still checked, but how this version answers a stale edit (conflict or merge) is untested',
    );
    expect(versionWarning(siteInfoOf({ generator: 'MediaWiki 2.0.0' }))).toMatch(/^the wiki runs "MediaWiki 2\.0\.0", newer than/);
  });

  test('an older version, and one that cannot be read, are named too', () => {
    expect(versionWarning(siteInfoOf({ generator: 'MediaWiki 1.35.14' }))).toMatch(
      /^the wiki runs "MediaWiki 1\.35\.14", older than the versions Croupier is tested on \(MediaWiki 1\.39–1\.43\)/,
    );
    expect(versionWarning(siteInfoOf({ generator: 'SomeWiki 2.0' }))).toMatch(
      /^the wiki runs "SomeWiki 2\.0", not a MediaWiki version the bot can read; Croupier is tested on MediaWiki 1\.39–1\.43: /,
    );
    expect(versionWarning(siteInfoOf({}))).toMatch(/^the wiki runs an unnamed version of MediaWiki, not a MediaWiki version/);
  });
});
