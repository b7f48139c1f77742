// A seeded generator of hostile strings and page mutations for the property and fuzz tests: the same
// seed gives the same cases, so a failure names its seed and can be replayed.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { escapeWikitext } from '../../../src/parse/escape.ts';

/** Wikitext that means something somewhere: table syntax, links, templates, comments, tags, signatures, line starts. */
export const FRAGMENTS = [
  '|',
  '||',
  '!',
  '!!',
  '{{',
  '}}',
  '[[',
  ']]',
  '[',
  ']',
  '{',
  '}',
  '{|',
  '|}',
  '|-',
  '|+',
  '{{!}}',
  '<!--',
  '-->',
  '<nowiki>',
  '</nowiki>',
  '<pre>',
  '<ref>',
  '</table>',
  '<br>',
  '<',
  '>',
  '&',
  '&lt;',
  '&amp;',
  '&#124;',
  '&#x7C;',
  '&nbsp;',
  '&#0;',
  '~~~',
  '~~~~',
  '~~~~~',
  '__NOTOC__',
  '__',
  '----',
  "''",
  "'''",
  "'",
  '*',
  '#',
  ':',
  ';',
  '=',
  '== H ==',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\0',
  '\x01',
  '\x1f',
  '\x7f',
  '\x85',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\u0301',
  'e\u0301',
  '\u212b',
  '\u1100\u1161',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufdd0',
  '🝬',
  'http://example.org/x',
  '[http://x y]',
  'ISBN 0-306-40615-2',
  'RFC 1234',
  '-{',
  '}-',
  'colspan=2 |',
  'style="x" |',
  ',',
  ';',
  '(',
  ')',
  '×',
  'request r1-abc',
  '<!-- croupier:done r1 -->',
];

export class Random {
  private readonly rng;

  constructor(readonly seed: number) {
    this.rng = xoroshiro128plus(seed);
  }

  int(from: number, to: number): number {
    return uniformInt(this.rng, from, to);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** Any code point (lone surrogates included), mostly from the low planes. */
  codePoint(): string {
    const top = this.pick([0x7f, 0xff, 0x2fff, 0xffff, 0x10ffff]);
    const code = this.int(0, top);
    return code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code);
  }

  /** A string of up to `max` pieces: hostile fragments, ASCII letters, any code point. */
  text(max = 12): string {
    let s = '';
    for (let n = this.int(0, max); n > 0; n--) {
      const kind = this.int(0, 9);
      s += kind < 5 ? this.pick(FRAGMENTS) : kind < 8 ? String.fromCharCode(this.int(0x20, 0x7e)) : this.codePoint();
    }
    return s;
  }
}

/** One to three random edits of the page. */
export function mutate(text: string, r: Random): string {
  let out = text;
  for (let n = r.int(1, 3); n > 0; n--) {
    const at = r.int(0, out.length);
    switch (r.int(0, 6)) {
      case 0: // a markup fragment or hostile text, raw
        out = out.slice(0, at) + r.text(4) + out.slice(at);
        break;
      case 1: {
        // a cell's content replaced by hostile text, raw or as the bot would write it
        const cells = [...out.matchAll(/\|\|? ?([^|\n]*)/g)];
        const cell = cells[r.int(0, cells.length - 1)];
        if (cell === undefined) break;
        const start = cell.index + cell[0].length - cell[1]!.length;
        const value = r.int(0, 1) === 0 ? r.text(6) : escapeWikitext(r.text(6));
        out = out.slice(0, start) + value + out.slice(start + cell[1]!.length);
        break;
      }
      case 2: // a span deleted
        out = out.slice(0, at) + out.slice(Math.min(out.length, at + r.int(1, 60)));
        break;
      case 3: {
        // a line duplicated
        const lines = out.split('\n');
        const i = r.int(0, lines.length - 1);
        lines.splice(i, 0, lines[i]!);
        out = lines.join('\n');
        break;
      }
      case 4: {
        // a digit changed
        const digits = [...out.matchAll(/\d/g)];
        const d = digits[r.int(0, digits.length - 1)];
        if (d !== undefined) out = out.slice(0, d.index) + String(r.int(0, 9)) + out.slice(d.index + 1);
        break;
      }
      case 5: // a name the reader decodes from references (`&lt;!--`, `&#126;`…)
        out =
          out.slice(0, at) +
          r.pick(['&lt;!--', '&lt;/table&gt;', '&#126;&#126;&#126;&#126;', '&#124;', '&#124;&#124;', '&#123;&#123;!&#125;&#125;', '&amp;lt;']) +
          out.slice(at);
        break;
      default: // a line break in the middle of a line
        out = `${out.slice(0, at)}\n${out.slice(at)}`;
    }
  }
  return out;
}
