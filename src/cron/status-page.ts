// The on-wiki status page (games[].statusPage): whether the daemon runs, last run, its result, the next
// scheduled run, the last error in plain words, the halt, the runs that never finished, and a wiki whose
// MediaWiki version is outside the tested range (src/wiki/site.ts). Updated by the
// daemon when it starts, on each run that changes something, on every failure, when a game is halted, and
// when it stops. The bot owns only the region between
// <!-- croupier:begin status --> and <!-- croupier:end status -->; text around it is kept as written
// (the shared region functions of src/parse/regions.ts: a page with doubled or unmatched markers is refused).
import { escapeWikitext } from '../parse/escape.ts';
import { replaceRegion } from '../parse/regions.ts';
import { formatInstant } from '../sim/trail.ts';
import type { RunRecord } from './store.ts';
import type { StatusInfo, StatusPublisher } from './ports.ts';
import { describeRevert } from './pause.ts';

export const REGION = 'status';

const fmt = (iso: string | Date | undefined): string => {
  if (iso === undefined) return '—';
  return `${formatInstant(typeof iso === 'string' ? new Date(iso) : iso)} UTC`;
};

/** Text for a table cell, shown as written (escaped); a dash when empty. */
function cell(s: string): string {
  return s === '' ? '—' : escapeWikitext(s);
}

const RESULT_WORDS: Record<RunRecord['result'], string> = {
  running: 'running',
  changed: 'done, page updated',
  'no-change': 'done, nothing to change',
  failed: "'''FAILED'''",
  unavailable: 'not done: the wiki was unavailable (not counted as a failure; tried again at the next check)',
  refused: 'refused',
  skipped: 'skipped',
  abandoned: "'''never finished''' (abandoned: the bot stopped during the run)",
};

const KIND_WORDS: Record<RunRecord['kind'], string> = {
  rollover: 'phase rollover',
  check: 'periodic check',
  request: 'request page',
  clear: 'clear',
  referee: "players' requests (referee)",
};

function describeRun(r: RunRecord): string {
  const who = r.actor ? `, asked by ${escapeWikitext(r.actor)}` : '';
  const boundary = r.boundary ? ` for the boundary of ${fmt(r.boundary)}` : '';
  return `${KIND_WORDS[r.kind]}${boundary} (${escapeWikitext(r.trigger)}${who})`;
}

/** The Daemon row: never "running" without when it was last seen and by when it is expected again. */
function daemonWords(info: StatusInfo): string {
  const h = info.heartbeat;
  if (!h) return `last seen ${fmt(info.now)}`;
  return (
    `running: last seen ${fmt(h.lastSeen)}, next expected by ${fmt(h.nextExpectedBy)} (pid ${h.pid} on ${cell(h.host)}, since ${fmt(h.startedAt)}). ` +
    "If that time has passed, the daemon is down: its host's operator must restart it."
  );
}

/** The content of the status region (without its markers); `wikiWarning`: the wiki's version is untested. */
export function renderStatus(info: StatusInfo, recent: RunRecord[] = [], wikiWarning?: string): string {
  const g = info.record;
  const paused = g.paused
    ? `'''PAUSED''' since ${fmt(g.paused.at)}: ${g.paused.reverts.map((r) => cell(describeRevert(r))).join('; ')}. ` +
      `The bot makes no edit to the game's pages until an admin resumes it: add a line <code>* resume</code> to the request page, or run <code>croupier resume --game ${info.game}</code>; it then computes from the pages as they are.`
    : undefined;
  const otherwise = g.halted
    ? `'''HALTED''' since ${fmt(g.haltedAt)}: ${cell(g.haltReason ?? 'too many consecutive failures')}. ` +
      `The bot does not edit the Gamestate page until an admin clears the halt: add a line <code>* clear</code> to the request page, or run <code>croupier clear --game ${info.game}</code>.`
    : g.consecutiveFailures > 0
      ? `'''Failing''': ${g.consecutiveFailures} consecutive failed run(s); the bot halts after ${info.maxConsecutiveFailures}.`
      : info.startsAt
        ? `Not started: the cycle begins ${fmt(info.startsAt)}; nothing is due before then.`
        : 'OK';
  const state = paused === undefined ? otherwise : otherwise === 'OK' ? paused : `${paused} ${otherwise}`;
  const last = info.lastRun;
  const stopped = info.stopped;
  const rows: [string, string][] = [
    ['Game', cell(info.game)],
    [
      'Daemon',
      stopped ? `'''Stopped''' since ${fmt(stopped.at)} (${cell(stopped.reason)}): no run is scheduled until it is started again.` : daemonWords(info),
    ],
    ...(wikiWarning ? [['Wiki', `'''Untested MediaWiki version''': ${cell(wikiWarning)}`] as [string, string]] : []),
    ['State', state],
    ['Last run', last ? `${fmt(last.end ?? last.start)} — ${describeRun(last)}` : '—'],
    [
      'Result',
      last
        ? `${RESULT_WORDS[last.result]}${last.summary ? ` — ${cell(last.summary)}` : ''}${(last.result === 'failed' || last.result === 'unavailable') && last.error ? ` — ${cell(last.error)}` : ''}`
        : '—',
    ],
    [
      'Next scheduled run',
      stopped
        ? 'none: the daemon is stopped'
        : g.paused
          ? 'none while paused'
          : info.nextRun
            ? `${fmt(info.nextRun.at)} (${KIND_WORDS[info.nextRun.kind]})`
            : g.halted
              ? 'none while halted'
              : '—',
    ],
    ['Last error', g.lastError ? `${fmt(g.lastError.at)} (${KIND_WORDS[g.lastError.kind]}): ${cell(g.lastError.message)}` : 'none'],
    ['Last success', fmt(g.lastSuccess)],
    ['Consecutive failures', `${g.consecutiveFailures} (halts at ${info.maxConsecutiveFailures})`],
  ];
  if (info.waitingRequests) rows.push(['Requests waiting', `${info.waitingRequests} (answered once the halt is cleared)`]);
  const unfinished = info.unfinished ?? [];
  if (unfinished.length) {
    rows.push([
      'Runs that never finished',
      unfinished
        .map(
          (r) =>
            `${fmt(r.start)} — ${describeRun(r)}: ${r.result === 'running' ? 'its process is no longer running (marked abandoned by the next run)' : cell(r.error ?? 'abandoned')}`,
        )
        .join('<br />'),
    ]);
  }
  const lines = [
    `''This section is written by Croupier when it starts and stops, at each periodic check, on each run that changes something and on every failure; edits inside it are overwritten. Updated ${fmt(info.now)}.''`,
    '{| class="wikitable"',
    ...rows.flatMap(([k, v], i) => [...(i ? ['|-'] : []), `! ${k}`, `| ${v}`]),
    '|}',
  ];
  if (recent.length) {
    lines.push(
      '',
      "'''Recent runs''' (newest first)",
      '{| class="wikitable"',
      '! Start (UTC) !! Run !! Result !! Edits !! Details',
      ...recent
        .slice(-10)
        .reverse()
        .flatMap((r) => ['|-', `| ${fmt(r.start)} || ${describeRun(r)} || ${RESULT_WORDS[r.result]} || ${r.edits} || ${cell(r.error ?? r.summary ?? '')}`]),
      '|}',
    );
  }
  return lines.join('\n');
}

/**
 * Put the status region's `content` into the page: replace the existing region, or append it. A page with
 * doubled or unmatched status markers is refused (RegionError), never guessed at. The region's tables are
 * the bot's own: they may shrink (fewer recent runs) without the row-loss refusal.
 */
export function spliceRegion(text: string, content: string, page?: string): string {
  return replaceRegion(text, REGION, content, { anyRows: true, ...(page === undefined ? {} : { page }) }).text;
}

export interface StatusWiki {
  /** Conflict-safe edit of an existing or new page; `transform` is pure; null = no edit. */
  save(title: string, transform: (text: string) => { text: string; summary: string } | null, opts: { create: boolean }): Promise<{ changed: boolean }>;
}

export interface StatusPublisherOptions {
  wiki: StatusWiki;
  pageFor(game: string): string | undefined;
  /** Recent runs of a game for the table (from the store). */
  recentRuns?: (game: string) => Promise<RunRecord[]>;
  /** The wiki's version is outside the tested range: this warning (src/wiki/site.ts) is shown on every Status page (asked at each save: the client learns the version at its first read). */
  wikiWarning?: () => string | undefined;
}

export function makeStatusPublisher(opts: StatusPublisherOptions): StatusPublisher {
  return async (game, info) => {
    const page = opts.pageFor(game);
    if (!page) return;
    const recent = opts.recentRuns ? await opts.recentRuns(game) : [];
    const content = renderStatus(info, recent, opts.wikiWarning?.());
    const result = info.lastRun?.result;
    const summary = `Croupier status: ${info.record.paused ? 'PAUSED' : info.record.halted ? 'HALTED' : result === 'failed' ? 'run FAILED' : `last run ${result ?? 'none'}`}`;
    await opts.wiki.save(
      page,
      (text) => {
        const next = spliceRegion(text, content, page);
        return next === text ? null : { text: next, summary };
      },
      { create: true },
    );
  };
}
