// The referee in the daemon: the phases' secrets in the store, and the job run on each tick of a game
// (after its catch-up, so a phase that ended is revealed at once, and requests see the current phase).
import { referee, type RefereeGame, type RefereeWiki, type SecretKeeper } from '../jobs/referee.ts';
import type { BotRecord } from '../jobs/referee-pass.ts';
import { ensurePhaseSecret, markSecretRevealed, markSecretsSpent, phaseSecret, phaseSecrets, type Store } from './store.ts';
import type { RefereeRunner } from './ports.ts';
import { collectGarbage } from './collect-garbage.ts';
import { storeRulingsCache } from './rulings-memo.ts';
import type { RulesetCache } from './game-jobs.ts';

/** The store as the referee's secret keeper: one secret per game and phase, kept across restarts. */
export function storeSecrets(store: Store, now: () => Date = () => new Date()): SecretKeeper {
  return {
    ensure: (game, phase, fresh) => ensurePhaseSecret(store, game, phase, fresh, now()),
    get: (game, phase) => phaseSecret(store, game, phase),
    list: async (game) =>
      (await phaseSecrets(store, game)).map(({ phase, secret, revealedAt, spentAt }) => ({
        phase,
        secret,
        revealed: revealedAt !== undefined,
        spent: revealedAt !== undefined || spentAt !== undefined,
      })),
    revealed: (game, phase) => markSecretRevealed(store, game, phase, now()),
    spending: (game, phases) => markSecretsSpent(store, game, phases, now()),
  };
}

/** The referee job of each game that has an actions page, as the scheduler runs it. */
/** `rulesets`: the daemon's parsed Ruleset revisions, shared with the plan and the rollovers (./game-jobs.ts). */
export function makeRefereeRunner(opts: {
  wiki: RefereeWiki;
  games: readonly RefereeGame[];
  store: Store;
  rulesets?: RulesetCache;
  now?: () => Date;
}): RefereeRunner {
  const secrets = storeSecrets(opts.store, opts.now);
  const records = new Map<string, BotRecord>();
  const active = async (id: string): Promise<boolean> => {
    const game = opts.games.find((g) => g.id === id);
    if (!game) return false;
    if ((await secrets.list(id)).some((s) => !s.revealed)) return true; // a secret may be due for its reveal
    // As many revisions as the pass reads next: the tick's one read of the page serves both (./tick-pages.ts).
    return (await opts.wiki.history(game.actionsPage, game.lookback)).length > 0;
  };
  const run = async (id: string, signal: AbortSignal, between?: () => Promise<void>) => {
    const game = opts.games.find((g) => g.id === id);
    if (!game) return { changed: false, summary: 'no actions page' };
    await collectGarbage(); // as every job (./collect-garbage.ts)
    const s = await referee(
      {
        wiki: opts.wiki,
        secrets,
        // The rollover's memo of the Rulings page: a revision it attributed costs the pass no history read.
        rulingsCache: storeRulingsCache(opts.store, id),
        records,
        ...(opts.rulesets ? { readRuleset: opts.rulesets.read.bind(opts.rulesets) } : {}),
        ...(opts.now ? { now: opts.now } : {}),
        // After each step (its edits made): stop at a shutdown, else let another game's waiting boundary go first.
        checkpoint: async () => {
          if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
          await between?.();
          if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
        },
      },
      game,
    );
    const answered = s.done + s.refused + s.failed;
    const parts = [
      `phase ${s.phase} commitment ${s.commitment ? s.commitment.slice(0, 12) + '…' : 'none'}`,
      ...(s.revealed.length ? [`revealed phase ${s.revealed.join(', ')}`] : []),
      ...(answered ? [`${s.done} request(s) done, ${s.refused} refused, ${s.failed} failed`] : []),
      ...(s.waiting ? [`${s.waiting} waiting: ${s.problem}`] : []),
    ];
    // A phase whose secret is lost only stops that phase's draws (the Status page and the log say why);
    // it is not a failure of the game: rollovers and checks go on, and the next phase has a new secret.
    return { changed: s.edits > 0, edits: s.edits, summary: parts.join('; ') };
  };
  return { active, run };
}
