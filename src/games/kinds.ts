// The games Croupier knows: THE list, most specific first (the order in which a page's kind is detected;
// generic last, it takes any page). Everything that names the kinds derives from it: the config schema, the
// CLI's --kind, the registry (src/games/registry.ts loads each kind's module from here), the layering test.
// Each game is loaded only when a command runs (the registry's loadGames), so that the config and the CLI's
// options and help can list the kinds without loading the games (zod schemas, the parser).
//
// A new game: its folder src/games/<kind>/ (an index.ts exporting its module, defineGame, as `<kind>`) and one
// line here.
export const gameLoaders = {
  cycle16: () => import('./cycle16/index.ts'),
  round10: () => import('./round10/index.ts'),
  cycle15: () => import('./cycle15/index.ts'),
  nomicoup: () => import('./nomicoup/index.ts'),
  generic: () => import('./generic/index.ts'),
};
export type GameKind = keyof typeof gameLoaders;
export const gameKinds = Object.keys(gameLoaders) as [GameKind, ...GameKind[]];
