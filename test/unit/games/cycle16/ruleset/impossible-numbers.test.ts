import { describe, expect, test } from 'vitest';
import { parseCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { renderCycle16Tables } from '../../../../../src/games/cycle16/tables/render.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';

// Issue 16 §3: impossible Ruleset numbers are warnings with locations, and the computed tables that
// depend on them say so instead of printing nonsense.

const PAGE = 'Cycle 16/Ruleset';
const original = fixture('cycle16');

describe('impossible numbers on the Ruleset', () => {
  test('a collection chance of 150% is warned about where it is written, and the packs drawing from it show no expectation', () => {
    const r = parseCycle16Ruleset(replaceOnce(original, 'Gold Plated, Silvery || 5%', 'Gold Plated, Silvery || 150%'), PAGE);
    const warning = r.warnings.find((w) => w.message.startsWith('Collection "Rare" has a chance'));
    expect(warning).toMatchObject({
      message: 'Collection "Rare" has a chance of 150%; a chance lies between 0 and 100%, so tables that use it show none',
      location: { page: PAGE, rule: 'Random Cards', row: 2, column: 'chance' },
    });
    const tables = renderCycle16Tables(r);
    // Handy Pack draws its modifiers from the default collections, Rare among them.
    expect(tables).toMatch(/\| Handy Pack \|\| [^\n]* \|\| none: the ruleset gives Rare \(150%\), not a chance\n/);
  });

  test("a pack's own chance above 100% is warned about in its rule", () => {
    const r = parseCycle16Ruleset(replaceOnce(original, 'Common (40% chance) and Rare (10% chance)', 'Common (40% chance) and Rare (110% chance)'), PAGE);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        message: 'Pack "Legendary Pack"\'s draw from "Rare" has a chance of 110%; a chance lies between 0 and 100%, so tables that use it show none',
        location: expect.objectContaining({ page: PAGE, rule: 'Legendary Pack' }),
      }),
    );
    expect(renderCycle16Tables(r)).toMatch(/\| Legendary Pack \|\| [^\n]* \|\| none: the ruleset gives Rare \(110%\), not a chance\n/);
  });

  test('a negative price is warned about where it is written, and the shop table shows no price per card', () => {
    const r = parseCycle16Ruleset(replaceOnce(original, '| Handy Pack || 12 Vertebrae', '| Handy Pack || -12 Vertebrae'), PAGE);
    expect(r.warnings).toContainEqual({
      message: 'Shop item "Handy Pack" costs -12 Vertebrae; a price cannot be negative, so tables that use it show none',
      location: expect.objectContaining({ page: PAGE, rule: 'The Croupier', row: 2, column: 'cost' }),
    });
    expect(renderCycle16Tables(r)).toContain('| Handy Pack || The Croupier || -12 Vertebrae || 3 || none: a price cannot be negative\n');
  });

  test('an exploration outcome above 100% is warned about in its scenario', () => {
    const text = original.replace(/\((\d+(?:\.\d+)?)%\)/, '(150%)');
    const r = parseCycle16Ruleset(text, PAGE);
    expect(r.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^Scenario \d+'s outcome ".+" has a chance of 150%; a chance lies between 0 and 100%/),
    );
  });
});
