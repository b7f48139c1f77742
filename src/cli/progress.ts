// A live step counter for people waiting on a terminal: "⠋ [3] reading Cycle 16/Ruleset, Cycle 16/Gamestate 4s",
// redrawn in place on stderr. Off (a no-op) unless stdout and stderr are both terminals and logs are text:
// nothing of it reaches a pipe, a file, journald or JSON logs.
import type { LogFormat } from '../cron/log-format.ts';

export interface ProgressStream {
  isTTY?: boolean;
  write(s: string): unknown;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** The line being drawn now, if any: a log line or the final output first erases it (see `clearProgressLine`). */
let drawing: Progress | undefined;
/** Progress displays that redraw: all are stopped before an error is printed. */
const running = new Set<Progress>();

export class Progress {
  #steps = 0;
  #label = '';
  #since = 0;
  #frame = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #stream: ProgressStream | undefined;
  readonly #now: () => number;

  /** `stream` undefined: progress is off and every method does nothing. */
  constructor(stream: ProgressStream | undefined, now: () => number = Date.now) {
    this.#stream = stream;
    this.#now = now;
  }

  get enabled(): boolean {
    return this.#stream !== undefined;
  }

  /** A new step begins (counted); its label is shown with the time it has taken so far. */
  step(label: string): void {
    if (!this.#stream) return;
    this.#steps++;
    this.#label = label;
    this.#since = this.#now();
    this.#timer ??= setInterval(() => this.#draw(), 200).unref();
    running.add(this);
    this.#draw();
  }

  /** The current step goes on under another name (not counted: e.g. "computing" after a read). */
  relabel(label: string): void {
    if (!this.#stream) return;
    this.#label = label;
    this.#draw();
  }

  /** Erase the line and stop redrawing: call before printing the result. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    running.delete(this);
    this.#erase();
  }

  #draw(): void {
    const seconds = Math.floor((this.#now() - this.#since) / 1000);
    this.#stream!.write(`\r\x1b[2K${FRAMES[this.#frame++ % FRAMES.length]} [${this.#steps}] ${this.#label}${seconds >= 1 ? ` ${seconds}s` : ''}`);
    drawing = this;
  }

  #erase(): void {
    if (drawing !== this) return;
    this.#stream!.write('\r\x1b[2K');
    drawing = undefined;
  }

  /** Erase the line now (it is redrawn at the next tick): before a log line is written. */
  clearLine(): void {
    this.#erase();
  }
}

/** Erase whatever progress line is drawn, so that a log line or an error starts at the beginning of a line. */
export function clearProgressLine(): void {
  drawing?.clearLine();
}

/** Stop every progress display (before an error is printed). */
export function stopProgress(): void {
  for (const p of running) p.stop();
}

/** The client's requests as steps; after a read, the time until the next request is spent computing. */
export function progressActivity(progress: Progress): { start(what: string): void; done(what: string): void } {
  return {
    start: (what) => progress.step(what),
    done: (what) => progress.relabel(what.startsWith('reading') ? 'computing' : what.startsWith('saving') ? `${what.replace(/^saving/, 'saved')}` : what),
  };
}

/** The progress of a command: on only for people at a terminal (stdout and stderr TTYs, text logs). */
export function cliProgress(format: LogFormat | undefined, out: { isTTY?: boolean } = process.stdout, err: ProgressStream = process.stderr): Progress {
  return new Progress(format !== 'json' && out.isTTY && err.isTTY ? err : undefined);
}
