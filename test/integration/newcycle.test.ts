// A new cycle no module knows, end to end on the real local MediaWiki: the hand-kept page adopted, the admins'
// declarations read from the Rulings page (a player's line ignored), rollovers across several phases with the
// declared resets, inactivity and grants applied once, a player's edit landing during the run kept and computed
// from, a second run making no edit; then a player's dice roll and table draw resolved, and verified.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type GameConfig } from '../../src/config.ts';
import { calendarOf } from '../../src/games/generic/engine.ts';
import { readGenericRuleset } from '../../src/games/generic/ruleset.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { readDocument } from '../../src/parse/document.ts';
import { formatInstant } from '../../src/sim/trail.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { keepsEveryLine } from '../kept-lines.ts';
import { removeDir } from '../temp-dir.ts';
import { appendLine, bot, human, humanEditDuringRun, put, runCli, uniquePrefix } from './helpers.ts';
import { at, DAY, gamestateText as datedGamestate, HOUR, rulesetText } from './newcycle-dated.ts';

const start = at(0);
const gamestateText = datedGamestate();

const DECLARED = [
  'Declarations for this cycle:',
  '* reset "Delved this phase" to "no" at each phase start — "Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve" — Admin',
  '* reset "Asked the Guild this phase" to "no" at each phase start — "Once per phase, a player may spend 2 Favour to ask the Guild for a loan"',
  '* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be \'inactive\' if they performed no actions in the previous phase."',
  '* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "At the beginning of each Planning Phase, each active player is granted 2 Favour."',
];
const PLAYERS_LINE = '* grant 50 "Ore" to all players at each phase start — "Ore is the currency of the Guild."';

const P = uniquePrefix('newcycle');
const G = `${P}/Gamestate`;
let b: WikiClient, player: WikiClient, admin: WikiClient;
let game: GameConfig;
let dir: string;
let configFile: string;
const cli = (args: string[]) => runCli([...args, '--config', configFile]);
const text = async (title: string) => (await b.readPage(title)).text;
/** A Miners row's cells as the page says them. */
const miner = (page: string, name: string): Record<string, string> => {
  const table = readDocument(page).tables.find((t) => t.rule === 'Miners')!;
  const row = table.rows.find((r) => r.list[0]!.text === name)!;
  return Object.fromEntries(table.headers.map((h, i) => [h, row.list[i]!.text]));
};

beforeAll(async () => {
  [b, player, admin] = await Promise.all([bot(), human('PLAYER'), human('ADMIN')]);
  await put(b, `${P}/Shutoff`, 'run');
  await put(b, `${P}/Ruleset`, rulesetText);
  await put(player, G, gamestateText);
  dir = mkdtempSync(join(tmpdir(), 'croupier-newcycle-'));
  configFile = join(dir, 'config.json');
  const input = {
    wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${P}/Shutoff`, runWord: 'run' } },
    store: { path: join(dir, 'store.json') },
    games: [{ id: 'c17', kind: 'generic', ruleset: `${P}/Ruleset`, gamestate: G }],
  };
  writeFileSync(configFile, JSON.stringify(input));
  game = parseConfig(input).games[0]!;
}, 120_000);
afterAll(() => removeDir(dir));

describe('a new cycle with no code, on the local wiki', () => {
  const SLOW = 400_000;

  it(
    "adopted, then rolled over across two phases by its calendar and its admins' declarations; a player's declaration and edit",
    async () => {
      const adopt = await cli(['adopt', '--game', 'c17', '--now', at(2 * DAY + 10 * HOUR).toISOString()]);
      expect(adopt.code, adopt.stderr).toBe(0);
      const adopted = await text(G);
      expect(keepsEveryLine(gamestateText.trimEnd(), adopted)).toBe(true);
      await put(admin, game.rulingsPage, `${DECLARED.join('\n')}\n`);
      await appendLine(player, game.rulingsPage, PLAYERS_LINE);

      // While the bot computes, Player writes that Ada dug on Saturday (the Market Phase): a cell the bot only reads.
      const saturday = formatInstant(at(5 * DAY + 10 * HOUR));
      const adaLine = (page: string) => page.split('\n').find((l) => l.startsWith('| Ada ||'))!;
      const edit = humanEditDuringRun(player, G, (page) => page.replace(adaLine(page), adaLine(page).replace(/\d{4}-\d\d-\d\d \d\d:\d\d/, saturday)));
      const now = at(7 * DAY + HOUR);
      const r = await rollover({ wiki: b, saveOptions: { beforeEdit: edit } }, game, { now, trigger: 'test' });
      expect(r).toMatchObject({ fromPhase: 1, toPhase: 3, phaseName: 'Planning Phase', save: { changed: true } });
      expect(r.rulings?.warnings).toEqual([
        expect.stringMatching(/line 6 .*added by Player in revision \d+, who is not in an allowed group \(sysop\); the line is ignored/),
      ]);

      // What an admin checks: the declarations in force, and the player's line that does not count.
      const listed = await cli(['readings', '--game', 'c17']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('c17: 4 declaration(s) in force');
      expect(listed.stdout).toContain(
        '  line 5, by Admin: grant 2 "Favour" to active players at each Planning Phase start, at most 12 — “At the beginning of each Planning Phase, each active player is granted 2 Favour.”',
      );
      expect(listed.stdout).toMatch(/warning: .*line 6 .*added by Player in revision \d+, who is not in an allowed group/);

      const page = await text(G);
      // Ada acted in the Market Phase (the player's edit): active at the Planning Phase start, granted 2 Favour.
      expect(miner(page, 'Ada')).toMatchObject({ ore: '42', favour: '7', 'delved this phase': 'no', 'active?': 'yes', 'last action': saturday });
      // Brannoc last acted in phase 0: inactive from phase 2 on, no grant; his "asked" mark reset at phase 2.
      expect(miner(page, 'Brannoc')).toMatchObject({ ore: '17', favour: '3', 'asked the guild this phase': 'no', 'active?': 'no' });
      expect(miner(page, 'Cress')).toMatchObject({ ore: '10', favour: '3', 'active?': 'no' });
      expect(page).toContain(`| ${formatInstant(start)} || 3 || Planning Phase || ${formatInstant(at(9 * DAY))} || -`);
      expect(page).toMatch(/\|\| 2 \|\| Rollover \|\| - \|\| Phase 1 → 2 \(Market Phase\);.*Phases: “Saturday and Sunday are the Market Phase\.”/);
      expect(page).toMatch(
        /\|\| 3 \|\| Grant \|\| Ada \|\| Favour 5 → 7 \|\| “At the beginning of each Planning Phase, each active player is granted 2 Favour\.” \(declared by Admin, Rulings line 5\)/,
      );
      expect(page.match(/\|\| Grant \|\|/g)).toHaveLength(1);
      // Every line people wrote is there but Ada's and Brannoc's rows and the Phase row, which the bot rewrote.
      const rewritten = /^\| (Ada|Brannoc) \|\||^\| \d{4}-\d\d-\d\d 00:00 \|\| 1 \|\|/;
      const kept = adopted
        .split('\n')
        .filter((l) => !rewritten.test(l))
        .join('\n');
      expect(keepsEveryLine(kept, page)).toBe(true);

      const rev = (await b.readPage(G)).revid;
      const again = await cli(['rollover', '--game', 'c17', '--now', at(8 * DAY).toISOString()]);
      expect(again.code, again.stderr).toBe(0);
      expect((await b.readPage(G)).revid).toBe(rev);
    },
    SLOW,
  );

  it(
    'the daemon schedules the new cycle like the four: a dry run catches it up boundary by boundary to the phase the clock gives, no edit',
    async () => {
      const rev = (await b.readPage(G)).revid;
      const phaseNow = calendarOf(readGenericRuleset(readDocument(rulesetText)), { phase: { cycleStart: start } }).phaseAt(new Date());
      const r = await cli(['daemon', '--dry-run']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('dry run: one pass of the daemon for c17');
      // Each missed boundary its own run, in order, as for every game; then the check finds the page at the clock's phase.
      for (let n = 4; n <= phaseNow.number; n++) expect(r.stdout).toMatch(new RegExp(`\\(catch-up\\): would change the wiki — phase ${n - 1} → ${n} \\(`));
      expect(r.stdout).toContain(`check (check): nothing to change — phase ${phaseNow.number} (${phaseNow.name})`);
      expect((await b.readPage(G)).revid).toBe(rev);
    },
    SLOW,
  );

  it(
    "a player's roll and draw from the Ruleset's Encounter table are resolved by the referee and verified",
    async () => {
      const page = await text(G);
      const cress = page.split('\n').find((l) => l.startsWith('| Cress ||'))!;
      await put(admin, G, page.replace(cress, `${cress}\n|-\n| Player || 0 || 0 || 1 || no || no || 0 || - || yes`), 'Player joins');
      const A = `${G}/Actions`;
      await appendLine(player, A, '* roll 2d6+1 ~~~~');
      await appendLine(player, A, '* draw 2 from Encounter table without replacement');
      const r = await cli(['referee', '--game', 'c17', '--now', at(7 * DAY + 2 * HOUR).toISOString()]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, await text(A)).toMatch(/2 request\(s\) done, 0 refused/);
      const after = await text(G);
      expect(after).toMatch(/phase 3: commitment [0-9a-f]{64}/);
      const roll = /\|\| Roll \|\| Player \|\| 2d6\+1 = (\d) \+ (\d) \+ 1 = (\d+)/.exec(after)!;
      expect(Number(roll[3])).toBe(Number(roll[1]) + Number(roll[2]) + 1);
      // The table's first column numbers its rows (a d8's faces): each item is a number and its encounter, two different ones, by a d8 then a d7.
      const encounters = ['Cave-in', 'Dry tunnel', 'Copper seam', 'Silver seam', 'Lost miner', 'Old cart', 'Glowworms', 'The Vein'];
      const draw =
        /\|\| Draw \|\| Player \|\| drew 2 from "Encounter table" \(without replacement\): (\d): ([^,|]+), (\d): ([^,|]+?) \|\|.*#1 d(\d+)=\d+.*#2 d(\d+)=\d+/.exec(
          after,
        )!;
      expect(draw[1]).not.toBe(draw[3]);
      expect([draw[2], draw[4]]).toEqual([encounters[Number(draw[1]) - 1], encounters[Number(draw[3]) - 1]]);
      expect([Number(draw[5]), Number(draw[6])]).toEqual([8, 7]);
      const answers = (await text(A)).split('\n');
      expect(answers.find((l) => l.startsWith('* roll'))).toMatch(/croupier:done .*rolled 2d6\+1/);

      const v = await cli(['verify', '--game', 'c17']);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(/4 draw\(s\) matching, 0 not matching/);
    },
    SLOW,
  );
});
