import type { WriteStream } from 'node:tty';

/**
 * A one-line progress bar on a terminal, redrawn in place; nothing at all when the stream is not a
 * terminal (piped, redirected, CI logs), so a pipeline's stderr stays clean.
 */
export class ProgressBar {
  readonly #stream: WriteStream | undefined;
  #lastDraw = 0;

  constructor(stream: NodeJS.WriteStream) {
    this.#stream = stream.isTTY ? stream : undefined;
  }

  /** `done` of `total` items (total may grow as later chunks report theirs). */
  update(done: number, total: number, label: string, force = false): void {
    if (!this.#stream) return;
    const now = Date.now();
    if (!force && now - this.#lastDraw < 100) return;
    this.#lastDraw = now;
    const width = 30;
    const share = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(share * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    const line = `[${bar}] ${done.toLocaleString('en')} / ${total.toLocaleString('en')} ${label}`;
    this.#stream.write(`\r${line.slice(0, (this.#stream.columns || 80) - 1)}`);
  }

  finish(): void {
    this.#stream?.write('\n');
  }
}
