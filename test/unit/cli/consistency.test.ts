import { Command, type Option } from 'commander';
import { afterAll, expect, test } from 'vitest';
import { COMMANDS, type CommandName } from '../../../src/cli/commands/index.ts';
import { croupier, tempDir } from './run-cli.ts';

// One CLI style over every command of src/cli/commands/: the same option names and placeholders, required
// options marked, a dry run for whatever writes, an example in every --help, one error shape.
const names = Object.keys(COMMANDS) as CommandName[];
const cwd = tempDir();
afterAll(() => cwd.remove());

interface Leaf {
  /** The words that run it: `rollover`, `store export`. */
  words: string[];
  command: Command;
  writes: 'dry-run' | 'apply' | false;
}

/** Every command that runs something: the commands, or for one with subcommands (`store`) each of them. */
async function leaves(): Promise<Leaf[]> {
  const out: Leaf[] = [];
  for (const name of names) {
    const program = new Command('croupier');
    (await COMMANDS[name].load())(program);
    const command = program.commands[0]!;
    const writes = COMMANDS[name].writes;
    if (command.commands.length === 0) out.push({ words: [name], command, writes: writes as Leaf['writes'] });
    for (const sub of command.commands) out.push({ words: [name, sub.name()], command: sub, writes: (writes as Record<string, Leaf['writes']>)[sub.name()]! });
  }
  return out;
}
const all = await leaves();
const long = (o: Option) => o.long!;

// Where one option name rightly takes another form: the daemon schedules several games.
const EXCEPTIONS: Record<string, string> = { 'daemon --game': '--game <id...>' };

test('an option has one name and one placeholder in every command (--config <file>, --game <id>, --now <iso>…)', async () => {
  const forms = new Map<string, Set<string>>();
  for (const { words, command } of all) {
    for (const o of command.options) {
      if (EXCEPTIONS[`${words.join(' ')} ${long(o)}`] === o.flags) continue;
      forms.set(long(o), (forms.get(long(o)) ?? new Set()).add(o.flags));
    }
  }
  const several = [...forms].filter(([, f]) => f.size > 1).map(([o, f]) => `${o}: ${[...f].join(' / ')}`);
  expect(several).toEqual([]);
  expect([...forms.get('--config')!]).toEqual(['--config <file>']);
});

test('a command that writes takes --dry-run, or is a dry run unless --apply, as COMMANDS declares; one that only reads takes neither', async () => {
  for (const { words, command, writes } of all) {
    const opts = command.options.map(long);
    const name = words.join(' ');
    expect({ name, 'dry-run': opts.includes('--dry-run'), apply: opts.includes('--apply') }).toEqual({
      name,
      'dry-run': writes === 'dry-run',
      apply: writes === 'apply',
    });
  }
});

test('every --help marks the required options and ends with examples of the command', async () => {
  const helps = await Promise.all(all.map(({ words }) => croupier([...words, '--help'], { cwd: cwd.dir })));
  for (const [i, { words, command }] of all.entries()) {
    const help = helps[i]!;
    const name = words.join(' ');
    expect(help.status, `${name} --help`).toBe(0);
    const examples = help.stdout.split('\nExamples:\n')[1];
    expect(examples, `${name} --help has examples`).toBeDefined();
    const lines = examples!.match(/^ {2}\$ .*/gm) ?? [];
    expect(lines.length, name).toBeGreaterThan(0);
    expect(
      lines.filter((l) => !l.startsWith(`  $ croupier ${name} `)),
      `${name}: each example runs it`,
    ).toEqual([]);
    for (const o of command.options) {
      const line = help.stdout.split('\n').find((l) => l.trimStart().startsWith(o.flags));
      expect(line, `${name} ${o.flags}`).toBeDefined();
      expect(line!.includes('(required)'), `${name} ${o.flags} is marked required`).toBe(o.mandatory);
    }
  }
}, 180_000);

test('every error is one line starting "croupier:" and a usage error exits 2, commander\'s own included', async () => {
  // (A required option missing is reported first: it is given.)
  const args = (command: Command) => command.options.filter((o) => o.mandatory).flatMap((o) => [long(o), 'x']);
  const runs = await Promise.all(all.map(({ words, command }) => croupier([...words, '--no-such-option', ...args(command)], { cwd: cwd.dir })));
  for (const [i, { words }] of all.entries()) {
    expect(runs[i]!.status, words.join(' ')).toBe(2);
    expect(runs[i]!.stderr.split('\n')[0], words.join(' ')).toBe("croupier: unknown option '--no-such-option'");
  }
  const required = all.filter(({ command }) => command.options.some((o) => o.mandatory));
  expect(required.length).toBeGreaterThan(0);
  const missing = await Promise.all(required.map(({ words }) => croupier(words, { cwd: cwd.dir })));
  for (const [i, { words, command }] of required.entries()) {
    expect(missing[i]!.status, words.join(' ')).toBe(2);
    expect(missing[i]!.stderr.split('\n')[0], words.join(' ')).toBe(
      `croupier: required option '${command.options.find((o) => o.mandatory)!.flags}' not specified`,
    );
  }
  // An error a command throws has the same shape.
  const thrown = await croupier(['rollover', '--now', 'tomorrow', '--ruleset', 'a', '--gamestate', 'b'], { cwd: cwd.dir });
  expect(thrown.status).toBe(2);
  expect(thrown.stderr).toMatch(/^croupier: --now/);
}, 180_000);

test('every command is described in the same voice: a lower-case phrase saying what it does', () => {
  for (const { words, command } of all) expect(command.description(), words.join(' ')).toMatch(/^([a-z]|Cycle \d+: )/);
});
