// `npm run bench`: speed and memory figures. A benchmark, never a test: it prints, it does not assert.
// Sections: startup (whole processes), parse (no wiki), engine (no wiki), wiki and daemon (start the local MediaWiki if needed).
import { benchStartup } from './startup.ts';
import { benchParse } from './parse.ts';
import { benchEngine } from './engine.ts';
import { benchWiki } from './wiki.ts';
import { benchDaemon } from './daemon.ts';
import { loadGames } from '../src/games/registry.ts';

const sections: Record<string, () => Promise<void>> = { startup: benchStartup, parse: benchParse, engine: benchEngine, wiki: benchWiki, daemon: benchDaemon };
await loadGames(); // as the CLI does before a command's action
const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n## ${name}`);
  await run();
}
