#!/usr/bin/env node
// Adds a "Wiki account" column to the Players table of a Gamestate page, written one cell a line (as
// fixtures/cycle16/gamestate.wikitext is) or one row a line (`! Player !! Joined …`, as fixtures/round10's is),
// naming the wiki account of some players:
//   node scripts/add-wiki-account.mjs <in> <out> Alice=Player [Bram=Admin …]
// Used by the demo and the referee's integration tests to let the local wiki's accounts play.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output, ...pairs] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/add-wiki-account.mjs <in> <out> Player=Account…');
  process.exit(2);
}
const accounts = new Map(pairs.map((p) => p.split('=')));
const lines = readFileSync(input, 'utf8').split('\n');
const out = [];
let inPlayers = false;
let name;
let inline = false;
for (const line of lines) {
  if (/^!\s*Player\s*!!/.test(line)) {
    inline = true;
    out.push(`${line} !! Wiki account`);
    continue;
  }
  if (inline) {
    if (line.startsWith('|}')) inline = false;
    const cells = /^\|\s*([^|]+?)\s*\|\|/.exec(line);
    out.push(cells ? `${line} || ${accounts.get(cells[1]) ?? '-'}` : line);
    continue;
  }
  if (/^!\s*Player\s*$/.test(line)) inPlayers = true;
  if (inPlayers && (line.startsWith('|-') || line.startsWith('|}'))) {
    if (name === undefined && out.at(-1)?.startsWith('!')) out.push('!Wiki account');
    else if (name !== undefined) out.push(`|${accounts.get(name.trim()) ?? ' -'}`);
    name = undefined;
    if (line.startsWith('|}')) inPlayers = false;
  } else if (inPlayers && name === undefined && out.at(-1)?.startsWith('|-')) {
    name = line.replace(/^\|/, '');
  }
  out.push(line);
}
writeFileSync(output, out.join('\n'));
