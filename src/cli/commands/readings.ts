import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { gameKinds } from '../../games/kinds.ts';
import { configOption, examples } from '../options.ts';
import type { ReadingsCliOptions } from '../run/readings.ts';

// `croupier readings`: a game's named readings of its ambiguous rules — the question, the sentence,
// the default and the alternatives, the choice in force (the game's Rulings page, read with its
// authors) and where each is used (the engine's rules, and the History rows that name it).
// What it does is loaded when it runs (src/cli/run/readings.ts): `readings --help` starts without the wiki client.

export function registerReadings(program: Command): void {
  program
    .command('readings')
    .description(COMMANDS.readings.description)
    .option('--game <id>', 'game id from the config (or --kind): also reads its Rulings page (who wrote each line) for the choice in force')
    .option('--kind <kind>', `offline: the readings of a game kind (${gameKinds.join(', ')}), with their defaults`)
    .addOption(configOption(', with --game'))
    .option('--json', 'one JSON document')
    .addHelpText(
      'after',
      examples([
        ['croupier readings --game round10', 'the readings of round10, with the choices its Rulings page makes'],
        ['croupier readings --kind cycle15 --json', 'the readings of a game kind and their defaults, offline'],
      ]),
    )
    .action(async (opts: ReadingsCliOptions, command: Command) => (await import('../run/readings.ts')).runReadings(opts, command));
}
