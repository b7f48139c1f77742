import type { Lot, SecretAction } from '../gamestate/schema.ts';
import { declaration, sha256 } from './secret.ts';

// Which Player Lots had a Secret Bid Action awaiting its revelation date when the Auction Phase
// ended (at `end`). Bids are hashed, so the lots a bid names are known only once it is revealed:
// until then the decision waits (undefined). A bid never revealed, or revealed with a text that does
// not match its hash, names no lot. A bid voided before `end` was not awaiting anything.

/** The bids posted before `end` whose revelation date is after it. */
export function awaitingAt(secrets: readonly SecretAction[], end: Date): SecretAction[] {
  return secrets.filter(
    (a) =>
      a.kind === 'Bid' && a.posted.getTime() < end.getTime() && (a.reveals === null || a.reveals.getTime() > end.getTime()) && !/^voided/.test(a.result ?? ''),
  );
}

export function lotsAwaitingBids(secrets: readonly SecretAction[], end: Date, now: Date): Set<string> | undefined {
  const awaiting = awaitingAt(secrets, end);
  const lots = new Set<string>();
  for (const a of awaiting) {
    if (a.revealed === null) {
      if (a.reveals === null || a.reveals.getTime() > now.getTime()) return undefined;
      continue;
    }
    if (sha256(a.revealed) !== a.hash) continue;
    for (const m of (declaration(a) ?? '').matchAll(/(?:^|[,;]\s*)(\S+?)\s*[:=]?\s/g)) lots.add(m[1]!);
  }
  return lots;
}

export function isReturnable(lot: Lot, end: Date): boolean {
  return lot.kind === 'Player' && lot.created.getTime() < end.getTime();
}
