import type { Change } from '../../../sim/trail.ts';
import type { EngineRuleset, Gamestate, LimitedAction, Player } from '../gamestate/schema.ts';
import { gainVertebrae } from './inventory.ts';

// Rule 2: what a player may do only so often. Editors tick uses off in "Used this phase"; the
// rollover clears them, since every limit counts within one phase.

export const LIMITS: Record<LimitedAction, { times: number; per: string; rule: string }> = {
  Exploration: { times: 1, per: 'per phase', rule: 'Once per phase, each player may explore the Gilded Hall.' },
  Gift: { times: 1, per: 'per phase', rule: 'Once per phase, each player (the giver) may select one other player (the receiver) to receive a gift.' },
  Fusion: {
    times: 1,
    per: 'per phase',
    rule: 'Once per phase, each player may choose to destroy 9 Vertebrae then select 2 cards from their deck to fuse together',
  },
  Duel: { times: 1, per: 'per phase', rule: 'A player may only join an Exoptotic Duel only once per phase.' },
  Reroll: { times: 1, per: 'per phase', rule: 'If a player has good luck, once per phase, when selecting a random choice, they may reroll' },
  Removal: {
    times: 2,
    per: 'per Rest Phase',
    rule: 'Up to twice during each rest phase a player may state their intention to remove a card from their inventory',
  },
};

/**
 * The phase card removal is limited to, read from the rule's own words (“Up to twice during each
 * rest phase a player may state their intention to remove a card…”) and matched, ignoring case,
 * against the phases the ruleset names: the ruleset's spelling ("Rest Phase") and the sentence.
 * The sentence is taken from the ruleset's text when it has one, else the rule as quoted here.
 * null when the sentence names no phase of the ruleset (then only the count is checked).
 */
export function removalPhase(ruleset: Pick<EngineRuleset, 'phases' | 'rules'>): { name: string; sentence: string } | null {
  const sentences = (ruleset.rules ?? []).flatMap((r) => r.text.split(/(?<=[.!?])\s+|\n+/));
  const sentence = (sentences.find((x) => /\bremove a card\b/i.test(x) && /\bduring\b/i.test(x)) ?? LIMITS.Removal.rule).trim();
  const named = /\bduring\s+(?:each|every|a|an|the)\s+(.+?\bphase)\b/i.exec(sentence)?.[1];
  if (named === undefined) return null;
  const norm = (x: string) =>
    x
      .toLowerCase()
      .replace(/^the\s+/, '')
      .replace(/\s+/g, ' ')
      .trim();
  const phase = ruleset.phases.find((p) => norm(p.name) === norm(named));
  return phase === undefined ? null : { name: phase.name, sentence: sentence.replace(/\s+in #[\w-]+\.?$|\.$/, '') };
}

/** Removals recorded in Used this phase whose Vertebrae are not granted yet ("Removals granted"). */
export function removalsDue(p: Player): number {
  return (p.used.Removal ?? 0) - (p.removalsGranted ?? 0);
}

/**
 * Card removal: “The card is removed and destroyed from their inventory and they receive 1
 * vertebrae.” The phase's removals are the "Removal" entries of Used this phase; those granted are
 * counted in "Removals granted", written in the same edit, so each is granted exactly once.
 */
export function grantRemovals(p: Player, at: Date, phase: number): Change {
  const n = removalsDue(p);
  p.removalsGranted = p.used.Removal ?? 0;
  return {
    at,
    phase,
    event: 'Card removal',
    player: p.name,
    change: `${gainVertebrae(p, n)} for ${n} card${n === 1 ? '' : 's'} removed`,
    reason: {
      rule: 'Card removal: “The card is removed and destroyed from their inventory and they receive 1 vertebrae.”',
      inputs: { 'removals this phase': p.used.Removal ?? 0, 'granted before': p.removalsGranted - n },
      arithmetic: `${n} × 1 = ${n}`,
    },
  };
}

/** Clears every player's "Used this phase" at a rollover. */
export function resetLimits(state: Gamestate, at: Date, phase: number): Change[] {
  const used = state.players.filter((p) => Object.values(p.used).some((n) => n > 0));
  for (const p of used) {
    p.used = {};
    p.mazes = 0;
    p.removalsGranted = 0;
  }
  if (used.length === 0) return [];
  return [
    {
      at,
      phase,
      event: 'Limits reset',
      player: '-',
      change: `Used this phase cleared for ${used.length} player${used.length === 1 ? '' : 's'} (${used.map((p) => p.name).join(', ')})`,
      reason: {
        rule: 'Once per phase (Exploration, Card gifting, Fusion, Exoptotic Duel, Luck); twice per Rest Phase (card removal)',
        inputs: { 'new phase': phase },
      },
    },
  ];
}
