import Parser from 'wikiparser-node';
import type { AstNodes, Token } from 'wikiparser-node/dist/internal.js';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseWikitext } from '../../../src/parse/parser.ts';
import { fixture, RULESETS } from '../helpers/fixtures.ts';

// parseWikitext keeps one parser configuration for the whole process and sets wikiparser-node's internal
// flag during each parse (src/parse/parser.ts). Neither may change what a parse gives: a page parsed after
// pages whose tokens copy the configuration with other `excludes` (links holding tables and lists, images,
// headings inside extension tags…) must come out as a parse with a configuration of its own, flag unset.

/** Every node as type, start and text: what the readers of a tree use. */
function outline(root: Token): string[] {
  const out: string[] = [];
  const walk = (node: AstNodes, start: number): void => {
    const text = String(node);
    out.push(`${node.type}@${start}:${text.length}`);
    if (node.type === 'text') return;
    for (const [i, child] of node.childNodes.entries()) walk(child, start + (node as Token).getRelativeIndex(i));
  };
  walk(root, 0);
  return out;
}

const TRICKY = [
  '[[File:A.png|thumb|caption with [[link]] and\n* a list\n{|\n|cell\n|}\n]]',
  '[[Page|text\n== not a heading ==\n* item]]',
  '<poem>\n== heading in poem ==\n----\n</poem>\n__NOTOC__',
  '{{Template|arg=\n{|\n! h\n|-\n| c\n|}\n}}\n<gallery>\nFile:B.png|[[x]]\n</gallery>',
  '-{zh:a;en:b}- [https://example.org ext] ISBN 978-0-306-40615-7 RFC 1234',
];

test('a ruleset parsed after pages that copy the configuration comes out as with a configuration of its own', () => {
  const page = fixture('cycle16');
  for (const t of TRICKY) parseWikitext(t);
  const ours = outline(parseWikitext(page));
  const fresh = outline(Parser.parse(page, false, 'list', Parser.getConfig()));
  expect(ours).toEqual(fresh);
  expect(ours.length).toBeGreaterThan(1000);
});

test("every game's pages and the tricky ones come out as wikiparser-node parses them with its own settings", () => {
  const pages = [...RULESETS.flatMap((game) => [fixture(game), fixture(game, 'gamestate')]), ...TRICKY];
  for (const page of pages) expect(outline(parseWikitext(page))).toEqual(outline(Parser.parse(page, false, 'list', Parser.getConfig())));
});

test('the internal flag is back to what it was after a parse, also when the parse throws', () => {
  const parser = Parser as typeof Parser & { internal: boolean };
  expect(parser.internal).toBe(false);
  parseWikitext(TRICKY[0]!);
  expect(parser.internal).toBe(false);
  const memoryUsage = process.memoryUsage;
  expect(() => parseWikitext(Symbol('not text') as unknown as string)).toThrow();
  expect(parser.internal).toBe(false);
  expect(process.memoryUsage).toBe(memoryUsage);
});

// The free-link scan is skipped for a text that holds no "letter:", RFC, PMID or ISBN (src/parse/parser.ts):
// whatever the text, the tree must be the one of the full scan.
const LINKS = [
  'See https://example.org/a_(b), ftp://x.y and mailto:a@b.c; not a link: 12:30, Note: text.',
  'HTTPS://EXAMPLE.ORG and httpſ://example.org (ſ folds to s) and ISBN 978-0-306-40615-7, iſbn 0306406152, Iſbn 0306406152',
  'rfc 1234 and PMID 5678 and RFC&nbsp;42; magnet:?xt=urn:btih:abc; geo:1,2 tel:+123 urn:isbn:1',
  '{|\n! h\n|-\n| https://a.b || ISBN 0306406152 || plain\n|}\n* item news:comp.lang\n# sips:a@b',
  'the only link httpſ://example.org',
];

test('a page with free links, in any case, comes out as with the full free-link scan', () => {
  for (const page of LINKS) expect(outline(parseWikitext(page)), page).toEqual(outline(Parser.parse(page, false, 'list', Parser.getConfig())));
  const links = (page: string) => outline(parseWikitext(page)).filter((n) => /^(free-ext-link|magic-link)@/.test(n));
  expect(links(LINKS[1]!)).toHaveLength(3); // httpſ:// is a link; a lower-case isbn is not
  expect(links(LINKS[4]!)).toHaveLength(1);
});

test('any text over letters, colons, digits and spaces comes out as with the full free-link scan', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...'ahtpsſKkIiSBNRFCPMDbnrfcmdx:/. 0123456789\n|{}-'), maxLength: 60 }), (page) => {
      expect(outline(parseWikitext(page))).toEqual(outline(Parser.parse(page, false, 'list', Parser.getConfig())));
    }),
    { numRuns: 3000, seed: 30 },
  );
});
