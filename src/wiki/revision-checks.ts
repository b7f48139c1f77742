// The merge checks of several saves in one request: a Gamestate page's and its subpages' (src/jobs/computed-pages.ts).
// Each save, once its edit is saved, asks whether MediaWiki merged it (save.ts#mergeOf). The subpages' edits are
// sent first, and their saves wait here; the Gamestate's save, asking last, sends one request listing every
// revision asked for. A revision whose parent is the base its save sent is clean, as that save's own check would
// have found; for any other, the save goes on with its own full check, as without the batch.
import { listedRevisions, type ListedRevision } from './merged.ts';
import type { Requester } from './pages.ts';

interface Asked {
  revid: number;
  settle(r: ListedRevision | undefined): void;
  fail(err: unknown): void;
}

export class RevisionChecks {
  readonly #asked: Asked[] = [];
  readonly #waiting = new Map<string, () => void>();
  readonly #seen = new Set<string>();
  #host: Requester | undefined;

  /** `last`: the page whose save asks last (its asking sends the batch). */
  constructor(readonly last: string) {}

  /**
   * Revision `revid` of `title` as the history lists it, once the batch is sent; undefined when it would be
   * alone in it (`last` asking with no one waiting): its save then checks it as without the batch.
   */
  look(host: Requester, title: string, revid: number): Promise<ListedRevision | undefined> {
    this.#host = host;
    if (title === this.last && this.#asked.length === 0) return Promise.resolve(undefined);
    const answer = new Promise<ListedRevision | undefined>((settle, fail) => this.#asked.push({ revid, settle, fail }));
    if (title === this.last) void this.flush();
    else {
      this.#seen.add(title);
      this.#waiting.get(title)?.();
    }
    return answer;
  }

  /** Resolves when the save of `title` waits for its check (at once if it has asked already). */
  asked(title: string): Promise<void> {
    if (this.#seen.delete(title)) return Promise.resolve();
    return new Promise((resolve) =>
      this.#waiting.set(title, () => {
        this.#seen.delete(title);
        this.#waiting.delete(title);
        resolve();
      }),
    );
  }

  /** Send the checks asked so far: one request (none when none waits). */
  async flush(): Promise<void> {
    const asked = this.#asked.splice(0);
    if (asked.length === 0) return;
    try {
      const listed = await listedRevisions(
        this.#host!,
        asked.map((a) => a.revid),
        this.last,
      );
      for (const a of asked) a.settle(listed.get(a.revid));
    } catch (err) {
      for (const a of asked) a.fail(err);
    }
  }
}
