import { z } from 'zod';
import { describeLocation, Location } from '../../parse/location.ts';

// What every game's Gamestate reader reports when a page cannot be read or breaks a rule it checks:
// every problem found, each naming page, table, row and cell. The generic layers (src/jobs, src/cli)
// catch this one type whatever the game.

export const Problem = z.object({ message: z.string(), location: Location });
export type Problem = z.infer<typeof Problem>;

/** The page cannot be read as a valid gamestate: every problem found, each naming table, row and cell. */
export class GamestateError extends Error {
  override name = 'GamestateError';
  constructor(readonly problems: Problem[]) {
    super(describeProblems(problems, 'nothing was changed'));
  }
}

/** "The Gamestate is not valid (2 problems); <outcome>:" and one line per problem. */
export function describeProblems(problems: readonly Problem[], outcome?: string): string {
  return (
    `The Gamestate is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'})${outcome ? `; ${outcome}` : ''}:\n` +
    problems.map((p) => `  - ${describeLocation(p.location)}: ${p.message}`).join('\n')
  );
}
