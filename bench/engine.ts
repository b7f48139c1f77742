import { readFileSync } from 'node:fs';
import { advance } from '../src/games/cycle16/engine.ts';
import { readGamestateDocument } from '../src/games/cycle16/gamestate/read.ts';
import { renderGamestateDocument } from '../src/games/cycle16/gamestate/render.ts';
import { readDocument } from '../src/parse/document.ts';
import { parseCycle16Ruleset } from '../src/games/cycle16/ruleset/read.ts';

// The Cycle 16 engine on synthetic Gamestate pages: parse (read + validate), simulate (a rollover
// with grants, gifts and battles due) and render, from 50 to 500 players with 60 cards each.

const ruleset = parseCycle16Ruleset(readFileSync(new URL('../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8'));
const NOW = new Date('2026-11-19T00:00Z');

/** A page like the example one, with `players` players holding `cards` cards each. */
export function syntheticGamestate(players: number, cards: number): string {
  const species = ruleset.cards.filter((c) => c.name !== 'Amalgam').map((c) => c.name);
  const names = Array.from({ length: players }, (_, i) => `Player ${i + 1}`);
  const out = [
    'Synthetic Gamestate for the benchmark.',
    '== Phase ==',
    '{| class="wikitable"\n! Cycle start (UTC) !! Phase number !! Phase !! Next rollover (UTC) !! Winner\n|-\n| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -\n|}',
    '== Players ==',
    '{| class="wikitable"\n!Player\n!Joined (UTC)\n!Reputable since (UTC)\n!Reputability grant\n!Last action (UTC)\n!Status\n!Vertebrae\n!Chips\n!Packs\n!Reconfiguration Tokens\n!Other items\n!Used this phase',
  ];
  names.forEach((name, i) => {
    const late = i % 7 === 0; // joined late: a reputability grant falls due
    out.push(`|-\n|${name}\n|${late ? '2026-11-11 20:00' : '2026-11-02 10:00'}\n|${late ? ' -' : '2026-11-02 10:00'}\n|${late ? ' -' : '20'}\n|2026-11-${i % 3 === 0 ? '15' : '17'} 12:00\n|active\n|${i % 50}\n|${1 + (i % 5)}\n|${i % 4} Already-opened Pack\n|${i % 2}\n| -\n|${i % 2 ? 'Exploration' : ' -'}`);
  });
  out.push('|}', '== Cards ==', '{| class="wikitable"\n! ID !! Owner !! Card !! Modifiers !! Gained !! Value(s) !! Suit(s) !! Colour(s) !! Type(s) !! Battles');
  let id = 0;
  names.forEach((name) => {
    for (let k = 0; k < cards; k++) {
      id++;
      const mods = k === 0 ? 'Fragile' : k % 10 === 1 ? 'Holographic' : k % 25 === 2 ? 'Red Coating' : '-';
      out.push(`|-\n| ${id} || ${name} || ${species[id % species.length]} || ${mods} || - || - || - || - || - || ${k === 0 ? '1' : '-'}`);
    }
  });
  out.push('|}', '== Battles ==', '{| class="wikitable"\n! ID !! Phase !! Participants (hand) !! Bets !! Final hands !! Winner !! Fragile cards !! Status');
  for (let b = 0; b + 3 < players; b += 4) {
    const who = names.slice(b, b + 4);
    const fragile = who.map((_, j) => `#${(b + j) * cards + 1}`).join(', ');
    out.push(`|-\n| ${b / 4 + 1} || 3 || ${who.map((n) => `${n} (5)`).join(', ')} || ${who[0]} 1 Chip || ${who.map((n, j) => `${n} ${j}`).join(', ')} || ${who[0]} || ${fragile} || commenced`);
  }
  out.push('|}', '== Gifts ==', '{| class="wikitable"\n! Time (UTC) !! Giver !! Receiver !! Packs !! Status');
  for (let g = 0; g + 1 < players; g += 2) out.push(`|-\n| 2026-11-18 ${String(g % 24).padStart(2, '0')}:00 || ${names[g]} || ${names[g + 1]} || - || recorded`);
  out.push('|}', '== History ==', '<!-- croupier:begin history -->', '{| class="wikitable"\n! Time (UTC) !! Phase !! Event !! Player !! Change !! Reason');
  for (let h = 0; h < 100; h++) out.push(`|-\n| 2026-11-16 00:00 || 4 || Rollover || - || row ${h} || synthetic`);
  out.push('|}', '<!-- croupier:end history -->');
  return `${out.join('\n')}\n`;
}

const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0).padStart(4)} MB`;

function timed<T>(run: () => T): { value: T; ms: number; heap: number } {
  const start = performance.now();
  const value = run();
  const ms = performance.now() - start;
  globalThis.gc?.(); // what the result keeps alive, not the garbage of making it
  return { value, ms, heap: process.memoryUsage().heapUsed };
}

export async function benchEngine(sizes: readonly number[] = [50, 100, 200, 500]): Promise<void> {
  console.log(`engine: players × 60 cards | page KB | parse | simulate | render | total | ${globalThis.gc ? 'heap kept after parse (after gc)' : 'heap after parse (no gc: run with --expose-gc)'} | changes`);
  for (const players of sizes) {
    const text = syntheticGamestate(players, 60);
    globalThis.gc?.();
    // As the rollover job does it: one parse of the page, reused to render.
    const parse = timed(() => {
      const doc = readDocument(text, { page: 'Bench/Gamestate' });
      return { doc, state: readGamestateDocument(doc, ruleset) };
    });
    const sim = timed(() => advance(ruleset, parse.value.state, { now: NOW }));
    const render = timed(() => renderGamestateDocument(parse.value.doc, sim.value.state, sim.value.changes));
    console.log(
      `engine: ${String(players).padStart(3)} × 60 (${String(players * 60).padStart(5)} cards) | ${(Buffer.byteLength(text) / 1024).toFixed(0).padStart(5)} | ` +
        `${ms(parse.ms)} | ${ms(sim.ms)} | ${ms(render.ms)} | ${ms(parse.ms + sim.ms + render.ms)} | ${mb(parse.heap)} | ${sim.value.changes.length}`,
    );
  }
  console.log(`engine: peak RSS of the process ${mb(process.resourceUsage().maxRSS * 1024)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEngine();
