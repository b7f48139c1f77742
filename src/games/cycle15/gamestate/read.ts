import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Location } from '../../../parse/location.ts';
import { nearestName } from '../../shared/text.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { latestHistoryTime } from '../../shared/history-time.ts';
import { rowsByKey } from '../../kit/page-checks.ts';
import { readPage } from '../../kit/page-reader.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import type { Gamestate, Player } from './schema.ts';
import { gamestatePage } from './tables.ts';

// Reading the Cycle 15 Gamestate page: every table by its headers, every cell through its column's
// reader, then the checks between tables and against the Ruleset. Every problem is collected and
// located (table, row, column); any problem means a GamestateError and no edit.

/** What reading needs from the ruleset. */
export type ReadRuleset = Pick<Cycle15Ruleset, 'garbage' | 'spaceTypes' | 'categories' | 'constants'>;

export function readGamestate(text: string, page: string | undefined, ruleset: ReadRuleset): Gamestate {
  return readGamestateDocument(readDocument(text, { page }), ruleset);
}

export function readGamestateDocument(doc: WikiDocument, ruleset: ReadRuleset): Gamestate {
  return readPage(doc, gamestatePage, undefined, {
    build: ({ history }) => ({ historyLatest: latestHistoryTime(history) }),
    check: (state, problems) => crossCheck(state, ruleset, problems),
  });
}

function crossCheck(state: Gamestate, ruleset: ReadRuleset, problems: Problem[]): void {
  const at = (table: string, row: number | undefined, column?: string): Location => ({ page: state.page, table, row, column });
  const names = new Map<string, Player>();
  for (const p of state.players) {
    const same = [...names.values()].find((o) => o.name.toLowerCase() === p.name.toLowerCase());
    if (same !== undefined) problems.push({ message: `player "${p.name}" is listed twice (row ${same.row})`, location: at('Players', p.row, 'Player') });
    names.set(p.name, p);
  }
  const garbage = ruleset.garbage.map((g) => g.name);
  const known = new Set(garbage);
  for (const p of state.players) {
    for (const item of Object.keys(p.garbage)) {
      if (known.has(item)) continue;
      const near = nearestName(item, garbage);
      problems.push({
        message: `"${item}" is not an item of the Garbage table${near === undefined ? '' : ` (did you mean "${near}"?)`}`,
        location: at('Players', p.row, 'Garbage'),
      });
    }
  }

  // “Each space has an identifier, which is an integer unique among spaces.” “A space with identifier 0 always exists.”
  const spaces = rowsByKey(
    state.spaces,
    (s) => s.id,
    (s) => problems.push({ message: `space ${s.id} is listed twice: “an integer unique among spaces”`, location: at('Spaces', s.row, 'Space') }),
  );
  if (state.spaces.length > 0 && !spaces.has(0)) {
    problems.push({ message: 'there is no space 0: “A space with identifier 0 always exists”', location: at('Spaces', undefined, 'Space') });
  }
  const types = new Set(ruleset.spaceTypes.map((t) => t.name));
  const categories = new Map(ruleset.categories.map((c) => [c.name, c]));
  for (const s of state.spaces) {
    const category = categories.get(s.type);
    if (!types.has(s.type) && category === undefined) {
      const near = nearestName(s.type, [...types, ...categories.keys()]);
      problems.push({
        message: `"${s.type}" is neither a type of space nor a category of the Ruleset${near === undefined ? '' : ` (did you mean "${near}"?)`}`,
        location: at('Spaces', s.row, 'Type'),
      });
    }
    if (category !== undefined && s.pseudoType !== null && s.pseudoType !== 'Blank' && !category.types.includes(s.pseudoType)) {
      problems.push({
        message: `"${s.pseudoType}" is not a type of the category ${s.type} (${category.types.join(', ')}) nor "Blank"`,
        location: at('Spaces', s.row, 'Pseudo-type'),
      });
    }
    if (category === undefined && s.pseudoType !== null) {
      problems.push({
        message: `space ${s.id} is of type ${s.type}, not a category: only “Spaces whose types are categories have a "pseudo-type"”`,
        location: at('Spaces', s.row, 'Pseudo-type'),
      });
    }
    for (const n of s.successors) {
      if (!spaces.has(n)) problems.push({ message: `successor ${n} is not a space of the Spaces table`, location: at('Spaces', s.row, 'Successors') });
    }
  }
  for (const p of state.players) {
    if (state.spaces.length > 0 && !spaces.has(p.location))
      problems.push({ message: `${p.name} is on space ${p.location}, which is not in the Spaces table`, location: at('Players', p.row, 'Location') });
  }

  const dice = ruleset.constants.movementDice.value;
  for (const m of state.moves) {
    if (!names.has(m.player)) problems.push({ message: `"${m.player}" is not a player of the Players table`, location: at('Moves', m.row, 'Player') });
    if (dice !== null && m.roll.length > 0 && (m.roll.length !== dice.count || m.roll.some((v) => v < 1 || v > dice.sides))) {
      problems.push({
        message: `the roll ${m.roll.join('+')} is not a roll of ${dice.text} (${dice.count} dice of 1 to ${dice.sides})`,
        location: at('Moves', m.row, 'Roll'),
      });
    }
  }
  for (const p of state.proposals) {
    if (p.proposalClass === 'Tune Up' && p.tuneUpSince === null && p.status === 'tune up') {
      problems.push({
        message: 'a Tune Up class proposal needs the phase it became one ("Tune Up since phase")',
        location: at('Proposals', p.row, 'Tune Up since phase'),
      });
    }
  }
}
