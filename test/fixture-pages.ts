import { readdirSync, readFileSync } from 'node:fs';

/** The fixtures' folder: a folder per game, its pages as `.wikitext` files. */
const fixturesDir = new URL('../fixtures/', import.meta.url);

/** Every fixture page, as `<game>/<file>.wikitext`. */
export const fixturePages: string[] = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(new URL(`${d.name}/`, fixturesDir))
      .filter((f) => f.endsWith('.wikitext'))
      .map((f) => `${d.name}/${f}`),
  );

/** A fixture page's text, named as in `fixturePages`. */
export const fixtureText = (name: string): string => readFileSync(new URL(name, fixturesDir), 'utf8');
