// Shared by the unit and integration tests of `croupier adopt`: what "every line people wrote is kept" means.

/** Whether every line of `before` is in `after`, byte for byte, in the same order (lines may be added between). */
export function keepsEveryLine(before: string, after: string): boolean {
  const lines = after.split('\n');
  let at = 0;
  for (const line of before.split('\n')) {
    while (at < lines.length && lines[at] !== line) at++;
    if (at === lines.length) return false;
    at++;
  }
  return true;
}
