// The referee's secrets (steps 1 and 2 of a pass, src/jobs/referee.ts): the reveal of every phase that is over
// and the current phase's commitment, in one edit of the Gamestate page, before any draw; the Status page's
// referee region. What the bot published is read from its own record, never from what a person typed.
import { randomBytes } from 'node:crypto';
import { names } from '../games/shared/standings.ts';
import { replaceRegion } from '../parse/regions.ts';
import { commitmentOf } from '../sim/commit-reveal.ts';
import type { Change } from '../sim/trail.ts';
import type { PageRevision } from '../wiki/pages.ts';
import type { RequestPageRevision } from './request-lines.ts';
import { saveGamestate } from './computed-pages.ts';
import { asPage, gamestateWiki, type Pass } from './referee-pass.ts';

export const COMMIT_EVENT = 'Draws committed';
export const REVEAL_EVENT = 'Secret revealed';
const COMMIT_RE = /phase (\d+): commitment ([0-9a-f]{64})/g;
const REVEAL_RE = /phase (\d+): secret ([0-9a-f]{64})/g;

/** Commitments a page (or History text) shows, by phase. */
export function commitmentsIn(text: string): Map<number, string> {
  return new Map([...text.matchAll(COMMIT_RE)].map((m) => [Number(m[1]), m[2]!]));
}

/** Secrets a page (or History text) reveals, by phase. */
export function revealsIn(text: string): Map<number, string> {
  return new Map([...text.matchAll(REVEAL_RE)].map((m) => [Number(m[1]), m[2]!]));
}

const SCHEME = 'HMAC-SHA256(secret, "game|request key|revision") seeds every draw of the phase; the command croupier verify recomputes each one';

export function commitRow(phase: number, commitment: string, at: Date): Change {
  return {
    at,
    phase,
    event: COMMIT_EVENT,
    player: '-',
    change: `phase ${phase}: commitment ${commitment}`,
    reason: {
      rule: `Referee: the SHA-256 of phase ${phase}'s secret, published before any of its draws; the secret is revealed once the phase is over`,
      inputs: { scheme: SCHEME },
    },
  };
}

export function revealRow(phase: number, secret: string, at: Date, current: number): Change {
  return {
    at,
    phase: current,
    event: REVEAL_EVENT,
    player: '-',
    change: `phase ${phase}: secret ${secret}`,
    reason: {
      rule: `Referee: phase ${phase} is over; the SHA-256 of this secret is the commitment published for it`,
      inputs: { commitment: commitmentOf(secret) },
    },
  };
}

/** The Status page's referee region: the current commitment and the secrets revealed. */
export function renderRefereeStatus(phase: number, commitment: string | undefined, revealed: ReadonlyMap<number, string>, actionsPage: string): string {
  const lines = [
    `''Written by Croupier, the referee of players' requests on [[${actionsPage}]]: every draw is HMAC-SHA256 of the phase's secret; the secret's SHA-256 is published before the phase's first draw and the secret after the phase (anyone can check every draw with <code>croupier verify</code>).''`,
    '',
    commitment === undefined ? `* Phase ${phase}: no commitment yet` : `* Phase ${phase} (current): commitment <code>${commitment}</code>`,
    ...[...revealed]
      .sort((a, b) => b[0] - a[0])
      .slice(0, 10)
      .map(([p, s]) => `* Phase ${p}: secret <code>${s}</code> (SHA-256 <code>${commitmentOf(s)}</code>)`),
  ];
  return lines.join('\n');
}

/** Why requests wait when a rollover saved the page during the run. */
export const phaseMoved = (read: number, now: number) =>
  `the Gamestate page moved from phase ${read} to phase ${now} during the run (a rollover): the requests wait for the next run, which resolves them with phase ${now}'s committed secret`;

/** A rollover saved the Gamestate page between the run's read and a request's save: the request waits. */
export class PhaseMoved extends Error {}

/** The page's rollovers, as the games' History rows write them: "Phase 4 → 5". */
const ROLLOVER_RE = /\bPhase (\d+) → (\d+)\b/g;
const leftPhases = (text: string): number[] => [...text.matchAll(ROLLOVER_RE)].map((m) => Number(m[1]));

export const defaultSecret = (): string => randomBytes(32).toString('hex');

/** What steps 1 and 2 leave: the phase's secret (undefined: no draw this pass), the Gamestate page as it is now, the actions page's revisions. */
export interface Committed {
  secret: string | undefined;
  current: PageRevision;
  revisions: RequestPageRevision[];
}

/**
 * 1. Reveal the secrets of the phases that are over; 2. commit the current phase's secret — both in one
 * Gamestate edit, before any request of the phase is resolved.
 */
export async function revealAndCommit(pass: Pass): Promise<Committed> {
  // 1. Reveal the secrets of the phases that are over, if the bot published their commitment: the phases before the
  // page's, and the page's own once the game is won (no draw follows a win, and its draws become checkable).
  const { ctx, game, ref, ruleset, gamestate, phase, calendar, winners, summary, now, bot } = pass;
  const shows = (text: string, p: number, secret: string) => [...text.matchAll(COMMIT_RE)].some((m) => Number(m[1]) === p && m[2] === commitmentOf(secret));
  // A phase whose number the page shows ahead of the calendar, with no rollover of the bot's to it: no draw.
  const forged = phase > calendar && !(await bot().then(leftPhases)).some((from) => from >= phase - 1);
  const won = winners.length > 0 && !forged;
  // A phase is over by the calendar, by a rollover the bot itself saved (a Phase number typed ahead is not), or by the win.
  const over = async (p: number) => calendar > p || (won && p <= phase) || (await bot().then(leftPhases)).some((from) => from >= p);
  const kept = await ctx.secrets.list(game.id);
  const toReveal: typeof kept = [];
  for (const s of kept) {
    if (s.revealed || s.phase > phase || (s.phase === phase && !won) || revealsIn(gamestate.text).get(s.phase) === s.secret) continue;
    if (!(await over(s.phase))) continue;
    if (shows(gamestate.text, s.phase, s.secret) || shows(await bot(), s.phase, s.secret)) toReveal.push(s);
  }
  // 2. The current phase's commitment, before any of its draws: in the same edit as the reveals.
  let secret: string | undefined;
  let commitment: string | undefined;
  const revisions = await ctx.wiki.history(game.actionsPage, game.lookback);
  const latest = revisions[0];
  // A phase the clock has ended while the page still records it: its draws would be made after it, in a phase that
  // is not the one the requests are made in. No secret is committed for it; the requests wait for the rollover.
  const ended = !forged && calendar > phase;
  if (winners.length > 0 && latest) {
    // Won: no rollover comes after it, and nothing the rules make happen is left to draw for: requests are refused.
    summary.problem = `the game is over (won by ${names(winners)}): no draw is made; requests are refused`;
  } else if (forged) {
    summary.problem = `the page's Phase number ${phase} is ahead of the calendar (phase ${calendar} now) and no rollover saved by the bot brought it there: no draw is made and no secret revealed until the calendar reaches it or the page is set back`;
  } else if (ended && latest) {
    summary.problem = `the page records phase ${phase}, which the clock has ended (phase ${calendar} now): no draw is made in it; requests wait for the rollover to phase ${phase + 1}`;
  } else if (latest) {
    const stored = await ctx.secrets.get(game.id, phase);
    const committed =
      stored !== undefined && shows(gamestate.text, phase, stored)
        ? []
        : [...(await bot()).matchAll(COMMIT_RE)].filter((m) => Number(m[1]) === phase).map((m) => m[2]!);
    // A secret once revealed is never drawn with again (the store no longer gives it): its draws could be computed
    // before they are asked for. Its commitment still on the page means a win or a rollover was taken back by a person.
    const spent = kept.find((s) => s.phase === phase && s.spent);
    if (stored === undefined && spent && (shows(gamestate.text, phase, spent.secret) || committed.includes(commitmentOf(spent.secret)))) {
      summary.problem = `the secret of phase ${phase} has been revealed (the page recorded a win or a rollover that was then taken back): no draw can be made in this phase; requests wait for the next phase`;
    } else if (stored !== undefined && (shows(gamestate.text, phase, stored) || committed.includes(commitmentOf(stored)))) secret = stored;
    else if (committed.length > 0) {
      summary.commitment = committed.at(-1);
      summary.problem =
        stored === undefined
          ? `the bot published a commitment for phase ${phase}, but its store has no secret for it (was the store lost or moved?): no draw can be made in this phase; requests wait for the next phase`
          : `the commitment the bot published for phase ${phase} is not the SHA-256 of the secret in its store (was the store replaced?): no draw can be made in this phase; requests wait for the next phase`;
    } else {
      secret = await ctx.secrets.ensure(game.id, phase, (ctx.newSecret ?? defaultSecret)());
      commitment = commitmentOf(secret);
    }
  }
  if (toReveal.length > 0 || commitment !== undefined) {
    // Written ahead of the save: a run stopped after it but before the reveal is recorded must not leave a published
    // secret drawable (a person may revert the page to before the reveal).
    const revealing = toReveal.map((s) => s.phase);
    if (revealing.length > 0) await ctx.secrets.spending(game.id, revealing);
    let moved: number | undefined;
    const saved = await saveGamestate(
      gamestateWiki(ctx.wiki),
      game.gamestate,
      (page) => {
        const current = ref.phase(ruleset, asPage(game, page), now());
        // The page's own phase is revealed only while the page still records the win.
        const over = (p: number) => p < current || (p === current && ref.winners(ruleset, asPage(game, page)).length > 0);
        const reveals = toReveal
          .filter((s) => over(s.phase) && revealsIn(page.text).get(s.phase) !== s.secret)
          .map((s) => revealRow(s.phase, s.secret, now(), current));
        // A rollover saved since the page was read: this phase's commitment is no use any more. Its secret stays
        // in the store unrevealed (no draw was made with it) until newer secrets push it out; the requests wait
        // for the next run, which commits the new phase.
        moved = current;
        const commit = commitment !== undefined && current === phase && !shows(page.text, phase, secret!) ? [commitRow(phase, commitment, now())] : [];
        if (reveals.length + commit.length === 0) return null;
        const what = [
          ...(reveals.length ? [`secret of phase ${reveals.map((r) => r.change.split(':')[0]!.slice(6)).join(', ')} revealed`] : []),
          ...(commit.length ? [`commitment for the draws of phase ${phase}`] : []),
        ];
        return { text: ref.appendRows(ruleset, asPage(game, page), [...reveals, ...commit]), summary: `Croupier: referee ${what.join('; ')}` };
      },
      {},
    );
    summary.edits += (saved.changed ? 1 : 0) + saved.subpages.length;
    summary.revealed = toReveal.map((s) => s.phase);
    if (moved !== undefined && moved !== phase && commitment !== undefined) {
      secret = undefined;
      summary.problem = phaseMoved(phase, moved);
    }
  }
  const current = toReveal.length > 0 || commitment !== undefined ? await pass.readGamestate() : gamestate;
  // The reveals the page shows (this run's or an earlier one's whose record was lost): those secrets are spent.
  for (const s of kept) if (!s.revealed && revealsIn(current.text).get(s.phase) === s.secret) await ctx.secrets.revealed(game.id, s.phase);
  return { secret, current, revisions };
}

/** The Status page's referee region: what the store says the bot published, never what a person typed on the page. */
export async function publishStatus(pass: Pass): Promise<void> {
  const { ctx, game, phase, summary } = pass;
  if (game.statusPage === undefined) return;
  {
    // What the store says the bot published, never what a person typed on the page.
    const revealed = new Map((await ctx.secrets.list(game.id)).filter((s) => s.revealed).map((s) => [s.phase, s.secret] as const));
    const content = renderRefereeStatus(phase, summary.commitment, revealed, game.actionsPage);
    const saved = await ctx.wiki.save(
      game.statusPage,
      (page) => {
        const r = replaceRegion(page.missing ? '' : page.text, 'referee', content, { page: game.statusPage, anyRows: true });
        return r.changed ? { text: r.text, summary: `Croupier: referee commitment for phase ${phase}` } : null;
      },
      { create: true },
    );
    if (saved.changed) summary.edits++;
  }
}
