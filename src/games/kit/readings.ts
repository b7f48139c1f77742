import type { ReadingDef } from '../shared/readings.ts';

// The readings every game has, whatever its rules: questions the kit's shared code answers (src/jobs), listed by
// src/games/registry.ts#readingsFor after the game's own.

export const RULESET_REVISION = 'ruleset-revision';

/** Which Ruleset revision applies at an instant a run missed (src/jobs/ruleset-revisions.ts). */
export const rulesetRevisionReading: ReadingDef = {
  id: RULESET_REVISION,
  question: 'A run applies instants it missed, and the Ruleset page was edited since the first of them: which rules apply at each?',
  rule: 'Every cycle: its rules change when a proposal passes, and the Ruleset page is edited to say so',
  default: 'saved',
  alternatives: {
    saved:
      'each instant with the Ruleset revision saved at or before it (a revision takes effect when it is saved), except one a later revision took back (an undo, a rollback, its older text saved again: vandalism reverted was never the rules); the current one when the page has no revision that old',
    'saved-including-reverted':
      'each instant with the Ruleset revision saved at or before it, also one a later revision took back (a proposal that repealed another restored its text: the repealed rules were in force until then)',
    latest: 'every instant with the Ruleset as it is at the run',
  },
  usedIn: ['jobs/ruleset-revisions.ts: the Ruleset revisions a rollover applies (a History row names them when they differ)'],
};

/** The readings of every game. */
export const kitReadings: readonly ReadingDef[] = [rulesetRevisionReading];
