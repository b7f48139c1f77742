import { warn, type Extraction } from '../../shared/extraction.ts';
import type { ReadingDef } from '../../shared/readings.ts';

// What the page leaves open: each reading's sentence, located on the page, is a warning naming the
// reading that settles it. A sentence no longer on the page (a proposal rewrote it) is said too: the
// reading may no longer apply.

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export function openQuestions(x: Extraction, readings: readonly ReadingDef[]): void {
  for (const r of readings) {
    // The sentence's first clause ("…" and ";" separate the quotes of composite sentences).
    // The sentence is quoted after the rule's title: `Phases: "A player's tax value …"`.
    const sentence = /^[^"]*"(.*)"$/s.exec(r.rule)?.[1] ?? r.rule;
    const quote = collapse(sentence.split(/…|;/)[0]!)
      .replace(/[."]+$/, '')
      .slice(0, 60);
    const rule = x.doc.rules.find((rule) => collapse(rule.text).includes(quote));
    if (rule === undefined) {
      warn(x, `The sentence of reading ${r.id} ("${quote}…") is no longer on the page: check whether the reading still applies`);
      continue;
    }
    warn(
      x,
      `Left open: ${r.question} Settled by reading ${r.id} (default ${r.default}; a line on the Rulings page may select ${Object.keys(r.alternatives)
        .filter((v) => v !== r.default)
        .join(' or ')})`,
      { rule: rule.title, offset: rule.start },
    );
  }
}
