import type { Command } from 'commander';

// Placeholder: replaced by the module that implements `croupier parse`.
export function registerParse(program: Command): void {
  program.command('parse').description('(not implemented yet)');
}
