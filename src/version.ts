// Versions for --version and the User-Agent, found the same way from src/ and from the compiled CLI in
// dist/ (scripts/build.mjs): our package.json is bundled, mwn's is resolved like any package.
import { createRequire } from 'node:module';
import pkg from '../package.json' with { type: 'json' };

export const croupierVersion: string = pkg.version;
/** Resolved when asked (the User-Agent of a wiki command): the resolution and the read are ~1.5 ms of every start otherwise. */
export const mwnVersion = (): string => (createRequire(import.meta.url)('mwn/package.json') as { version: string }).version;
/** The build this code runs from (its folder in dist/: each build has its own), or undefined when run from src/ (tsx). */
export const build: string | undefined = /\/dist\/(build-[^/]+)\//.exec(import.meta.url)?.[1];
