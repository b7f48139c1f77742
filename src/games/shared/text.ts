import type { Dice, Fraction } from './ruleset-schema.ts';

// Small readers for the phrasing rulesets use: lists in cells, percentages, dice, number words.

/** "Special, Rare" → ["Special", "Rare"]; "Blight and Vitality" too; "-" → []. */
export function splitNames(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(/\s*(?:,|;|\/|\band\b)\s*/i)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^[-–—]$/.test(s));
}

/** "-1", "−3", "1,000,000" → the integer; anything else → undefined. */
export function parseInteger(text: string): number | undefined {
  const s = text.trim().replace(/^[−–]/, '-');
  if (/^-?\d{1,3}(,\d{3})+$/.test(s)) return Number(s.replace(/,/g, ''));
  return /^-?\d+$/.test(s) ? Number(s) : undefined;
}

const WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
export const COUNT = String.raw`\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve`;

/** "3", "two", "a" → the count. */
export function parseCount(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : WORDS[text.toLowerCase()];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function fraction(numerator: number, denominator: number, text: string): Fraction {
  const g = gcd(numerator, denominator) || 1;
  return { numerator: numerator / g, denominator: denominator / g, text };
}

/** "10%", "2.5 %", "1/3" → an exact fraction; undefined when unreadable. */
export function parseChance(text: string): Fraction | undefined {
  const s = text.trim();
  const percent = /^(\d+)(?:\.(\d+))?\s*%$/.exec(s);
  if (percent) {
    const decimals = percent[2] ?? '';
    return fraction(Number(percent[1]! + decimals), 100 * 10 ** decimals.length, s);
  }
  const ratio = /^(\d+)\s*\/\s*(\d+)$/.exec(s);
  if (ratio && Number(ratio[2]) > 0) return fraction(Number(ratio[1]), Number(ratio[2]), s);
  return undefined;
}

/** A chance a die can give: from 0 to 100 % (a fraction is never negative). */
export function isProbability(f: Fraction): boolean {
  return f.numerator <= f.denominator;
}

/** The warning for a chance above 100 %, or undefined for a possible one. */
export function impossibleChance(what: string, f: Fraction): string | undefined {
  return isProbability(f) ? undefined : `${what} has a chance of ${f.text}; a chance lies between 0 and 100%, so tables that use it show none`;
}

export function toNumber(f: Fraction): number {
  return f.numerator / f.denominator;
}

const DICE = /(?<![\w.])(\d*)d(\d+)(?!\w)(?:\s*(?:with a target(?: number)?(?: of)?\s*(\d+)|,?\s+(\d+)\+))?/gi;

/** Every NdK in a text, with its target number when one is stated. */
export function findDice(text: string): Dice[] {
  return [...text.matchAll(DICE)].map((m) => {
    const target = m[3] ?? m[4];
    return {
      count: m[1] === '' ? 1 : Number(m[1]),
      sides: Number(m[2]),
      ...(target === undefined ? {} : { target: Number(target) }),
      text: m[0].trim(),
    };
  });
}

/** Mean of a roll: the sum of N dice, or the expected number of dice meeting the target. */
export function expectedRoll(dice: Dice): number {
  if (dice.target === undefined) return (dice.count * (dice.sides + 1)) / 2;
  const hits = Math.max(0, Math.min(dice.sides, dice.sides - dice.target + 1));
  return (dice.count * hits) / dice.sides;
}

/** The ruleset's currency, however it is written ("Vertebrae", "vertebra", "🝬", "Vb"). */
export function isVertebrae(unit: string): boolean {
  return /^(?:vertebra|vertebrae|vb|🝬)$/i.test(unit.trim());
}

export function normaliseUnit(unit: string): string {
  return isVertebrae(unit) ? 'Vertebrae' : unit.trim();
}

/** Closest name by edit distance (case ignored), for "did you mean" hints. */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(3, Math.floor(name.length / 2)) ? best : undefined;
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
