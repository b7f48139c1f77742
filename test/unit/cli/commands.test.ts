import { expect, test } from 'vitest';
import { COMMANDS, invokedCommand } from '../../../src/cli/commands/index.ts';

// src/cli/main.ts loads only the command a command line runs; these are the words it looks at.
const global = ['--log-format'];

test("the first word that names a command is the command run, after the program's own options and their values", () => {
  expect(invokedCommand(['parse', 'x.wikitext', '--json'], global)).toBe('parse');
  expect(invokedCommand(['--log-format', 'json', 'rollover', '--game', 'c16'], global)).toBe('rollover');
  expect(invokedCommand(['--log-format=json', 'status'], global)).toBe('status');
});

test('`help <command>` loads that command, so its help lists its options', () => {
  expect(invokedCommand(['help', 'publish-tables'], global)).toBe('publish-tables');
});

test('no command, an unknown word or a word after -- loads none: every command is listed for the help and the suggestions', () => {
  expect(invokedCommand(['--version'], global)).toBeUndefined();
  expect(invokedCommand([], global)).toBeUndefined();
  expect(invokedCommand(['rollovr'], global)).toBeUndefined();
  expect(invokedCommand(['--', 'parse'], global)).toBeUndefined();
  // The value of --log-format is not read as a command, even when it is a command's name.
  expect(invokedCommand(['--log-format', 'parse'], global)).toBeUndefined();
});

test('every command module registers the command of its own name, with the listed description', async () => {
  const { Command } = await import('commander');
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const program = new Command('croupier');
    (await entry.load())(program);
    expect(program.commands.map((c) => [c.name(), c.description()])).toEqual([[name, entry.description]]);
  }
});
