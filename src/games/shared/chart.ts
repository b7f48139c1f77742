import { escapeWikitext } from '../../parse/escape.ts';

// A chart of counts over the phases of a game, as wikitext a plain MediaWiki renders with no extension
// (no Graph, no EasyTimeline, no uploads): one wikitable per series, a row per player, the phases as
// bars of inline CSS. Only styles MediaWiki's Sanitizer keeps (no url(), no filter) are used, and
// every size is relative, so the table shrinks to a phone's width. A game gives its series
// (see ./count-history.ts for counts read from a History table); the chart knows nothing of any game.

export interface ChartRow {
  /** The player, as shown (escaped here). */
  name: string;
  /** One value per phase of the series (null: not playing then, no bar). */
  values: readonly (number | null)[];
}

export interface ChartSeries {
  /** What is counted ("Chips"). */
  title: string;
  /** A sentence said under the title: what the bars show. */
  note: string;
  /** The phase number of each value, oldest first. */
  phases: readonly number[];
  /** A value reaching it is drawn in the goal's colour, with a dashed line at its height (the victory threshold). */
  goal?: number;
  rows: readonly ChartRow[];
}

const BAR = '#36c';
const GOAL = '#d33';
const AXIS = '#a2a9b1';

/** An attribute value's text: escaped as for a line, and its quote. */
const attribute = (text: string) => escapeWikitext(text).replaceAll('"', '&quot;');

/** "42.9": a share of the chart's height, in percent, to one decimal. */
function percent(value: number, max: number): string {
  return String(Math.round((Math.max(0, value) / max) * 1000) / 10);
}

/** Consecutive phases with the same value, as one run: [first phase, last phase, value]. */
export function runsOf(series: Pick<ChartSeries, 'phases'>, values: readonly (number | null)[]): [number, number, number | null][] {
  const runs: [number, number, number | null][] = [];
  values.forEach((v, i) => {
    const phase = series.phases[i]!;
    const last = runs.at(-1);
    if (last !== undefined && last[2] === v) last[1] = phase;
    else runs.push([phase, phase, v]);
  });
  return runs;
}

/** "phases 0–4: 3" */
const described = ([from, to, v]: [number, number, number | null]) => `${from === to ? `phase ${from}` : `phases ${from}–${to}`}: ${v ?? 'not playing'}`;

/**
 * A row's bars: one per run of phases with the same value (a step chart: a page with twenty players over
 * thirty phases stays small), its width the phases it covers, its height the value.
 */
function bars(series: ChartSeries, row: ChartRow, max: number): string {
  const runs = runsOf(series, row.values);
  const spans = runs.map((run) => {
    const [from, to, v] = run;
    const flex = `flex:${to - from + 1}`;
    if (v === null) return `<span title="${attribute(described(run))}" style="${flex}"></span>`;
    const colour = series.goal !== undefined && v >= series.goal ? GOAL : BAR;
    return `<span title="${attribute(described(run))}" style="${flex};height:${percent(v, max)}%;background:${colour}"></span>`;
  });
  const goal =
    series.goal === undefined
      ? ''
      : `<span style="position:absolute;left:0;right:0;bottom:${percent(series.goal, max)}%;border-top:1px dashed ${GOAL}"></span>`;
  const label = `${series.title}, ${runs.map(described).join('; ')}`;
  // The values in words under the bars too: readable without hovering (a phone has no hover).
  const words = `<div style="font-size:85%;overflow-wrap:anywhere">${escapeWikitext(runs.map(described).join('; '))}</div>`;
  return `<div role="img" aria-label="${attribute(label)}" style="position:relative;display:flex;align-items:flex-end;gap:1px;height:2.5em;min-width:3em;border-bottom:1px solid ${AXIS}">${goal}${spans.join('')}</div>${words}`;
}

/** One series: its title and note, then a table of a row per player (name, bars, value now). */
export function renderSeries(series: ChartSeries): string {
  const values = series.rows.flatMap((r) => r.values.filter((v): v is number => v !== null));
  const max = Math.max(1, series.goal ?? 0, ...values);
  const first = series.phases[0];
  const last = series.phases.at(-1);
  const span = first === last ? `phase ${first}` : `phases ${first}–${last}`;
  const lines = [
    `'''${escapeWikitext(series.title)}''' — ${escapeWikitext(series.note)}`,
    '{| class="wikitable" style="width:100%;table-layout:fixed"',
    `! style="width:30%" | Player !! ${escapeWikitext(series.title)}, ${span} !! style="width:15%" | Now`,
  ];
  for (const row of series.rows) {
    const now = row.values.at(-1);
    lines.push('|-', `| style="overflow-wrap:anywhere" | ${escapeWikitext(row.name)}`, `| ${bars(series, row, max)}`, `| ${now ?? '-'}`);
  }
  lines.push('|}');
  return lines.join('\n');
}

/**
 * The chart: every series under one intro line, in an element marked `data-croupier="NAME"` (the
 * browser tests find it by that). Deterministic: the same numbers give the same text, so a run
 * whose numbers did not change leaves the region as it is.
 */
export function renderChart(name: string, intro: string, series: readonly ChartSeries[]): string {
  return [
    `<div data-croupier="${name}" style="max-width:48em">`,
    `''${escapeWikitext(intro)}''`,
    ...series.flatMap((s) => ['', renderSeries(s)]),
    '</div>',
  ].join('\n');
}
