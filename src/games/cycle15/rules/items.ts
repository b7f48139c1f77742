import type { Player } from '../gamestate/schema.ts';

// Small inventory moves shared by the rules; each returns the "Change" text of a History row.

export function gainItems(p: Player, item: string, n: number): string {
  const before = p.garbage[item] ?? 0;
  p.garbage = { ...p.garbage, [item]: before + n };
  return `+${n} ${item} (${before} → ${before + n})`;
}
