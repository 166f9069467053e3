import { AppError } from '../../shared/errors.js';

function queueFull(retryAfterSeconds: number): AppError {
  return new AppError('service-unavailable', 'Too many password checks are waiting; try again shortly.', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

interface Waiter {
  start(): void;
  refuse(): void;
}

/**
 * The password checks (scrypt runs) of a process: at most `concurrency` at once, the others waiting
 * in one line per client address. A freed slot goes to the address with the fewest checks running
 * (in turn among equals), so a flood from one address delays only itself: a request from any other
 * address starts as soon as one check ends. It is bounded twice, and refuses with 503 + Retry-After:
 *
 * - at most `perAddress` checks of one address running or waiting;
 * - at most `maxWaiting` waiting in all. When that is full, a newcomer whose address has fewer
 *   waiting than the longest line takes the last place of that line (whose request is refused
 *   instead), so many busy addresses together cannot lock out a quiet one either.
 *
 * API-key requests and Basic requests whose password was verified before never come here.
 */
export class PasswordCheckQueue {
  readonly #concurrency: number;
  readonly #perAddress: number;
  readonly #maxWaiting: number;
  #running = 0;
  #waiting = 0;
  /** Waiting checks per address; the Map's order is the order of turns. */
  readonly #lines = new Map<string, Waiter[]>();
  /** Running checks per address. */
  readonly #runningBy = new Map<string, number>();
  /** A moving average of a check's duration, for Retry-After. */
  #averageMs = 500;

  constructor(concurrency: number, perAddress: number, maxWaiting: number) {
    this.#concurrency = concurrency;
    this.#perAddress = perAddress;
    this.#maxWaiting = maxWaiting;
  }

  /** Runs `task` when its address's turn comes; rejects with 503 when the queue cannot take it. */
  run<T>(address: string, task: () => Promise<T>): Promise<T> {
    const waiting = this.#lines.get(address)?.length ?? 0;
    const mine = waiting + (this.#runningBy.get(address) ?? 0);
    if (mine >= this.#perAddress) return Promise.reject(queueFull(this.#retryAfter(mine)));
    if (this.#running < this.#concurrency) {
      this.#running += 1;
      return this.#execute(address, task);
    }
    if (this.#waiting >= this.#maxWaiting && !this.#makeRoomFor(address)) {
      return Promise.reject(queueFull(this.#retryAfter(this.#waiting)));
    }
    this.#waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        // The slot is handed over by the check that ended (#running stays as it is).
        start: () => void this.#execute(address, task).then(resolve, reject),
        refuse: () => reject(queueFull(this.#retryAfter(this.#lines.get(address)?.length ?? 1))),
      };
      const line = this.#lines.get(address);
      if (line) line.push(waiter);
      else this.#lines.set(address, [waiter]);
    });
  }

  async #execute<T>(address: string, task: () => Promise<T>): Promise<T> {
    this.#runningBy.set(address, (this.#runningBy.get(address) ?? 0) + 1);
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
      const left = (this.#runningBy.get(address) ?? 1) - 1;
      if (left > 0) this.#runningBy.set(address, left);
      else this.#runningBy.delete(address);
      this.#next();
    }
  }

  /** Hands the ended check's slot to the first waiter of the address with the fewest checks running. */
  #next(): void {
    let chosen: [string, Waiter[]] | undefined;
    let fewest = Infinity;
    for (const entry of this.#lines) {
      const running = this.#runningBy.get(entry[0]) ?? 0;
      if (running < fewest) [chosen, fewest] = [entry, running];
      if (running === 0) break;
    }
    if (!chosen) {
      this.#running -= 1;
      return;
    }
    const [address, line] = chosen;
    const waiter = line.shift() as Waiter;
    // The address goes to the back of the turns; an empty line leaves.
    this.#lines.delete(address);
    if (line.length > 0) this.#lines.set(address, line);
    this.#waiting -= 1;
    waiter.start();
  }

  /** Refuses the last waiter of the longest line, if that line is longer than the newcomer's would be. */
  #makeRoomFor(address: string): boolean {
    const own = this.#lines.get(address)?.length ?? 0;
    let longest: [string, Waiter[]] | undefined;
    for (const entry of this.#lines) if (!longest || entry[1].length > longest[1].length) longest = entry;
    if (!longest || longest[1].length <= own + 1) return false;
    const [victimAddress, line] = longest;
    const victim = line.pop() as Waiter;
    if (line.length === 0) this.#lines.delete(victimAddress);
    this.#waiting -= 1;
    victim.refuse();
    return true;
  }

  /** Roughly when `ahead` checks will have run. */
  #retryAfter(ahead: number): number {
    return Math.max(1, Math.ceil((ahead * this.#averageMs) / this.#concurrency / 1000));
  }
}
