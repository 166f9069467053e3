import { Redis } from 'ioredis';

/**
 * Fixed-window counters for rate limits (SPEC §7). A window opens at a key's first hit and lasts
 * `windowSeconds`; every store answers with the count so far and the seconds until it ends.
 */
export interface WindowCount {
  count: number;
  /** Whole seconds until the window ends (at least 1 while it is open). */
  resetSeconds: number;
}

export interface RateLimitStore {
  /** Adds one to the key's count in its current window. */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The key's count without adding to it (0 when no window is open). */
  peek(key: string): Promise<WindowCount>;
  close(): Promise<void>;
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One process's counters: the default, exact for a single instance. */
export class MemoryStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    // Ended windows are dropped once a minute, so keys of clients that went away do not pile up.
    this.#sweeper = setInterval(() => this.#sweep(), 60_000).unref();
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetSeconds: secondsUntil(window.endsAt - now) };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (!window || window.endsAt <= now) return { count: 0, resetSeconds: 0 };
    return { count: window.count, resetSeconds: secondsUntil(window.endsAt - now) };
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}

/** Increments and opens the window in one step, so instances sharing Redis never race on it. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const CONNECT_TIMEOUT_MS = 2_000;

/** Counters in Redis (`REDIS_URL`): every instance of the service shares one budget per key. */
export class RedisStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #connected: Promise<unknown>;

  constructor(url: string, prefix: string) {
    this.#prefix = prefix;
    // Fail fast rather than queue: a request must not wait on a Redis that is away.
    this.#redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: 1_000,
      lazyConnect: false,
    });
    // Connection errors surface on the commands; without a listener they would crash the process.
    this.#redis.on('error', () => {});
    // The first commands wait for the first connection attempt to end; later ones never queue.
    this.#connected = new Promise((resolve) => {
      this.#redis.once('ready', resolve);
      this.#redis.once('error', resolve);
      setTimeout(resolve, CONNECT_TIMEOUT_MS).unref();
    });
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    await this.#connected;
    const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, this.#prefix + key, windowSeconds * 1000)) as [
      number,
      number,
    ];
    return { count, resetSeconds: secondsUntil(ttl) };
  }

  async peek(key: string): Promise<WindowCount> {
    await this.#connected;
    const results = await this.#redis
      .multi()
      .get(this.#prefix + key)
      .pttl(this.#prefix + key)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[1]?.[1] ?? -2);
    if (count === 0 || ttl <= 0) return { count: 0, resetSeconds: 0 };
    return { count, resetSeconds: secondsUntil(ttl) };
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
