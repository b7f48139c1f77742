import { findTables, readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Extraction } from '../../shared/extraction.ts';
import { readPhases } from '../../shared/phases.ts';
import { readFortunes, readMultipliers, readPrizes, readProposalMakers, readRanks, readSuitGroups, readSuits } from './cards.ts';
import { readCasinoTables, readConstants } from './economy.ts';
import { checkedRuleset } from '../../shared/ruleset-schema.ts';
import { Round10Ruleset } from './schema.ts';
import { readSlots } from './slots.ts';
import { openQuestions } from './open-questions.ts';
import { ROUND10_READINGS } from '../readings.ts';

/** An Auction Casino ruleset: a hand-multiplier table (Name, Conditions, Value) and a Prizes table by placement. */
export function isRound10(doc: WikiDocument): boolean {
  return findTables(doc, { headers: ['name', 'conditions', 'value'] }).length > 0 && findTables(doc, { headers: ['placement', 'prizes'] }).length > 0;
}

/** Everything the game needs from the ruleset's text, zod-checked; what cannot be read becomes a warning. */
export function readRound10Ruleset(doc: WikiDocument): Round10Ruleset {
  const x: Extraction = { doc, warnings: [...doc.warnings] };
  const suits = readSuits(x);
  const ranks = readRanks(x, suits);
  const fortunes = readFortunes(x, ranks);
  const tables = readCasinoTables(x);
  const constants = readConstants(x);
  openQuestions(x, ROUND10_READINGS);
  const ruleset: Round10Ruleset = {
    kind: 'round10',
    page: doc.page,
    phases: readPhases(x),
    prizes: readPrizes(x),
    multipliers: readMultipliers(x),
    traditions: readSuitGroups(x, 'tradition'),
    colors: readSuitGroups(x, 'color'),
    suits,
    ranks,
    proposalMakers: readProposalMakers(x),
    slots: readSlots(x),
    fortunes,
    tables,
    constants,
    warnings: x.warnings,
    rules: doc.rules,
  };
  return checkedRuleset(Round10Ruleset, ruleset, doc.page);
}

export function parseRound10Ruleset(text: string, page?: string): Round10Ruleset {
  return readRound10Ruleset(readDocument(text, { page }));
}
