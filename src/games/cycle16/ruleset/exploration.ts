import type { ListItem } from '../../../parse/document.ts';
import type { Grant, Outcome, Scenario } from './schema.ts';
import { warn, type Extraction } from './extraction.ts';
import { readOffer } from './packs.ts';
import { COUNT, findDice, fraction, impossibleChance, normaliseUnit, parseCount } from './text.ts';

/** The scenarios are the list in the rule that presents "a random scenario from the list below". */
export function readScenarios(x: Extraction): Scenario[] {
  const { rules, lists } = x.doc;
  const candidates = lists.filter((l) => l.ruleIndex !== undefined && /\bscenarios?\b/i.test(rules[l.ruleIndex]!.text));
  const list = candidates.find((l) => l.ordered) ?? candidates[0];
  if (list === undefined) {
    warn(x, 'No exploration scenarios found (a list under a rule about scenarios)');
    return [];
  }
  return list.items.map((item, i) => readScenario(x, item, i + 1, list.rule));
}

function readScenario(x: Extraction, item: ListItem, number: number, rule: string | undefined): Scenario {
  const options = item.children.map((c) => c.text);
  const text = [item.text, ...options].join('\n');
  const outcomes = readOutcomes(item.text);
  for (const o of outcomes) {
    const impossible = impossibleChance(`Scenario ${number}'s outcome "${o.label}"`, o.chance);
    if (impossible) warn(x, impossible, { rule, offset: item.start });
  }
  const total = outcomes.reduce((sum, o) => sum + o.chance.numerator / o.chance.denominator, 0);
  if (outcomes.length > 0 && Math.abs(total - 1) > 1e-9) {
    warn(x, `Scenario ${number}: its chances add up to ${+(total * 100).toFixed(4)}%, not 100%`, { rule, offset: item.start });
  }
  return {
    number,
    text,
    dice: findDice(text),
    outcomes,
    grants: readGrants(text),
    options,
    offers: options.flatMap((o) => readOffer(o) ?? []),
  };
}

/** "1. Nothing (70%). 2. One legendary card pack (5%), …" */
function readOutcomes(text: string): Outcome[] {
  return [...text.matchAll(/(?:^|\s)\d+\.\s*([^()]+?)\s*\((\d+(?:\.\d+)?)\s*%\)/g)].map((m) => {
    const [whole, decimals = ''] = m[2]!.split('.');
    return { label: m[1]!, chance: fraction(Number(whole! + decimals), 100 * 10 ** decimals.length, `${m[2]}%`) };
  });
}

const GRANT = new RegExp(
  String.raw`\b(?:grant yourself|gain|receive)\s+(\d*d\d+|${COUNT})\s+['‘’"]?(.+?)['‘’"]?(?=\s+(?:with|from|and|if|for|to|then|in)\b|[.,;!?]|$)`,
  'gi',
);

/** "If yes, grant yourself 2d3 vertebrae." → 2d3 Vertebrae on the "yes" branch. */
function readGrants(text: string): Grant[] {
  return [...text.matchAll(GRANT)].flatMap((m) => {
    // "Select one of your cards to gain a modifier": the card gains, not the player.
    if (/^modifiers?$/i.test(m[2]!)) return [];
    const dice = findDice(m[1]!)[0];
    const before = text.slice(0, m.index);
    const branch = [...before.matchAll(/\bif (yes|no)\b/gi)].pop()?.[1]?.toLowerCase() as Grant['branch'];
    const sentence = before.slice(Math.max(...['.', '!', '?', '\n'].map((c) => before.lastIndexOf(c))) + 1).trim();
    const condition = conditionOf(sentence);
    return [
      {
        amount: dice ?? parseCount(m[1]!) ?? 1,
        item: normaliseUnit(m[2]!),
        ...(branch === undefined ? {} : { branch }),
        ...(condition === undefined ? {} : { condition }),
        text: m[0],
      },
    ];
  });
}

/** "If X, grant…" → "If X" (up to the comma before the grant); "If yes, do this and grant…" → "If yes". */
function conditionOf(sentence: string): string | undefined {
  if (!/^if\b/i.test(sentence)) return undefined;
  if (sentence.endsWith(',')) return sentence.slice(0, -1);
  const comma = sentence.indexOf(',');
  return comma < 0 ? sentence : sentence.slice(0, comma);
}
