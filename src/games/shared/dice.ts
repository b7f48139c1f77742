import { z } from 'zod';
import { Location } from '../../parse/location.ts';
import type { Extraction } from './extraction.ts';

// Every dice expression a ruleset writes, where it writes it: "1d20", "d6", "3d6+2", "-3 + 1d5",
// "10+1d10", "roll 2d6 and add 3". Read from each rule's wikitext (its tables' cells included), so
// a roll table's "d13" header counts too. Symbolic dice ("a dN, where N is …") are not expressions.

/** A dice expression as parsed: the sum of `count` rolls of a `sides`-sided die, plus `modifier`. */
export const DiceUse = z.object({
  /** As written ("3d6+2", "-3 + 1d5", "2d6 and add 3"). */
  text: z.string(),
  count: z.number().int().positive(),
  sides: z.number().int().positive(),
  /** The constant added (negative: subtracted); 0 when none is written next to the dice. */
  modifier: z.number().int(),
  location: Location,
});
export type DiceUse = z.infer<typeof DiceUse>;

const NUMBER = String.raw`[+\-−]?\s*\d+`;
// A constant before ("-3 + 1d5", "10+1d10"), the dice, a constant after ("3d6+2", "2d6 - 1", "2d6 and add 3").
const EXPRESSION = new RegExp(
  String.raw`(?:(?<![\w.])(${NUMBER})\s*\+\s*)?(?<![\w.])(\d*)d(\d+)(?![\w])(?:\s*([+\-−])\s*(\d+)(?![\w%]|\.\d)|\s+and\s+add\s+(\d+)(?![\w%]|\.\d))?`,
  'gi',
);

const signed = (text: string): number => Number(text.replace(/\s+/g, '').replace('−', '-'));

/** The dice expressions of one text; `offset`: where the text starts on the page. */
export function parseDiceExpressions(text: string, offset: number, location: Omit<Location, 'offset'>): DiceUse[] {
  return [...text.matchAll(EXPRESSION)].flatMap((m) => {
    const [all, before, count, sides, sign, after, added] = m;
    if (Number(sides) === 0 || count === '0') return [];
    const modifier = (before === undefined ? 0 : signed(before)) + (after !== undefined ? signed(`${sign}${after}`) : added !== undefined ? Number(added) : 0);
    return [{ text: all, count: count === '' ? 1 : Number(count), sides: Number(sides), modifier, location: { ...location, offset: offset + m.index } }];
  });
}

/** Every dice expression of the page, rule by rule, in page order (the text before the first rule included). */
export function readDice(x: Extraction): DiceUse[] {
  const { doc } = x;
  const page = doc.page === undefined ? {} : { page: doc.page };
  const first = doc.rules[0]?.start ?? doc.text.length;
  const intro = parseDiceExpressions(doc.text.slice(0, first), 0, page);
  return [
    ...intro,
    ...doc.rules.flatMap((rule) => parseDiceExpressions(doc.text.slice(rule.bodyStart, rule.end), rule.bodyStart, { ...page, rule: rule.title })),
  ];
}
