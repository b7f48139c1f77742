// The bench's verdict on a figure with a limit (lower is better): "met", or by how much not.
const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

export function verdict(label: string, value: number, limit: number): string {
  if (value <= limit) return `${label}: ${num(value)} ≤ ${num(limit)}: met`;
  return `${label}: ${num(value)} > ${num(limit)}: NOT met, by ${num(value - limit)} (${((value / limit - 1) * 100).toFixed(0)}% over)`;
}
