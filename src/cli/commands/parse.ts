import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { describeLocation } from '../../parse/location.ts';
import { acceptSource } from '../../parse/source.ts';
import { gameKinds, parseRuleset, type GameKind, type ParsedRuleset } from '../../games/registry.ts';
import { readRulesetFromWiki } from '../../jobs/publish-tables.ts';
import { buildContext, fail } from '../context.ts';

export interface RulesetSource {
  text: string;
  /** The wiki page it came from, when read from the wiki. */
  page?: string;
  /** What was normalised on reading (a byte-order mark, CRLF line ends): printed as notes. */
  notes?: string[];
}

function cannotRead(file: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException).code;
  return new Error(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
}

/**
 * A page's wikitext read from a file, as every command takes pages in (src/parse/source.ts): refused
 * above limits.pageBytes of the config in use, or with control bytes; BOM and CRLF normalised, in `notes`.
 */
export function acceptFile(text: string, name: string, config?: string): RulesetSource {
  if (text.trim() === '') throw new Error(`${name} is empty`);
  return acceptSource(text, name, loadConfig(config).limits.pageBytes);
}

/** The wikitext of a page file (offline `rollover` and `status`), as acceptFile takes it in. */
export function readPageFile(file: string, config?: string): RulesetSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw cannotRead(file, err);
  }
  return acceptFile(text, file, config);
}

/** The wikitext of a file, or of standard input for "-"; an error naming the problem otherwise. */
export async function readSource(file: string, config?: string): Promise<RulesetSource> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (err) {
    throw cannotRead(file, err);
  }
  return acceptFile(text, file === '-' ? 'standard input' : file, config);
}

/** Says on stderr what was normalised on reading. */
export function printNotes(source: Pick<RulesetSource, 'notes'>): void {
  for (const note of source.notes ?? []) process.stderr.write(`note: ${note}\n`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface ParseOptions {
  kind?: GameKind;
  page?: string;
  /** Read the page from the wiki instead of a file. */
  title?: string;
  config?: string;
}

/** The ruleset's wikitext from `<file>` or, with --title, from the wiki (as the bot reads it). */
export async function readSourceFor(file: string | undefined, opts: ParseOptions): Promise<RulesetSource> {
  if (opts.title !== undefined) {
    if (file !== undefined) throw new Error('give either a file or --title, not both');
    try {
      const ctx = await buildContext({ config: opts.config, dryRun: true });
      const page = await readRulesetFromWiki(ctx, opts.title);
      return { text: page.text, page: page.title };
    } catch (err) {
      fail(err);
    }
  }
  if (file === undefined) throw new Error('give a file (or - for standard input), or --title <page>');
  return readSource(file, opts.config);
}

/** The options shared by `parse` and `tables`. */
export function sourceOptions(command: Command): Command {
  return command
    .argument('[file]', 'wikitext file, or - for standard input')
    .option('--title <page>', 'read the page from the wiki (config and credentials as for publish-tables)')
    .option('--config <path>', 'config file, with --title (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--kind <kind>', `ruleset kind: ${gameKinds.join(' or ')} (default: detected from the page)`, kindOption)
    .option('--page <title>', 'page title to name in warnings and links');
}

/** Parses a source; unreadable input (no headings, no tables) is an error, flaws are warnings. */
export function parseSource(source: RulesetSource, opts: ParseOptions): ParsedRuleset {
  const ruleset = parseRuleset(source.text, { page: source.page ?? opts.page, kind: opts.kind });
  const empty = ruleset.kind === 'generic' && ruleset.rules.length === 0 && ruleset.tables.length === 0;
  if (empty) throw new Error('no headings or tables found: this does not look like a wikitext ruleset');
  return ruleset;
}

export function kindOption(value: string): GameKind {
  const kind = gameKinds.find((k) => k === value);
  if (kind === undefined) throw new Error(`unknown kind "${value}" (expected ${gameKinds.join(' or ')})`);
  return kind;
}

function summary(r: ParsedRuleset): string {
  const counts =
    r.kind === 'cycle16'
      ? `${r.cards.length} card species, ${r.modifiers.length} modifiers, ${r.collections.length} collections, ` +
        `${r.packs.length} packs, ${r.shop.length} shop items, ${r.scenarios.length} scenarios, ${r.phases.length} phases`
      : `${r.tables.length} tables`;
  const lines = [`${r.kind}: ${r.rules.length} rules, ${counts}, ${r.warnings.length} warning(s)`];
  for (const w of r.warnings) lines.push(`warning: ${w.message} (${describeLocation(w.location)})`);
  return lines.join('\n');
}

export function registerParse(program: Command): void {
  sourceOptions(
    program
      .command('parse')
      .description("Parse a Ruleset page's wikitext into structured data (cards, packs, shop, scenarios, phases…)"),
  )
    .option('--json', 'print one JSON document instead of a summary')
    .action(async (file: string | undefined, opts: ParseOptions & { json?: boolean }) => {
      const source = await readSourceFor(file, opts);
      printNotes(source);
      const ruleset = parseSource(source, opts);
      process.stdout.write(opts.json ? `${JSON.stringify(ruleset, null, 2)}\n` : `${summary(ruleset)}\n`);
    });
}
