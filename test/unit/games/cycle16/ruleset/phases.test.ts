import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../../src/parse/document.ts';
import type { Extraction } from '../../../../../src/games/shared/extraction.ts';
import { parseWeekdays, readPhases } from '../../../../../src/games/shared/phases.ts';
import { fixture } from '../../../helpers/fixtures.ts';

const phasesOf = (text: string) => {
  const x: Extraction = { doc: readDocument(text), warnings: [] };
  return { phases: readPhases(x).map((p) => [p.name, p.days]), warnings: x.warnings.map((w) => w.message) };
};

describe('reading the phase calendar', () => {
  test('weekdays are ISO numbers, and ranges and abbreviations expand', () => {
    expect(parseWeekdays('Monday, Tuesday and Wednesday')).toEqual([1, 2, 3]);
    expect(parseWeekdays('Thursday to Sunday')).toEqual([4, 5, 6, 7]);
    expect(parseWeekdays('Fri–Mon')).toEqual([5, 6, 7, 1]);
  });

  test('words that merely start like a day are not days', () => {
    expect(parseWeekdays('a sunny month on Saturn')).toEqual([]);
  });

  test('Cycle 15 has Phase I from Monday to Thursday and Phase II from Friday to Sunday', () => {
    expect(phasesOf(fixture('cycle15')).phases).toEqual([
      ['Phase I', [1, 2, 3, 4]],
      ['Phase II', [5, 6, 7]],
    ]);
  });

  test('Round 10 has the Auction Phase from Monday to Wednesday and the Resolution Phase from Thursday to Sunday', () => {
    expect(phasesOf(fixture('round10')).phases).toEqual([
      ['Auction Phase', [1, 2, 3]],
      ['Resolution Phase', [4, 5, 6, 7]],
    ]);
  });

  test('a phase written with its days in parentheses is read', () => {
    expect(phasesOf('== Phases ==\n* Rest Phase (Mon–Wed)\n* Battle Phase (Thu–Sun)\n').phases).toEqual([
      ['Rest Phase', [1, 2, 3]],
      ['Battle Phase', [4, 5, 6, 7]],
    ]);
  });

  test('a day in two phases is warned about', () => {
    expect(phasesOf('== Phases ==\n* Rest Phase: Monday to Thursday\n* Battle Phase: Thursday to Sunday\n').warnings).toEqual([
      'Thursday is in two phases: Rest Phase and Battle Phase',
    ]);
  });
});
