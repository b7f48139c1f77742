// An established Cycle 16 game on the real local wiki, as the tests of its rollover use it: the fixture is at phase 4
// until 2026-11-19 00:00; a run the day before moves its standings to their subpage and draws the race chart under
// them (the game as it stands between rollovers), and the run at the boundary changes both pages.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Config } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { lighten, subpageText } from '../../src/games/computed-blocks.ts';
import { cycle16Engine } from '../../src/games/cycle16/index.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { computeRollover, rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import type { MergeContext } from '../../src/wiki/save.ts';
import { freshRolloverGame, root } from './helpers.ts';

export const DAY_BEFORE = { now: new Date('2026-11-18T00:00Z'), trigger: 'integration test' };
export const BOUNDARY = { now: new Date('2026-11-19T00:00Z'), trigger: 'integration test' };

const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));

export interface EstablishedGame extends RolloverGame {
  /** The subpage of its standings and the race chart under them. */
  standings: string;
  /** The Gamestate page and its subpage. */
  pages: string[];
}

/** A fresh game (`what` names its pages), run the day before by `b`: its standings and race chart on their subpage. */
export async function establishedGame(b: WikiClient, what: string): Promise<EstablishedGame> {
  const game = await freshRolloverGame(b, what);
  const s = await rollover({ wiki: b }, game, DAY_BEFORE);
  const standings = `${game.gamestate}/Standings`;
  expect(s.subpages.map((p) => p.title)).toEqual([standings]);
  return { ...game, standings, pages: [game.gamestate, standings] };
}

/** The pages the engine draws, offline, from the Gamestate revision `page` at the boundary: the Gamestate and each subpage's text. */
export function drawn(game: RolloverGame, page: { text: string; revid: number }, merge?: MergeContext): Map<string, string> {
  const out = lighten(computeRollover(ruleset, game, page, BOUNDARY, cycle16Engine, merge).text, game.gamestate);
  return new Map([[game.gamestate, out.text], ...out.moved.map((m) => [m.title, subpageText(game.gamestate, m)] as const)]);
}

/** The daemon of `config` started with `client` at the boundary, left to do what is due, and stopped. */
export async function daemonAtBoundary(config: Config, client: WikiClient): Promise<void> {
  const daemon = await startDaemon(
    daemonOptions({ config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000, now: () => BOUNDARY.now }),
  );
  await daemon.scheduler.idle();
  await daemon.stop('test over');
}
