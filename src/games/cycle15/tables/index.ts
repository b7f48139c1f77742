import { GamestateError } from '../../shared/gamestate-error.ts';
import { readGamestate } from '../gamestate/read.ts';
import type { Space } from '../gamestate/schema.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { expectedRoll, findDice } from '../../shared/text.ts';
import { formatNumber, formatPercent, renderWikitable } from '../../shared/wikitable.ts';
import { repeatWays, sumWays } from './dice.ts';

// The reference tables players read next to the Cycle 15 ruleset, computed from it (and, for the
// board, from the Gamestate's Spaces table): change the rules, the tables change. Deterministic.

const fraction = (ways: number, of: number) => `${ways}/${of} (${formatPercent(ways / of)})`;

function movementTable(r: Cycle15Ruleset): string {
  const dice = r.constants.movementDice.value;
  if (dice === null) return 'none: the Movement rule states no dice (a warning of the ruleset)';
  const ways = sumWays(dice);
  const total = dice.sides ** dice.count;
  const rows = ways.flatMap((w, sum) => (w > 0 ? [[String(sum), fraction(w, total)]] : []));
  const repeats = repeatWays(dice);
  return [
    renderWikitable({ caption: `Movement: ${dice.text} spaces (“First, a random choice of ${dice.text}.”)`, headers: ['Spaces', 'Chance'], rows }),
    '',
    `Expected: ${formatNumber(expectedRoll(dice))} spaces. Doubles (“If you roll multiple of the same number when moving, grant yourself a 'Time Bean Chili'”): ${fraction(repeats, total)}.`,
  ].join('\n');
}

function shardsTable(r: Cycle15Ruleset): string {
  const c = r.constants.crystalShards.value;
  if (c === null) return 'none: the Shards rule states no amount (a warning of the ruleset)';
  const ways = sumWays(c.dice);
  const total = c.dice.sides ** c.dice.count;
  const rows = ways.flatMap((w, sum) => (w > 0 ? [[String(c.base + sum), fraction(w, total)]] : []));
  return [
    renderWikitable({ caption: `Shards from destroying 1 crystal: ${c.base}+${c.dice.text}`, headers: ['Shards', 'Chance'], rows }),
    '',
    `Expected: ${formatNumber(c.base + expectedRoll(c.dice))} shards.`,
  ].join('\n');
}

function diceItemsTable(r: Cycle15Ruleset): string {
  const rows = r.garbage.flatMap((g) => findDice(g.description).map((d) => [g.name, String(g.id), d.text, formatNumber(expectedRoll(d)), g.description]));
  const spaces = r.spaceTypes.flatMap((t) => findDice(t.effect).map((d) => [`${t.name} (space)`, '-', d.text, formatNumber(expectedRoll(d)), t.effect]));
  return renderWikitable({
    caption: 'Items and spaces whose text rolls dice: the expected roll (the mean of the dice as written)',
    headers: ['Item', 'ID', 'Dice', 'Expected roll', 'Text'],
    rows: [...rows, ...spaces],
  });
}

/** The first sentence after the definition: what happens on landing or passing. */
function effectOf(r: Cycle15Ruleset, type: string): string {
  const t = r.spaceTypes.find((x) => x.name === type);
  if (t === undefined) {
    const c = r.categories.find((x) => x.name === type);
    return c === undefined ? '-' : `category: ${c.types.join(', ')}`;
  }
  const rest = t.effect.replace(/^[^.]*\bis a type of space\.\s*/i, '');
  return rest.split(/(?<=\.)\s/)[0] || '-';
}

// Headers unlike the Spaces table's (Space, Successors): on the Gamestate page it must not be taken for it.
function boardTable(r: Cycle15Ruleset, spaces: readonly Space[]): string {
  const rows = [...spaces]
    .sort((a, b) => a.id - b.id)
    .map((s) => [String(s.id), s.type, s.pseudoType ?? '-', s.successors.join(', ') || '-', effectOf(r, s.pseudoType ?? s.type)]);
  return renderWikitable({
    caption: 'The board: each space, its type, and what landing there does',
    headers: ['Board space', 'Type', 'Pseudo-type', 'Next spaces', 'Effect'],
    rows,
  });
}

export function renderCycle15Tables(r: Cycle15Ruleset, board?: { spaces: readonly Space[] }): string {
  const source = r.page === undefined ? 'the ruleset' : `[[${r.page}]]`;
  return [
    `Reference tables computed by Croupier from ${source}. They follow the rules as written.`,
    '',
    '== Movement ==',
    movementTable(r),
    '',
    '== Shards ==',
    shardsTable(r),
    '',
    '== Dice items ==',
    diceItemsTable(r),
    '',
    ...(board === undefined ? [] : ['== Board ==', boardTable(r, board.spaces), '']),
  ].join('\n');
}

/** The tables with the board of a Gamestate page; a page whose Spaces cannot be read gives a line saying so instead. */
export function renderCycle15TablesWith(r: Cycle15Ruleset, gamestate?: { title: string; text: string }): string {
  if (gamestate === undefined) return renderCycle15Tables(r);
  try {
    return renderCycle15Tables(r, readGamestate(gamestate.text, gamestate.title, r));
  } catch (err) {
    if (!(err instanceof GamestateError)) throw err;
    return `${renderCycle15Tables(r)}== Board ==\nnone: [[${gamestate.title}]] cannot be read (${err.problems.length} problem${err.problems.length === 1 ? '' : 's'}: ${err.problems[0]!.message})\n`;
  }
}
