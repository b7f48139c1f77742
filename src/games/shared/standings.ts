import { readDocument, type WikiDocument } from '../../parse/document.ts';
import { ABSORBED_BLOCKS } from '../computed-blocks.ts';
import { escapeWikitext } from '../../parse/escape.ts';
import { findRegion, removeRegion, replaceRegion } from '../../parse/regions.ts';
import type { Change } from '../../sim/trail.ts';
import { sinceSummary, trailRows } from './since.ts';

// Who is winning, near the top of a Gamestate page: the players ranked by the game's victory measure,
// the numbers shown, the leader and the gap to the win said in words. A game declares its measure
// (src/games/<game>/rules/standings.ts) from its own victory rule's code, quoting the sentence; this
// module only ranks and renders. Pure: the same state gives the same block, so a run whose numbers did
// not change leaves the region as it is.

export const STANDINGS_REGION = 'standings';
/** In a section of its own, after the page's first table (the phase or round) and before the rest. */
const PLACEMENT = { heading: 'Standings', before: ['Race', 'Players'] } as const;
/** The end of the "since" line: the newest History rows are the last, a link down to the section. */
const SINCE_LINK = ' [[#History|Go to the History]].';

export interface Standing {
  name: string;
  /** The measure's values, most significant first (players are ranked by them, highest first). */
  values: readonly number[];
  /** What the player still needs to win, in words ("3 more Chips"); absent when the rules name no count that wins. */
  toWin?: string;
}

/** A game's victory measure applied to a state. */
export interface Standings {
  /** The sentence of the Ruleset that defines winning, as written. */
  rule: string;
  /** How an ambiguous or open rule is read for the ranking, said under the table. */
  reading?: string;
  /** The measure's labels, one per value ("Gold Stars", "Wealth"). */
  columns: readonly string[];
  players: readonly Standing[];
  /** The page's Winner cell: once set, the game is over. */
  winner: readonly string[];
  /** What changed since the current period began, in words (./since.ts). */
  since?: string;
  /** Wikitext the game draws under the ranking, in the same block and so on the same subpage (Cycle 16's race chart). */
  below?: string;
}

export interface Ranked extends Standing {
  /** 1 for the highest; players with equal values share a rank (1, 1, 3). */
  rank: number;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The players, highest first; equal values share a rank and keep the page's order. */
export function rank(players: readonly Standing[]): Ranked[] {
  const sorted = [...players].sort((a, b) => compare(a.values, b.values));
  return sorted.map((p, i) => {
    let first = i;
    while (first > 0 && compare(sorted[first - 1]!.values, p.values) === 0) first--;
    return { ...p, rank: first + 1 };
  });
}

/** "7", "12.5": a count as people read it (two decimals at most). */
export function shown(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** "1 Credit", "3 Credits": a count and its label, singular for one. */
function counted(value: number, label: string): string {
  return `${shown(value)} ${value === 1 && label.endsWith('s') ? label.slice(0, -1) : label}`;
}

/** "A, B and C" */
export function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** The sentence above the table: the winner, or the leader (or those tied for the lead) and the gap to the win. */
export function headline(s: Standings, ranked: readonly Ranked[] = rank(s.players)): string {
  if (s.winner.length > 0) return `${s.winner.length > 1 ? 'Winners' : 'Winner'}: ${names(s.winner)} — the game is over.`;
  const leaders = ranked.filter((p) => p.rank === 1);
  if (leaders.length === 0) return 'No players yet.';
  const lead = leaders[0]!;
  const measure = s.columns.map((c, i) => counted(lead.values[i] ?? 0, c)).join(', ');
  const who = leaders.length > 1 ? `${names(leaders.map((p) => p.name))} share the lead` : `${lead.name} leads`;
  const second = ranked.find((p) => p.rank > 1);
  // Ahead by the first value that tells them apart (Gold Stars, else wealth).
  const by = second === undefined ? -1 : s.columns.findIndex((_, i) => (lead.values[i] ?? 0) !== (second.values[i] ?? 0));
  const gap =
    leaders.length === 1 && second !== undefined && by >= 0
      ? `, ${counted((lead.values[by] ?? 0) - (second.values[by] ?? 0), s.columns[by]!)} ahead of ${second.name}`
      : '';
  const toWin = lead.toWin === undefined ? '' : `; to win: ${lead.toWin}`;
  return `${who} with ${measure}${gap}${toWin}.`;
}

/** The block: a sentence, one short table (rank, player, the measure, what is left to win), the rule under it. */
export function renderStandings(s: Standings): string {
  const ranked = rank(s.players);
  const gap = s.players.some((p) => p.toWin !== undefined);
  const header = ['Rank', 'Player', ...s.columns, ...(gap ? ['To win'] : [])];
  const lines = [
    `<div data-croupier="${STANDINGS_REGION}" style="max-width:48em;overflow-x:auto">`,
    `'''${escapeWikitext(headline(s, ranked))}'''`,
    // Every game's History is "== History ==".
    ...(s.since === undefined ? [] : ['', `${escapeWikitext(s.since)}${SINCE_LINK}`, '']),
    '{| class="wikitable" style="width:100%"',
    `! ${header.map(escapeWikitext).join(' !! ')}`,
  ];
  for (const p of ranked) {
    const cells = [
      String(p.rank),
      escapeWikitext(p.name),
      ...s.columns.map((_, i) => shown(p.values[i] ?? 0)),
      ...(gap ? [escapeWikitext(p.toWin ?? '-')] : []),
    ];
    lines.push('|-', `| ${cells.join(' || ')}`);
  }
  lines.push(
    '|}',
    `''How players are ranked: ${escapeWikitext(s.rule)}${s.reading === undefined ? '' : ` ${escapeWikitext(s.reading)}`} Croupier rewrites this table when the numbers change.''`,
    '</div>',
    ...(s.below === undefined ? [] : ['', s.below]),
  );
  return lines.join('\n');
}

/** Where "since" is read from: the page as read, this run's rows, the current period and what it is called. */
export interface Trail {
  doc: WikiDocument;
  changes: readonly Change[];
  period: number;
  /** "phase" (default) or Nomicoup's "turn": the word, and the History column. */
  word?: string;
}

/**
 * The page with its standings block (added as a `== Standings ==` section before the Players when missing),
 * with what changed since the current period began when `trail` is given; `before`: the section it goes
 * before when the page has no Race or Players section (the players' table of a generic game).
 */
export function withStandings(text: string, s: Standings, trail?: Trail, before?: string): string {
  const word = trail?.word ?? 'phase';
  const since = trail === undefined ? {} : { since: sinceSummary(trailRows(trail.doc, trail.changes, word), trail.period, word) };
  const page = trail?.doc.page;
  // What an earlier Croupier drew in a section of its own and this block now holds (its `below`): that section goes.
  const absorbed = ABSORBED_BLOCKS.filter((a) => a.into === STANDINGS_REGION).reduce(
    (t, a) => removeRegion(t, a.region, { heading: a.heading, ...(page === undefined ? {} : { page }) }),
    text,
  );
  return replaceRegion(absorbed, STANDINGS_REGION, renderStandings({ ...s, ...since }), {
    ...PLACEMENT,
    ...(before === undefined ? {} : { before: [before] }),
    anyRows: true,
    ...(page === undefined ? {} : { page }),
  }).text;
}

/**
 * The standings' "since" line drawn again from the page's History as it is now (after the rollover job moved
 * rows to archive pages), the rest of the block as the run drew it: the saved page is then what the next run
 * computes from it. The page as it is when it has no standings, or no such line.
 */
export function withSinceRedrawn(text: string, page: string, period: number, word = 'phase'): string {
  const region = findRegion(text, STANDINGS_REGION, page);
  if (!region) return text;
  const lines = region.content.split('\n');
  const at = lines.findIndex((l) => l.endsWith(SINCE_LINK));
  if (at < 0) return text;
  lines[at] = `${escapeWikitext(sinceSummary(trailRows(readDocument(text, { page }), [], word), period, word))}${SINCE_LINK}`;
  return replaceRegion(text, STANDINGS_REGION, lines.join('\n'), { anyRows: true, page }).text;
}
