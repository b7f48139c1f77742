import type { GameModule } from '../registry.ts';
import { DECLARATION_LINE, describeDeclaration, readDeclarations } from './declarations.ts';
import { genericEngine } from './engine.ts';
import { genericReferee } from './referee.ts';
import { readGenericRuleset, type GenericRuleset } from './ruleset.ts';

export const generic = {
  kind: 'generic',
  description: 'any ruleset: its calendar, dice, rule tree and tables; resets, grants, inactivity and victory as its admins declare them',
  detect: () => true,
  readRuleset: readGenericRuleset,
  counts: (r) => `${r.phases.length} phases, ${r.dice.length} dice expressions, ${r.tables.length} tables`,
  engine: genericEngine,
  referee: genericReferee,
  declarations: {
    line: DECLARATION_LINE,
    declare(ruleset, lines, page) {
      const { declarations, warnings } = readDeclarations(lines, ruleset, page);
      return { ruleset: { ...ruleset, declarations }, warnings };
    },
    describe: (ruleset) => ruleset.declarations.map(describeDeclaration),
  },
} satisfies GameModule<GenericRuleset>;
