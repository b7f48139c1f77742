import { findTable, normaliseHeader, readDocument } from '../parse/document.ts';
import type { HistoryTableSpec } from '../games/history-archive.ts';
import { commitmentOf, drawTokens, isSecret, replay, seedOf } from '../sim/commit-reveal.ts';
import { COMMIT_EVENT, REVEAL_EVENT } from './referee-secrets.ts';
import { REROLLED } from '../games/shared/actions.ts';

// `croupier verify`: the referee's draws checked from the pages alone (docs/referee.md). For each phase:
// the revealed secret against its commitment, the commitment against the first draw of the phase, each
// request's seed against HMAC(secret, its message), and every draw against the seed's stream. Pure: the
// caller reads the pages (the wiki, or files).

/** One History row as read back, with where it is. */
export interface HistoryLine {
  page: string;
  /** 1-based data row of the page's History table. */
  row: number;
  time: string;
  phase: string;
  event: string;
  player: string;
  change: string;
  reason: string;
}

/** The History rows of a page (the Gamestate page or one of its archives), in page order. */
export function historyLines(page: { title: string; text: string }, spec: HistoryTableSpec): HistoryLine[] {
  const doc = readDocument(page.text, { page: page.title });
  const table = findTable(doc, { headers: spec.identify });
  if (table === undefined) return [];
  const keys = spec.columns.map(normaliseHeader);
  const cell = (row: (typeof table.rows)[number], i: number) => row.cells[keys[i]!]?.text ?? '';
  return table.rows.map((row) => ({
    page: page.title,
    row: row.index,
    time: cell(row, 0),
    phase: cell(row, 1),
    event: cell(row, 2),
    player: cell(row, 3),
    change: cell(row, 4),
    reason: cell(row, 5),
  }));
}

export interface VerifyFinding {
  ok: boolean;
  phase: number;
  text: string;
}

export interface VerifyReport {
  findings: VerifyFinding[];
  /** Draws recomputed and found as written. */
  matching: number;
  mismatching: number;
  /** Draws of phases whose secret is not revealed yet (checked once it is). */
  pending: number;
}

const SEED = /\[seed "phase (\d+): HMAC\(phase secret, (.+?)\) = ([0-9a-f]{64})"\]/;

/** "History row 7 of Cycle 16/Gamestate (2026-11-18 18:00, Card drawn, Alice)" */
export function describeRow(l: HistoryLine): string {
  return `History row ${l.row} of ${l.page} (${[l.time, l.event, l.player].filter(Boolean).join(', ')})`;
}

/** Checks every draw the rows record (optionally of one phase). `lines`: oldest first (archives, then the page). */
export function verifyDraws(lines: readonly HistoryLine[], opts: { phase?: number } = {}): VerifyReport {
  const report: VerifyReport = { findings: [], matching: 0, mismatching: 0, pending: 0 };
  const say = (ok: boolean, phase: number, text: string) => report.findings.push({ ok, phase, text });
  const commits = new Map<number, { hex: string; at: number; line: HistoryLine }>();
  const reveals = new Map<number, { hex: string; line: HistoryLine }>();
  const requests = new Map<string, { phase: number; message: string; seed: string; rows: { line: HistoryLine; at: number }[] }>();
  lines.forEach((l, at) => {
    const c = /phase (\d+): commitment ([0-9a-f]{64})/.exec(l.change);
    if (l.event === COMMIT_EVENT && c && !commits.has(Number(c[1]))) commits.set(Number(c[1]), { hex: c[2]!, at, line: l });
    const r = /phase (\d+): secret ([0-9a-f]{64})/.exec(l.change);
    if (l.event === REVEAL_EVENT && r) reveals.set(Number(r[1]), { hex: r[2]!, line: l });
    const s = SEED.exec(l.reason);
    if (s) {
      const key = `${s[1]}|${s[2]}`;
      const req = requests.get(key) ?? { phase: Number(s[1]), message: s[2]!, seed: s[3]!, rows: [] };
      if (req.seed !== s[3]) say(false, req.phase, `${describeRow(l)}: its seed ${s[3]} is not the seed the request's other rows give (${req.seed})`);
      req.rows.push({ line: l, at });
      requests.set(key, req);
    }
  });
  const phases = [...new Set([...commits.keys(), ...reveals.keys(), ...[...requests.values()].map((r) => r.phase)])]
    .filter((p) => opts.phase === undefined || p === opts.phase)
    .sort((a, b) => a - b);
  for (const phase of phases) {
    const commit = commits.get(phase);
    const reveal = reveals.get(phase);
    let secret: string | undefined;
    if (!commit) say(false, phase, `phase ${phase}: no commitment row ("${COMMIT_EVENT}") found: its draws cannot be checked against one`);
    if (reveal && commit) {
      const ok = isSecret(reveal.hex) && commitmentOf(reveal.hex) === commit.hex;
      say(
        ok,
        phase,
        `phase ${phase}: the secret revealed in ${describeRow(reveal.line)} ${ok ? 'matches' : 'does NOT match'} the commitment in ${describeRow(commit.line)}`,
      );
      if (ok) secret = reveal.hex;
    } else if (!reveal)
      say(true, phase, `phase ${phase}: secret not revealed yet (it is published after the phase): its draws are checked against their seeds only`);
    for (const req of [...requests.values()].filter((r) => r.phase === phase)) {
      const name = req.message;
      const first = req.rows[0]!;
      if (commit && first.at < commit.at)
        say(false, phase, `request ${name}: its first draw (${describeRow(first.line)}) comes before the phase's commitment (${describeRow(commit.line)})`);
      const tokens = req.rows.flatMap(({ line }) => drawTokens(line.reason).map((t) => ({ ...t, line }))).sort((a, b) => a.n - b.n);
      if (secret !== undefined) {
        const seed = seedOf(secret, req.message);
        if (seed !== req.seed) {
          say(
            false,
            phase,
            `request ${name}: the seed written in ${describeRow(first.line)} (${req.seed}) is not HMAC-SHA256 of the revealed secret (${seed})`,
          );
          report.mismatching += tokens.length;
          continue;
        }
      } else report.pending += tokens.length;
      const gaps = tokens.map((t, i) => (t.n === i + 1 ? undefined : t)).filter((t) => t !== undefined);
      const values = replay(
        req.seed,
        tokens.map((t) => t.sides),
      );
      const bad = tokens.filter((t, i) => values[i] !== t.value);
      for (const t of bad)
        say(
          false,
          phase,
          `request ${name}: draw #${t.n} d${t.sides}=${t.value} in ${describeRow(t.line)} does NOT match: the stream gives ${values[tokens.indexOf(t)]}`,
        );
      for (const t of gaps)
        say(false, phase, `request ${name}: the draws are not numbered 1, 2, 3… (#${t!.n} in ${describeRow(t!.line)}): a draw is missing or doubled`);
      report.mismatching += bad.length;
      report.matching += tokens.length - bad.length;
      if (bad.length === 0 && gaps.length === 0)
        say(
          true,
          phase,
          `request ${name}: ${tokens.length} draw(s) match${secret === undefined ? ' their seed (the seed is checked once the secret is revealed)' : ''} (${req.rows.map((r) => `row ${r.line.row}`).join(', ')} of ${first.line.page})`,
        );
    }
    // A luck reroll (docs/referee.md): the request it declared not to have happened must be one with draws
    // of the same phase, whose draws stay in the History and are checked above like the reroll's own.
    lines.forEach((l, at) => {
      const k = REROLLED.exec(l.reason)?.[1];
      if (k === undefined || Number(l.phase) !== phase) return;
      const original = [...requests.values()].find((r) => r.phase === phase && r.message.split('|')[1] === k && r.rows[0]!.at < at);
      say(
        original !== undefined,
        phase,
        original
          ? `${describeRow(l)}: rerolls request ${original.message}, whose draws are checked above`
          : `${describeRow(l)}: rerolls request ${k}, but no earlier row of phase ${phase} records draws of that request`,
      );
    });
  }
  return report;
}

export function describeReport(r: VerifyReport): string {
  const lines = r.findings.map((f) => `${f.ok ? 'ok      ' : 'MISMATCH'} ${f.text}`);
  const bad = r.findings.filter((f) => !f.ok).length;
  lines.push(
    `${r.matching} draw(s) matching, ${r.mismatching} not matching${r.pending ? ` (${r.pending} of them in phases whose secret is not revealed yet)` : ''}; ${bad === 0 ? 'everything checks' : `${bad} problem(s)`}`,
  );
  return lines.join('\n');
}
