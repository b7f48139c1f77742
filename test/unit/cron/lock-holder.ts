// Child process for the lock test: takes the process lock as "daemon", says so, holds it until killed.
import { acquireProcessLock } from '../../../src/cron/lock.ts';

const lock = await acquireProcessLock(process.argv[2]!, { command: 'daemon' });
process.stdout.write('locked\n');
const stop = async () => {
  await lock.release();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
setInterval(() => undefined, 1000);
