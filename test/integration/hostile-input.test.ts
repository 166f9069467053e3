import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * Input that passes for valid at a glance and used to reach the database or be quietly changed
 * (issue 19): each is a 400 naming the parameter, a 409, or a correct 200, never a 5xx.
 */

const NUL = '\u0000';
const booking = (overrides: Record<string, unknown> = {}) => ({
  accommodation: 10,
  dateFrom: '2025-07-10',
  dateTo: '2025-07-15',
  adults: 2,
  guestName: 'Anna',
  totalAmount: '650.00',
  currency: 'EUR',
  ...overrides,
});

function expectRefused(response: LightMyRequestResponse, parameter: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const named = (response.json().errors as { parameter: string; message: string }[]).filter(
    (e) => e.parameter === parameter,
  );
  expect(named.length, `${parameter} in ${response.body}`).toBeGreaterThan(0);
  if (message) expect(named.map((e) => e.message)).toContain(message);
}

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  const used = useApp(dialect);
  let key: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    used.app.inject({ method, url, payload: payload as never, headers: { 'x-api-key': key, ...headers } });

  it.each([
    ['POST', '/api/reservations', booking({ guestName: `An${NUL}na` }), 'guestName'],
    ['POST', '/api/reservations', booking({ reservationNumber: `R${NUL}1` }), 'reservationNumber'],
    ['POST', '/api/reservations', booking({ channel: `web${NUL}` }), 'channel'],
    ['POST', '/api/accommodations/', { title: `T${NUL}`, type: 'chalet', maxPersons: 2 }, 'title'],
    ['POST', '/api/accommodations/', { title: 'T', type: `${NUL}`, maxPersons: 2 }, 'type'],
    ['PATCH', '/api/accommodations/12', { title: `${NUL}x` }, 'title'],
  ] as const)('%s %s with a NUL in a text field is a 400 naming it', async (method, url, body, parameter) => {
    expectRefused(await send(method, url, body), parameter, 'must not contain the NUL character');
  });

  it('refuses a NUL in a PATCH of a reservation and keeps the stored record', async () => {
    const { id } = (await send('POST', '/api/reservations', booking())).json();
    expectRefused(await send('PATCH', `/api/reservations/${id}`, { guestName: `x${NUL}` }), 'guestName');
    expect((await send('GET', `/api/reservations/${id}`)).json().guestName).toBe('Anna');
  });

  it.each(['date-from', 'date-to', 'stay', 'created', 'modified', 'cancelled'])(
    'summaries by %s accept every year from 0001 to 9999 and refuse 0000',
    async (referenceDate) => {
      const summaries = (dateFrom: string, dateTo: string) =>
        send('GET', `/api/reservations/summaries?dateFrom=${dateFrom}&dateTo=${dateTo}&referenceDate=${referenceDate}`);
      for (const [from, to] of [
        ['0001-01-01', '0001-12-31'],
        ['0050-06-01', '0050-06-30'],
        ['0099-01-01', '0099-12-31'],
        ['9999-01-01', '9999-12-31'],
        ['9998-12-31', '9999-12-31'],
      ] as const) {
        const response = await summaries(from, to);
        expect(response.statusCode, `${from} … ${to}: ${response.body}`).toBe(200);
        expect(response.json()).toEqual([]);
      }
      expectRefused(await summaries('0000-01-01', '0000-12-31'), 'dateFrom');
    },
  );

  it('finds a reservation by a timestamp reference date in the first and last years', async () => {
    const { id } = (await send('POST', '/api/reservations', booking())).json();
    await used.db.kysely
      .updateTable('reservations')
      .set({ created: '0050-06-01T12:00:00Z', modified: '9999-12-31T23:59:59Z' })
      .where('id', '=', id)
      .execute();
    const found = async (query: string) =>
      (await send('GET', `/api/reservations/summaries?${query}&organization=1`))
        .json()
        .map((r: { id: number }) => r.id);
    expect(await found('dateFrom=0050-06-01&dateTo=0050-06-01&referenceDate=created')).toEqual([id]);
    expect(await found('dateFrom=9999-12-31&dateTo=9999-12-31&referenceDate=modified')).toEqual([id]);
    expect(await found('dateFrom=1950-06-01&dateTo=1950-06-01&referenceDate=created')).toEqual([]);
  });

  it('books, and shows availability, at the end of year 9999; year 0000 is a 400', async () => {
    expect(
      (await send('POST', '/api/reservations', booking({ dateFrom: '9999-12-30', dateTo: '9999-12-31' }))).statusCode,
    ).toBe(201);
    expectRefused(
      await send('POST', '/api/reservations', booking({ dateFrom: '0000-01-01', dateTo: '0000-01-03' })),
      'dateFrom',
    );
    const availability = await send('GET', '/api/accommodations/10/availability?dateFrom=9999-12-01&dateTo=9999-12-31');
    expect(availability.statusCode).toBe(200);
    expect(availability.json().nights.at(-1)).toMatchObject({ date: '9999-12-30', status: 'taken' });
    expectRefused(
      await send('GET', '/api/accommodations/10/availability?dateFrom=0000-12-01&dateTo=0000-12-02'),
      'dateFrom',
    );
  });

  it.each([
    ['9999-12-31T23:59:59.5Z', []],
    ['9999-12-31T23:00:00-05:00', []],
    ['0050-06-01', [10, 12]],
    ['0001-01-01T00:00:00+01:00', [10, 12]],
  ] as const)('modifiedSince=%s is answered, with %j', async (since, ids) => {
    const response = await send(
      'GET',
      `/api/accommodations/?organization=1&modifiedSince=${encodeURIComponent(since)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((a: { id: number }) => a.id)).toEqual(ids);
  });

  // The fuzz test found `limit=1e309` answered 500: the text coerces to Infinity, not to a 400.
  it.each([
    ['/api/events?limit=1e309', 'limit'],
    ['/api/events?wait=1e309', 'wait'],
    ['/api/events?reservation=1e309', 'reservation'],
    ['/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&limit=1e309', 'limit'],
    ['/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&offset=1e309', 'offset'],
    ['/api/accommodations/?organization=1e309', 'organization'],
    ['/api/reservations/1e309', 'id'],
  ])('refuses a number too large for a double in %s, naming %s', async (url, parameter) => {
    expectRefused(await send('GET', url), parameter);
  });

  // Issue 41: `+text` also read 1e3, 0x10, 0b1 and padded or empty text as numbers: /api/reservations/1e3
  // was reservation 1000. A number in a query or path is written in decimal digits.
  it.each([
    ['/api/reservations/1e3', 'id'],
    ['/api/reservations/0x10', 'id'],
    ['/api/accommodations/0b1010', 'id'],
    ['/api/accommodations/?organization=0x1', 'organization'],
    ['/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&limit=1e1', 'limit'],
    ['/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&offset=', 'offset'],
    ['/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&offset=%2010', 'offset'],
    ['/api/events?limit=1e2', 'limit'],
  ])('refuses a number not written in decimal digits in %s, naming %s', async (url, parameter) => {
    expectRefused(await send('GET', url), parameter);
  });

  it('still reads decimal numbers in queries and paths, leading zeros included', async () => {
    const page = await send(
      'GET',
      '/api/reservations/summaries?organization=01&dateFrom=2025-07-01&dateTo=2025-07-31&limit=010',
    );
    expect(page.statusCode, page.body).toBe(200);
  });

  it('refuses 1e309 in a JSON body, which JSON.parse reads as Infinity, and books nothing', async () => {
    const response = await used.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: JSON.stringify(booking()).replace('"adults":2', '"adults":1e309'),
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
    });
    expectRefused(response, 'adults');
    const summaries = await send('GET', '/api/reservations/summaries?dateFrom=2025-07-01&dateTo=2025-07-31');
    expect(summaries.json()).toEqual([]);
  });

  it('refuses modifiedSince in year 0000', async () => {
    expectRefused(await send('GET', '/api/accommodations/?modifiedSince=0000-01-01'), 'modifiedSince');
  });

  it('answers a reservation number already used in the organization with 409 naming the field', async () => {
    expect((await send('POST', '/api/reservations', booking({ reservationNumber: 'R-1' }))).statusCode).toBe(201);
    const again = await send('POST', '/api/reservations', booking({ reservationNumber: 'R-1', accommodation: 12 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, parameter: 'reservationNumber' });
  });

  it('takes body values as sent: null where SPEC §2 allows it, a 400 where it does not', async () => {
    const cleared = await send('PATCH', '/api/accommodations/12', { bedrooms: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().bedrooms).toBeNull();
    expectRefused(await send('PATCH', '/api/accommodations/12', { maxPersons: null }), 'maxPersons');
    expectRefused(await send('PATCH', '/api/accommodations/12', { active: null }), 'active');
    expect((await send('GET', '/api/accommodations/12')).json()).toMatchObject({ maxPersons: 6, active: true });
    const coerced = await send('POST', '/api/reservations', {
      ...booking(),
      accommodation: [10],
      adults: true,
      guestName: 123,
      totalAmount: 1,
    });
    for (const parameter of ['accommodation', 'adults', 'guestName', 'totalAmount']) expectRefused(coerced, parameter);
    const stored = await used.db.kysely.selectFrom('reservations').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('calls an array body the wrong type, not a repeated parameter', async () => {
    const response = await send('POST', '/api/reservations', []);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).not.toContain('only once');
  });

  it('replays an Idempotency-Key for the same body with its keys reordered, or sent to the path with a trailing slash', async () => {
    const headers = { 'idempotency-key': 'unit-create-1' };
    const first = await send('POST', '/api/accommodations/', { title: 'Lodge', type: 'lodge', maxPersons: 4 }, headers);
    expect(first.statusCode).toBe(201);
    for (const url of ['/api/accommodations', '/api/accommodations/']) {
      const replay = await send('POST', url, { maxPersons: 4, type: 'lodge', title: 'Lodge' }, headers);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
    }
    expect(
      (await send('POST', '/api/accommodations', { maxPersons: 5, type: 'lodge', title: 'Lodge' }, headers)).statusCode,
    ).toBe(422);
  });

  it.each([
    ['bytes that are not UTF-8 (Latin-1)', 'application/json'],
    ['a charset other than UTF-8', 'application/json; charset=iso-8859-1'],
  ])('refuses a body in %s with 400 naming the body, storing nothing', async (_case, contentType) => {
    const latin1 = Buffer.from(JSON.stringify(booking({ guestName: 'Ren\u00e9e' })), 'latin1');
    const response = await used.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: latin1,
      headers: { 'x-api-key': key, 'content-type': contentType },
    });
    expectRefused(response, 'body');
    expect(await used.db.kysely.selectFrom('reservations').select('id').execute()).toEqual([]);
  });

  it('still takes UTF-8 JSON, declared or not', async () => {
    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
    ]) {
      const response = await used.app.inject({
        method: 'POST',
        url: '/api/accommodations/',
        payload: Buffer.from(JSON.stringify({ title: 'Ren\u00e9e', type: 'room', maxPersons: 2 })),
        headers: { 'x-api-key': key, 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(201);
      expect(response.json().title).toBe('Ren\u00e9e');
    }
  });
});

describe('requests the HTTP parser lets through', () => {
  const used = useApp('sqlite');
  let port: number;
  beforeAll(async () => {
    await used.app.listen({ host: '127.0.0.1', port: 0 });
    port = (used.app.server.address() as { port: number }).port;
  });

  /** Sends raw bytes and reads the whole response (the server closes or answers within the bound). */
  const raw = (request: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      const answer = () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
      };
      socket.setTimeout(5_000, () => socket.destroy(new Error(`no whole answer in 5 s: ${data}`)));
      socket.on('data', (chunk) => {
        data += chunk;
        const { headers, body } = answer();
        const length = Number(/content-length: (\d+)/.exec(headers)?.[1] ?? -1);
        if (length >= 0 && Buffer.byteLength(body) >= length) {
          socket.end();
          resolve(answer());
        }
      });
      socket.on('end', () => resolve(answer()));
      socket.on('error', reject);
      socket.write(request);
    });

  it.each([
    ['two Host headers', 'GET /health HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n', 400],
    ['no Host header', 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    ['Expect: foo', 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\n\r\n', 417],
  ])('answers %s with a problem+json %i', async (_case, request, status) => {
    const response = await raw(request);
    expect(response.status).toBe(status);
    expect(response.headers).toContain('content-type: application/problem+json; charset=utf-8');
    expect(JSON.parse(response.body)).toMatchObject({ status });
  });

  it('answers one Host header as usual', async () => {
    expect((await raw('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
