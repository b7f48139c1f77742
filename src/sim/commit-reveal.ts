// The referee's draws: commit–reveal, so that nobody can predict a draw and anyone can check it.
//
//   secret      32 random bytes per game and phase, written as 64 hex digits (drawn by the job, kept in the store)
//   commitment  SHA-256 of the secret's bytes, published before any request of the phase is resolved
//   seed        HMAC-SHA256(key = the secret's bytes, message = "<game>|<request key>|<request revision>")
//   stream      SHA-256(seed ‖ 0), SHA-256(seed ‖ 1), … (the block number as 4 bytes, big-endian), read as
//               unsigned 32-bit big-endian integers, one after the other
//   dN          a uniform integer from 1 to N: the next integer u of the stream, rejected while
//               u ≥ N·⌊2³²/N⌋ (so that every value is equally likely), else 1 + (u mod N)
//
// Every draw is written into the History as `#k dN=v` (the k-th draw of the request's stream), so
// that a player can recompute it once the phase's secret is revealed (docs/referee.md).
// Pure: the secret is an argument.

// Node's crypto module is loaded at its first use, not with the games: a command that hashes nothing (`parse`) does
// not load it (~5 ms of its start).
const crypto = () => process.getBuiltinModule('node:crypto');
const HEX64 = /^[0-9a-f]{64}$/;

export function isSecret(hex: string): boolean {
  return HEX64.test(hex);
}

/** SHA-256 of the secret's 32 bytes, in hex: what is published at the start of the phase. */
export function commitmentOf(secret: string): string {
  if (!isSecret(secret)) throw new Error('a referee secret is 64 lowercase hex digits');
  return crypto().createHash('sha256').update(Buffer.from(secret, 'hex')).digest('hex');
}

/** The message a request's seed is derived from: "<game>|<request key>|<request revision>". */
export function seedMessage(game: string, key: string, revid: number): string {
  return `${game}|${key}|${revid}`;
}

/** HMAC-SHA256(secret, message), in hex. */
export function seedOf(secret: string, message: string): string {
  return crypto().createHmac('sha256', Buffer.from(secret, 'hex')).update(message, 'utf8').digest('hex');
}

export interface RecordedDraw {
  /** 1-based position in the request's stream. */
  n: number;
  sides: number;
  value: number;
  /** What it decided, in words ("species of card 1 (45 species, 1/45 each) → Ace"). */
  what: string;
}

/** "#3 d45=17": how a draw is written (and found again by `croupier verify`). */
export function drawToken(d: Pick<RecordedDraw, 'n' | 'sides' | 'value'>): string {
  return `#${d.n} d${d.sides}=${d.value}`;
}

const TOKEN = /#(\d+) d(\d+)=(\d+)/g;

/** The draws written in a text, in the order written. */
export function drawTokens(text: string): Pick<RecordedDraw, 'n' | 'sides' | 'value'>[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ n: Number(m[1]), sides: Number(m[2]), value: Number(m[3]) }));
}

/** The deterministic stream of a seed: uniform dice, each remembered with what it decided. */
export class DrawStream {
  readonly draws: RecordedDraw[] = [];
  #block = 0;
  #buffer = Buffer.alloc(0);

  constructor(readonly seed: string) {
    if (!isSecret(seed)) throw new Error('a draw seed is 64 lowercase hex digits');
  }

  #next32(): number {
    if (this.#buffer.length < 4) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(this.#block++);
      this.#buffer = Buffer.concat([this.#buffer, crypto().createHash('sha256').update(Buffer.from(this.seed, 'hex')).update(counter).digest()]);
    }
    const u = this.#buffer.readUInt32BE(0);
    this.#buffer = this.#buffer.subarray(4);
    return u;
  }

  /** A uniform integer from 1 to `sides`, recorded with what it decides. */
  roll(sides: number, what: string): number {
    if (!Number.isSafeInteger(sides) || sides < 1 || sides > 2 ** 32) throw new Error(`cannot roll a die of ${sides} sides`);
    const limit = Math.floor(2 ** 32 / sides) * sides;
    let u = this.#next32();
    while (u >= limit) u = this.#next32();
    const value = 1 + (u % sides);
    this.draws.push({ n: this.draws.length + 1, sides, value, what });
    return value;
  }
}

/** The values a seed's stream gives for these dice, in order: what `croupier verify` compares with the page. */
export function replay(seed: string, sides: readonly number[]): number[] {
  const s = new DrawStream(seed);
  return sides.map((n) => s.roll(n, ''));
}
