#!/usr/bin/env node
// The weight of the Gamestate pages on the local wiki (CROUPIER_API_URL), read anonymously: for each page, the
// bytes of wikitext of its first and its latest revision, of its bot-owned subpages (…/Standings, with Cycle 16's race chart, and …/Card tables),
// and the lines each of the bot's edits changed (what the diff of that edit shows an editor). After `npm run demo`:
//   eval "$(bash scripts/devwiki.sh env)"; node scripts/page-weights.mjs
// Other pages: node scripts/page-weights.mjs "Cycle 16/Gamestate" …
import { diffLines } from 'diff';

const api = process.env.CROUPIER_API_URL;
if (!api) {
  console.error('usage: CROUPIER_API_URL=… node scripts/page-weights.mjs [<gamestate title>…]');
  process.exit(2);
}
const titles = process.argv.slice(2);
if (titles.length === 0) titles.push('Cycle 16/Gamestate', 'Round 10/Gamestate', 'Cycle 15/Gamestate', 'Nomicoup/Gamestate');
const SUBPAGES = ['Standings', 'Card tables'];

const query = async (params) => {
  const url = `${api}?${new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params })}`;
  return (await (await fetch(url)).json()).query;
};
const bytes = (s) => Buffer.byteLength(s, 'utf8');
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/** A page's revisions, oldest first, with their text. */
async function revisions(title) {
  const out = [];
  let cont = {};
  for (;;) {
    const q = await fetch(
      `${api}?${new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', prop: 'revisions', titles: title, rvprop: 'ids|user|comment|content', rvslots: 'main', rvlimit: '50', rvdir: 'newer', ...cont })}`,
    ).then((r) => r.json());
    const page = q.query.pages[0];
    if (page.missing) return out;
    out.push(...page.revisions.map((r) => ({ revid: r.revid, user: r.user, comment: r.comment, text: r.slots.main.content })));
    if (!q.continue) return out;
    cont = q.continue;
  }
}

const changedLines = (a, b) =>
  diffLines(a, b)
    .filter((p) => p.added || p.removed)
    .reduce((n, p) => n + p.count, 0);

for (const title of titles) {
  const revs = await revisions(title);
  if (revs.length === 0) {
    console.log(`${title}: no such page`);
    continue;
  }
  const first = revs[0];
  const last = revs.at(-1);
  console.log(`${title}: ${kb(bytes(first.text))} first revision → ${kb(bytes(last.text))} now (${bytes(last.text)} bytes, ${revs.length} revisions)`);
  const subs = (await query({ prop: 'revisions', titles: SUBPAGES.map((s) => `${title}/${s}`).join('|'), rvprop: 'content', rvslots: 'main' })).pages;
  for (const s of subs) if (!s.missing) console.log(`  ${s.title}: ${kb(bytes(s.revisions[0].slots.main.content))}`);
  for (let i = 1; i < revs.length; i++) {
    const r = revs[i];
    if (!/^Croupier\b/.test(r.comment)) continue;
    console.log(`  r${r.revid} ${String(changedLines(revs[i - 1].text, r.text)).padStart(4)} lines changed, ${kb(bytes(r.text))}: ${r.comment.slice(0, 100)}`);
  }
}
