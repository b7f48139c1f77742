// The CLI's kept wiki session (src/wiki/session.ts): `<store.path>.session.json`, beside the store and as private
// (0600, written through a 0600 temp file; its directory 0700 when the bot creates it). The cookies let whoever
// reads them act as the bot until the session expires, so a file another user could have read or written (group
// or other bits set, or not the bot's user's) is never used: the run logs in, and its new session replaces it.
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { SessionKeeper } from '../wiki/session.ts';
import { writePrivate } from './store.ts';

export const sessionPath = (storePath: string): string => `${resolve(storePath)}.session.json`;

export function sessionFile(storePath: string): SessionKeeper {
  const path = sessionPath(storePath);
  return {
    async load() {
      let handle: FileHandle;
      try {
        handle = await open(path, 'r');
      } catch {
        return undefined; // none kept yet
      }
      try {
        const st = await handle.stat();
        const mine = process.getuid === undefined || st.uid === process.getuid();
        if (!st.isFile() || !mine || (st.mode & 0o077) !== 0) return undefined;
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    },
    async save(data) {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writePrivate(path, data);
    },
  };
}
