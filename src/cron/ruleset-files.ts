// The Ruleset revisions the bot has read, kept beside the store (`<store.path>.rulesets/`): a cron job's
// `croupier rollover` runs every hour on a Ruleset that seldom changes, and parsing its 35 KB was most of the
// parsing a cold run does. An entry is one build of Croupier's reading of one Ruleset text (its file is named by a
// hash of the build, the page, the kind, the game and the text), so another build or another text is parsed anew.
// Written by the runs that may write the store (`rollover`, `referee`, and the daemon, which also keeps its readings
// in memory: RulesetCache, ./game-jobs.ts); read by those and by `status`, which writes nothing.
//
// Trusted like the store: the bot's own files (0600 in a 0700 directory, written through a temp file and a rename);
// one another user could have written, or that does not read back, is parsed again and replaced. A cache: a file it
// cannot write costs the next run a parse, nothing else. The 8 most recently used are kept.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import v8 from 'node:v8';
import type { KindedRuleset } from '../games/engine-contract.ts';
import { engineFor, readEngineRuleset } from '../games/registry.ts';
import type { Table } from '../parse/model.ts';

export const rulesetsDir = (storePath: string): string => `${resolve(storePath)}.rulesets`;
const KEEP = 8;

/** What is kept of a reading: the rules, and the page's tables (what a draw names). */
interface Kept {
  ruleset: KindedRuleset;
  tables: readonly Table[];
}

export interface RulesetReader {
  read(page: { text: string }, o: { page: string; kind?: string; game: string }): ReturnType<typeof readEngineRuleset>;
  /** How many times a Ruleset was actually parsed (tests). */
  parses: number;
}

/** `build`: what identifies the code that reads (the build's folder); `write`: false for a run that writes nothing (a dry run). */
export function rulesetFiles(storePath: string, build: string, opts: { write: boolean }): RulesetReader {
  const dir = rulesetsDir(storePath);
  const reader: RulesetReader = {
    parses: 0,
    read(page, o) {
      const key = createHash('sha256')
        .update(JSON.stringify([build, o.page, o.kind ?? null, o.game, page.text]))
        .digest('hex');
      const file = join(dir, `${key}.v8`);
      const kept = load(file);
      if (kept !== undefined && (o.kind === undefined || kept.ruleset.kind === o.kind)) return { engine: engineFor(kept.ruleset.kind), ...kept };
      reader.parses++;
      const read = readEngineRuleset(page.text, o);
      // Kept only when its kind names the engine that read it (the engine is found again by that kind).
      if (opts.write && engineFor(read.ruleset.kind) === read.engine) save(dir, file, { ruleset: read.ruleset, tables: read.tables });
      return read;
    },
  };
  return reader;
}

function load(file: string): Kept | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined; // not read by this build yet
  }
  try {
    const st = fstatSync(fd);
    const mine = process.getuid === undefined || st.uid === process.getuid();
    if (!st.isFile() || !mine || (st.mode & 0o077) !== 0) return undefined;
    const value = v8.deserialize(readFileSync(fd)) as Partial<Kept> | null;
    if (typeof value?.ruleset?.kind !== 'string' || !Array.isArray(value.tables)) return undefined;
    const now = new Date();
    utimesSync(file, now, now); // most recently used
    return value as Kept;
  } catch {
    return undefined; // torn or foreign: parsed again and replaced
  } finally {
    closeSync(fd);
  }
}

function save(dir: string, file: string, reading: Kept): void {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, v8.serialize(reading), { mode: 0o600, flag: 'wx' });
    renameSync(temp, file);
    const entries = readdirSync(dir).map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }));
    const kept = entries.filter((e) => e.f.endsWith('.v8')).sort((a, b) => b.t - a.t);
    // A temp file an hour old is a writer's that was killed before its rename (never read: only `<key>.v8` is).
    const stale = entries.filter((e) => e.f.endsWith('.tmp') && e.t < Date.now() - 3600_000);
    for (const { f } of [...kept.slice(KEEP), ...stale]) rmSync(join(dir, f), { force: true });
  } catch {
    rmSync(temp, { force: true }); // a cache: the next run parses again
  }
}
