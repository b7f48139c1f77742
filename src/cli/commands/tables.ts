import type { Command } from 'commander';
import { renderTables } from '../../games/registry.ts';
import { kindOption, parseSource, readSource, type ParseOptions } from './parse.ts';

export function registerTables(program: Command): void {
  program
    .command('tables')
    .description('Print the wikitext reference tables computed from a ruleset (species odds, packs, shop, exploration)')
    .argument('<file>', 'wikitext file, or - for standard input')
    .option('--kind <kind>', 'ruleset kind (default: detected from the page)', kindOption)
    .option('--page <title>', 'page title the tables link back to')
    .action(async (file: string, opts: ParseOptions) => {
      const ruleset = parseSource(await readSource(file), opts);
      const wikitext = renderTables(ruleset);
      if (wikitext === undefined) throw new Error(`no computed tables for a ${ruleset.kind} ruleset`);
      process.stdout.write(wikitext);
    });
}
