// Which wiki the bot talks to, from `meta=siteinfo&siprop=general` (read at login): its MediaWiki version
// and the largest page it accepts. The bot's edit-safety rests on how MediaWiki answers a stale edit, and
// that is tested on the versions of TESTED_VERSIONS only (test/integration, on real wikis): any other
// version gets a warning naming it, once per run, in the log and on the Status page.

/** The MediaWiki versions the integration tests run on (scripts/devwiki.sh): 1.39 and 1.43 LTS, and what lies between. */
export const TESTED_VERSIONS = { from: [1, 39], to: [1, 43] } as const;

/** What the bot knows of its wiki. */
export interface SiteInfo {
  /** As the wiki says it ("MediaWiki 1.43.9"). */
  generator: string;
  /** Major and minor version ([1, 43]); undefined when the generator is not "MediaWiki X.Y…". */
  version?: [number, number];
  /** `$wgMaxArticleSize` in bytes: the wiki refuses larger pages; undefined when the wiki does not say. */
  maxArticleBytes?: number;
}

/** The `general` object of a siteinfo answer, as the bot reads it. */
export function siteInfoOf(general: { generator?: unknown; maxarticlesize?: unknown }): SiteInfo {
  const generator = typeof general.generator === 'string' ? general.generator : '';
  const m = /^MediaWiki (\d+)\.(\d+)/.exec(generator);
  const size = general.maxarticlesize;
  return {
    generator,
    ...(m ? { version: [Number(m[1]), Number(m[2])] as [number, number] } : {}),
    ...(typeof size === 'number' && Number.isInteger(size) && size > 0 ? { maxArticleBytes: size } : {}),
  };
}

const older = (a: readonly number[], b: readonly number[]): boolean => a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!);

/**
 * The warning for a wiki outside the tested range, or undefined inside it. A newer version (the Infinite
 * Nomic wiki runs 1.45) is used as it is, with this warning: MediaWiki keeps its API stable across versions
 * and the bot checks every save it makes, but how a newer one merges or refuses a stale edit is untested.
 */
export function versionWarning(site: SiteInfo): string | undefined {
  const range = `${TESTED_VERSIONS.from.join('.')}–${TESTED_VERSIONS.to.join('.')}`;
  const v = site.version;
  if (v && !older(v, TESTED_VERSIONS.from) && !older(TESTED_VERSIONS.to, v)) return undefined;
  const what = site.generator === '' ? 'an unnamed version of MediaWiki' : `"${site.generator}"`;
  const why = !v ? 'not a MediaWiki version the bot can read' : older(v, TESTED_VERSIONS.from) ? 'older than' : 'newer than';
  return (
    `the wiki runs ${what}, ${v ? `${why} the versions Croupier is tested on (MediaWiki ${range})` : `${why}; Croupier is tested on MediaWiki ${range}`}: ` +
    'its edits are still checked, but how this version answers a stale edit (conflict or merge) is untested'
  );
}
