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

/** A key and the count it may reach in its window. */
export interface KeyLimit {
  key: string;
  max: number;
}

/** The answer to `reserve`: taken, or refused by the first key already at its limit. */
export type Reservation = { acquired: true } | { acquired: false; key: string; resetSeconds: number };

export interface RateLimitStore {
  /** Adds one to the key's count in its current window. */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The key's count without adding to it (0 when no window is open). */
  peek(key: string): Promise<WindowCount>;
  /**
   * One step, atomic across every process sharing the store: when every key is below its `max`,
   * adds one to each (opening windows of `windowSeconds` as needed); otherwise changes nothing.
   * Concurrent callers can never together take a key past its `max`.
   */
  reserve(limits: readonly KeyLimit[], windowSeconds: number): Promise<Reservation>;
  /** Takes back one reserved count from each key still in its window (never below zero). */
  release(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One process's counters: the default, exact for a single instance (and, in the primary, for `--workers`). */
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
    const window = this.#increment(key, windowSeconds, now);
    return { count: window.count, resetSeconds: secondsUntil(window.endsAt - now) };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.#now();
    const window = this.#open(key, now);
    if (!window) return { count: 0, resetSeconds: 0 };
    return { count: window.count, resetSeconds: secondsUntil(window.endsAt - now) };
  }

  // Synchronous from the first check to the last increment: nothing else runs in between.
  async reserve(limits: readonly KeyLimit[], windowSeconds: number): Promise<Reservation> {
    const now = this.#now();
    for (const { key, max } of limits) {
      const window = this.#open(key, now);
      if ((window?.count ?? 0) >= max) {
        const endsAt = window?.endsAt ?? now + windowSeconds * 1000;
        return { acquired: false, key, resetSeconds: secondsUntil(endsAt - now) };
      }
    }
    for (const { key } of limits) this.#increment(key, windowSeconds, now);
    return { acquired: true };
  }

  async release(keys: readonly string[]): Promise<void> {
    const now = this.#now();
    for (const key of keys) {
      const window = this.#open(key, now);
      if (window && window.count > 0) window.count -= 1;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
  }

  #open(key: string, now: number) {
    const window = this.#windows.get(key);
    return window && window.endsAt > now ? window : undefined;
  }

  #increment(key: string, windowSeconds: number, now: number) {
    let window = this.#open(key, now);
    if (!window) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window;
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

/**
 * Checks every key against its limit, then increments them all, in one script: Redis runs a script
 * whole, so instances sharing it never take a key past its limit together. ARGV[1] is the window
 * (ms), ARGV[1 + i] the limit of KEYS[i]. Answers {1} when taken, {0, i, ttl} when KEYS[i] is full.
 */
const RESERVE_SCRIPT = `
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[1]); ttl = tonumber(ARGV[1]) end
    return {0, i, ttl}
  end
end
for i = 1, #KEYS do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 or redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
return {1}`;

/** Takes one back from each key that still holds a count (an ended window's key is gone: nothing to take). */
const RELEASE_SCRIPT = `
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count > 0 then redis.call('DECR', KEYS[i]) end
end
return 0`;

const CONNECT_TIMEOUT_MS = 2_000;

/** Counters in Redis (`REDIS_URL`): every instance of the service shares one budget per key. */
export class RedisStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  #connecting: Promise<unknown> | undefined;

  constructor(url: string, prefix: string) {
    this.#prefix = prefix;
    // Fail fast rather than queue: a request must not wait on a Redis that is away.
    this.#redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: 1_000,
      // Connected at first use, not here: a start-up that keeps the event loop busy for longer than
      // the connect timeout (a worker of `serve --workers 4` on a loaded machine) timed the attempt
      // out before its answer was read, and the first requests went uncounted (CI, Node 24).
      lazyConnect: true,
    });
    // Connection errors surface on the commands; without a listener they would crash the process.
    this.#redis.on('error', () => {});
  }

  /** The first commands wait for the first connection attempt to end; later ones never queue. */
  #connected(): Promise<unknown> {
    this.#connecting ??= this.#redis.connect().catch(() => undefined);
    return this.#connecting;
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    await this.#connected();
    const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, this.#prefix + key, windowSeconds * 1000)) as [
      number,
      number,
    ];
    return { count, resetSeconds: secondsUntil(ttl) };
  }

  async peek(key: string): Promise<WindowCount> {
    await this.#connected();
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

  async reserve(limits: readonly KeyLimit[], windowSeconds: number): Promise<Reservation> {
    await this.#connected();
    const answer = (await this.#redis.eval(
      RESERVE_SCRIPT,
      limits.length,
      ...limits.map(({ key }) => this.#prefix + key),
      windowSeconds * 1000,
      ...limits.map(({ max }) => max),
    )) as [number, number?, number?];
    const [taken, index = 1, ttl = 0] = answer;
    if (taken === 1) return { acquired: true };
    return { acquired: false, key: (limits[index - 1] as KeyLimit).key, resetSeconds: secondsUntil(ttl) };
  }

  async release(keys: readonly string[]): Promise<void> {
    await this.#connected();
    await this.#redis.eval(RELEASE_SCRIPT, keys.length, ...keys.map((key) => this.#prefix + key));
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
