import { readGamestate } from '../../../../src/games/round10/gamestate/read.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { round10Engine } from '../../../../src/games/round10/index.ts';

// The example Round 10 page (fixtures/round10/gamestate.wikitext) and what a run does with it, offline.

export const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
export const TITLE = 'Round 10/Gamestate';
export const PAGE = fixture('round10', 'gamestate');

export const read = (text: string) => readGamestate(text, TITLE, ruleset);
export const run = (text: string, now: string | Date) =>
  round10Engine.rollover(ruleset, 'round10', { title: TITLE, text, revid: 1 }, { now: new Date(now), trigger: 'test' });

/** The problems a refusal names (fails when nothing is refused). */
export function problemsOf(f: () => unknown): GamestateError['problems'] {
  try {
    f();
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  throw new Error('expected a GamestateError');
}
