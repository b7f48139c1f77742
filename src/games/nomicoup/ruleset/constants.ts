import type { Location, Warning } from '../../../parse/location.ts';
import type { NumberedRule } from '../../../parse/numbered-rules.ts';
import type { ConstantName, Constants } from './schema.ts';

// The numbers the rules state in words, each read from its rule's sentence. A sentence that is not
// found (the rule was edited) keeps the seed ruleset's number and says so in a warning: never silent.

interface ConstantSpec {
  /** The title of the rule that states it. */
  rule: string;
  pattern: RegExp;
  /** The seed ruleset's value (User:Xenon dichloride/Nomicoup, 22 January 2025). */
  seed: number;
}

const SPECS: Record<ConstantName, ConstantSpec> = {
  treasury: { rule: 'Treasury', pattern: /total of (\d+) credits/i, seed: 50 },
  startingCredits: { rule: 'Starting', pattern: /Each player is given (\d+) credits? from the Treasury/i, seed: 2 },
  startingCreditsTwoPlayers: { rule: 'Starting', pattern: /starting player instead receives (\d+) credits?/i, seed: 1 },
  startingCards: { rule: 'Starting', pattern: /each player is dealt (\d+) cards/i, seed: 2 },
  joinCredits: { rule: 'Placement', pattern: /given (\d+) credits? from the Treasury/i, seed: 2 },
  joinCards: { rule: 'Placement', pattern: /(\d+) random cards? from the Court Deck/i, seed: 2 },
  exileCards: { rule: 'Exile', pattern: /they draw (\d+) new cards/i, seed: 2 },
  turnHours: { rule: 'Turns', pattern: /(\d+) hours have passed/i, seed: 48 },
  forcedCoupAt: { rule: 'Actions', pattern: /starts their turn with (\d+) or more credits/i, seed: 10 },
  propositionHours: { rule: 'Proposition Time Limit', pattern: /majority (\d+) hours after it is made/i, seed: 72 },
  suggestionHours: { rule: 'Suggestion Voting', pattern: /within (\d+) hours/i, seed: 72 },
  judgeDeferralHours: { rule: 'Deferring', pattern: /within (\d+) hours/i, seed: 48 },
};

export function readConstants(
  flat: readonly NumberedRule[],
  at: (r: NumberedRule) => Location,
  warnings: Warning[],
  page?: string,
): { constants: Constants; sources: Record<string, Location> } {
  const constants = {} as Constants;
  const sources: Record<string, Location> = {};
  for (const [name, spec] of Object.entries(SPECS) as [ConstantName, ConstantSpec][]) {
    const candidates = flat.filter((r) => r.title.toLowerCase() === spec.rule.toLowerCase());
    const found = candidates.map((r) => ({ r, m: spec.pattern.exec(r.text) })).find((x) => x.m !== null);
    if (found) {
      constants[name] = Number(found.m![1]);
      sources[name] = at(found.r);
    } else {
      constants[name] = spec.seed;
      warnings.push({
        message: `${name}: no rule "${spec.rule}" says ${spec.pattern.source.replace('(\\d+)', 'N')}; the seed ruleset's ${spec.seed} is used`,
        location: candidates[0] ? at(candidates[0]) : { page },
      });
    }
  }
  return { constants, sources };
}
