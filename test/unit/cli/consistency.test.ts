import { Command, type Option } from 'commander';
import { afterAll, expect, test } from 'vitest';
import { COMMANDS, type CommandName } from '../../../src/cli/commands/index.ts';
import { croupier, tempDir } from './run-cli.ts';

// One CLI style over every command of src/cli/commands/: the same option names and placeholders, required
// options marked, a dry run for whatever writes, an example in every --help, one error shape.
const names = Object.keys(COMMANDS) as CommandName[];
const cwd = tempDir();
afterAll(() => cwd.remove());

async function registered(name: CommandName): Promise<Command> {
  const program = new Command('croupier');
  (await COMMANDS[name].load())(program);
  return program.commands[0]!;
}
const long = (o: Option) => o.long!;

// Where one option name rightly takes another form: the daemon schedules several games.
const EXCEPTIONS: Record<string, string> = { 'daemon --game': '--game <id...>' };

test('an option has one name and one placeholder in every command (--config <file>, --game <id>, --now <iso>…)', async () => {
  const forms = new Map<string, Set<string>>();
  for (const name of names) {
    for (const o of (await registered(name)).options) {
      if (EXCEPTIONS[`${name} ${long(o)}`] === o.flags) continue;
      forms.set(long(o), (forms.get(long(o)) ?? new Set()).add(o.flags));
    }
  }
  const several = [...forms].filter(([, f]) => f.size > 1).map(([o, f]) => `${o}: ${[...f].join(' / ')}`);
  expect(several).toEqual([]);
  expect([...forms.get('--config')!]).toEqual(['--config <file>']);
});

test('a command that writes takes --dry-run, or is a dry run unless --apply, as COMMANDS declares; one that only reads takes neither', async () => {
  for (const name of names) {
    const opts = (await registered(name)).options.map(long);
    const has = { 'dry-run': opts.includes('--dry-run'), apply: opts.includes('--apply') };
    const writes = COMMANDS[name].writes;
    expect({ name, ...has }).toEqual({ name, 'dry-run': writes === 'dry-run', apply: writes === 'apply' });
  }
});

test('every --help marks the required options and ends with examples of the command', async () => {
  const helps = await Promise.all(names.map((name) => croupier([name, '--help'], { cwd: cwd.dir })));
  for (const [i, name] of names.entries()) {
    const help = helps[i]!;
    expect(help.status, `${name} --help`).toBe(0);
    const examples = help.stdout.split('\nExamples:\n')[1];
    expect(examples, `${name} --help has examples`).toBeDefined();
    expect(examples!.match(/^ {2}\$ croupier (\S+)/gm)?.every((l) => l.endsWith(` ${name}`)), `${name}: each example runs ${name}`).toBe(true);
    for (const o of (await registered(name)).options) {
      const line = help.stdout.split('\n').find((l) => l.trimStart().startsWith(o.flags));
      expect(line, `${name} ${o.flags}`).toBeDefined();
      expect(line!.includes('(required)'), `${name} ${o.flags} is marked required`).toBe(o.mandatory);
    }
  }
}, 180_000);

test('every error is one line starting "croupier:" and a usage error exits 2, commander\'s own included', async () => {
  // (A required option missing is reported first: it is given.)
  const args = async (name: CommandName) => (await registered(name)).options.filter((o) => o.mandatory).flatMap((o) => [long(o), 'x']);
  const runs = await Promise.all(names.map(async (name) => croupier([name, '--no-such-option', ...(await args(name))], { cwd: cwd.dir })));
  for (const [i, name] of names.entries()) {
    expect(runs[i]!.status, name).toBe(2);
    expect(runs[i]!.stderr.split('\n')[0], name).toBe("croupier: unknown option '--no-such-option'");
  }
  const required = [];
  for (const name of names) {
    const mandatory = (await registered(name)).options.filter((o) => o.mandatory);
    if (mandatory.length > 0) required.push({ name, flags: mandatory[0]!.flags });
  }
  expect(required.length).toBeGreaterThan(0);
  const missing = await Promise.all(required.map(({ name }) => croupier([name], { cwd: cwd.dir })));
  for (const [i, { name, flags }] of required.entries()) {
    expect(missing[i]!.status, name).toBe(2);
    expect(missing[i]!.stderr.split('\n')[0], name).toBe(`croupier: required option '${flags}' not specified`);
  }
  // An error a command throws has the same shape.
  const thrown = await croupier(['rollover', '--now', 'tomorrow', '--ruleset', 'a', '--gamestate', 'b'], { cwd: cwd.dir });
  expect(thrown.status).toBe(2);
  expect(thrown.stderr).toMatch(/^croupier: --now/);
}, 180_000);

test('every command is described in the same voice: a lower-case phrase saying what it does', () => {
  for (const name of names) expect(COMMANDS[name].description, name).toMatch(/^([a-z]|Cycle \d+: )/);
});
