#!/usr/bin/env node
// Adds a "Wiki account" column to the Players table of a Gamestate page, written one cell a line (as
// fixtures/cycle16/gamestate.wikitext is) or one row a line (`! Player !! Joined …`, as fixtures/round10's is),
// naming the wiki account of some players:
//   node scripts/add-wiki-account.mjs <in> <out> Alice=Player [Bram=Admin …]
// Used by the demo and the referee's integration tests to let the local wiki's accounts play. With
// `--column <header>` first, it adds that column instead ("--column 'Good luck' … Alice=yes": who has good luck).
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const header = args[0] === '--column' ? args.splice(0, 2)[1] : 'Wiki account';
const [input, output, ...pairs] = args;
if (!input || !output) {
  console.error('usage: node scripts/add-wiki-account.mjs [--column <header>] <in> <out> Player=Value…');
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
    out.push(`${line} !! ${header}`);
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
    if (name === undefined && out.at(-1)?.startsWith('!')) out.push(`!${header}`);
    else if (name !== undefined) out.push(`|${accounts.get(name.trim()) ?? ' -'}`);
    name = undefined;
    if (line.startsWith('|}')) inPlayers = false;
  } else if (inPlayers && name === undefined && out.at(-1)?.startsWith('|-')) {
    name = line.replace(/^\|/, '');
  }
  out.push(line);
}
writeFileSync(output, out.join('\n'));
