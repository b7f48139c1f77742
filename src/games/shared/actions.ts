import { normaliseHeader, type WikiDocument } from '../../parse/document.ts';
import type { ActionInput } from '../actions.ts';
import type { KindedRuleset } from '../engine-contract.ts';
import { drawToken, type DrawStream } from '../../sim/commit-reveal.ts';
import type { Reason } from '../../sim/trail.ts';
import { findStateTable } from './read-tables.ts';
import type { Dice } from './ruleset-schema.ts';

// What every game's referee actions share: the requesting player
// found by wiki account, and the History reasons that name the request and its draws.

/** The optional Players column naming each player's wiki account (default: the player's name). */
export const WIKI_ACCOUNT = 'Wiki account';

/** The part of a row's reason that names the request: the page's record that it was done. */
export function requestReason(input: Pick<ActionInput<KindedRuleset>, 'request'>): string {
  return `on-wiki request ${input.request.key} by ${input.request.author}`;
}

/** How a row's reason is read back for the request it names (requestReason). */
export const NAMED_REQUEST = /\bon-wiki request (r\d+-[0-9a-f]+) by /;

/** The event of a luck reroll's History row (Cycle 16's actions/reroll.ts). */
export const REROLL_EVENT = 'Reroll';

/** The input of a luck reroll's History row naming the request it declared not to have happened, and how it is read back. */
export const REROLLED_INPUT = 'rerolled request';
export const REROLLED = /\brerolled request = (r\d+-[0-9a-f]+)/;

/** A reason with the draws a row used and the request's seed: what `croupier verify` recomputes. */
export function drawReason(
  rule: string,
  stream: DrawStream,
  seed: string,
  phase: number,
  from: number,
  input: Pick<ActionInput<KindedRuleset>, 'request' | 'game'>,
): Reason {
  const draws = stream.draws.slice(from);
  return {
    rule,
    inputs: {},
    arithmetic: `draws ${draws.map((d) => `${drawToken(d)} ${d.what}`).join('; ')}`,
    seed: `phase ${phase}: HMAC(phase secret, ${input.game}|${input.request.key}|${input.request.revid}) = ${seed}`,
  };
}

/** The table of a page whose rows are the players: found by its columns. */
export interface PlayersTable {
  identify: readonly string[];
  /** The header of its player-name column (default: Player); null: its first column. */
  nameColumn?: string | null;
  /** Why there is no such table, when the page lacks it (default: "no Players table"). */
  missing?: string;
}

/** The player whose wiki account `author` is: the Players table's Wiki account cell, or the player's name. */
export function playerOfAccount(doc: WikiDocument, players: PlayersTable, author: string): { player: string } | { refused: string } {
  const table = players.identify.length === 0 ? undefined : findStateTable(doc, players);
  if (table === undefined) return { refused: players.missing ?? 'the Gamestate page has no Players table' };
  const nameColumn = players.nameColumn === null ? (table.labels[0] ?? '') : (players.nameColumn ?? 'Player');
  const key = normaliseHeader(WIKI_ACCOUNT);
  const norm = (s: string) =>
    s
      .trim()
      .replace(/_/g, ' ')
      .replace(/^\w/, (c) => c.toUpperCase());
  for (const row of table.rows) {
    const name = row.cells[normaliseHeader(nameColumn)]?.text.trim();
    if (!name) continue;
    const written = row.cells[key]?.text.trim();
    const account = written && !/^[-–—]?$/.test(written) ? written : name;
    if (norm(account) === norm(author)) return { player: name };
  }
  return {
    refused: `${author}, who added this line, is not the wiki account of any player (the Players table's "${WIKI_ACCOUNT}" column, or the player's name when it is empty)`,
  };
}

/** NdK as the Dice Rolls rule says: the sum of N dice, or with a target, how many meet it. */
export function rollDice(dice: Dice, stream: DrawStream, label: string): { total: number; rolls: number[] } {
  const rolls = Array.from({ length: dice.count }, (_, i) => stream.roll(dice.sides, `${label} ${dice.text} die ${i + 1}`));
  const total = dice.target === undefined ? rolls.reduce((a, b) => a + b, 0) : rolls.filter((v) => v >= dice.target!).length;
  return { total, rolls };
}
