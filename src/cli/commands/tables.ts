import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { readSourceFor, sourceOptions, type ParseOptions } from './parse.ts';
import { examples } from '../options.ts';

export function registerTables(program: Command): void {
  sourceOptions(program.command('tables').description(COMMANDS.tables.description))
    .addHelpText(
      'after',
      examples([
        ['croupier tables fixtures/cycle16/ruleset.wikitext', 'the computed card tables of a Ruleset file, as wikitext'],
        ['croupier tables --title "Round 10/Ruleset" > tables.wikitext', 'those of the page on the wiki, into a file'],
      ]),
    )
    .action(async (file: string | undefined, opts: ParseOptions, command: Command) => {
      const source = await readSourceFor(file, opts, command);
      const [{ parseSource, printNotes }, { renderTables }] = await Promise.all([import('../ruleset-source.ts'), import('../../games/registry.ts')]);
      printNotes(source);
      const ruleset = await parseSource(source, opts);
      const wikitext = renderTables(ruleset);
      if (wikitext === undefined) throw new Error(`no computed tables for a ${ruleset.kind} ruleset`);
      process.stdout.write(wikitext);
    });
}
