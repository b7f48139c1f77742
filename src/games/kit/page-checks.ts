// What the games' cross-checks between a page's tables have in common.

/**
 * The rows by key, the first row of each key; `repeated` is called for every later row whose key an earlier
 * row has (a player "listed twice"), with that earlier row, so the game words the problem as its rule does.
 */
export function rowsByKey<E, K>(rows: readonly E[], key: (row: E) => K, repeated: (row: E, first: E) => void): Map<K, E> {
  const first = new Map<K, E>();
  for (const row of rows) {
    const k = key(row);
    const seen = first.get(k);
    if (seen === undefined) first.set(k, row);
    else repeated(row, seen);
  }
  return first;
}
