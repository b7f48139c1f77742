import type { ActionDef, ActionInput } from '../../actions.ts';
import type { Change } from '../../../sim/trail.ts';
import type { DrawStream } from '../../../sim/commit-reveal.ts';
import type { Card, Gamestate, Player } from '../gamestate/schema.ts';
import type { Cycle16Ruleset, Grant, Scenario } from '../ruleset/schema.ts';
import { isVertebrae, parseCount } from '../../shared/text.ts';
import { packSold } from '../tables/odds.ts';
import { gainChips, gainPacks, gainTokens, gainVertebrae } from '../rules/inventory.ts';
import { drawReason, requestReason, rollDice } from '../../shared/actions.ts';
import { onPage, type NewCards } from './page.ts';
import { packNamed } from './packs.ts';
import { drawOutcome } from './random-card.ts';
import { inPhase, usesCounted } from '../../shared/bot-record.ts';

// Exploration: “Once per phase, each player may explore the Gilded Hall. When doing so they are
// presented with a random scenario from the list below”. The answer to the scenario's question is
// given on the request line, before the draw (so it cannot depend on the scenario drawn):
//   * explore yes      * explore no      * explore option 2 (the discount shop's second offer)
// What the Ruleset's scenario text says the bot can do is done (grants and their dice, the slot
// machine, the discount offers, the maze's second exploration, the rat's Red Coatings); what needs a
// choice only a person can make (a card to destroy, a player to select, a proposal) is left to the
// players and editors, and the answer says so.

export const EXPLORE_RULE =
  'Exploration: “Once per phase, each player may explore the Gilded Hall. When doing so they are presented with a random scenario from the list below”';

export interface ExploreArgs {
  answer: 'yes' | 'no';
  option?: number;
}

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** "Two Deck packs" → 2 and "Deck packs"; "Nothing" → undefined. */
function countedThing(label: string): { n: number; thing: string } | undefined {
  const m = /^(\w+)\s+(.+)$/.exec(label.trim());
  if (!m) return undefined;
  const n = WORDS[m[1]!.toLowerCase()] ?? parseCount(m[1]!);
  return n === undefined ? undefined : { n, thing: m[2]! };
}

/** Whether a grant belongs to one of the scenario's options (then only that option gives it). */
const optionOf = (s: Scenario, g: Grant) => s.options.findIndex((o) => o.includes(g.text));

/** “If you have 3 cards with all the same, suit, colour and value”: three of the player's cards alike in all three. */
function threeAlike(cards: readonly Card[], owner: string): boolean {
  const key = (c: Card) => JSON.stringify([c.value, [...c.suits].sort(), [...c.colours].sort()]);
  const counts = new Map<string, number>();
  for (const c of cards.filter((x) => x.owner === owner)) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  return [...counts.values()].some((n) => n >= 3);
}

/** Gives the player `n` of `item` (Vertebrae, a pack, Chips, tokens, a card species, else an item in Other items). */
function give(r: Cycle16Ruleset, _s: Gamestate, p: Player, n: number, item: string, fresh: NewCards): string {
  if (isVertebrae(item)) return gainVertebrae(p, n);
  const pack = packNamed(r, item) ?? packSold(r, { item, cost: { amount: 0, unit: '' } })?.pack;
  if (pack) return gainPacks(p, pack.name, n);
  if (/^chips?$/i.test(item)) return gainChips(p, n);
  if (/^reconfiguration tokens?$/i.test(item)) return gainTokens(p, n);
  const species = /^(.+?)(?:\s+with the modifiers?\s+(.+))?$/i.exec(item)!;
  const card = r.cards.find((c) => c.name.toLowerCase() === species[1]!.toLowerCase());
  if (card) {
    const mods = (species[2] ?? '')
      .split(/\s*(?:,|\band\b)\s*/)
      .map((x) => x.trim())
      .filter(Boolean);
    const made = Array.from({ length: n }, () => fresh.add(p.name, card.name, mods));
    return `+${made.map((c) => `#${c.id} ${c.species}${c.modifiers.length ? ` (${c.modifiers.join(', ')})` : ''}`).join(', ')}`;
  }
  p.other = [p.other, `${n} ${item}`].filter((x) => x && x !== '-').join(', ');
  return `+${n} ${item} (Other items)`;
}

function applyScenario(
  input: ActionInput<Cycle16Ruleset>,
  s: Gamestate,
  p: Player,
  sc: Scenario,
  args: ExploreArgs,
  fresh: NewCards,
  stream: DrawStream,
): string[] {
  const r = input.ruleset;
  const effects: string[] = [];
  const asks = /\bif yes\b/i.test(sc.text);
  const yes = args.answer === 'yes';
  // The offers and options of a scenario that has them (the discount shop: “choose up to one”).
  if (sc.options.length > 0 && args.option !== undefined) {
    const chosen = sc.options[args.option - 1];
    if (chosen === undefined) effects.push(`option ${args.option}: the scenario has ${sc.options.length} options, none taken`);
    else {
      const offer = sc.offers.find((o) => chosen.includes(o.item));
      if (offer && isVertebrae(offer.cost.unit)) {
        if (p.vertebrae < offer.cost.amount) effects.push(`option ${args.option} (${chosen}): not taken, ${p.name} has ${p.vertebrae} Vertebrae`);
        else effects.push(`option ${args.option}: ${gainVertebrae(p, -offer.cost.amount)}, ${give(r, s, p, 1, offer.item, fresh)}`);
      }
      for (const g of sc.grants.filter((g) => optionOf(sc, g) === args.option! - 1)) {
        if (typeof g.amount === 'number') effects.push(`option ${args.option}: ${give(r, s, p, g.amount, g.item, fresh)}`);
      }
    }
  } else if (sc.options.length > 0) effects.push('no option chosen (add "option N" to the request to take one)');
  for (const g of sc.grants) {
    if (optionOf(sc, g) >= 0) continue;
    if (g.branch !== undefined && g.branch !== args.answer) continue;
    if (g.condition !== undefined && g.branch === undefined) {
      if (!/3 cards with all the same/i.test(g.condition)) {
        effects.push(`“${g.condition}”: left to the editors`);
        continue;
      }
      if (!yes || !threeAlike(s.cards, p.name)) {
        effects.push(`“${g.condition}”: not met`);
        continue;
      }
    }
    const amount = typeof g.amount === 'number' ? { total: g.amount, rolls: [] as number[] } : rollDice(g.amount, stream, `${g.amount.text}:`);
    const dice = typeof g.amount === 'number' ? '' : ` (${g.amount.text} = ${amount.rolls.join(' + ')})`;
    // “grant yourself 1 Lotto Ticket with the modifiers Sacrificial, Red Coating, and Hearts Insignia”
    const withMods = new RegExp(`${g.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['‘’"]?\\s+with the modifiers?\\s+([^.]+)`, 'i').exec(sc.text);
    effects.push(`${give(r, s, p, amount.total, withMods ? `${g.item} with the modifiers ${withMods[1]}` : g.item, fresh)}${dice}`);
  }
  if (yes && /\bremove (\d+) vertebra/i.test(sc.text))
    effects.push(gainVertebrae(p, -Math.min(p.vertebrae, Number(/\bremove (\d+) vertebra/i.exec(sc.text)![1]))));
  if (sc.outcomes.length > 0) {
    // The slot machine: “Do you put a chip in the slot machine? If yes, you randomly get one of the following … the chip is then destroyed.”
    if (!yes) effects.push('declined');
    else if (p.chips < 1) effects.push(`no Chip to put in (${p.name} has 0)`);
    else {
      const o = drawOutcome(sc.outcomes, stream, 'outcome');
      effects.push(`${gainChips(p, -1)} into the slot machine → ${o.label} (${o.chance.text})`);
      const got = countedThing(o.label);
      const pack = got && (packNamed(r, got.thing) ?? packNamed(r, got.thing.replace(/\bcard\s+/i, '')));
      if (got && pack) effects.push(gainPacks(p, pack.name, got.n));
    }
  }
  if (yes && /(\d+) random cards in your inventory are given the (.+?) modifier/i.test(sc.text)) {
    const m = /(\d+) random cards in your inventory are given the (.+?) modifier/i.exec(sc.text)!;
    const mine = s.cards.filter((c) => c.owner === p.name);
    const picked: Card[] = [];
    for (let i = 0; i < Number(m[1]) && mine.length > 0; i++) {
      picked.push(
        mine.splice(stream.roll(mine.length, `card ${i + 1} given ${m[2]} (${mine.length} cards of the player left, 1/${mine.length} each)`) - 1, 1)[0]!,
      );
    }
    for (const c of picked) c.modifiers = [...c.modifiers, m[2]!];
    effects.push(`${m[2]} on ${picked.map((c) => `#${c.id}`).join(', ') || 'no card (none in the inventory)'}`);
  }
  if (/\bexplore again\b/i.test(sc.text)) {
    p.mazes = (p.mazes ?? 0) + 1;
    effects.push('one more exploration this phase (maze)');
  }
  if (effects.length === 0)
    effects.push(
      asks ? `answered ${args.answer}: nothing for the bot to do (anything else the scenario asks is left to the players)` : 'nothing for the bot to do',
    );
  return effects;
}

export const exploreAction: ActionDef<Cycle16Ruleset, ExploreArgs> = {
  name: 'explore',
  grammar: 'explore [yes|no] [option <n>]',
  readsRecord: true,
  parse(text) {
    const m = /^explore\b\s*(?:,?\s*(yes|no)\b)?\s*(?:,?\s*option\s+(\d+))?\s*$/i.exec(text);
    if (!m) return undefined;
    return { answer: (m[1]?.toLowerCase() ?? 'no') as 'yes' | 'no', ...(m[2] ? { option: Number(m[2]) } : {}) };
  },
  resolve(input, args) {
    const r = input.ruleset;
    if (r.scenarios.length === 0) return { ok: false, reason: 'the ruleset lists no exploration scenarios' };
    for (const sc of r.scenarios) {
      const total = sc.outcomes.reduce((t, o) => t + o.chance.numerator / o.chance.denominator, 0);
      if (sc.outcomes.length > 0 && Math.abs(total - 1) > 1e-9)
        return {
          ok: false,
          reason: `scenario ${sc.number}'s chances add up to ${+(total * 100).toFixed(4)}%, not 100%: the bot draws nothing until the ruleset is fixed`,
        };
    }
    return onPage(input, (s, player, fresh) => {
      const used = usesCounted(player.used.Exploration ?? 0, input, 'Exploration', player.name, inPhase(s.phase.number));
      const allowed = 1 + (player.mazes ?? 0);
      if (used >= allowed)
        return {
          refused: `${player.name} has explored ${used} time(s) this phase (Used this phase, or the Exploration rows of the bot's record), and may explore ${allowed} time(s): “Once per phase, each player may explore the Gilded Hall.”`,
        };
      const { stream, seed } = input.draws();
      const n = stream.roll(r.scenarios.length, `scenario (${r.scenarios.length} scenarios, 1/${r.scenarios.length} each)`);
      const sc = r.scenarios[n - 1]!;
      player.used = { ...player.used, Exploration: used + 1 };
      const effects = applyScenario(input, s, player, sc, args, fresh, stream);
      const first = sc.text.split('\n')[0]!;
      const change: Change = {
        at: input.now,
        phase: s.phase.number,
        event: 'Exploration',
        player: player.name,
        change: `scenario ${sc.number} (answer ${args.answer}${args.option ? `, option ${args.option}` : ''}): ${effects.join('; ')}`,
        reason: drawReason(
          `${EXPLORE_RULE} — scenario ${sc.number}: “${first.length > 120 ? `${first.slice(0, 117)}…` : first}” (${requestReason(input)})`,
          stream,
          seed,
          s.phase.number,
          0,
          input,
        ),
      };
      return { changes: [change], message: `scenario ${sc.number}: ${effects.join('; ')}` };
    });
  },
};
