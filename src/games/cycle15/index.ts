import type { GameModule } from '../registry.ts';
import { cycle15Referee } from './actions/index.ts';
import { cycle15Engine } from './engine.ts';
import { cycle15Readings } from './readings.ts';
import { renderCycle15TablesWith } from './tables/index.ts';
import { fillGarbageIds } from './ruleset/garbage-ids.ts';
import { isCycle15, readCycle15Ruleset } from './ruleset/index.ts';
import type { Cycle15Ruleset } from './ruleset/schema.ts';

export const cycle15 = {
  kind: 'cycle15',
  description: 'Cycle 15: a board of typed spaces, 2d4 movement, Garbage items, crystals',
  detect: isCycle15,
  readRuleset: readCycle15Ruleset,
  counts: (r) =>
    `${r.garbage.length} Garbage items, ${r.spaceTypes.length} space types, ${r.categories.length} categories, ${r.geode.length} Geode items, ${r.phases.length} phases`,
  amendRuleset: fillGarbageIds,
  engine: cycle15Engine,
  readings: cycle15Readings,
  referee: cycle15Referee,
  renderTables: (ruleset, context) => renderCycle15TablesWith(ruleset, context?.gamestate),
} satisfies GameModule<Cycle15Ruleset>;
