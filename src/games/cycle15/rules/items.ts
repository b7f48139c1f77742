import type { Player } from '../gamestate/schema.ts';

// Small inventory moves shared by the rules; each returns the "Change" text of a History row.

export function gainItems(p: Player, item: string, n: number): string {
  const before = p.garbage[item] ?? 0;
  p.garbage = { ...p.garbage, [item]: before + n };
  return `+${n} ${item} (${before} → ${before + n})`;
}

/** The player gives up `n` of an item they hold (the caller checked they hold them). */
export function loseItems(p: Player, item: string, n: number): string {
  const before = p.garbage[item] ?? 0;
  const { [item]: _gone, ...rest } = p.garbage;
  p.garbage = before - n > 0 ? { ...rest, [item]: before - n } : rest;
  return `−${n} ${item} (${before} → ${before - n})`;
}
