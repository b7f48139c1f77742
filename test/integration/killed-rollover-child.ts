// Child process of killed-rollover.ts (merged-edits and killed-rollovers tests): a real rollover of a game at the boundary that says "ready <revid>"
// when it is about to send its edit and waits for a line on stdin (the parent makes a human edit meanwhile),
// then says "saved <revid>" as soon as the wiki has saved its edit and waits there forever: the parent kills
// it with SIGKILL before its merge check. Arguments: the game as JSON, the run's instant (ISO), and optionally a step
// of the job (RolloverStep): then it says "at <step> <revid>" there (the Gamestate revision read) and waits forever.
import { createInterface } from 'node:readline';
import { loadGames } from '../../src/games/registry.ts';
import { rollover, type RolloverGame, type RolloverStep } from '../../src/jobs/rollover.ts';
import { bot } from './helpers.ts';

const game = JSON.parse(process.argv[2]!) as RolloverGame;
const now = new Date(process.argv[3]!);
const stopAt = process.argv[4] as RolloverStep | undefined;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
await loadGames(); // as the CLI does before a command's action
const b = await bot();
const hang = () => {
  setInterval(() => undefined, 1000); // alive until killed
  return new Promise<never>(() => undefined);
};
await rollover(
  {
    wiki: b,
    checkpoint: async (step) => {
      if (step !== stopAt) return;
      process.stdout.write(`at ${step} ${(await b.readPage(game.gamestate)).revid}\n`);
      await hang();
    },
    saveOptions: {
      beforeEdit: async (page) => {
        process.stdout.write(`ready ${page.revid}\n`);
        await lines.next();
      },
      afterEdit: async (revid) => {
        process.stdout.write(`saved ${revid}\n`);
        await hang();
      },
    },
  },
  game,
  { now, trigger: 'integration test' },
);
process.stdout.write('finished\n');
