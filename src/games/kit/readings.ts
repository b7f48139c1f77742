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

export const LATE_EDITS = 'late-edits';

/** What edits of the Gamestate saved after an instant a run applies late mean for it (src/jobs/late-edits.ts). */
export const lateEditsReading: ReadingDef = {
  id: LATE_EDITS,
  question:
    'A run applies an instant it missed (the bot was stopped at a phase boundary), or a person saved the Gamestate while the bot was saving an instant: the page was edited after that instant. What do those edits mean for it?',
  rule: 'Every cycle: what falls due at an instant applies to the gamestate as it was then',
  default: 'refuse-overlap',
  alternatives: {
    'refuse-overlap':
      'the run applies the instant to the page as it reads it, and a History row names the edits saved after it; where the run would change a cell one of those edits changed (a mark typed in the new phase, Chips spent after the boundary), or would record otherwise before they took effect with those cells as they were at the instant (a Last action typed after the boundary, for an action after it), it makes no edit and names the cells, for an admin to move the edit by hand (undo it, let the bot catch up, make it again); an edit saved while the bot saves is compared the same way where the run changes what it changed, and the bot gives way to it (its own edit, if MediaWiki merged it with that one, undone)',
    'as-read':
      'the page as the run reads it is the page at the instant: the edits saved after it count as made before it, also where the run changes a cell they changed (a History row names them)',
  },
  usedIn: ['jobs/late-edits.ts: a rollover that applies an instant late (a History row names the edits saved after it), or meets an edit saved while it saves'],
};

/** The readings of every game. */
export const kitReadings: readonly ReadingDef[] = [rulesetRevisionReading, lateEditsReading];
