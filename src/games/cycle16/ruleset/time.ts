import type { Victory } from './schema.ts';
import { warn, type Extraction } from '../../shared/extraction.ts';

/** "If a player possesses at least 10 Chips …, then the player who possesses the most Chips wins the cycle." */
export function readVictory(x: Extraction): Victory | null {
  const rule = x.doc.rules.find((r) => /^victory\b/i.test(r.title));
  if (rule === undefined) {
    warn(x, 'No "Victory" rule found');
    return null;
  }
  const m = /\bat least (\d+) (\S+?)[\s.,]/i.exec(rule.text);
  if (!m) warn(x, 'The Victory rule states no threshold ("at least N …")', { rule: rule.title, offset: rule.start });
  return { text: rule.text, threshold: m ? Number(m[1]) : null, item: m ? m[2]! : null };
}
