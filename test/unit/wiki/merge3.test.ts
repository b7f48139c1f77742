import { describe, expect, it } from 'vitest';
import { merge3 } from '../../../src/wiki/merge3.ts';

const lines = (...l: string[]) => l.join('\n');
const base = lines('a', 'b', 'c', 'd', 'e', 'f', 'g');

describe("merge3: both sides' changes of a base text", () => {
  it('keeps the other side when one side did not change, and either when both made the same change', () => {
    const changed = base.replace('c', 'C');
    expect(merge3(base, base, changed)).toEqual({ ok: true, text: changed });
    expect(merge3(base, changed, base)).toEqual({ ok: true, text: changed });
    expect(merge3(base, changed, changed)).toEqual({ ok: true, text: changed });
  });

  it('combines changes, insertions and deletions of separate lines', () => {
    const mine = lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h');
    const theirs = lines('top', 'a', 'b', 'c', 'e', 'F', 'g');
    expect(merge3(base, mine, theirs)).toEqual({ ok: true, text: lines('top', 'a', 'B', 'c', 'e', 'F', 'g', 'h') });
  });

  it('is a conflict when the two sides change the same line differently, or lines that touch', () => {
    expect(merge3(base, base.replace('d', 'mine'), base.replace('d', 'theirs'))).toEqual({ ok: false, conflicts: [{ baseLine: 3 }] });
    expect(merge3(base, base.replace('c', 'C'), base.replace('d', 'D'))).toMatchObject({ ok: false });
    expect(merge3(base, base.replace('c', 'C'), base.replace('e', 'E'))).toEqual({ ok: true, text: base.replace('c', 'C').replace('e', 'E') });
  });

  it('merging is symmetric and carries an edit over: merge3(x, y, z) gives the same text as merge3(x, z, y)', () => {
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const seed of seeds) {
      const o = Array.from({ length: 30 }, (_, i) => `line ${i}`);
      const a = o.map((l, i) => (i % 7 === seed % 7 ? `${l} (mine)` : l));
      const b = o.map((l, i) => (i % 7 === (seed + 3) % 7 ? `${l} (theirs)` : l));
      const ab = merge3(o.join('\n'), a.join('\n'), b.join('\n'));
      const ba = merge3(o.join('\n'), b.join('\n'), a.join('\n'));
      expect(ab).toEqual(ba);
      expect(ab).toEqual({ ok: true, text: o.map((l, i) => (a[i] !== l ? a[i] : b[i])).join('\n') });
    }
  });
});
