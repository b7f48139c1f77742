import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { NomicoupState } from '../gamestate/schema.ts';
import { change, type RuleRef } from './change.ts';
import { CHARACTERS } from './checks.ts';
import { CHOOSING } from './judge.ts';
import { TIME_LIMIT } from './propositions.ts';
import { TREASURY, treasuryOf } from './treasury.ts';
import { currentTurn, ROUNDS, TURNS } from './turns.ts';

// The cells the bot owns are computed from the page's inputs at every run, never believed as written:
// a value that differs (a hand edit) is replaced, and the History row names the cell and both values.

const HOUR = 3_600_000;

type Cell = { cell: string; written: string; computed: string; ref: RuleRef; set: () => void };

const shown = (v: Date | number | string | null) => (v === null ? '-' : v instanceof Date ? formatInstant(v) : String(v));

/** Every bot-owned cell whose page value is not what its inputs give. */
function cells(s: NomicoupState, ruleset: Pick<NomicoupRuleset, 'constants' | 'courtDeck'>): Cell[] {
  const out: Cell[] = [];
  const cell = <K extends keyof NomicoupState['game']>(key: K, name: string, computed: NomicoupState['game'][K], ref: RuleRef) => {
    const written = s.game[key];
    if (shown(written as Date | number | string | null) !== shown(computed as Date | number | string | null)) {
      out.push({
        cell: `Game ${name}`,
        written: shown(written as Date | number | string | null),
        computed: shown(computed as Date | number | string | null),
        ref,
        set: () => (s.game[key] = computed),
      });
    }
  };
  const t = currentTurn(s);
  cell('round', 'Round', t?.round ?? 0, ROUNDS);
  cell('turn', 'Turn', t?.number ?? 0, TURNS);
  cell('current', 'Current turn', t?.player ?? null, TURNS);
  cell('began', 'Turn began (UTC)', t?.began ?? null, TURNS);
  // Once the player ended the turn the cell may show its timeout or, with nobody left to play, nothing.
  const ends = t === undefined ? null : new Date(t.began.getTime() + ruleset.constants.turnHours * HOUR);
  if (!(t?.ended != null && s.game.ends === null)) cell('ends', 'Turn ends (UTC)', ends, TURNS);
  // The Judge drawn last and the one before, as the History's draws record them (when it still holds them).
  const draws = (s.history ?? []).filter((h) => h.event === 'Judge').sort((a, b) => a.time.getTime() - b.time.getTime());
  if (draws.length >= 1) cell('judge', 'Judge', draws.at(-1)!.player, CHOOSING);
  if (draws.length >= 2) cell('previousJudge', 'Previous Judge', draws.at(-2)!.player, CHOOSING);
  cell('treasury', 'Treasury', treasuryOf(ruleset.constants.treasury, s.players), TREASURY);
  cell('courtDeck', 'Court Deck', courtDeckOf(s, ruleset), CHARACTERS);
  for (const p of s.propositions) {
    const deadline = new Date(p.posted.getTime() + ruleset.constants.propositionHours * HOUR);
    if (shown(p.deadline) !== shown(deadline))
      out.push({
        cell: `proposition ${p.id} Deadline (UTC)`,
        written: shown(p.deadline),
        computed: shown(deadline),
        ref: TIME_LIMIT,
        set: () => (p.deadline = deadline),
      });
  }
  return out;
}

/** The cards in the game minus the players' influence and revealed cards. */
export function courtDeckOf(s: Pick<NomicoupState, 'players'>, ruleset: Pick<NomicoupRuleset, 'courtDeck'>): number {
  const cards = Object.values(ruleset.courtDeck).reduce((a, b) => a + b, 0);
  return cards - s.players.reduce((a, p) => a + p.influence + p.revealed.length, 0);
}

/** Sets every bot-owned cell from its inputs; a History row (at `at`) for each the page had otherwise. */
export function recomputeBotCells(s: NomicoupState, ruleset: Pick<NomicoupRuleset, 'constants' | 'courtDeck'>, at: Date): Change[] {
  return cells(s, ruleset).map((c) => {
    c.set();
    return change(at, s.game.turn, 'Recomputed', '-', `${c.cell}: the page said ${c.written}; its inputs give ${c.computed} (a cell the bot keeps)`, c.ref, {
      written: c.written,
    });
  });
}
