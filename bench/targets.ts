// Issue 30's "done when": every figure with a target is printed beside its same-run baseline and says
// whether the target is met, or by how much it is not. Shared by the bench's sections.

/** "met" when `ratio` ≤ `limit`, else "not met by X×" (how far over the limit the ratio is). */
export function verdict(ratio: number, limit: number): string {
  return ratio <= limit ? 'met' : `not met by ${(ratio - limit).toFixed(2)}×`;
}

/**
 * One target's line: `<section>: target <what>: <figure> = <ratio>× <baseline> (≤ <limit>×): met | not met by X×`.
 * `figure` and `baseline` are the two measured values (same unit, same run); `show` formats them.
 */
export function printTarget(
  section: string,
  what: string,
  figure: number,
  baseline: { name: string; value: number },
  limit: number,
  show: (x: number) => string,
): void {
  const ratio = figure / baseline.value;
  console.log(
    `${section}: target ${what}: ${show(figure)} = ${ratio.toFixed(2)}× ${baseline.name} ${show(baseline.value)} (≤ ${limit}×): ${verdict(ratio, limit)}`,
  );
}

const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** A figure against an absolute limit (lower is better): "<label>: v ≤ limit: met", or by how much not. */
export function limitVerdict(label: string, value: number, limit: number): string {
  if (value <= limit) return `${label}: ${num(value)} ≤ ${num(limit)}: met`;
  return `${label}: ${num(value)} > ${num(limit)}: NOT met, by ${num(value - limit)} (${((value / limit - 1) * 100).toFixed(0)}% over)`;
}
