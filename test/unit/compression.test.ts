import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { VersionedRead } from '../../src/modules/organizations/organizations.service.js';
import { cachedBody, createBodyCache } from '../../src/http/body-cache.js';
import { codingFor, COMPRESSION_THRESHOLD_BYTES, negotiateCoding } from '../../src/http/compression.js';
import { jsonBody } from '../../src/http/etag.js';

/** The pure parts of content coding: negotiation, variants kept with a body, and their weight in the cache. */

const page = (items: number) =>
  JSON.stringify(Array.from({ length: items }, (_, id) => ({ id, guestName: `Guest ${id}`, status: 'confirmed' })));

describe('negotiateCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['zstd, compress', 'identity'],
    ['gzip;q=0, br;q=0, identity', 'identity'],
  ] as const)('%j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });

  it('keeps bodies under the threshold plain', () => {
    expect(codingFor('br', COMPRESSION_THRESHOLD_BYTES - 1)).toBe('identity');
    expect(codingFor('br', COMPRESSION_THRESHOLD_BYTES)).toBe('br');
  });
});

describe('JsonBody variants', () => {
  it('compresses once per coding and hands out the same bytes after that, also to concurrent callers', async () => {
    const body = jsonBody(page(200));
    const first = await Promise.all([body.encoded('gzip'), body.encoded('gzip'), body.encoded('br')]);
    expect(first[0]).toBe(first[1]);
    expect(await body.encoded('gzip')).toBe(first[0]);
    expect(await body.encoded('br')).toBe(first[2]);
    expect(gunzipSync(first[0]).equals(body.bytes)).toBe(true);
    expect(brotliDecompressSync(first[2]).equals(body.bytes)).toBe(true);
    expect(body.weight).toBe(body.bytes.byteLength + first[0].byteLength + first[2].byteLength);
  });
});

describe('the body cache', () => {
  const readOf = (key: string, version: number, loads: { count: number }): VersionedRead<string> => ({
    key,
    version,
    eventsCursor: undefined,
    async load() {
      loads.count += 1;
      return page(200);
    },
  });
  const render = (json: string) => ({ body: jsonBody(json), meta: undefined });

  it('counts the variants made later in its byte bound', async () => {
    const cache = createBodyCache<undefined>(10 * 2 ** 20);
    const loads = { count: 0 };
    const entry = await cachedBody(cache, readOf('page', 1, loads), render);
    expect(cache.kept.weight).toBe(entry.body.bytes.byteLength);
    const gzip = await entry.body.encoded('gzip');
    const br = await entry.body.encoded('br');
    expect(cache.kept.weight).toBe(entry.body.bytes.byteLength + gzip.byteLength + br.byteLength);
    expect(await cachedBody(cache, readOf('page', 1, loads), render)).toBe(entry);
    expect(loads.count).toBe(1);
  });

  it('evicts by the weight with variants: a bound that fits one plain page does not keep it compressed too', async () => {
    const size = Buffer.byteLength(page(200));
    const cache = createBodyCache<undefined>(size + 10);
    const loads = { count: 0 };
    const entry = await cachedBody(cache, readOf('page', 1, loads), render);
    expect(cache.kept.get('page', 1)).toBe(entry);
    await entry.body.encoded('gzip');
    // Body and variant together weigh more than the bound: the entry goes, and the next read loads.
    expect(cache.kept.get('page', 1)).toBeUndefined();
    await cachedBody(cache, readOf('page', 1, loads), render);
    expect(loads.count).toBe(2);
  });

  it('shares one load among concurrent misses of a page', async () => {
    const cache = createBodyCache<undefined>(10 * 2 ** 20);
    const loads = { count: 0 };
    const entries = await Promise.all(
      Array.from({ length: 10 }, () => cachedBody(cache, readOf('page', 7, loads), render)),
    );
    expect(new Set(entries).size).toBe(1);
    expect(loads.count).toBe(1);
    // A new version of the organization's data is another load.
    await cachedBody(cache, readOf('page', 8, loads), render);
    expect(loads.count).toBe(2);
  });
});
