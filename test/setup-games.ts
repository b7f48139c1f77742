import { loadGames } from '../src/games/registry.ts';

// What the CLI does before a command's action: every game of the list loaded (src/games/kinds.ts), for the tests
// that reach the games through the registry in-process.
await loadGames();
