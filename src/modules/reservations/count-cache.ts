/**
 * Totals of summaries queries, remembered per organization change counter: a total read back under
 * the same counter value is exact, because every write to the organization's data moves the counter
 * in its own transaction. Bounded; the oldest entries go first.
 */
export class CountCache {
  readonly #entries = new Map<string, { version: number; total: number }>();

  constructor(readonly maxEntries = 10_000) {}

  get(key: string, version: number): number | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.version === version ? entry.total : undefined;
  }

  set(key: string, version: number, total: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { version, total });
  }
}
