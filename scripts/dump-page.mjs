#!/usr/bin/env node
// Prints the current wikitext of a page of the local wiki (CROUPIER_API_URL), read anonymously:
//   node scripts/dump-page.mjs "Cycle 16/Gamestate"
const [title] = process.argv.slice(2);
const api = process.env.CROUPIER_API_URL;
if (!title || !api) {
  console.error('usage: CROUPIER_API_URL=… node scripts/dump-page.mjs <title>');
  process.exit(2);
}
const url = `${api}?action=query&prop=revisions&rvprop=content&rvslots=main&format=json&formatversion=2&titles=${encodeURIComponent(title)}`;
const page = (await (await fetch(url)).json()).query.pages[0];
if (page.missing) {
  console.error(`no page "${title}"`);
  process.exit(1);
}
process.stdout.write(page.revisions[0].slots.main.content);
