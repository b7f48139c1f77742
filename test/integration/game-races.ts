// Shared by the break tests (killed-rollovers, concurrent-rollovers, read-line-races, rulings-mid-run): for Round 10,
// Cycle 15 and Nomicoup, a run instant at which the fixture page has rules to apply, a human edit of a line the
// bot only reads at that run (MediaWiki merges it with the bot's edit rather than refusing it), and the offline
// engine's result that the wiki page must end up as.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { readEngineRuleset } from '../../src/games/registry.ts';
import { computeRollover, type RolloverGame, type RolloverOptions } from '../../src/jobs/rollover.ts';
import { lighten } from '../../src/games/computed-blocks.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { normalizeText, type MergeContext } from '../../src/wiki/save.ts';
import { put, root, uniquePrefix } from './helpers.ts';

export interface GameCase {
  kind: 'round10' | 'cycle15' | 'nomicoup';
  /** The run's instant: rules are due on the fixture page then. */
  now: Date;
  /** A later instant, when more is due than at `now`. */
  later: Date;
  /** A human's change to a line the run reads and does not write (its result depends on it). */
  readLine: { change: (text: string) => string; what: string; kept: string };
  /** History rows each applied exactly once by the run, as a substring of their line. */
  once: string[];
}

const replaceOnce = (from: string, to: string) => (text: string) => {
  expect(text.split(from), `the page has "${from}" once`).toHaveLength(2);
  return text.replace(from, to);
};

export const CASES: GameCase[] = [
  {
    kind: 'round10',
    // Phase 1 → 3: the Monday 9 November income (with tax), the Judge election, the week's revelations and auction.
    now: new Date('2026-11-15T12:00Z'),
    // Monday 16 November: the next week's income.
    later: new Date('2026-11-16T12:00Z'),
    // Judges: "the player whose text message … has the most :+1: reactions becomes the Judge" — Carol's count
    // decides the election (3 ties with Alice's, who posted first); the bot writes the Round row, not this one.
    readLine: {
      change: replaceOnce('| Carol || 2026-11-04 10:00 || 3', '| Carol || 2026-11-04 10:00 || 4'),
      what: 'Carol gets a 4th 👍',
      kept: '| Carol || 2026-11-04 10:00 || 4',
    },
    once: [' || Income || Alice || ', ' || Income || Bob || ', ' || Income || Carol || ', ' || Income || Dave || ', ' || Judge election || '],
  },
  {
    kind: 'cycle15',
    // Phase 1 → 3 (16 and 20 November): Jun, who joined 12 Nov 06:00, becomes reputable on 19 Nov 06:00.
    now: new Date('2026-11-20T00:00Z'),
    later: new Date('2026-11-23T12:00Z'),
    // Reputability: a player is reputable a week after joining — Jun's Joined cell decides; the bot writes his
    // Reputable since and grant cells, two lines below (one cell per line).
    readLine: { change: replaceOnce('|Jun\n|2026-11-12 06:00\n', '|Jun\n|2026-11-14 06:00\n'), what: 'Jun joined later', kept: '|Jun\n|2026-11-14 06:00\n' },
    once: ['|| Rollover || - || Phase 1 → 2', '|| Rollover || - || Phase 2 → 3'],
  },
  {
    kind: 'nomicoup',
    // Bram's turn (began 17 Nov 09:30) times out at 19 Nov 09:30: Cosima's turn 3 begins.
    now: new Date('2026-11-19T12:00Z'),
    // Cosima's turn times out at 21 Nov 09:30 (round 2 begins); the proposition closes at 72 hours (20 Nov 08:00).
    later: new Date('2026-11-21T12:00Z'),
    // Propositions: closed "at a majority" of the eligible voters (Bram, Cosima) — a second Up vote decides;
    // at 1 Up the bot does not write this row.
    readLine: {
      change: replaceOnce(
        '| 1 || Alice || 2026-11-17 08:00 || 2026-11-20 08:00 || 1 || 0 || 0 || active',
        '| 1 || Alice || 2026-11-17 08:00 || 2026-11-20 08:00 || 2 || 0 || 0 || active',
      ),
      what: 'Cosima votes Up',
      kept: '|| 2026-11-20 08:00 || 2 || 0 || 0 ||',
    },
    once: ['|| Turn timeout || Bram ||', '| 3 || 1 || Cosima || 2026-11-19 09:30 ||'],
  },
];

export const fixture = (kind: GameCase['kind'], page: 'ruleset' | 'gamestate'): string => readFileSync(`${root}fixtures/${kind}/${page}.wikitext`, 'utf8');

export const runOpts = (c: GameCase): RolloverOptions => ({ now: c.now, trigger: 'integration test' });

/** A game of its own on the wiki: the fixture Ruleset and Gamestate under a unique prefix. */
export async function freshGame(b: WikiClient, c: GameCase, what: string): Promise<RolloverGame & { kind: string }> {
  const prefix = uniquePrefix(`${c.kind}-${what}`);
  const game = { id: c.kind, kind: c.kind, ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200 };
  await put(b, game.ruleset, fixture(c.kind, 'ruleset'));
  await put(b, game.gamestate, fixture(c.kind, 'gamestate'));
  return game;
}

/** The offline engine's result of the run on `text` (the page a human left at `revid`), as the wiki stores it. */
export function offline(c: GameCase, game: RolloverGame, text: string, revid: number, opts: Partial<RolloverOptions> = {}, merge?: MergeContext): string {
  const { engine, ruleset } = readEngineRuleset(fixture(c.kind, 'ruleset'), { kind: c.kind });
  return normalizeText(lighten(computeRollover(ruleset, game, { text, revid }, { ...runOpts(c), ...opts }, engine, merge).text, game.gamestate).text);
}

/** How many lines of `text` contain `s`. */
export const lines = (text: string, s: string): number => text.split('\n').filter((l) => l.includes(s)).length;

/** A human edit as a person makes it: read the page, change it, save. Returns the new revid. */
export async function humanEdit(who: WikiClient, title: string, change: (text: string) => string, summary: string): Promise<number> {
  const page = await who.readPage(title);
  const r = await who.save(title, () => ({ text: change(page.text), summary }), { maxShrinkShare: 1 });
  expect(r.revid, `${summary}: saved`).toBeGreaterThan(page.revid);
  return r.revid!;
}

/** What a test knows about a merge of the bot's revision `merged` with `user`'s edit `human`. */
export const mergeOf = (merged: number, human: number, late = false, user = 'Player'): MergeContext => ({
  merged: [merged],
  edits: [{ revid: human, user, timestamp: '' }],
  on: human,
  ...(late ? { late } : {}),
});
