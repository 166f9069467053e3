import type { FreshRead, VersionedRead } from '../modules/organizations/organizations.service.js';
import { VersionedCache } from '../shared/versioned-cache.js';
import type { JsonBody } from './etag.js';

/**
 * Serialized response bodies of list reads, kept under their organization's change counter: a
 * repeated request costs one small query (the counter) and no JSON work, nor any compression once
 * a coding has been asked for (etag.ts, JsonBody). Bounded in bytes, variants included; what each
 * body needs beside it (a page's total, say) is kept with it as `meta`.
 */
export interface CachedBody<M> {
  readonly body: JsonBody;
  readonly meta: M;
}

export interface BodyCache<M> {
  readonly kept: VersionedCache<CachedBody<M>>;
  /** Loads under way, by key and version: requests arriving meanwhile wait for the same one. */
  readonly loading: Map<string, Promise<CachedBody<M>>>;
  /** Fresh reads under way (`freshOrCachedBody`), by key: their version is known only at the end. */
  readonly fresh: Map<string, Promise<FreshBody<M> | undefined>>;
}

/** A body, with the feed's cursor of the snapshot it shows. */
interface FreshBody<M> {
  entry: CachedBody<M>;
  eventsCursor: string | undefined;
}

export function createBodyCache<M>(maxBytes: number): BodyCache<M> {
  const kept = new VersionedCache<CachedBody<M>>({
    maxEntries: 10_000,
    maxWeight: maxBytes,
    // The body's bytes and its compressed variants: a variant made later weighs the entry again.
    weigh: (entry) => entry.body.weight,
  });
  return { kept, loading: new Map(), fresh: new Map() };
}

/**
 * The body of a read: the kept one while the organization is unchanged, else loaded, rendered and
 * kept. Concurrent misses of one page share one load (and so, later, one compression per coding):
 * after a write, every poller of a page arrives at once.
 */
export function cachedBody<T, M>(
  cache: BodyCache<M>,
  read: VersionedRead<T>,
  render: (value: T) => CachedBody<M>,
): Promise<CachedBody<M>> {
  const kept = cache.kept.get(read.key, read.version);
  if (kept !== undefined) return Promise.resolve(kept);
  const flight = `${read.version}\0${read.key}`;
  let loading = cache.loading.get(flight);
  if (loading === undefined) {
    loading = (async () => {
      try {
        return keep(cache, read.key, read.version, render(await read.load()));
      } finally {
        cache.loading.delete(flight);
      }
    })();
    cache.loading.set(flight, loading);
  }
  return loading;
}

/**
 * The body of a read that can also be made fresh: while nothing is kept under its key, it is read
 * together with its organization's counter (one statement instead of the counter and then the read),
 * and kept under that counter; else, or when the fresh read declines, as `cachedBody` does. With
 * the feed's cursor of the snapshot the body shows.
 *
 * Only the first request of a key reads it fresh. One arriving meanwhile reads the counter first,
 * as `cachedBody` needs: the fresh read may have started before a write this request must see.
 * It then waits for that read, and takes its body when it is of the counter just read.
 */
export async function freshOrCachedBody<T, M>(
  cache: BodyCache<M>,
  fresh: FreshRead<T> | undefined,
  versioned: () => Promise<VersionedRead<T>>,
  render: (value: T) => CachedBody<M>,
): Promise<FreshBody<M>> {
  if (fresh && !cache.fresh.has(fresh.key) && !cache.kept.holds(fresh.key)) {
    const reading = (async () => {
      try {
        const read = await fresh.load();
        return (
          read && { entry: keep(cache, fresh.key, read.version, render(read.value)), eventsCursor: read.eventsCursor }
        );
      } finally {
        cache.fresh.delete(fresh.key);
      }
    })();
    cache.fresh.set(fresh.key, reading);
    const body = await reading;
    if (body) return body;
  }
  const read = await versioned();
  // Its failure is the first request's to report; this one goes on with a read of its own.
  await cache.fresh.get(read.key)?.catch(() => undefined);
  return { entry: await cachedBody(cache, read, render), eventsCursor: read.eventsCursor };
}

function keep<M>(cache: BodyCache<M>, key: string, version: number, entry: CachedBody<M>): CachedBody<M> {
  cache.kept.set(key, version, entry);
  // lru-cache weighs an entry when it is set: setting it again (while it is still the one kept)
  // counts a variant made later, so the byte bound holds for compressed pages too.
  entry.body.onGrow(() => {
    if (cache.kept.get(key, version) === entry) cache.kept.set(key, version, entry);
  });
  return entry;
}
