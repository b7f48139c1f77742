// The events an engine's catch-up applies, earliest first, without listing them all again after each one.
//
// An engine lists what could happen next from the state, source by source (the phase, each player,
// each gift…): each source lists its events from its own fields and the state every source reads
// (the phase). Applying an event changes its own source's fields, or — a rollover — the phase,
// which every source reads. So after each event only its source is listed again, or all of them
// when the shared state changed: a run of E events over S sources costs O((S + E) log S), where
// listing everything again after each event cost O(E × S log S).

export interface DueEvent {
  at: Date;
  /** Among events at one instant, the lower first. */
  order: number;
}

interface Entry<E extends DueEvent> {
  event: E;
  at: number;
  source: number;
  version: number;
  /** Its place among everything listed: within one listing of a source, the order of its list. */
  seq: number;
}

/**
 * The earliest event of all sources' lists: by time, then `order`, then source index, then its
 * place in its source's list — the order of a stable sort by (time, order) of all the lists joined
 * in source order.
 */
export class DueEvents<E extends DueEvent> {
  private heap: Entry<E>[] = [];
  private readonly versions: number[];
  private seq = 0;

  /** `sources[i]()` lists source i's events from the state as it is when called. */
  constructor(private readonly sources: readonly (() => E[])[]) {
    this.versions = sources.map(() => 0);
    this.relistAll();
  }

  /** The earliest event due by `until` (epoch ms), left in place; undefined when none is. */
  next(until: number): E | undefined {
    for (;;) {
      const top = this.heap[0];
      if (top === undefined) return undefined;
      if (top.version === this.versions[top.source]) return top.at <= until ? top.event : undefined;
      this.pop(); // listed before its source changed
    }
  }

  /**
   * After `next()`'s event was applied: its source is listed again, or every source when
   * `everything` (the event changed what all of them read).
   */
  applied(everything: boolean): void {
    const top = this.heap[0];
    if (top === undefined) throw new Error('DueEvents.applied() without an event');
    if (everything) this.relistAll();
    else this.list(top.source);
  }

  private relistAll(): void {
    this.heap = [];
    this.sources.forEach((_, i) => this.list(i));
  }

  private list(source: number): void {
    const version = ++this.versions[source]!;
    for (const event of this.sources[source]!()) this.push({ event, at: event.at.getTime(), source, version, seq: this.seq++ });
  }

  // A binary min-heap on (time, order, source, seq).
  private less(a: Entry<E>, b: Entry<E>): boolean {
    if (a.at !== b.at) return a.at < b.at;
    if (a.event.order !== b.event.order) return a.event.order < b.event.order;
    if (a.source !== b.source) return a.source < b.source;
    return a.seq < b.seq;
  }

  private push(entry: Entry<E>): void {
    const h = this.heap;
    h.push(entry);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.less(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < h.length && this.less(h[l]!, h[min]!)) min = l;
      if (r < h.length && this.less(h[r]!, h[min]!)) min = r;
      if (min === i) break;
      [h[i], h[min]] = [h[min]!, h[i]!];
      i = min;
    }
  }
}
