import type { GameModule } from '../registry.ts';
import { isRound10, readRound10Ruleset } from './ruleset/index.ts';
import type { Round10Ruleset } from './ruleset/schema.ts';
import { ROUND10_READINGS } from './readings.ts';
import { round10Engine } from './engine.ts';
import { renderRound10Tables } from './tables/index.ts';
import { round10Referee } from './actions/index.ts';

export const round10 = {
  kind: 'round10',
  description: 'Round 10 (The Auction Casino): chips, Trungs, Gold Stars, cards, weekly auctions, hands, income and tax',
  detect: isRound10,
  readRuleset: readRound10Ruleset,
  counts: (r) =>
    `${r.phases.length} phases, ${r.prizes.length} prizes, ${r.multipliers.length} multipliers, ${r.suits.length} suits, ` +
    `${r.ranks.map((a) => `${a.max} ${a.name} ranks`).join(', ')}, ${r.fortunes.length} fortunes`,
  renderTables: renderRound10Tables,
  engine: round10Engine,
  readings: ROUND10_READINGS,
  referee: round10Referee,
} satisfies GameModule<Round10Ruleset>;
