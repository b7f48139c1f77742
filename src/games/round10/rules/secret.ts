import type { Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { SecretAction } from '../gamestate/schema.ts';
import { DAY, needed, row, type RuleContext } from './common.ts';

// Node's crypto module is loaded at its first use, not with the games: a command that hashes nothing (`parse`) does
// not load it (~5 ms of its start).
const crypto = () => process.getBuiltinModule('node:crypto');

// Secret actions: "a maturation date (by default the beginning of the next rules-defined phase after
// the action's performance)"; "a revelation date (by default three days after the maturation date)".
// "A secret action fails immediately after any of the following occur: If, at the revelation date,
// the player has not revealed the unhashed text, that action fails. […] The player posts an attempt
// to perform a secret action and they already have an attempt which has not failed at the time of
// posting the new attempt, then the former attempt fails."
// The bot checks the revealed text against the SHA-256 hash posted earlier.

export const MATURATION_RULE =
  'Secret Information: "a maturation date (by default the beginning of the next rules-defined phase after the action\'s performance)"; "a revelation date (by default three days after the maturation date)"';
export const UNREVEALED_RULE = 'Secret Information: "If, at the revelation date, the player has not revealed the unhashed text, that action fails."';
export const HASH_RULE = 'Secret Information: "other players should verify that the unhashed text correctly matches up to the hashed text" (an SHA-256 hash)';
export const VOID_RULE =
  'Secret Information: "The player posts an attempt to perform a secret action and they already have an attempt which has not failed at the time of posting the new attempt, then the former attempt fails."';

export function sha256(text: string): string {
  return crypto().createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Maturation and revelation dates of an action, from its posting time and the phase calendar. */
export function datesOf(a: Pick<SecretAction, 'posted'>, calendar: Calendar, ctx: Pick<RuleContext, 'ruleset'>): { matures: Date; reveals: Date } {
  const matures = calendar.nextRollover(a.posted);
  return { matures, reveals: new Date(matures.getTime() + needed(ctx.ruleset.constants.revelationDays, 'the revelation date', ctx.ruleset) * DAY) };
}

/** "Bid: L1 30, L3 60. salt…" → the declaration "L1 30, L3 60"; null when the text does not begin with its kind. */
export function declaration(a: Pick<SecretAction, 'kind' | 'revealed'>): string | null {
  const m = new RegExp(`^\\s*${a.kind}\\s*:\\s*(.*?)(?:\\.(?:\\s|$)|$)`, 'is').exec(a.revealed ?? '');
  return m ? m[1]!.trim() : null;
}

export function fail(ctx: RuleContext, a: SecretAction, why: string, rule: string, inputs: Change['reason']['inputs'] = {}, readings?: string[]): Change {
  a.status = 'failed';
  a.result = why;
  return row(ctx, `${a.kind} failed`, a.player, `${a.id}: ${why}`, {
    rule,
    inputs: { action: a.id, posted: formatInstant(a.posted), ...inputs },
    ...(readings ? { readings } : {}),
  });
}

/**
 * At the revelation date, before anything else: an action never revealed, or whose revealed text does
 * not hash to what was posted, fails (with the hash it was checked against). Undefined: it stands.
 */
export function checkRevelation(ctx: RuleContext, a: SecretAction): Change | undefined {
  if (a.revealed === null) return fail(ctx, a, 'not revealed by its revelation date', UNREVEALED_RULE, { hash: a.hash });
  const got = sha256(a.revealed);
  if (got !== a.hash)
    return fail(ctx, a, `the revealed text does not match the posted hash (SHA-256 of the text: ${got})`, HASH_RULE, {
      'posted hash': a.hash,
      'hash of the revealed text': got,
    });
  return undefined;
}

/** The older attempts a newer one voids, by the reading of "an attempt" (any secret action, or one of the same kind). */
export function voidedBy(ctx: Pick<RuleContext, 's' | 'readings'>, newer: SecretAction): SecretAction[] {
  const any = ctx.readings.get('secret-voiding') === 'any';
  return ctx.s.secrets.filter(
    (a) => a !== newer && a.player === newer.player && a.status === 'posted' && a.posted.getTime() < newer.posted.getTime() && (any || a.kind === newer.kind),
  );
}

export function voidAction(ctx: RuleContext, older: SecretAction, newer: SecretAction): Change {
  return fail(
    ctx,
    older,
    `voided by the newer attempt ${newer.id} (${newer.kind}, posted ${formatInstant(newer.posted)})`,
    VOID_RULE,
    { 'newer attempt': newer.id },
    [ctx.readings.label('secret-voiding')],
  );
}
