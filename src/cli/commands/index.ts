import type { Command } from 'commander';

// The subcommands: what `croupier --help` lists, and how each is loaded. A run loads only the command it
// runs (its libraries — mwn, wikiparser-node, pino… — are the slow part of a start), so `--version`,
// `--help` and `parse <file>` start fast.

/** Per subcommand, for a command that has them. */
type Writes = 'dry-run' | 'apply' | false;

export interface CommandEntry {
  description: string;
  /**
   * What it may write (the wiki or the store; per subcommand if it has them) and how to see it first: `dry-run` (writes unless --dry-run) or
   * `apply` (a dry run unless --apply: it edits pages people keep, or sets a wiki up); false: it only reads.
   */
  writes: Writes | Record<string, Writes>;
  load: () => Promise<(program: Command) => void>;
  /**
   * false: its action reads no game (the store's and pause's commands), so the games are not loaded for it.
   * 'own': its action loads the games it needs: of a file, only the page's own game (parse, tables, lint, and
   * rollover and status offline); on the wiki, every game (src/cli/context.ts).
   */
  games?: false | 'own';
}

export const COMMANDS = {
  init: {
    description: 'before the first run: check the login and the rights, and create the shutoff page and the pages the game needs (a dry run unless --apply)',
    writes: 'apply',
    load: async () => (await import('./init.ts')).registerInit,
  },
  parse: {
    description: "parse a Ruleset page's wikitext into structured data (cards, packs, shop, scenarios, phases…)",
    writes: false,
    load: async () => (await import('./parse.ts')).registerParse,
    games: 'own',
  },
  tables: {
    description: 'print the wikitext reference tables computed from a ruleset (species odds, packs, shop, exploration)',
    writes: false,
    load: async () => (await import('./tables.ts')).registerTables,
    games: 'own',
  },
  lint: {
    description:
      "check a ruleset's numbered rules for conflicts (an ID used twice, an empty ID part, heading levels, a list announced but missing) and print its warnings; exit 1 only on conflicts",
    writes: false,
    load: async () => (await import('./lint.ts')).registerLint,
    games: 'own',
  },
  'publish-tables': {
    description: "parse a game's Ruleset from the wiki and write its computed card tables into the bot-managed region of its tables page",
    writes: 'dry-run',
    load: async () => (await import('./publish-tables.ts')).registerPublishTables,
  },
  'ruleset-ids': {
    description: 'Cycle 15: the Garbage IDs the rules assign on the Ruleset page, as a diff; saved only with --apply',
    writes: 'apply',
    load: async () => (await import('./ruleset-ids.ts')).registerRulesetIds,
  },
  adopt: {
    description:
      "add the bot's own parts (Phase record from the ruleset's calendar, an empty History) to a hand-kept Gamestate page, every line people wrote kept",
    writes: 'dry-run',
    load: async () => (await import('./adopt.ts')).registerAdopt,
  },
  rollover: {
    description: 'apply the phase rollovers, grants and rewards due up to --now on a Gamestate page',
    writes: 'dry-run',
    load: async () => (await import('./rollover.ts')).registerRollover,
    games: 'own',
  },
  status: {
    description: "show a game's current phase, next rollover, what is pending, and the last run",
    writes: false,
    load: async () => (await import('./status.ts')).registerStatus,
    games: 'own',
  },
  daemon: {
    description: 'run on schedule: rollovers at phase boundaries (with catch-up), a periodic check, on-wiki requests and a status page (docs/daemon.md)',
    writes: 'dry-run',
    load: async () => (await import('./daemon.ts')).registerDaemon,
  },
  readings: {
    description: "list a game's readings of its ambiguous rules: default, alternatives, the Rulings page's choice, where each is used",
    writes: false,
    load: async () => (await import('./readings.ts')).registerReadings,
  },
  referee: {
    description:
      "one pass of the referee: players' requests on the game's actions page resolved with committed draws, a finished phase's secret revealed (docs/referee.md)",
    writes: 'dry-run',
    load: async () => (await import('./referee.ts')).registerReferee,
  },
  verify: {
    description:
      "recompute every draw of the referee from the pages: each revealed secret against its commitment, each request's seed and draws (docs/referee.md)",
    writes: false,
    load: async () => (await import('./verify.ts')).registerVerify,
  },
  store: {
    description:
      "back the store up and restore it: its run log, halts and the referee's phase secrets, without which a phase's draws stop and cannot be verified (docs/daemon.md)",
    writes: { export: false, import: 'dry-run' },
    load: async () => (await import('./store.ts')).registerStore,
    games: false,
  },
  clear: {
    description: 'clear the halt of a game after repeated failures: the daemon edits its Gamestate page again',
    writes: 'dry-run',
    load: async () => (await import('./clear.ts')).registerClear,
    games: false,
  },
  resume: {
    description: "resume a game paused because a person reverted one of the bot's edits: the bot edits its pages again",
    writes: 'dry-run',
    load: async () => (await import('./resume.ts')).registerResume,
    games: false,
  },
} satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMANDS;

const isCommand = (word: string | undefined): word is CommandName => word !== undefined && Object.hasOwn(COMMANDS, word);

/**
 * The subcommand a command line runs (`help <command>` included), or undefined (none, or an unknown word:
 * then every command is listed, for the help and commander's suggestions). `takesValue`: the program's own
 * options that take a value in the next word (`--log-format json`).
 */
export function invokedCommand(args: readonly string[], takesValue: readonly string[]): CommandName | undefined {
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (takesValue.includes(a)) i++;
    else if (!a.startsWith('-')) words.push(a);
  }
  const [first, second] = words;
  if (first === 'help') return isCommand(second) ? second : undefined;
  return isCommand(first) ? first : undefined;
}
