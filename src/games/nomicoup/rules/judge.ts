import { Draws } from '../../../sim/rng.ts';
import type { Change } from '../../../sim/trail.ts';
import type { JudgeCase, NomicoupState } from '../gamestate/schema.ts';
import { change } from './change.ts';

// 6.1 Choosing a Judge, 6.3 Suggestion Voting, 6.4 Deferring.

export const CHOOSING = {
  rule: '6.1 Clarifications / Choosing a Judge',
  sentence: 'The Judge is randomly selected from the list of Judge candidates. A player cannot be chosen as the Judge two times in a row.',
};
export const DEFERRING = {
  rule: '6.4 Clarifications / Deferring',
  sentence:
    'If a player chosen to be the Judge does not wish to make a suggestion or does not suggest a fix within 48 hours, a new Judge is chosen to make a suggestion.',
};
export const SUGGESTION = {
  rule: '6.3 Clarifications / Suggestion Voting',
  sentence:
    "If an upvote majority is reached within 72 hours, the suggestion is adopted. After 72 hours, the remaining votes are ignored. If there are more upvotes than downvotes the suggestion is adopted. Otherwise, the Judge's suggestion is rejected and a new Judge is chosen to make a new suggestion.",
};

/** The seed text of a case's n-th draw: public, and the same whenever the bot draws it. */
export function judgeSeed(game: string, c: Pick<JudgeCase, 'id'>, n: number): string {
  return `${game}/judge case ${c.id}/draw ${n}`;
}

/** The candidates a draw picks from: the active candidates, without the Judge chosen last ("not … two times in a row"). */
export function judgeCandidates(s: Pick<NomicoupState, 'players' | 'game'>): string[] {
  return s.players
    .filter((p) => p.status === 'active' && p.candidate && p.name !== s.game.judge)
    .map((p) => p.name)
    .sort();
}

/** Draws a Judge for the case at `at` (seeded, recorded); no row and no Judge when there is no candidate. */
export function drawJudge(s: NomicoupState, c: JudgeCase, at: Date, game: string, why: string): Change[] {
  const candidates = judgeCandidates(s);
  if (candidates.length === 0) return [];
  const seed = judgeSeed(game, c, c.draws + 1);
  const index = new Draws(seed).int(0, candidates.length - 1, `Judge for case ${c.id}`);
  const judge = candidates[index]!;
  const previous = s.game.judge;
  s.game.previousJudge = previous;
  s.game.judge = judge;
  c.judge = judge;
  c.chosen = at;
  c.suggested = null;
  c.up = 0;
  c.down = 0;
  c.draws += 1;
  return [
    change(
      at,
      s.game.turn,
      'Judge',
      judge,
      `${judge} is the Judge for case ${c.id} (${why})`,
      CHOOSING,
      {
        candidates: candidates.join(', '),
        drawn: `${index + 1} of ${candidates.length}`,
        'previous Judge': previous ?? 'none',
      },
      { seed },
    ),
  ];
}
