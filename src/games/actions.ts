import type { Table } from '../parse/model.ts';
import type { DrawStream } from '../sim/commit-reveal.ts';
import type { Change } from '../sim/trail.ts';
import type { EnginePage, KindedRuleset } from './engine-contract.ts';
import type { ChosenReadings } from './shared/readings.ts';

// What a game declares so that the referee (src/jobs/referee.ts) can resolve players' requests on its
// actions page: the actions (a line's grammar, the checks, the draws, the page changes and History
// rows), who the request's author is in the game, and how commit/reveal rows go on its page.
// Everything here is pure: the job reads and saves the wiki, keeps the secrets and derives the stream.

/** A player's request, as the job hands it to the game (the line's author found through the API). */
export interface ActionRequest {
  /** "r1234-0a1b2c3d": the revision that added the line and a hash of it (src/jobs/request-lines.ts). */
  key: string;
  /** The request without its bullet, mark or signature: "open 1 Handy Pack". */
  text: string;
  /** The wiki account that added the line. */
  author: string;
  revid: number;
  /** When the line was added. */
  at: Date;
}

export interface ActionInput<R extends KindedRuleset> {
  ruleset: R;
  game: string;
  page: EnginePage;
  now: Date;
  request: ActionRequest;
  /** The player the author plays as. */
  player: string;
  /**
   * The readings in force (the game's Rulings page, as for rollovers); absent: the game's defaults.
   * An action whose result depends on one names it in its rows (`reason.readings`).
   */
  readings?: ChosenReadings;
  /** The Ruleset page's tables (what a draw names: src/games/kit/chance.ts). */
  tables?: readonly Table[];
  /**
   * The request's stream (HMAC of the phase's secret): called only once every check has passed,
   * so a refused request draws nothing. `seed` goes into each History row with draws.
   */
  draws(): { stream: DrawStream; seed: string };
  /**
   * For an action that names an earlier request (`ActionDef.replays`, the luck reroll): that request
   * resolved again as the referee first resolved it — on the Gamestate revision it was resolved on, with
   * its own stream — or why it could not be. Absent: nobody replayed it.
   */
  original?: Replay;
  /**
   * The bot's record of the Gamestate page as it stands (the lines its revisions and the game's admins' added, less
   * what an admin removed: src/jobs/request-lines.ts#standingRecord), given to an action that declares `readsRecord`:
   * a History row a player typed is not in it, and a row of the bot's a player deleted or altered since still is
   * (src/games/shared/bot-record.ts). Absent: an empty record.
   */
  record?: string;
}

/** An earlier request's original resolution, replayed by the job (src/jobs/referee.ts, `replayRequest`). */
export type Replay = { key: string; outcome: ActionOutcome } | { key: string; unavailable: string };

export type ActionOutcome = { ok: true; text: string; changes: Change[]; message: string } | { ok: false; reason: string };

/** One action family: `* open 1 Handy Pack`, `* explore yes`… */
export interface ActionDef<R extends KindedRuleset = KindedRuleset, A = unknown> {
  name: string;
  /** The line's grammar, for players and refusals: "open <count> <pack>". */
  grammar: string;
  /** The arguments, or undefined when the line is not this action. */
  parse(text: string): A | undefined;
  /** Checks against the rules and the page first (a refusal draws nothing), then the draws and the page changes. */
  resolve(input: ActionInput<R>, args: A): ActionOutcome;
  /**
   * The key of the earlier request whose original resolution `resolve` checks (`input.original`), read
   * from the page before the request is resolved; the job replays that request first.
   */
  replays?(input: Omit<ActionInput<R>, 'draws' | 'original'>, args: A): string | undefined;
  /** Its checks read History rows as the record of what the bot did: the job reads the bot's record first (`ActionInput.record`). */
  readsRecord?: true;
}

/** The rows the referee itself writes (commitment, reveal), and what it needs to know of the page. */
export interface GameReferee<R extends KindedRuleset = KindedRuleset> {
  /** Tried in order; each keeps its own argument type (erased here: a line is parsed and resolved by the same action). */
  // biome-ignore lint/suspicious/noExplicitAny: each action's argument type is its own; no one type fits them all
  actions: readonly ActionDef<R, any>[];
  /**
   * The phase the page records, checked against the calendar at `now` (a Phase number set ahead by hand
   * must not reveal a secret early). Throws (naming the problem) if the page cannot be read.
   */
  phase(ruleset: R, page: EnginePage, now: Date): number;
  /**
   * The phase the Ruleset's calendar gives at `now`, from the page's cycle start alone (not the page's Phase
   * number or Phase start, which anyone can type): a phase before it is over by the calendar.
   */
  calendarPhase(ruleset: R, page: EnginePage, now: Date): number;
  /** Who the page records as the game's winners: none while the game goes on. */
  winners(ruleset: R, page: EnginePage): readonly string[];
  /** The player whose wiki account `author` is, or why nobody. */
  playerOf(ruleset: R, page: EnginePage, author: string): { player: string } | { refused: string };
  /** The page with these History rows appended (the commitment or reveal rows). */
  appendRows(ruleset: R, page: EnginePage, rows: readonly Change[]): string;
}

/** The action a line asks for, with its arguments; undefined if none of the game's actions reads it. */
export function parseAction<R extends KindedRuleset>(referee: GameReferee<R>, text: string): { def: ActionDef<R, unknown>; args: unknown } | undefined {
  for (const def of referee.actions as readonly ActionDef<R, unknown>[]) {
    const args = def.parse(text);
    if (args !== undefined) return { def, args };
  }
  return undefined;
}
