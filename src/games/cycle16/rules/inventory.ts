import { GamestateError, type EngineRuleset, type Gamestate, type Player } from '../gamestate-schema.ts';

// Small inventory moves shared by the rules; each returns the "Change" text of a History row.

export function gainVertebrae(p: Player, n: number): string {
  const before = p.vertebrae;
  p.vertebrae += n;
  return `${n >= 0 ? '+' : ''}${n} Vertebrae (${before} → ${p.vertebrae})`;
}

export function gainChips(p: Player, n: number): string {
  const before = p.chips;
  p.chips += n;
  return `${n >= 0 ? '+' : ''}${n} Chip${Math.abs(n) === 1 ? '' : 's'} (${before} → ${p.chips})`;
}

export function gainTokens(p: Player, n: number): string {
  const before = p.tokens;
  p.tokens += n;
  return `+${n} Reconfiguration Token (${before} → ${p.tokens})`;
}

export function gainPacks(p: Player, pack: string, n: number): string {
  const before = p.packs[pack] ?? 0;
  p.packs = { ...p.packs, [pack]: before + n };
  return `+${n} ${pack} (${before} → ${before + n})`;
}

/** The ruleset's spelling of a pack ("Already-opened Pack"), so the page and the rules agree. */
export function packName(ruleset: EngineRuleset, wanted: string): string {
  return ruleset.packs.find((p) => p.name.toLowerCase() === wanted.toLowerCase())?.name ?? wanted;
}

/** The player of that name; excluded by readGamestate's cross-checks, so a miss names the page and stops the run. */
export function playerNamed(state: Pick<Gamestate, 'players' | 'page'>, name: string): Player {
  const p = state.players.find((x) => x.name === name);
  if (p === undefined) throw new GamestateError([{ message: `no player "${name}" in the Players table`, location: { page: state.page, table: 'Players' } }]);
  return p;
}
