// The referee job: players' requests on the game's actions page (`* open 1 Handy Pack`), resolved with
// draws nobody can predict and anyone can verify (commit–reveal, src/sim/commit-reveal.ts).
//
//  1. reveal   every stored secret of a phase that is over — by the Ruleset's calendar, by a rollover the bot
//              itself saved, or by a win the page records — is published (a "Secret revealed" History row); a Phase
//              number typed ahead is not; a revealed secret is never drawn with again;
//  2. commit   (for a game whose actions page exists) the current phase's secret is drawn (once: kept in the store)
//              and its SHA-256 published — a "Draws committed" History row, and the Status page — in the same
//              edit as the reveals, before any request of the phase is resolved. A commitment the bot published
//              (its record) that the store's secret does not match (the store was lost) stops the phase's draws;
//  3. resolve  every pending line (at most MAX_REQUESTS_PER_AUTHOR per author): its author is the account of the
//              revision that first added it (a revert is not its author: src/jobs/request-lines.ts), who must be a
//              player's wiki account; the game's action checks the request against the rules and the page, then
//              draws from HMAC(secret, game|key|revision) and writes its changes and History rows, which name
//              the request's key — all the pass's requests in ONE Gamestate edit (exactly once: the bot's record
//              says which were done). Then every line is answered in ONE edit of the actions page.
//
// "The bot's record" is what revisions saved by the bot's account added to the Gamestate page (botAddedLines):
// never a key, commitment or rollover a person typed (docs/referee.md, "The threat model").

import { commitmentOf } from '../sim/commit-reveal.ts';
import { startPass, type RefereeContext, type RefereeGame, type RefereeSummary } from './referee-pass.ts';
import { answerLines, takeRequests } from './referee-requests.ts';
import { publishStatus, revealAndCommit } from './referee-secrets.ts';

export type { RefereeContext, RefereeGame, RefereeStep, RefereeSummary, RefereeWiki, SecretKeeper } from './referee-pass.ts';

/** One pass of the referee over a game: its four steps, a checkpoint after each. */
export async function referee(ctx: RefereeContext, game: RefereeGame): Promise<RefereeSummary> {
  const pass = await startPass(ctx, game);
  const { secret, current, revisions } = await revealAndCommit(pass);
  await ctx.checkpoint?.('revealed');
  // A game without an actions page does not use the referee: nothing more.
  if (revisions.length === 0) return pass.summary;
  if (secret !== undefined) pass.summary.commitment = commitmentOf(secret);
  await publishStatus(pass);
  await ctx.checkpoint?.('committed');
  const lines = await takeRequests(pass, revisions, secret, current);
  await ctx.checkpoint?.('resolved');
  await answerLines(pass, lines);
  await ctx.checkpoint?.('marked');
  return pass.summary;
}
