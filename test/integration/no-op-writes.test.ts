import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * A write that changes nothing changes nothing (issue 39): not the record, not the feed, and not
 * the organization's change counter, so the pages cached under the counter stay valid. The counter
 * is read where every cache reads it (`organizations.version`), and seen from outside as the
 * summaries page's ETag.
 */
describe.each(DIALECTS)('writes that change nothing, on %s', (dialect) => {
  let now = Date.parse('2025-06-15T10:00:00Z');
  const used = useApp(dialect, { app: { clock: () => new Date(now) } });
  let writer: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    now = Date.parse('2025-06-15T10:00:00Z');
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers = {}) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': writer, ...headers } });

  const counter = async () =>
    Number(
      (await used.db.kysely.selectFrom('organizations').select('version').where('id', '=', 1).executeTakeFirstOrThrow())
        .version,
    );
  const summariesEtag = async () =>
    (await send('GET', '/api/reservations/summaries?dateFrom=2025-07-01&dateTo=2025-07-31')).headers.etag;

  const reservation = {
    accommodation: 10,
    dateFrom: '2025-07-10',
    dateTo: '2025-07-15',
    adults: 2,
    guestName: 'Anna de Vries',
    totalAmount: '650.00',
    currency: 'EUR',
  };

  it('a PATCH that changes nothing and a repeated DELETE leave the change counter and the cached page', async () => {
    const created = await send('POST', '/api/reservations', reservation);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    now += 60_000;
    const before = { counter: await counter(), etag: await summariesEtag() };

    const same = await send('PATCH', `/api/reservations/${id}`, { guestName: 'Anna de Vries', adults: 2 });
    expect(same.statusCode).toBe(200);
    expect({ counter: await counter(), etag: await summariesEtag() }).toEqual(before);

    const cancelled = await send('DELETE', `/api/reservations/${id}`);
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = { counter: await counter(), etag: await summariesEtag() };
    expect(afterCancel.counter).toBeGreaterThan(before.counter);
    expect(afterCancel.etag).not.toBe(before.etag);

    now += 60_000;
    const again = await send('DELETE', `/api/reservations/${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cancelled.json());
    expect({ counter: await counter(), etag: await summariesEtag() }).toEqual(afterCancel);
  });

  it('a replayed POST and an accommodation PATCH or DELETE that changes nothing leave the counter', async () => {
    const key = { 'idempotency-key': 'no-op-1' };
    const first = await send('POST', '/api/reservations', reservation, key);
    expect(first.statusCode).toBe(201);
    const before = await counter();
    const replay = await send('POST', '/api/reservations', reservation, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await counter()).toBe(before);

    const unchanged = await send('PATCH', '/api/accommodations/10', { maxPersons: 4 });
    expect(unchanged.statusCode).toBe(200);
    expect(await counter()).toBe(before);
    await send('DELETE', '/api/accommodations/10');
    const deactivated = await counter();
    expect(deactivated).toBeGreaterThan(before);
    expect((await send('DELETE', '/api/accommodations/10')).statusCode).toBe(200);
    expect(await counter()).toBe(deactivated);
  });
});
