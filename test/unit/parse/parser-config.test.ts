import Parser from 'wikiparser-node';
import type { AstNodes, Token } from 'wikiparser-node/dist/internal.js';
import { expect, test } from 'vitest';
import { parseWikitext } from '../../../src/parse/parser.ts';
import { fixture } from '../helpers/fixtures.ts';

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
