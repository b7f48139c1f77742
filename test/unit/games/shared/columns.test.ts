// The one-line columns of the common kinds (src/games/shared/columns.ts): each reads its cell into one field and
// writes that field back; a blank cell means what the column declares, or is refused by the cell's reader.
import { describe, expect, test } from 'vitest';
import { enumColumn, filledListColumn, intColumn, optionalIntColumn, optionalTextColumn } from '../../../../src/games/shared/columns.ts';
import { FieldError, intReaders } from '../../../../src/games/shared/fields.ts';

interface Row {
  chips: number;
  seat: number | null;
  judge: string | null;
  status: 'active' | 'inactive';
  parties: string[];
}

const row: Row = { chips: 3, seat: null, judge: null, status: 'inactive', parties: ['Alice', 'Bram'] };

describe('columns of the common kinds', () => {
  test('a count column reads an empty cell as its blank value, and refuses it when it declares none', () => {
    expect(intColumn<Row>('Chips', true, 'chips', { min: 0, blank: 0 }).read(undefined, undefined)).toEqual({ chips: 0 });
    expect(() => intColumn<Row>('Chips', true, 'chips', { min: 0 }).read(undefined, undefined)).toThrow(FieldError);
    expect(() => intColumn<Row>('Chips', true, 'chips', { min: 0 }).read('-1', undefined)).toThrow(/negative/);
  });

  test('a count column reads with the game’s own readers (units) when given them', () => {
    const units = intReaders(['chips']);
    expect(intColumn<Row>('Chips', true, 'chips', { ints: units }).read('41 Chips', undefined)).toEqual({ chips: 41 });
    expect(() => intColumn<Row>('Chips', true, 'chips').read('41 Chips', undefined)).toThrow(FieldError);
  });

  test('optional cells read as null and write back as "-"', () => {
    expect(optionalIntColumn<Row>('Seat', true, 'seat', { min: 1 }).read(undefined, undefined)).toEqual({ seat: null });
    expect(optionalIntColumn<Row>('Seat', true, 'seat', { min: 1 }).write(row)).toBe('-');
    expect(optionalTextColumn<Row>('Judge', false, 'judge').write(row)).toBe('-');
  });

  test('an enum column reads any case and an empty cell as its blank value, and writes the value as declared', () => {
    const status = enumColumn<Row, 'active' | 'inactive'>('Status', true, 'status', ['active', 'inactive'], 'active');
    expect(status.read('INACTIVE', undefined)).toEqual({ status: 'inactive' });
    expect(status.read(undefined, undefined)).toEqual({ status: 'active' });
    expect(status.write(row)).toBe('inactive');
  });

  test('a filled list column refuses an empty cell, and writes the list back comma-separated', () => {
    const parties = filledListColumn<Row>('Parties', true, 'parties');
    expect(() => parties.read(undefined, undefined)).toThrow(FieldError);
    expect(parties.read('Alice, Bram', undefined)).toEqual({ parties: ['Alice', 'Bram'] });
    expect(parties.write(row)).toBe('Alice, Bram');
  });
});
