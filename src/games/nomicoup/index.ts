import type { GameModule } from '../registry.ts';
import { nomicoupReferee } from './actions/index.ts';
import { isNomicoup, readNomicoupRuleset } from './ruleset/read.ts';
import type { NomicoupRuleset } from './ruleset/schema.ts';
import { nomicoupEngine } from './engine.ts';
import { NOMICOUP_READINGS } from './readings.ts';

export const nomicoup = {
  kind: 'nomicoup',
  description: 'Nomicoup: numbered rule tree (with its conflicts), characters, Court Deck, Treasury, 48-hour turns, propositions',
  detect: isNomicoup,
  readRuleset: readNomicoupRuleset,
  counts: (r) => `${r.characters.length} characters, ${r.actions.length} actions, ${r.counteractions.length} counteractions, ${r.conflicts.length} conflict(s)`,
  engine: nomicoupEngine,
  readings: NOMICOUP_READINGS,
  referee: nomicoupReferee,
} satisfies GameModule<NomicoupRuleset>;
