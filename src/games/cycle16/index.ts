import type { GameModule } from '../registry.ts';
import { isCycle16, readCycle16Ruleset } from './ruleset/read.ts';
import type { Cycle16Ruleset } from './ruleset/schema.ts';
import { renderCycle16Tables } from './tables/render.ts';
import { cycle16Engine } from './engine.ts';
import { cycle16Referee } from './actions/index.ts';
import { cycle16Readings } from './readings.ts';

export const cycle16 = {
  kind: 'cycle16',
  description: 'Cycle 16 (Exoptosis): cards, modifiers, packs, shop, exploration, phases',
  detect: isCycle16,
  readRuleset: readCycle16Ruleset,
  counts: (r) =>
    `${r.cards.length} card species, ${r.modifiers.length} modifiers, ${r.collections.length} collections, ` +
    `${r.packs.length} packs, ${r.shop.length} shop items, ${r.scenarios.length} scenarios, ${r.phases.length} phases`,
  renderTables: renderCycle16Tables,
  engine: cycle16Engine,
  referee: cycle16Referee,
  readings: cycle16Readings,
} satisfies GameModule<Cycle16Ruleset>;
