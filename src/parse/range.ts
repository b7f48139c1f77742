import type { AstNodes } from 'wikiparser-node/dist/internal.js';
import type { Piece } from './plain.ts';

/**
 * The nodes covering text[start, end) under `node`: whole nodes where they fit, descending only
 * into the few that straddle an edge (a rule whose heading sits inside an unclosed table).
 */
export function piecesInRange(node: AstNodes, start: number, end: number): Piece[] {
  const out: Piece[] = [];
  walk(node, start, end, out);
  return out;
}

function walk(node: AstNodes, start: number, end: number, out: Piece[]): void {
  const at = node.getAbsoluteIndex();
  const length = String(node).length;
  if (at >= end || at + length <= start) return;
  if (at >= start && at + length <= end) {
    out.push(node);
    return;
  }
  if (node.type === 'text') {
    out.push(node.data.slice(Math.max(0, start - at), end - at));
    return;
  }
  const kids = node.childNodes;
  for (let i = firstReaching(kids, start); i < kids.length && kids[i]!.getAbsoluteIndex() < end; i++) {
    walk(kids[i]!, start, end, out);
  }
}

/** Index of the last child starting at or before `offset` (binary search; children are in order). */
function firstReaching(kids: readonly AstNodes[], offset: number): number {
  let lo = 0;
  let hi = kids.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (kids[mid]!.getAbsoluteIndex() <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
