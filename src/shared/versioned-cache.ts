import { LRUCache } from 'lru-cache';

/**
 * Values derived from an organization's data (a query's total, a serialized page), remembered under
 * the organization's change counter: a value read back under the same counter value is exact,
 * because every write to the organization's data moves the counter in its own transaction.
 * Bounded by entries and by weight (bytes, for bodies); the least recently used entries go first.
 */
export interface VersionedCacheLimits<T> {
  /** A positive integer. */
  maxEntries: number;
  /** Total weight kept, at least 1; with `weigh`, e.g. bytes of serialized bodies. */
  maxWeight?: number;
  /** Counted in whole units, at least 1 per entry (lru-cache sizes are positive integers). */
  weigh?: (value: T) => number;
}

interface Entry<T> {
  version: number;
  value: T;
}

export class VersionedCache<T> {
  readonly #entries: LRUCache<string, Entry<T>>;

  constructor({ maxEntries, maxWeight, weigh }: VersionedCacheLimits<T> = { maxEntries: 10_000 }) {
    if (weigh === undefined) {
      // Without `weigh` every value weighs nothing, so `maxWeight` never binds (as before).
      this.#entries = new LRUCache({ max: maxEntries });
      return;
    }
    if (maxWeight !== undefined && !(maxWeight >= 1)) throw new RangeError('maxWeight must be at least 1');
    this.#entries = new LRUCache({
      max: maxEntries,
      // An entry heavier than maxSize is not kept (and drops what was kept under its key).
      maxSize: maxWeight === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(maxWeight),
      sizeCalculation: (entry) => Math.max(1, Math.ceil(weigh(entry.value))),
    });
  }

  /** The value kept under this version; a hit counts as a use, a value kept under another version is a miss. */
  get(key: string, version: number): T | undefined {
    const entry = this.#entries.peek(key);
    if (entry?.version !== version) return undefined;
    this.#entries.get(key);
    return entry.value;
  }

  set(key: string, version: number, value: T): void {
    this.#entries.set(key, { version, value });
  }

  /** The value kept under this version, or `load`'s result, kept for the next caller. */
  async getOrLoad(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const cached = this.get(key, version);
    if (cached !== undefined) return cached;
    const value = await load();
    this.set(key, version, value);
    return value;
  }

  /** Weight currently kept (0 without `weigh`). */
  get weight(): number {
    return this.#entries.calculatedSize;
  }
}
