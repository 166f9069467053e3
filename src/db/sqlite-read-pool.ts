import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { overloaded } from '../shared/errors.js';

/** A statement for a read thread: its SQL (prepared once per thread) and its parameters. */
export interface ReadTask {
  sql: string;
  parameters: unknown[];
}

/** The rows as arrays, or the error the statement failed with (its SQLite code kept). */
export type ReadResult = { rows: unknown[][] } | { error: { message: string; code: string | undefined } };

const here = fileURLToPath(import.meta.url);
// Under Vitest this module runs from its TypeScript source; the thread runs the built file (npm test
// builds first): worker threads do not go through Vitest's transform.
const WORKER_FILE = here.endsWith('.ts')
  ? here.replace(/[/\\]src[/\\]db[/\\][^/\\]+\.ts$/, '/dist/src/db/sqlite-read-worker.js')
  : fileURLToPath(new URL('./sqlite-read-worker.js', import.meta.url));

/**
 * Threads, each with its own connection to an SQLite file, that run the summaries' page and count
 * statements off the main thread.
 *
 * better-sqlite3 runs a statement on the thread that calls it, and a cold summaries page spends about
 * half its server time inside SQLite: on the main thread that half held up every other request
 * (HTTP, authentication, hashing). With WAL, other connections read at the same time as the main one
 * writes and see each transaction once it has committed, never before: what a read outside a
 * transaction sees on the main connection, without waiting for its mutex.
 *
 * Threads start at the first read (a CLI command never starts one) and are unreferenced while idle,
 * so they never keep the process alive. A statement here may use SQLite's own functions only: the ones
 * the service registers live on the main connection.
 */
export class SqliteReadPool {
  readonly #filename: string;
  readonly #threads: number;
  readonly #maxQueue: number;
  readonly #underWay = new Set<Promise<ReadResult>>();
  #pool: Piscina<ReadTask, ReadResult> | undefined;
  #closed = false;

  /** `maxQueue`: statements that may wait while every thread runs one; past it a read is refused as overload (503). */
  constructor(filename: string, threads: number, { maxQueue = 64 * threads } = {}) {
    this.#filename = filename;
    this.#threads = threads;
    this.#maxQueue = maxQueue;
  }

  async all(sql: string, parameters: unknown[]): Promise<unknown[][]> {
    if (this.#closed) throw new Error('the database is closed');
    this.#pool ??= this.#start();
    // Reads on the main thread held up its event loop, and the loop-delay check answered 503 under
    // overload; reads here leave the loop free, so the waiting line itself is bounded: one statement
    // running per thread, the rest waiting, wherever they wait (a thread holds several: below).
    if (this.#underWay.size >= this.#threads + this.#maxQueue) throw overloaded();
    const run = this.#pool.run({ sql, parameters });
    this.#underWay.add(run);
    const done = () => this.#underWay.delete(run);
    run.then(done, done);
    const result = await run;
    if ('error' in result) throw Object.assign(new Error(result.error.message), { code: result.error.code });
    // A blob crosses the thread boundary as a plain Uint8Array; SQLite's blobs are Buffers.
    for (const row of result.rows)
      for (const [i, value] of row.entries())
        if (value instanceof Uint8Array && !Buffer.isBuffer(value))
          row[i] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return result.rows;
  }

  #start(): Piscina<ReadTask, ReadResult> {
    if (!existsSync(WORKER_FILE)) throw new Error(`${WORKER_FILE} is missing: run npm run build`);
    const pool = new Piscina<ReadTask, ReadResult>({
      filename: WORKER_FILE,
      workerData: { filename: this.#filename },
      minThreads: this.#threads,
      maxThreads: this.#threads,
      idleTimeout: Infinity,
      // A thread is handed its next statements while it runs one, and takes them up as soon as it is
      // done: handed one at a time, it slept after each (a futex wait) until the main thread had
      // seen the answer and handed it the next, and woke again (a futex wake from the main thread,
      // a context switch on both). In the cold mix at 50 connections the read threads' voluntary
      // context switches per request fell from ~0.56 to ~0.11, the main thread's CPU per request by
      // ~20%, and requests/s rose by ~30%; more than 8 did no better (bench/README.md, "Read threads
      // handed several statements"). Statements still run one after another on a thread (its handler
      // is synchronous), and a thread answers the statements it took up together once it has run
      // them all: under load an answer may wait for up to 7 others, ~0.3 ms each; an idle server's
      // statements find their thread idle and are answered alone.
      concurrentTasksPerWorker: 8,
      // Piscina's run-time histograms: nothing reads them.
      recordTiming: false,
    });
    // A thread that fails while it holds statements rejects those reads; one that fails between reads
    // (it cannot open the file, say) is replaced by piscina, and must not take the process down.
    pool.on('error', (error: Error) => process.emitWarning(`SQLite read thread: ${error.message}`));
    return pool;
  }

  /** Lets the reads under way finish (a server stops after its last answers), then stops the threads. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled(this.#underWay);
    await this.#pool?.destroy();
    this.#pool = undefined;
  }
}

/**
 * Read threads for each of `processes` server processes sharing the machine's cores: one process on
 * two cores served the cold mix fastest with two, and two processes did worse with any (bench/README.md,
 * "Page and count statements on read threads"). Once every core has its process, crossing threads
 * costs more than it frees.
 */
export function readThreadsPerProcess(processes: number, cores = availableParallelism()): number {
  return processes >= cores ? 0 : Math.min(4, Math.ceil(cores / processes));
}
