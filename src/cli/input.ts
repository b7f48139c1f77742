// Reading the wikitext files the offline commands are given (`parse <file>`, `rollover --ruleset … --gamestate …`,
// `status --ruleset … --gamestate …`): every problem is one line naming the file; "-" is standard input.
// Read synchronously: one file, before anything else runs; node:fs/promises was ~3 ms of a cold `parse` to load.
import { readFileSync } from 'node:fs';
import { loadLimits } from '../config.ts';
import { readDocument } from '../parse/document.ts';
import { acceptSource, DEFAULT_MAX_PAGE_BYTES } from '../parse/source.ts';
import { engineFor, loadGameOf } from '../games/registry.ts';
import type { KindedRuleset } from '../games/engine-contract.ts';
import { UsageError } from './usage.ts';

export interface SourceFile {
  text: string;
  /** How messages name it: the file as given, or "standard input". */
  name: string;
  /** What was normalised on reading (a byte-order mark, CRLF line ends): printed as notes. */
  notes?: string[];
}

/**
 * The wikitext of a file, or of standard input for "-"; an error naming the file and the problem otherwise.
 * Taken in as every page is (src/parse/source.ts): refused above limits.pageBytes of the config in use, or
 * with control bytes; a byte-order mark and CRLF line ends normalised, said in `notes`.
 */
export async function readSource(file: string, config?: string): Promise<SourceFile> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message}`,
    );
  }
  const name = file === '-' ? 'standard input' : file;
  if (text.trim() === '') throw new Error(`${name} is empty`);
  if (text.includes('\0')) throw new Error(`${name} is not text (it contains NUL bytes)`);
  return { name, ...acceptSource(text, name, loadLimits(config).pageBytes ?? DEFAULT_MAX_PAGE_BYTES) };
}

/** Says on stderr what was normalised on reading. */
export function printNotes(source: Pick<SourceFile, 'notes'>): void {
  for (const note of source.notes ?? []) process.stderr.write(`note: ${note}\n`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** "no headings or tables": not wikitext of a page with rules at all. */
export function notARuleset(name: string): Error {
  return new Error(`${name}: no headings or tables found: this does not look like a wikitext ruleset`);
}

export interface OfflineGame {
  ruleset: KindedRuleset;
  gamestate: SourceFile;
}

/**
 * The Ruleset and Gamestate files of an offline run (either may be "-", not both). The Ruleset must be
 * of a game that keeps a Gamestate page (Cycle 16); otherwise the error says what the file is.
 */
export async function readOfflineGame(rulesetFile: string, gamestateFile: string, config?: string): Promise<OfflineGame> {
  if (rulesetFile === '-' && gamestateFile === '-') throw new UsageError('--ruleset and --gamestate cannot both be - (standard input)');
  const source = await readSource(rulesetFile, config);
  printNotes(source);
  const doc = readDocument(source.text, { page: source.name });
  // Only the games detection tries are loaded (the command is games: 'own').
  const kind = await loadGameOf(doc);
  // Any ruleset has an engine (a ruleset no module knows, the generic one): an empty file is no ruleset at all.
  if (doc.rules.length === 0 && doc.tables.length === 0) throw notARuleset(source.name);
  const gamestate = await readSource(gamestateFile, config);
  printNotes(gamestate);
  return { ruleset: engineFor(kind).readRuleset(doc), gamestate };
}
