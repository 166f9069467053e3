/**
 * Values derived from an organization's data (a query's total, a page of it), remembered under the
 * organization's change counter: a value read back under the same counter value is exact, because
 * every write to the organization's data moves the counter in its own transaction. Bounded; the
 * oldest entries go first.
 */
export class VersionedCache<T> {
  readonly #entries = new Map<string, { version: number; value: T }>();

  constructor(readonly maxEntries = 10_000) {}

  get(key: string, version: number): T | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.version === version ? entry.value : undefined;
  }

  set(key: string, version: number, value: T): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { version, value });
  }
}
