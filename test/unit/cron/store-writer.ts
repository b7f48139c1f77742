// Child process for the store concurrency test: N read–update–writes, each appending one run.
import { FileStore } from '../../../src/cron/store.ts';

const [path, who, countArg] = process.argv.slice(2);
const store = new FileStore(path!, { maxRuns: 100_000, lockWaitMs: 60_000 });
for (let i = 0; i < Number(countArg); i++) {
  await store.update((d) => {
    d.runs.push({ id: `${who}-${i}`, game: 'g', kind: 'check', trigger: 'check', start: new Date().toISOString(), result: 'no-change', edits: 0 });
  });
}
