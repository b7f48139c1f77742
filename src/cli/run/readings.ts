import type { Command } from 'commander';
import { declarationsFor, gameKinds, readEngineRuleset, readingsFor } from '../../games/registry.ts';
import { ChosenReadings, type ReadingDef } from '../../games/shared/readings.ts';
import { readGameRulings } from '../../jobs/rulings.ts';
import { gameContext } from '../context.ts';
import { UsageError } from '../usage.ts';
import { logFormatOf } from '../options.ts';

// What `croupier readings` does (its options: src/cli/commands/readings.ts).

export interface ReadingsCliOptions {
  game?: string;
  kind?: string;
  config?: string;
  json?: boolean;
}

export interface ReadingListing {
  id: string;
  question: string;
  /** The rule's title and its sentence, quoted. */
  rule: string;
  default: string;
  alternatives: Record<string, string>;
  current: string;
  /** "tax-rounding=ceil (ruling by Judge, …)" */
  label: string;
  usedIn: string[];
  /** History rows of the Gamestate page that name it (online only). */
  historyRows?: number;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function listReadings(defs: readonly ReadingDef[], chosen: ChosenReadings, gamestate?: string): ReadingListing[] {
  return defs.map((d) => ({
    id: d.id,
    question: d.question,
    rule: d.rule,
    default: d.default,
    alternatives: d.alternatives,
    current: chosen.get(d.id),
    label: chosen.label(d.id),
    usedIn: d.usedIn,
    ...(gamestate === undefined ? {} : { historyRows: gamestate.match(new RegExp(`(?:\\[|&#91;)reading ${escapeRe(d.id)}=`, 'g'))?.length ?? 0 }),
  }));
}

export function describeReadings(list: readonly ReadingListing[]): string {
  return list
    .map((r) =>
      [
        `${r.id}: ${r.label}`,
        `  question: ${r.question}`,
        `  rule: ${r.rule}`,
        ...Object.entries(r.alternatives).map(
          ([value, meaning]) => `  ${value === r.current ? '*' : ' '} ${value}${value === r.default ? ' (default)' : ''}: ${meaning}`,
        ),
        `  used in: ${r.usedIn.join('; ') || '-'}${r.historyRows === undefined ? '' : `; named in ${r.historyRows} History row(s) on the Gamestate page`}`,
      ].join('\n'),
    )
    .join('\n');
}

/** Lists the readings: of a kind offline, or of a game with its Rulings page's choices. */
export async function runReadings(opts: ReadingsCliOptions, command: Command): Promise<void> {
  if (opts.game === undefined) {
    if (opts.kind === undefined) throw new UsageError('give --game <id>, or --kind <kind> for the defaults of a game kind');
    if (!gameKinds.some((k) => k === opts.kind)) throw new UsageError(`unknown kind "${opts.kind}" (expected ${gameKinds.join(' or ')})`);
    const defs = readingsFor(opts.kind);
    const list = listReadings(defs, new ChosenReadings(defs));
    console.log(
      opts.json ? JSON.stringify({ kind: opts.kind, readings: list }, null, 2) : list.length ? describeReadings(list) : `${opts.kind} has no readings`,
    );
    return;
  }
  const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: true, logFormat: logFormatOf(command) }, opts.game, 'game');
  const defs = readingsFor(game.kind);
  const pages = await ctx.client.readPages([game.ruleset, game.gamestate], { allowMissing: [game.gamestate] });
  const { ruleset } = readEngineRuleset(pages.get(game.ruleset)!.text, { page: game.ruleset, kind: game.kind });
  const rulings = await readGameRulings(ctx.client, game, ruleset);
  const gamestate = pages.get(game.gamestate);
  ctx.progress.stop();
  const list = listReadings(defs, rulings?.readings ?? new ChosenReadings(defs), gamestate?.missing ? '' : gamestate?.text);
  // A game that takes declarations (generic): those in force, as the Rulings page's allowed lines make them.
  const declarations = rulings ? (declarationsFor(game.kind)?.describe(rulings.ruleset) ?? null) : null;
  const warnings = rulings?.warnings ?? [];
  if (opts.json) {
    console.log(JSON.stringify({ game: game.id, rulingsPage: game.rulingsPage, readings: list, ...(declarations ? { declarations } : {}), warnings }, null, 2));
    return;
  }
  if (list.length > 0 || declarations === null) {
    console.log(
      list.length ? `${game.id}: readings (rulings from ${game.rulingsPage})\n${describeReadings(list)}` : `${game.id} (kind ${game.kind}) has no readings`,
    );
  }
  if (declarations !== null) {
    console.log(`${game.id}: ${declarations.length} declaration(s) in force (from ${game.rulingsPage})`);
    for (const d of declarations) console.log(`  ${d}`);
  }
  for (const w of warnings) console.log(`warning: ${w}`);
}
