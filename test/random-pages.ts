/**
 * `count` pages of random pieces after a head, seeded: the same pages on every run, so that a failure can be replayed.
 * Each page is `head(random)` and `min` to `min + spread - 1` pieces.
 */
export function randomPages(opts: {
  seed: number;
  count: number;
  pieces: readonly string[];
  head: (random: () => number) => string;
  min: number;
  spread: number;
}): string[] {
  let seed = opts.seed;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: opts.count }, () => {
    let text = opts.head(random);
    const length = opts.min + Math.floor(random() * opts.spread);
    for (let i = 0; i < length; i++) text += opts.pieces[Math.floor(random() * opts.pieces.length)];
    return text;
  });
}
