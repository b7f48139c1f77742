// The games Croupier knows: THE list, most specific first (the order in which a page's kind is detected;
// generic last, it takes any page). Everything that names the kinds derives from it: the config schema, the
// CLI's --kind, the registry (src/games/registry.ts maps each kind to its module, and the compiler refuses a
// kind without one), the layering test. Kept apart from the registry so that the config and the CLI's options
// can list the kinds without loading the games (zod schemas, the parser).
//
// A new game: its folder src/games/<kind>/ (an index.ts exporting its GameModule) and one line here, plus its
// module in the registry's map.
export const gameKinds = ['cycle16', 'round10', 'cycle15', 'nomicoup', 'generic'] as const;
export type GameKind = (typeof gameKinds)[number];
