// Bot-managed regions of a page: the pure functions live in src/parse/regions.ts (the game engines use
// them too, and must not depend on the wiki layer); re-exported here for the wiki side. Their refusals
// (RegionError) count as refusals for the CLI's exit code 4: see ./errors.ts#isRefusal.
export * from '../parse/regions.ts';
