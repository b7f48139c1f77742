import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { renderTables } from '../../games/registry.ts';
import { printNotes } from '../input.ts';
import { parseSource, readSourceFor, sourceOptions, type ParseOptions } from './parse.ts';

export function registerTables(program: Command): void {
  sourceOptions(
    program
      .command('tables')
      .description(COMMANDS.tables.description),
  ).action(async (file: string | undefined, opts: ParseOptions, command: Command) => {
      const source = await readSourceFor(file, opts, command);
      printNotes(source);
      const ruleset = parseSource(source, opts);
      const wikitext = renderTables(ruleset);
      if (wikitext === undefined) throw new Error(`no computed tables for a ${ruleset.kind} ruleset`);
      process.stdout.write(wikitext);
    });
}
