// Child process for merged-edits.test.ts: a real rollover of a game at the boundary that says "ready <revid>"
// when it is about to send its edit and waits for a line on stdin (the parent makes a human edit meanwhile),
// then says "saved <revid>" as soon as the wiki has saved its edit and waits there forever: the parent kills
// it with SIGKILL before its merge check. Arguments: the game as JSON, the run's instant (ISO).
import { createInterface } from 'node:readline';
import { rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import { bot } from './helpers.ts';

const game = JSON.parse(process.argv[2]!) as RolloverGame;
const now = new Date(process.argv[3]!);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const b = await bot();
await rollover(
  {
    wiki: b,
    saveOptions: {
      beforeEdit: async (page) => {
        process.stdout.write(`ready ${page.revid}\n`);
        await lines.next();
      },
      afterEdit: async (revid) => {
        process.stdout.write(`saved ${revid}\n`);
        setInterval(() => undefined, 1000); // alive until killed
        await new Promise(() => undefined);
      },
    },
  },
  game,
  { now, trigger: 'integration test' },
);
process.stdout.write('finished\n');
