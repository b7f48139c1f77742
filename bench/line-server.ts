import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * A child process that answers each line it reads with one line of JSON: the bench's paired rounds keep two such
 * processes (ours and the baseline) alive and warm, and ask each in turn for a short batch of runs.
 */
export class LineServer {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: AsyncIterator<string>;
  #stderr = '';

  constructor(
    readonly name: string,
    command: string,
    args: readonly string[],
    cwd: string,
  ) {
    this.#child = spawn(command, args, { cwd });
    this.#child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr += chunk.toString();
    });
    this.#lines = createInterface({ input: this.#child.stdout })[Symbol.asyncIterator]();
  }

  async ask<T>(request: string): Promise<T> {
    this.#child.stdin.write(`${request}\n`);
    const line = await this.#lines.next();
    if (line.done) throw new Error(`${this.name} ended without answering "${request}": ${this.#stderr}`);
    return JSON.parse(line.value) as T;
  }

  async close(): Promise<void> {
    const exited = this.#child.exitCode === null ? once(this.#child, 'exit') : Promise.resolve();
    this.#child.stdin.end();
    await exited;
  }
}
