// The inverse of plain.ts: wikitext that shows — and reads back through plainText — exactly a given
// string, wherever the bot puts text on a line (a table cell, a History row, an answer on a request
// line, the Status page, an edit summary, a computed card table).
//
// Every character that could start markup is written as a numeric character reference `&#N;`, which
// MediaWiki shows as the character and plainText decodes back:
//   - always: & < > [ ] { } |   (entities, tags and comments, links, templates, table cells — `{{!}}`
//     would be a table pipe inside a table, so `|` is never written as it)
//   - when repeated: ' ! _ ~    ('' bold, !! header cells, __NOTOC__, ~~~ signatures), and a trailing ' or ~
//   - first: * # : ; = !      (line starts: lists, headings; a leading - or + is left to the table writer,
//     which puts a space between it and a cell's `|` — "+30 Vertebrae" and "-3" stay readable)
//   - whitespace other than a single space between two other characters (plainText collapses and trims
//     written whitespace, never referenced whitespace), so newlines and leading spaces survive
//   - characters MediaWiki would not store as given: control characters (it replaces them with U+FFFD),
//     noncharacters, lone surrogates, and anything its NFC normalisation would change (combining marks,
//     compatibility singletons). The wiki shows a reference to a control character as written
//     (`&#0;`); the bot reads it back as the character.
// Everything else — letters of any script, digits, most punctuation, emoji — is written as itself.

const ALWAYS = new Set(['&', '<', '>', '[', ']', '{', '}', '|']);
const REPEATED = new Set(["'", '!', '_', '~']);
const TRAILING = new Set(["'", '~']);
const FIRST = new Set(['*', '#', ':', ';', '=', '!']);

// Text that escapeCharacters() writes as it is: characters that start no markup anywhere (printable
// ASCII but & < > [ ] { } | ' ! _ ~, Latin letters below U+0300, and a few punctuation marks and
// arrows the bot writes), none of * # : ; = first, single spaces between them. Most cells of a page
// are such text: they are not taken apart character by character (test/unit/parse/escape.test.ts
// compares both ways on every such character and every pair).
export const PLAIN =
  /^(?![*#:;=])[\x22-\x25\x28-\x3b\x3d\x3f-\x5a\x5c\x5e\x60-\x7a\u00a1-\u02ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2192\u2212\u2264\u2265\u2308\u2309]+(?: [\x22-\x25\x28-\x3b\x3d\x3f-\x5a\x5c\x5e\x60-\x7a\u00a1-\u02ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2192\u2212\u2264\u2265\u2308\u2309]+)*$/;

/** Wikitext that shows `text` and that plainText reads back as `text`, on any line, in any table cell (after `| `). */
export function escapeWikitext(text: string): string {
  return PLAIN.test(text) ? text : escapeCharacters(text);
}

/** escapeWikitext, character by character (PLAIN text comes out as it is). */
export function escapeCharacters(text: string): string {
  const chars = [...text];
  let out = '';
  let previous = ''; // the last character written as itself (NFC composes across written characters only)
  chars.forEach((c, i) => {
    const next = chars[i + 1];
    const last = i === chars.length - 1;
    const encode =
      ALWAYS.has(c) ||
      (REPEATED.has(c) && next === c) ||
      (last && TRAILING.has(c)) ||
      (i === 0 && FIRST.has(c)) ||
      (/\s/.test(c) && !(c === ' ' && i > 0 && !last && !/\s/.test(chars[i - 1]!) && !/\s/.test(next!))) ||
      unstorable(c) ||
      // Below U+0300 nothing composes with what precedes it (a fast path: pages hold thousands of cells).
      (c.codePointAt(0)! >= 0x300 && (previous + c).normalize('NFC') !== previous + c);
    if (encode) {
      out += `&#${c.codePointAt(0)!};`;
      previous = '';
    } else {
      out += c;
      previous = c;
    }
  });
  return out;
}

/** Control characters, noncharacters, lone surrogates, combining marks: not stored by MediaWiki as written. */
function unstorable(c: string): boolean {
  const code = c.codePointAt(0)!;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    (code & 0xfffe) === 0xfffe ||
    (code >= 0x300 && (/\p{M}/u.test(c) || c.normalize('NFC') !== c))
  );
}
