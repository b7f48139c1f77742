import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../../src/parse/document.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// The Ruleset's Rare collection lists “Holographic, Holographic, Holographic, Gold Plated, Silvery”;
// its Modifiers table names the modifier “Gold Plating”. A card recorded the Ruleset's way is the
// modifier it means, not a reason to refuse the Gamestate.

const ruleset = readCycle16Ruleset(readDocument(fixture('cycle16'), { page: 'Cycle 16/Ruleset' }));
const PAGE = 'Cycle 16/Gamestate';
const GOLD = replaceOnce(fixture('cycle16', 'gamestate'), '| 1 || Alice || Ace || Holographic ||', '| 1 || Alice || Ace || Holographic, Gold Plated ||');

describe('a modifier written as the Ruleset itself spells it', () => {
  test('“Gold Plated” on a card (as the Rare collection writes it) is read as “Gold Plating”, and the page rolls over; the Ruleset warning is kept', () => {
    expect(readGamestate(GOLD, PAGE, ruleset).cards[0]!.modifiers).toEqual(['Holographic', 'Gold Plating']);
    const r = cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text: GOLD, revid: 1 }, { now: new Date('2026-11-19T00:00Z'), trigger: 'schedule' });
    expect(r.text).toContain('| 1 || Alice || Ace || Holographic, Gold Plating ||');
    expect(ruleset.warnings.map((w) => w.message)).toEqual([expect.stringContaining('read as "Gold Plating"')]);
  });

  test('a spelling the Ruleset does not use is still refused at its cell: “Gold Platted”', () => {
    const text = replaceOnce(GOLD, 'Gold Plated', 'Gold Platted');
    expect(() => readGamestate(text, PAGE, ruleset)).toThrow(GamestateError);
    expect(() => readGamestate(text, PAGE, ruleset)).toThrow(/table "Cards", row 1, column "Modifiers": "Gold Platted" is not a modifier of the ruleset/);
  });
});
