import { describe, expect, it } from 'vitest';
import { ChosenReadings, ReadingDef, rulingLines, type Ruling } from '../../../../src/games/shared/readings.ts';
import { describeReason } from '../../../../src/sim/trail.ts';

const taxRounding = ReadingDef.parse({
  id: 'tax-rounding',
  question: 'Is tax counted in whole steps of 20 chips of wealth?',
  rule: 'Income: “each player gains a number of chips equal to 100 minus their tax value”',
  default: 'floor',
  alternatives: { floor: 'whole steps only (wealth 39 → 1 step)', exact: 'fractional steps' },
  usedIn: ['Monday income'],
});
const emptyHand = ReadingDef.parse({
  id: 'empty-product',
  question: 'A hand with no multiplier: m = 1 or 0?',
  rule: 'Hands: “c·r·m + h”',
  default: 'one',
  alternatives: { one: 'the empty product is 1', zero: 'no multiplier, m = 0' },
  usedIn: ['Sunday hands'],
});

const ruling = (reading: string, value: string, at: string, line = 1, by = 'Judge'): Ruling => ({ reading, value, line, by, at: new Date(at) });

describe('readings', () => {
  it('a reading nobody ruled on is its default, and says so', () => {
    const r = new ChosenReadings([taxRounding]);
    expect(r.get('tax-rounding')).toBe('floor');
    expect(r.label('tax-rounding')).toBe('tax-rounding=floor (default)');
  });

  it('a ruling selects another value and is named with its author and time', () => {
    const r = new ChosenReadings([taxRounding, emptyHand], [ruling('empty-product', 'zero', '2026-11-20T10:00:00Z', 3, 'Alice')]);
    expect(r.get('empty-product')).toBe('zero');
    expect(r.label('empty-product')).toBe('empty-product=zero (ruling by Alice, 2026-11-20 10:00)');
    expect(r.get('tax-rounding')).toBe('floor');
  });

  it('the latest ruling on a reading wins, whatever its place on the page', () => {
    const r = new ChosenReadings(
      [taxRounding],
      [ruling('tax-rounding', 'floor', '2026-11-21T00:00:00Z', 1), ruling('tax-rounding', 'exact', '2026-11-20T00:00:00Z', 2)],
    );
    expect(r.get('tax-rounding')).toBe('floor');
  });

  it('a ruling on an unknown reading or with an unknown value changes nothing and says why', () => {
    const r = new ChosenReadings(
      [taxRounding],
      [ruling('tax-round', 'exact', '2026-11-20T00:00:00Z'), ruling('tax-rounding', 'ceil', '2026-11-20T00:00:00Z', 2)],
    );
    expect(r.get('tax-rounding')).toBe('floor');
    expect(r.ignored.map((i) => i.why)).toEqual([
      'no reading "tax-round" (known: tax-rounding)',
      '"ceil" is not a value of tax-rounding (one of: floor, exact)',
    ]);
  });

  it('asking for a reading the game never declared is a programming error', () => {
    expect(() => new ChosenReadings([taxRounding]).get('nope')).toThrow('no reading "nope" is declared');
  });

  it('a default that is not among the alternatives is refused when the game declares it', () => {
    expect(() => ReadingDef.parse({ ...taxRounding, default: 'ceil' })).toThrow('the default must be one of the alternatives');
  });

  it('the Rulings page: one word after "=", a signature after it ignored, prose lines skipped', () => {
    const text =
      'The Judge rules:\n* tax-rounding = exact [[User:Judge|Judge]] 10:00, 20 November 2026 (UTC)\n* Empty-Product=zero\nsome prose = not a ruling\n';
    expect(rulingLines(text)).toEqual([
      { reading: 'tax-rounding', value: 'exact', line: 2 },
      { reading: 'empty-product', value: 'zero', line: 3 },
    ]);
  });

  it('a History reason names every reading it used', () => {
    const r = new ChosenReadings([taxRounding]);
    expect(describeReason({ rule: 'Income', inputs: {}, readings: [r.label('tax-rounding')] })).toBe('Income [reading tax-rounding=floor (default)]');
  });
});
