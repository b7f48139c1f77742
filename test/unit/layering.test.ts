import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { gameKinds } from '../../src/games/kinds.ts';

// docs/architecture.md: data flows one way, each layer imports only from itself and the layers below —
// parse (pure) ← sim ← games ← config ← wiki ← jobs ← cron ← cli — and a game's folder
// (src/games/<game>/) imports no other game's (what two games share lives in src/games/shared/), and the game
// kit (src/games/kit/) no game's: the games import the kit. The config
// names the games' kinds (src/games/kinds.ts), so it sits above them.

const SRC = resolve(import.meta.dirname, '../../src');
const RANK: Record<string, number> = { parse: 0, sim: 1, 'version.ts': 1, games: 2, 'config.ts': 2.5, wiki: 3, jobs: 4, cron: 5, cli: 6 };
const GAMES: readonly string[] = gameKinds;

/** Every module specifier of a TypeScript file: import/export … from, import(…). */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

/** The imports that break the layering, as "importer → imported" (paths relative to src/). */
function violations(files: { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { path, text } of files) {
    const from = relative(SRC, path).split('/');
    for (const spec of specifiers(text)) {
      if (!spec.startsWith('.')) continue; // packages and node: built-ins
      const to = relative(SRC, resolve(dirname(path), spec)).split('/');
      if (to[0] === '..') continue; // package.json (version.ts)
      const [a, b] = [RANK[from[0]!], RANK[to[0]!]];
      if (a === undefined || b === undefined) out.push(`${from.join('/')} → ${to.join('/')}: a layer docs/architecture.md does not name`);
      else if (b > a) out.push(`${from.join('/')} → ${to.join('/')}: ${from[0]} may not import from ${to[0]}`);
      if (from[0] === 'games' && to[0] === 'games' && GAMES.includes(from[1]!) && GAMES.includes(to[1]!) && from[1] !== to[1]) {
        out.push(`${from.join('/')} → ${to.join('/')}: a game imports another game's module (move what they share to src/games/shared/)`);
      }
      if (from[0] === 'games' && from[1] === 'kit' && to[0] === 'games' && GAMES.includes(to[1]!)) {
        out.push(`${from.join('/')} → ${to.join('/')}: the game kit imports a game's module (the games import the kit)`);
      }
    }
  }
  return out;
}

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });
}

/** The modules each module loads when it runs (static imports and re-exports; `import type` and lazy import() left out). */
function runtimeImports(files: { path: string; text: string }[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { path, text } of files) {
    const specs = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    graph.set(
      relative(SRC, path),
      specs.filter((s) => s.startsWith('.')).map((s) => relative(SRC, resolve(dirname(path), s))),
    );
  }
  return graph;
}

/** The circles of runtime imports, each once, as "a → b → a" (paths relative to src/): one per edge back into the walk. */
function circles(graph: Map<string, string[]>): string[] {
  const found = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = path.slice(at);
      const first = loop.indexOf([...loop].sort()[0]!);
      found.add([...loop.slice(first), ...loop.slice(0, first), loop[first]].join(' → '));
      return;
    }
    if (done.has(node)) return;
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return [...found].sort();
}

describe('the layering of src/', () => {
  test('no module imports from a higher layer, and no game from another game', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  test('no circle of imports at run time (a module loaded while one it loads is still loading sees it half-made)', () => {
    expect(circles(runtimeImports(sources(SRC)))).toEqual([]);
  });

  test('the check finds a circle through static imports, not through a type-only import or a lazy import()', () => {
    const file = (path: string, text: string) => ({ path: join(SRC, path), text });
    expect(
      circles(
        runtimeImports([
          file('games/a.ts', "import { b } from './b.ts';"),
          file('games/b.ts', "import { c } from './c.ts';"),
          file('games/c.ts', "export { a } from './a.ts';"),
          file('games/d.ts', "import type { E } from './e.ts';"),
          file('games/e.ts', "import { d } from './d.ts';\nconst f = await import('./f.ts');"),
          file('games/f.ts', "import { e } from './e.ts';"),
        ]),
      ),
    ).toEqual(['games/a.ts → games/b.ts → games/c.ts → games/a.ts']);
  });

  test('the check finds an upward import, an unnamed layer, a game importing another game and the kit importing a game', () => {
    const file = (path: string, text: string) => ({ path: join(SRC, path), text });
    expect(
      violations([
        file('jobs/referee.ts', "import { markLine } from '../cron/requests.ts';"),
        file('parse/x.ts', "export { a } from '../sim/rng.ts';\nconst m = await import('../wiki/client.ts');"),
        file('games/cycle15/engine.ts', "import type { T } from '../cycle16/gamestate/tables.ts';\nimport { s } from '../shared/history.ts';"),
        file('games/shared/x.ts', "import {\n  y,\n} from '../../elsewhere/y.ts';"),
        file('games/kit/x.ts', "import { advance } from '../round10/engine.ts';\nimport { DueEvents } from '../../sim/due-events.ts';"),
        file('cli/x.ts', "import { z } from 'zod';\nimport { c } from '../cron/store.ts';"),
      ]),
    ).toEqual([
      'jobs/referee.ts → cron/requests.ts: jobs may not import from cron',
      'parse/x.ts → sim/rng.ts: parse may not import from sim',
      'parse/x.ts → wiki/client.ts: parse may not import from wiki',
      "games/cycle15/engine.ts → games/cycle16/gamestate/tables.ts: a game imports another game's module (move what they share to src/games/shared/)",
      'games/shared/x.ts → elsewhere/y.ts: a layer docs/architecture.md does not name',
      "games/kit/x.ts → games/round10/engine.ts: the game kit imports a game's module (the games import the kit)",
    ]);
  });
});
