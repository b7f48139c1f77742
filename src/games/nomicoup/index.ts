import type { GameModule } from '../registry.ts';
import { isNomicoup, readNomicoupRuleset } from './ruleset/read.ts';
import type { NomicoupRuleset } from './ruleset/schema.ts';
import { nomicoupEngine } from './engine.ts';

export const nomicoup = {
  kind: 'nomicoup',
  description: 'Nomicoup: numbered rule tree (with its conflicts), characters, Court Deck, Treasury, 48-hour turns, propositions',
  detect: isNomicoup,
  readRuleset: readNomicoupRuleset,
  engine: nomicoupEngine,
} satisfies GameModule<NomicoupRuleset>;
