import cluster, { type Worker } from 'node:cluster';
import { MemoryStore, type RateLimitStore } from './stores.js';

/**
 * `booking serve --workers N` without Redis: the counters live in the primary process, one
 * MemoryStore for every worker, so each limit is counted once however many processes serve the port
 * (a budget of 5 is 5, not 5 per worker). A worker asks over the cluster's IPC channel; the primary
 * answers each message in the order it arrives, so `reserve` stays atomic across workers.
 */

const CHANNEL = 'booking:rate-limit';

type Operation = 'hit' | 'peek' | 'reserve' | 'release';
const OPERATIONS: ReadonlySet<string> = new Set<Operation>(['hit', 'peek', 'reserve', 'release']);

interface Ask {
  channel: typeof CHANNEL;
  id: number;
  op: Operation;
  args: unknown[];
}

interface Answer {
  channel: typeof CHANNEL;
  id: number;
  result?: unknown;
  error?: string;
}

const isAsk = (message: unknown): message is Ask =>
  typeof message === 'object' &&
  message !== null &&
  (message as Ask).channel === CHANNEL &&
  typeof (message as Ask).id === 'number' &&
  OPERATIONS.has((message as Ask).op) &&
  Array.isArray((message as Ask).args);

const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' &&
  message !== null &&
  (message as Answer).channel === CHANNEL &&
  typeof (message as Answer).id === 'number';

/** How long a worker waits for the primary; past it the operation fails and the limiter fails open. */
const ANSWER_TIMEOUT_MS = 1_000;

/** In a worker: the store whose counters are the primary's (see `serveRateLimitsToWorkers`). */
export class PrimaryProcessStore implements RateLimitStore {
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  #nextId = 0;
  readonly #onMessage = (message: unknown) => {
    if (!isAnswer(message)) return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if (message.error !== undefined) pending.reject(new Error(message.error));
    else pending.resolve(message.result);
  };

  constructor() {
    if (!process.send) throw new Error('PrimaryProcessStore runs in a cluster worker (it has no IPC channel)');
    process.on('message', this.#onMessage);
  }

  hit(...args: Parameters<RateLimitStore['hit']>) {
    return this.#ask('hit', args) as ReturnType<RateLimitStore['hit']>;
  }

  peek(...args: Parameters<RateLimitStore['peek']>) {
    return this.#ask('peek', args) as ReturnType<RateLimitStore['peek']>;
  }

  reserve(...args: Parameters<RateLimitStore['reserve']>) {
    return this.#ask('reserve', args) as ReturnType<RateLimitStore['reserve']>;
  }

  async release(...args: Parameters<RateLimitStore['release']>): Promise<void> {
    await this.#ask('release', args);
  }

  async close(): Promise<void> {
    process.off('message', this.#onMessage);
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error('rate limit store closed'));
      this.#pending.delete(id);
    }
  }

  #ask(op: Operation, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = ++this.#nextId;
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`the primary process did not answer ${op} within ${ANSWER_TIMEOUT_MS} ms`));
      }, ANSWER_TIMEOUT_MS).unref();
      this.#pending.set(id, { resolve, reject, timer });
      const ask: Ask = { channel: CHANNEL, id, op, args };
      const fail = (error: Error | null) => {
        if (!error || !this.#pending.delete(id)) return;
        clearTimeout(timer);
        reject(error);
      };
      try {
        process.send?.(ask, undefined, undefined, fail);
      } catch (error) {
        fail(error as Error);
      }
    });
  }
}

/**
 * In the primary: answers the workers' store operations from one store (a MemoryStore unless one
 * is given). Returns the function that stops answering and closes the store.
 */
export function serveRateLimitsToWorkers(store: RateLimitStore = new MemoryStore()): () => Promise<void> {
  const operate = (op: Operation, args: unknown[]): Promise<unknown> => {
    switch (op) {
      case 'hit':
        return store.hit(...(args as Parameters<RateLimitStore['hit']>));
      case 'peek':
        return store.peek(...(args as Parameters<RateLimitStore['peek']>));
      case 'reserve':
        return store.reserve(...(args as Parameters<RateLimitStore['reserve']>));
      case 'release':
        return store.release(...(args as Parameters<RateLimitStore['release']>));
    }
  };
  const reply = (worker: Worker, answer: Answer) => {
    // A worker that died meanwhile has no one left to answer.
    if (!worker.isConnected()) return;
    try {
      worker.send(answer);
    } catch {
      // The channel closed between the check and the send: the same.
    }
  };
  const listener = (worker: Worker, message: unknown) => {
    if (!isAsk(message)) return;
    const { id, op, args } = message;
    operate(op, args).then(
      (result) => reply(worker, { channel: CHANNEL, id, result }),
      (error: unknown) => reply(worker, { channel: CHANNEL, id, error: String(error) }),
    );
  };
  cluster.on('message', listener);
  return async () => {
    cluster.off('message', listener);
    await store.close();
  };
}
