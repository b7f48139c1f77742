import type { Rule } from '../../../parse/document.ts';
import type { Location } from '../../../parse/location.ts';
import { parseCount } from '../../shared/text.ts';
import { warn, type Extraction } from '../../shared/extraction.ts';
import type { Constants, ReputabilityGrant } from './schema.ts';

// The numbers the rules state, each read from its own sentence (kept, quoted, with where it is),
// so a proposal that changes a number changes what the bot does — or, if the sentence no longer
// reads, a warning says which one.

interface Stated<T> {
  value: T | null;
  text: string;
  location: Location;
}

/** The sentence of `text` around the offset. */
function sentenceAt(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf('. ', index) + 1, text.lastIndexOf('\n', index) + 1, 0);
  const stop = /[.!?](\s|$)/.exec(text.slice(index));
  return text
    .slice(start, stop ? index + stop.index + 1 : text.length)
    .replace(/^[\s*#:;]+/, '')
    .trim();
}

function ruleTitled(x: Extraction, title: RegExp): Rule | undefined {
  return x.doc.rules.find((r) => title.test(r.title));
}

/** The value a pattern reads in the rule titled `title`; null and a warning naming `what` if it does not. */
function stated<T>(x: Extraction, what: string, title: RegExp, pattern: RegExp, read: (m: RegExpExecArray) => T | undefined): Stated<T> {
  const rule = ruleTitled(x, title);
  const location: Location = { page: x.doc.page, rule: rule?.title, offset: rule?.start };
  const m = rule === undefined ? null : pattern.exec(rule.text);
  const value = m === null ? undefined : read(m);
  if (rule === undefined || m === null || value === undefined) {
    warn(
      x,
      `${what}: ${rule === undefined ? `no rule titled like ${title.source}` : 'the sentence stating it was not found'}; the bot does not apply it`,
      location,
    );
    return { value: null, text: '', location };
  }
  return { value, text: sentenceAt(rule.text, m.index), location };
}

const dice = (count: string, sides: string) => ({ count: Number(count), sides: Number(sides), text: `${count}d${sides}` });
const count = (word: string | undefined) => (word === undefined ? undefined : parseCount(word));

export function readConstants(x: Extraction): Constants {
  return {
    movementDice: stated(x, 'Movement dice', /^movement$/i, /a random choice of (\d+)d(\d+)/i, (m) => dice(m[1]!, m[2]!)),
    movesPerPhase: stated(x, 'One move a phase', /^movement$/i, /provided they have not done so previously in the current phase/i, () => 1),
    macGyversPerPhase: stated(x, 'MacGyvering limit', /^macgyvering$/i, /\b(once|twice|(\w+) times) per phase\b/i, (m) =>
      m[1]!.toLowerCase() === 'once' ? 1 : m[1]!.toLowerCase() === 'twice' ? 2 : count(m[2]),
    ),
    crystalShards: stated(x, 'Shards from a crystal', /^shards$/i, /gain (\d+)\s*\+\s*(\d+)d(\d+) shards by destroying 1 crystal/i, (m) => ({
      base: Number(m[1]),
      dice: dice(m[2]!, m[3]!),
    })),
    victory: stated(x, 'Victory', /^winning$/i, /crystals greater than or equal to (\d+) and at least (\w+) more than any other player/i, (m) => {
      const lead = count(m[2]);
      return lead === undefined ? undefined : { crystals: Number(m[1]), lead };
    }),
    tuneUpPhases: stated(x, 'Tune Up discard', /^tune up class proposal$/i, /for greater than (\w+) phases consecutively/i, (m) => count(m[1])),
    reputability: stated(x, 'Reputability', /^players$/i, /for the previous (\w+) days or .*? within (\w+) days of the round starting/i, (m) => {
      const days = count(m[1]);
      const nearStartDays = count(m[2]);
      return days === undefined || nearStartDays === undefined ? undefined : { days, nearStartDays };
    }),
    urgentVotingHours: stated(x, 'Urgent voting period', /^urgent class proposal$/i, /\((\d+) hours\)/i, (m) => Number(m[1])),
    urgentMaxAgainst: stated(x, 'Urgent popularity', /^urgent class proposal$/i, /no more than (\w+) votes against/i, (m) => count(m[1])),
    standardRewritePercent: stated(
      x,
      'Standard rewrite share',
      /^standard class proposal$/i,
      /fewer than (\d+(?:\.\d+)?)% of the total votes are rewrites/i,
      (m) => Number(m[1]),
    ),
    shardPileDice: stated(x, 'Shard Pile', /^shard pile$/i, /gain (\d+)d(\d+) shards/i, (m) => dice(m[1]!, m[2]!)),
    forgeShards: stated(x, 'Crystal Forge', /^crystal forge$/i, /transform (\d+) of their shards into 1 crystal/i, (m) => Number(m[1])),
  };
}

const GRANT = /When a player becomes reputable, grant (?:them|that player) (an?|\d+|N\s*[-−]\s*\d+) (.+?)(?:, where (.+?))?\./gi;

/** Every “When a player becomes reputable, grant …” sentence, wherever it is (Players, Proposals). */
export function readReputabilityGrants(x: Extraction): ReputabilityGrant[] {
  const grants: ReputabilityGrant[] = [];
  for (const rule of x.doc.rules) {
    for (const m of rule.text.matchAll(GRANT)) {
      const location = { page: x.doc.page, rule: rule.title, offset: rule.start };
      const amount = /^an?$/i.test(m[1]!) ? '1' : m[1]!.replace(/\s+/g, '').replace('−', '-');
      grants.push({ item: m[2]!, amount, sentence: m[0], location });
      if (/N/.test(amount)) {
        warn(
          x,
          `“${m[0]}”: “N is the current phase” does not say which number a phase is (the phases are named "Phase I" and "Phase II"; ` +
            "the phase number since the cycle start? the week's phase, 1 or 2?), and N−3 is negative for the first phases: " +
            'the bot uses the named reading "chili-n" (and grants none below zero)',
          location,
        );
      }
    }
  }
  if (grants.length === 0) warn(x, 'No “When a player becomes reputable, grant …” sentences found');
  return grants;
}

/** Open points of the text that no extractor owns: each warned with the rule it is in. */
export function warnOpenPoints(x: Extraction): void {
  const all = x.doc.rules.map((r) => r.text).join('\n');
  const players = ruleTitled(x, /^players$/i);
  if (/round starting/i.test(all) && !/\bround (?:starts|begins|start(?:s|ed)? (?:at|on))\b/i.test(all)) {
    warn(x, '“within 3 days of the round starting”: the ruleset never says when the round starts; the bot takes it from the Gamestate\'s "Cycle start"', {
      rule: players?.title,
      offset: players?.start,
    });
  }
  const garbage = ruleTitled(x, /^garbage$/i);
  if (/random (?:item defined by garbage|garbage)/i.test(all) && !/garbage[^.]*\buniform/i.test(all)) {
    warn(
      x,
      'A "random item defined by Garbage" is never said to be uniform (Dice Rolls says so of dice, Categories of pseudo-types only): ' +
        'the bot uses the named reading "random-garbage"',
      { rule: garbage?.title, offset: garbage?.start },
    );
  }
}
