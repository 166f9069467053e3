/**
 * Values derived from an organization's data (a query's total, a serialized page), remembered under
 * the organization's change counter: a value read back under the same counter value is exact,
 * because every write to the organization's data moves the counter in its own transaction.
 * Bounded by entries and by weight (bytes, for bodies); the oldest entries go first.
 */
export interface VersionedCacheLimits<T> {
  maxEntries: number;
  /** Total weight kept; with `weigh`, e.g. bytes of serialized bodies. */
  maxWeight?: number;
  weigh?: (value: T) => number;
}

export class VersionedCache<T> {
  readonly #entries = new Map<string, { version: number; value: T; weight: number }>();
  readonly #limits: Required<VersionedCacheLimits<T>>;
  #weight = 0;

  constructor(limits: VersionedCacheLimits<T> = { maxEntries: 10_000 }) {
    this.#limits = { maxWeight: Number.POSITIVE_INFINITY, weigh: () => 0, ...limits };
  }

  get(key: string, version: number): T | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.version === version ? entry.value : undefined;
  }

  set(key: string, version: number, value: T): void {
    this.#delete(key);
    const weight = this.#limits.weigh(value);
    if (weight > this.#limits.maxWeight) return;
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.#limits.maxEntries || this.#weight + weight > this.#limits.maxWeight)
    ) {
      this.#delete(this.#entries.keys().next().value as string);
    }
    this.#entries.set(key, { version, value, weight });
    this.#weight += weight;
  }

  /** The value kept under this version, or `load`'s result, kept for the next caller. */
  async getOrLoad(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const cached = this.get(key, version);
    if (cached !== undefined) return cached;
    const value = await load();
    this.set(key, version, value);
    return value;
  }

  /** Weight currently kept. */
  get weight(): number {
    return this.#weight;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
