import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { gameKinds } from '../../games/kinds.ts';
import type { ReadingsCliOptions } from '../run/readings.ts';

// `croupier readings`: a game's named readings of its ambiguous rules — the question, the sentence,
// the default and the alternatives, the choice in force (the game's Rulings page, read with its
// authors) and where each is used (the engine's rules, and the History rows that name it).
// What it does is loaded when it runs (src/cli/run/readings.ts): `readings --help` starts without the wiki client.

export function registerReadings(program: Command): void {
  program
    .command('readings')
    .description(COMMANDS.readings.description)
    .option('--game <id>', 'game id from the config: also reads its Rulings page (who wrote each line) for the choice in force')
    .option('--kind <kind>', `offline: the readings of a game kind (${gameKinds.join(', ')}), with their defaults`)
    .option('--config <file>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--json', 'one JSON document')
    .action(async (opts: ReadingsCliOptions, command: Command) => (await import('../run/readings.ts')).runReadings(opts, command));
}
