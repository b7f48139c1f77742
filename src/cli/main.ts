import { Command, CommanderError, Help, type Option } from 'commander';
import { croupierVersion } from '../version.ts';
import { COMMANDS, type CommandEntry, invokedCommand } from './commands/index.ts';
import { examples, logFormatOption } from './options.ts';
import { stopProgress } from './progress.ts';
import { commanderExitCode } from './usage.ts';

// `croupier parse … | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const program = new Command('croupier')
  .description("Keeps the Infinite Nomic wiki's Gamestate pages: parses Ruleset pages, simulates rollovers and rewards, writes back safely.")
  .version(croupierVersion)
  .addOption(logFormatOption())
  .showHelpAfterError('(add --help for usage)')
  // One error shape for every command: `croupier: <what is wrong>` on one line, commander's own included.
  .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, 'croupier: ')) })
  // A required option says so in the help (commander lists it among the others). Set before the commands
  // are added, so each inherits both.
  .configureHelp({
    optionDescription: (option: Option) => `${option.mandatory ? '(required) ' : ''}${Help.prototype.optionDescription.call(new Help(), option)}`,
  })
  .addHelpText(
    'after',
    examples([
      [
        'croupier init --game cycle16 --config /etc/croupier/config.json',
        'before the first run: check the login, the rights and the pages (README, "Install")',
      ],
      ['croupier rollover --game cycle16 --dry-run', 'what is due now on the Gamestate page, as the change it would save'],
      ['croupier help rollover', 'the options of a command, and its examples'],
    ]),
  )
  // Usage errors are thrown, not exited on: they get exit code 2 below, like every other usage error.
  .exitOverride();

// The CLI is compiled into one CommonJS file (scripts/build.mjs, for V8's code cache), which has no
// top-level await: the run is one async function.
async function main(): Promise<void> {
  // Only the command being run is loaded; without one (--help, --version, an unknown word) all are listed.
  const invoked = invokedCommand(process.argv.slice(2), ['--log-format']);
  if (invoked !== undefined) (await COMMANDS[invoked].load())(program);
  else for (const [name, c] of Object.entries(COMMANDS)) program.command(name).description(c.description);
  // The games are loaded before a command's action, not for its help (src/games/kinds.ts); a command marked
  // 'own' loads those it needs itself.
  program.hook('preAction', async () => {
    const entry: CommandEntry | undefined = invoked === undefined ? undefined : COMMANDS[invoked];
    if (entry !== undefined && entry.games === undefined) await (await import('../games/registry.ts')).loadGames();
  });

  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    stopProgress();
    // Commander has already printed its own usage error (or the help, or the version).
    if (!(err instanceof CommanderError)) {
      // One line, no stack: the commands throw errors whose message says what and where.
      console.error(`croupier: ${err instanceof Error ? err.message : String(err)}`);
    }
    // The full policy is loaded only for a command's error: it brings the wiki client's error types.
    process.exitCode = err instanceof CommanderError ? commanderExitCode(err) : (await import('./context.ts')).exitCodeFor(err);
  }
}

void main();
