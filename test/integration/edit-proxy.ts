// A small HTTP proxy on 127.0.0.1 in front of the test wiki's API, to make a save slow deterministically:
// the edit requests of one page can be held (not forwarded until `release()`; dropped, never forwarded, if
// the client goes away first), answered by the wiki with `maxlag` (the X-Devwiki-Fake header of
// scripts/devwiki-hooks.php, added to those requests only), forwarded and their answer lost (the wiki saves the
// edit and the client gets a 504, as from a gateway that gave up waiting), or answered 503 by the proxy, never
// forwarded (a gateway that cannot reach the wiki for them). Every other request passes through untouched.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface EditSeen {
  title: string;
  /** What became of it: forwarded to the wiki, held, or dropped (its client went away while it was held). */
  fate: 'forwarded' | 'held' | 'dropped' | 'answer lost' | 'unavailable';
}

interface Held {
  forward: () => void;
}

/** A form field of a POST body (urlencoded, or multipart as mwn sends long texts). */
function field(body: string, contentType: string, name: string): string | undefined {
  if (contentType.startsWith('multipart/form-data')) {
    const m = body.match(new RegExp(`name="${name}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([\\s\\S]*?)\\r\\n--`));
    return m?.[1];
  }
  return new URLSearchParams(body).get(name) ?? undefined;
}

export class EditProxy {
  readonly edits: EditSeen[] = [];
  #mode: { page: string; how: 'hold' | 'maxlag' | 'lose' | 'unavailable'; times?: number; then?: () => Promise<unknown> } | undefined;
  #held: Held[] = [];
  #waiters: (() => void)[] = [];
  readonly #server = createServer((req, res) => this.#handle(req, res));
  readonly #target: URL;
  readonly #key = randomBytes(6).toString('hex');

  private constructor(targetApi: string) {
    this.#target = new URL(targetApi);
  }

  static async start(targetApi: string): Promise<EditProxy> {
    const p = new EditProxy(targetApi);
    await new Promise<void>((r) => p.#server.listen(0, '127.0.0.1', r));
    return p;
  }

  /** The API URL to give the bot instead of the wiki's. */
  get apiUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}${this.#target.pathname}`;
  }

  /** Hold the edit requests of `page` from now on. */
  hold(page: string): void {
    this.#mode = { page, how: 'hold' };
  }

  /** Have the wiki answer every edit request of `page` with `maxlag` from now on. */
  maxlag(page: string): void {
    this.#mode = { page, how: 'maxlag' };
  }

  /**
   * Forward the next `times` edit requests of `page` and answer each with a 504 once the wiki has answered (after
   * `then`, if given: what happens on the wiki before the client hears of its edit).
   */
  loseAnswers(page: string, times: number, then?: () => Promise<unknown>): void {
    this.#mode = { page, how: 'lose', times, ...(then ? { then } : {}) };
  }

  /** Answer every edit request of `page` with a 503 from now on, never forwarded (until `release()`). */
  unavailable(page: string): void {
    this.#mode = { page, how: 'unavailable' };
  }

  /** Forward the held requests (and stop holding). */
  release(): void {
    this.#mode = undefined;
    for (const h of this.#held.splice(0)) h.forward();
  }

  /**
   * Resolves once no edit request of `page` is held any more: after its client was killed, once the proxy has seen
   * the connection close (the process's exit can be seen first; a `release()` before would forward the request).
   * Rejects after `ms` if one is still held (its client is alive).
   */
  async settled(page: string, ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (this.edits.some((e) => e.title === page && e.fate === 'held')) {
      if (Date.now() > until) throw new Error(`an edit of "${page}" is still held after ${ms} ms: is its client alive?`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Resolves once an edit request of `page` has come in (held, answered with maxlag, or forwarded). */
  async editOf(page: string): Promise<void> {
    while (!this.edits.some((e) => e.title === page)) await new Promise<void>((r) => this.#waiters.push(r));
  }

  async close(): Promise<void> {
    this.release();
    this.#server.closeAllConnections();
    await new Promise((r) => this.#server.close(r));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const ctype = String(req.headers['content-type'] ?? '');
      const text = req.method === 'POST' ? body.toString('latin1') : '';
      const isEdit = field(text, ctype, 'action') === 'edit';
      const title = isEdit ? Buffer.from(field(text, ctype, 'title') ?? '', 'latin1').toString('utf8') : '';
      const mode = isEdit && this.#mode?.page === title ? this.#mode.how : undefined;
      const then = mode === 'lose' ? this.#mode!.then : undefined;
      if (mode === 'lose' && --this.#mode!.times! <= 0) this.#mode = undefined;
      const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: this.#target.host };
      if (mode === 'maxlag') headers['x-devwiki-fake'] = `maxlag=1000000;key=${this.#key}`;
      const forward = () => {
        const up = request({ host: this.#target.hostname, port: this.#target.port, path: req.url, method: req.method, headers }, (upRes) => {
          if (mode === 'lose') {
            upRes.resume().on('end', async () => {
              await then?.();
              res.writeHead(504, { 'content-type': 'text/html' });
              res.end('<html><body><h1>504 Gateway Time-out</h1></body></html>');
            });
            return;
          }
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        });
        up.on('error', () => res.destroy());
        up.end(body);
      };
      if (isEdit) {
        const fates = { hold: 'held', lose: 'answer lost', unavailable: 'unavailable', maxlag: 'forwarded' } as const;
        const seen: EditSeen = { title, fate: mode ? fates[mode] : 'forwarded' };
        this.edits.push(seen);
        for (const w of this.#waiters.splice(0)) w();
        if (mode === 'unavailable') {
          res.writeHead(503, { 'content-type': 'text/html' });
          res.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
          return;
        }
        if (mode === 'hold') {
          const held: Held = {
            forward: () => {
              if (seen.fate !== 'held') return;
              seen.fate = 'forwarded';
              forward();
            },
          };
          // The client went away (killed, or its request cut): the request is never forwarded.
          res.on('close', () => {
            if (seen.fate === 'held') seen.fate = 'dropped';
          });
          this.#held.push(held);
          return;
        }
      }
      forward();
    });
  }
}
