import type { VersionedRead } from '../modules/organizations/organizations.service.js';
import { VersionedCache } from '../shared/versioned-cache.js';
import type { FastifyReply } from 'fastify';
import { type JsonBody, jsonBody, sendJsonBody, serializerOf } from './etag.js';

/**
 * Serialized response bodies of list reads, kept under their organization's change counter: a
 * repeated request costs the read of the counter (most often in its credential's statement:
 * auth.ts) and no JSON work, nor any compression once a coding has been asked for (etag.ts,
 * JsonBody). Bounded in bytes, variants included; what each body needs beside it (a page's total,
 * say) is kept with it as `meta`.
 */
export interface CachedBody<M> {
  readonly body: JsonBody;
  readonly meta: M;
}

export interface BodyCache<M> {
  readonly kept: VersionedCache<CachedBody<M>>;
  /** Loads under way, by key and version: requests arriving meanwhile wait for the same one. */
  readonly loading: Map<string, Promise<CachedBody<M>>>;
}

export function createBodyCache<M>(maxBytes: number): BodyCache<M> {
  const kept = new VersionedCache<CachedBody<M>>({
    maxEntries: 10_000,
    maxWeight: maxBytes,
    // The body's bytes and its compressed variants: a variant made later weighs the entry again.
    weigh: (entry) => entry.body.weight,
  });
  return { kept, loading: new Map() };
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
        const entry = render(await read.load());
        cache.kept.set(read.key, read.version, entry);
        // lru-cache weighs an entry when it is set: setting it again (while it is still the one
        // kept) counts a variant made later, so the byte bound holds for compressed pages too.
        entry.body.onGrow(() => {
          if (cache.kept.get(read.key, read.version) === entry) cache.kept.set(read.key, read.version, entry);
        });
        return entry;
      } finally {
        cache.loading.delete(flight);
      }
    })();
    cache.loading.set(flight, loading);
  }
  return loading;
}

/**
 * Sends a versioned read as JSON, from the cache while the organization is unchanged, with the
 * feed position it was read at (SPEC §10 "No gap after a snapshot"): what every cached list and
 * selling answer does.
 */
export async function sendCachedRead<T>(
  cache: BodyCache<undefined>,
  reply: FastifyReply,
  read: VersionedRead<T>,
): Promise<FastifyReply> {
  const serialize = serializerOf(reply);
  if (read.eventsCursor) reply.header('events-cursor', read.eventsCursor);
  const cached = await cachedBody(cache, read, (value: T) => ({ body: jsonBody(serialize(value)), meta: undefined }));
  return sendJsonBody(reply, cached.body);
}
