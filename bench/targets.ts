// Issue 30's "done when": every figure with a target is printed beside its same-run baseline and says
// whether the target is met, or by how much it is not. Shared by the bench's sections.

/** "met" when `ratio` ≤ `limit`, else "not met by X×" (how far over the limit the ratio is). */
export function verdict(ratio: number, limit: number): string {
  return ratio <= limit ? 'met' : `not met by ${(ratio - limit).toFixed(2)}×`;
}

/** The median of each round's own ratio (figure / baseline), with the smallest and largest. */
export function pairedRatio(rounds: readonly (readonly [number, number])[]): { median: number; min: number; max: number } {
  const ratios = rounds.map(([f, b]) => f / b).sort((a, b) => a - b);
  return { median: ratios[Math.floor(ratios.length / 2)]!, min: ratios[0]!, max: ratios.at(-1)! };
}

/**
 * One target's line: `<section>: target <what>: <figure> = <ratio>× <baseline> (≤ <limit>×): met | not met by X×`.
 * `figure` and `baseline` are the two measured values (same unit, same run); `show` formats them. With `rounds` (each
 * round's figure and baseline, measured one right after the other, called `roundsAre`) the ratio is the median of the
 * rounds' own ratios: a machine whose speed changes from one round to the next slows both values of a round alike.
 */
export function printTarget(
  section: string,
  what: string,
  figure: number,
  baseline: { name: string; value: number },
  limit: number,
  show: (x: number) => string,
  rounds?: { each: readonly (readonly [number, number])[]; are: string },
): void {
  const paired = rounds && pairedRatio(rounds.each);
  const ratio = paired ? paired.median : figure / baseline.value;
  const how = paired ? ` (the median of ${rounds.are}' own ratios, ${paired.min.toFixed(2)}–${paired.max.toFixed(2)})` : '';
  console.log(
    `${section}: target ${what}: ${show(figure)} = ${ratio.toFixed(2)}× ${baseline.name} ${show(baseline.value)}${how} (≤ ${limit}×): ${verdict(ratio, limit)}`,
  );
}

const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** A figure against an absolute limit (lower is better): "<label>: v ≤ limit: met", or by how much not. */
export function limitVerdict(label: string, value: number, limit: number): string {
  if (value <= limit) return `${label}: ${num(value)} ≤ ${num(limit)}: met`;
  return `${label}: ${num(value)} > ${num(limit)}: NOT met, by ${num(value - limit)} (${((value / limit - 1) * 100).toFixed(0)}% over)`;
}
