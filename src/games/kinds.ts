// The game kinds, most specific first (the order in which a page's kind is detected). Kept apart from the
// registry so that the CLI's options can list them without loading the games (zod schemas, the parser).
export const gameKinds = ['cycle16', 'round10', 'cycle15', 'nomicoup', 'generic'] as const;
export type GameKind = (typeof gameKinds)[number];
