import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, fixedClock } from '../helpers/fixtures.js';
import { OTHER, PARK, summariesDataSet } from '../helpers/summaries-data.js';
import { useApp } from '../helpers/use-database.js';

/**
 * Content codings and 304 over the whole app (issue: HTTP that every client, proxy and cache gets
 * right): every coding decodes to the identity bytes, a strong tag names one coding, a 304 carries
 * no content metadata, HEAD answers the GET's headers, and a kept page is compressed only once.
 */

// Counts the compressions the service runs; each still compresses for real.
const compressions = vi.hoisted(() => ({ gzip: 0, br: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const gzip = ((...args: Parameters<typeof zlib.gzip>) => {
    compressions.gzip += 1;
    return zlib.gzip(...args);
  }) as typeof zlib.gzip;
  const brotliCompress = ((...args: Parameters<typeof zlib.brotliCompress>) => {
    compressions.br += 1;
    return zlib.brotliCompress(...args);
  }) as typeof zlib.brotliCompress;
  return { ...zlib, gzip, brotliCompress, default: { ...zlib, gzip, brotliCompress } };
});

/** The routes that answer 304 (their operations have a 304 response), at a URL of each with a big body. */
const CONDITIONAL_ROUTES: Record<string, string> = {
  listAccommodations: `/api/accommodations/?organization=${PARK}`,
  listReservationSummaries: `/api/reservations/summaries?organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-31&offset=100`,
  searchReservations: `/api/reservations/search?organization=${PARK}&q=guest&limit=100`,
  getAvailabilityGrid: `/api/availability?organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-31`,
  searchAvailability: `/api/availability/search?organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-05&adults=2`,
  listAgeGroupSpecifications: `/api/age_group_specifications?organization=${PARK}`,
  listPriceComponents: `/api/accommodation_price_components?organization=${PARK}`,
  listSupplements: `/api/supplements?organization=${PARK}`,
  listDiscountSpecifications: `/api/discount_specifications?organization=${PARK}`,
  getQuote: `/api/quotes?organization=${PARK}&accommodation=47&dateFrom=2025-10-01&dateTo=2025-10-29&adults=2`,
  listQuotations: `/api/accommodations/47/quotations?organization=${PARK}&dateFrom=2025-10-01&dateTo=2025-10-31`,
  listGuests: `/api/guests?organization=${PARK}`,
};

/** Enough prices that each price list, a quote and the quotations are more than a kilobyte. */
async function priceList(post: (path: string, body: object) => Promise<void>) {
  const october = { dateFrom: '2025-10-01', dateTo: '2025-10-31' };
  for (let age = 0; age < 8; age++) {
    await post('/api/age_group_specifications', {
      description: `Age ${age}`,
      minAge: age,
      maxAge: age,
      category: 'child',
    });
  }
  await post('/api/accommodation_price_components', {
    ...october,
    description: 'Rent',
    kind: 'rent',
    basis: 'night',
    amount: '80.00',
  });
  await post('/api/accommodation_price_components', {
    ...october,
    description: 'Weekend rent',
    kind: 'rent',
    basis: 'night',
    amount: '95.00',
    weekdays: [5, 6],
  });
  for (let n = 0; n < 10; n++) {
    const fee = { ...october, kind: 'fee', basis: 'stay', amount: `${n + 1}.50` };
    await post('/api/accommodation_price_components', { ...fee, description: `Fee ${n}` });
    await post('/api/supplements', {
      description: `Supplement ${n}`,
      basis: 'stay',
      amount: `${n + 2}.00`,
      required: true,
    });
    await post('/api/discount_specifications', {
      ...october,
      description: `Discount ${n}`,
      kind: 'long-stay',
      percent: n + 1,
      minNights: 20 + n,
    });
  }
}

/** Accept-Encoding → the coding the response must have (RFC 9110 §12.5.3, server preference br). */
const NEGOTIATION: [string | undefined, 'identity' | 'gzip' | 'br'][] = [
  [undefined, 'identity'],
  ['', 'identity'],
  ['identity', 'identity'],
  ['gzip', 'gzip'],
  ['br', 'br'],
  ['gzip, br', 'br'],
  ['br;q=0.5, gzip', 'gzip'],
  ['gzip;q=1.0, identity;q=0.5, *;q=0', 'gzip'],
  ['GZIP;Q=1', 'gzip'],
  ['x-gzip', 'gzip'],
  ['*', 'br'],
  ['br;q=0, *', 'gzip'],
  ['gzip;q=0', 'identity'],
  ['gzip;q=0, br;q=0', 'identity'],
  ['*;q=0', 'identity'],
  // Nothing offered is acceptable, not even identity: the body still goes out plain.
  ['identity;q=0', 'identity'],
  ['compress, zstd', 'identity'],
  ['deflate', 'identity'],
];

const CODINGS = ['identity', 'gzip', 'br'] as const;

function decoded(response: LightMyRequestResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(response.rawPayload);
  if (coding === 'br') return brotliDecompressSync(response.rawPayload);
  expect(coding).toBeUndefined();
  return response.rawPayload;
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .includes('accept-encoding');

/**
 * Headers that differ between any two responses (time, request id, the rate-limit counter), and the
 * feed position a read was taken at: on PostgreSQL it is the server's oldest transaction still
 * running, which moves with any commit on the server, other test files' databases included.
 */
const PER_RESPONSE = ['date', 'x-request-id', 'ratelimit', 'events-cursor'];
const stable = (headers: LightMyRequestResponse['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));

describe.each(DIALECTS)('content codings and 304 on %s', (dialect) => {
  const used = useApp(dialect, { data: summariesDataSet(), app: { clock: fixedClock('2025-09-01T12:00:00Z') } });
  let key: string;

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [PARK, OTHER], scope: 'write' });
    const admin = await apiKeyFor(used.db, { organizations: [PARK], scope: 'admin' });
    await priceList(async (url, body) => {
      const response = await used.app.inject({ method: 'POST', url, payload: body, headers: { 'x-api-key': admin } });
      expect(response.statusCode, response.body).toBe(201);
    });
    // Guests as the booking flow's place step makes them: enough for a page of more than a kilobyte.
    for (let n = 0; n < 20; n++) {
      const guest = { firstName: 'Guest', surname: `Number ${n}`, email: `guest${n}@example.com`, locale: 'en' };
      await withWriteTransaction(used.db, (trx) => guestForPlacement(trx, PARK, guest, new Date()));
    }
  });

  const request = (
    url: string,
    headers: Record<string, string | undefined> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<LightMyRequestResponse> => {
    const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >;
    return used.app.inject({ method, url, headers: { accept: 'application/json', 'x-api-key': key, ...sent } });
  };

  it('finds exactly the routes this test names among the operations that answer 304', () => {
    const document = used.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: object }>>;
    };
    const conditional = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => '304' in operation.responses)
      .map((operation) => operation.operationId)
      // The iCalendar feed is text/calendar behind a token, not a JSON list: calendars.test.ts codes it.
      .filter((operation) => operation !== 'getIcalFeed');
    expect(conditional.sort()).toEqual(Object.keys(CONDITIONAL_ROUTES).sort());
  });

  describe.each(Object.entries(CONDITIONAL_ROUTES))('%s', (_operation, url) => {
    it.each(NEGOTIATION)('Accept-Encoding %j → %s, decoding to the identity bytes', async (acceptEncoding, coding) => {
      const plain = await request(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
      const response = await request(url, { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(varies(response)).toBe(true);
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.byteLength);
      if (coding !== 'identity') expect(response.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
      // A strong tag names one representation: the same for the same coding, another for another.
      const tags = await Promise.all(
        CODINGS.map(async (c) => (await request(url, { 'accept-encoding': c })).headers.etag),
      );
      expect(new Set(tags).size).toBe(3);
      expect(response.headers.etag).toBe(tags[CODINGS.indexOf(coding)]);
    });

    it.each(CODINGS)(
      'answers 304 for the %s representation with no content metadata, and 200 for another coding',
      async (coding) => {
        const full = await request(url, { 'accept-encoding': coding });
        const tag = full.headers.etag as string;
        const revalidated = await request(url, { 'accept-encoding': coding, 'if-none-match': tag });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.rawPayload.byteLength).toBe(0);
        for (const name of ['content-type', 'content-length', 'content-encoding', 'transfer-encoding']) {
          expect(revalidated.headers[name], name).toBeUndefined();
        }
        // What guides caches, and the pagination headers the tag covers, are the 200's.
        expect(revalidated.headers.etag).toBe(tag);
        expect(varies(revalidated)).toBe(true);
        expect(revalidated.headers['cache-control']).toBe('no-store');
        for (const name of ['link', 'x-total-count', 'x-pagination-next', 'x-pagination-last', 'x-pagination-prev']) {
          expect(revalidated.headers[name], name).toBe(full.headers[name]);
        }
        for (const other of CODINGS.filter((c) => c !== coding)) {
          const changed = await request(url, { 'accept-encoding': other, 'if-none-match': tag });
          expect(changed.statusCode).toBe(200);
          expect(changed.headers.etag).not.toBe(tag);
        }
        // A list of tags matches when one of them is this representation's.
        const listed = await request(url, { 'accept-encoding': coding, 'if-none-match': `"other", W/${tag}` });
        expect(listed.statusCode).toBe(304);
      },
    );

    it.each(CODINGS)('answers HEAD (%s) with the headers of GET and no body (RFC 9110 §9.3.2)', async (coding) => {
      const get = await request(url, { 'accept-encoding': coding });
      const head = await request(url, { 'accept-encoding': coding }, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.byteLength).toBe(0);
      expect(stable(head.headers)).toEqual(stable(get.headers));
      expect('events-cursor' in head.headers).toBe('events-cursor' in get.headers);
      expect(Number(head.headers['content-length'])).toBe(get.rawPayload.byteLength);
      const notModified = await request(url, { 'accept-encoding': coding, 'if-none-match': get.headers.etag }, 'HEAD');
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers['content-length']).toBeUndefined();
      expect(notModified.headers['content-type']).toBeUndefined();
    });
  });

  it('leaves a body under 1 KiB plain, and still says Vary: Accept-Encoding', async () => {
    const small = await request(`/api/accommodations/?organization=${OTHER}`, { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.byteLength).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(varies(small)).toBe(true);
    const revalidated = await request(`/api/accommodations/?organization=${OTHER}`, {
      'accept-encoding': 'gzip, br',
      'if-none-match': small.headers.etag,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-length']).toBeUndefined();
  });

  it.each(['gzip', 'br'] as const)('compresses problem+json errors and the API document (%s)', async (coding) => {
    // A 404 names the path: a long one makes a problem body well over the threshold.
    const missing = await request(`/api/${'no-such-thing/'.repeat(150)}`, { 'accept-encoding': coding });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(missing.headers['content-encoding']).toBe(coding);
    expect(varies(missing)).toBe(true);
    expect(JSON.parse(decoded(missing).toString('utf8'))).toMatchObject({ status: 404, title: 'Not Found' });

    const unauthorized = await used.app.inject({
      url: CONDITIONAL_ROUTES.listAccommodations,
      headers: { 'accept-encoding': coding },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined(); // under the threshold
    expect(varies(unauthorized)).toBe(true);
    expect(unauthorized.json()).toMatchObject({ status: 401 });

    const document = await used.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': coding } });
    expect(document.headers['content-encoding']).toBe(coding);
    expect(JSON.parse(decoded(document).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
  });

  describe('kept pages', () => {
    beforeEach(() => {
      compressions.gzip = 0;
      compressions.br = 0;
    });

    it('compresses a cached page once per coding, not on every hit, and again only after a write', async () => {
      const url = `/api/reservations/summaries?organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-31&offset=300`;
      const bodies = new Set<string>();
      for (let i = 0; i < 10; i++) {
        for (const coding of ['gzip', 'br'] as const) {
          bodies.add(`${coding}:${(await request(url, { 'accept-encoding': coding })).rawPayload.toString('base64')}`);
        }
      }
      // Twenty requests in flight at once still share one compression per coding.
      const other = url.replace('offset=300', 'offset=400');
      await Promise.all(Array.from({ length: 20 }, () => request(other, { 'accept-encoding': 'gzip' })));
      expect(compressions).toEqual({ gzip: 2, br: 1 });
      expect(bodies.size).toBe(2);

      // A write moves the organization's change counter: the page is rendered, and compressed, anew.
      const created = await used.app.inject({
        method: 'POST',
        url: '/api/accommodations/',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: { organization: PARK, title: 'New unit', type: 'chalet', maxPersons: 2 },
      });
      expect(created.statusCode).toBe(201);
      await request(url, { 'accept-encoding': 'gzip' });
      await request(url, { 'accept-encoding': 'gzip' });
      expect(compressions).toEqual({ gzip: 3, br: 1 });
    });
  });
});
