import { Draws, seedText } from '../../../sim/rng.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import { joinedNearStart, reputableByRule } from '../../shared/reputability.ts';
import type { Player } from '../gamestate/schema.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { CHILI_N, RANDOM_GARBAGE } from '../readings.ts';
import { gainItems } from './items.ts';
import { drawRandomGarbage } from './random-garbage.ts';

// Players: “A player is "reputable" if they have continuously been a player for the previous seven
// days or if they have continuously been a player from a time that was within 3 days of the round
// starting.” (Cycle 16's sentence word for word: its code.) And its three grants:
// “When a player becomes reputable, grant them a Summoning Whistle.”
// “When a player becomes reputable, grant them 1 random garbage.”
// “When a player becomes reputable, grant that player N-3 Time Bean Chilis, where N is the current phase.”

export const REPUTABLE_RULE =
  'Players: “A player is "reputable" if they have continuously been a player for the previous seven days or … within 3 days of the round starting.”';

/** When the player becomes reputable: by the rule, from Joined (the page's "Reputable since" is the bot's, never believed). */
export function reputableAt(p: Player, cycleStart: Date): Date {
  return reputableByRule(p, cycleStart);
}

/** N for the N-3 Time Bean Chilis, by the chosen reading of “N is the current phase”. */
export function chiliN(reading: string, phaseNumber: number, phaseIndex: number): number {
  if (reading === 'phase-count') return phaseNumber + 1;
  if (reading === 'weekly') return phaseIndex + 1;
  return phaseNumber;
}

export interface GrantContext {
  ruleset: Pick<Cycle15Ruleset, 'garbage' | 'phases'>;
  readings: ChosenReadings;
  game: string;
  /** The phase the player became reputable in, and its name. */
  phase: number;
  phaseName: string;
  cycleStart: Date;
}

/** The three grants at `at`, the moment the player became reputable: one History row each. */
export function grantReputability(p: Player, at: Date, ctx: GrantContext): Change[] {
  const how = joinedNearStart(p, ctx.cycleStart)
    ? `a player since ${formatInstant(p.joined)}, within 3 days of the cycle start ${formatInstant(ctx.cycleStart)}`
    : `a player for seven days since ${formatInstant(p.joined)}`;
  p.reputableSince = at;
  p.grant = ctx.phase;
  const row = (change: string, rule: string, extra: Partial<Change['reason']> = {}): Change => {
    const { inputs, ...rest } = extra;
    return {
      at,
      phase: ctx.phase,
      event: 'Reputability',
      player: p.name,
      change,
      reason: { rule: `${rule} (${REPUTABLE_RULE})`, inputs: { reputable: how, ...inputs }, ...rest },
    };
  };
  const changes = [
    row(`${gainItems(p, 'Summoning Whistle', 1)}; reputable since ${formatInstant(at)}`, '“When a player becomes reputable, grant them a Summoning Whistle.”'),
  ];

  const garbageRule = '“When a player becomes reputable, grant them 1 random garbage.”';
  const garbageReading = [ctx.readings.label(RANDOM_GARBAGE)];
  if (ctx.readings.get(RANDOM_GARBAGE) === 'judge' || ctx.ruleset.garbage.length === 0) {
    changes.push(row('1 random garbage to be drawn by the Judge', garbageRule, { readings: garbageReading }));
  } else {
    const seed = seedText({ game: ctx.game, phase: ctx.phase, subject: `reputability ${p.name}` });
    const draws = new Draws(seed);
    const n = ctx.ruleset.garbage.length;
    const { item: drawn } = drawRandomGarbage(ctx.ruleset.garbage, (sides) => draws.int(0, sides - 1, 'random garbage') + 1);
    changes.push(
      row(gainItems(p, drawn.name, 1), garbageRule, { inputs: { draw: `row ${drawn.row} of ${n} (ID ${drawn.id})` }, seed, readings: garbageReading }),
    );
  }

  const index = Math.max(
    0,
    ctx.ruleset.phases.findIndex((x) => x.name === ctx.phaseName),
  );
  const reading = ctx.readings.get(CHILI_N);
  const N = chiliN(reading, ctx.phase, index);
  const chilis = Math.max(0, N - 3);
  changes.push(
    row(
      chilis > 0 ? gainItems(p, 'Time Bean Chili', chilis) : 'no Time Bean Chili (N-3 is not positive)',
      '“When a player becomes reputable, grant that player N-3 Time Bean Chilis, where N is the current phase.”',
      {
        inputs: { N, phase: `${ctx.phase} (${ctx.phaseName})` },
        arithmetic: `${N} − 3 = ${N - 3}${N - 3 < 0 ? ' → 0' : ''}`,
        readings: [ctx.readings.label(CHILI_N)],
      },
    ),
  );
  return changes;
}
