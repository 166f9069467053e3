import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { useApp } from '../helpers/use-database.js';

const booking = (overrides: Record<string, unknown> = {}) => ({
  accommodation: 10,
  dateFrom: '2025-07-10',
  dateTo: '2025-07-15',
  adults: 2,
  guestName: 'Anna de Vries',
  totalAmount: '650.00',
  currency: 'EUR',
  ...overrides,
});

describe.each(DIALECTS)('write API on %s', (dialect) => {
  let now = Date.parse('2025-06-15T10:00:00Z');
  const used = useApp(dialect, { app: { clock: () => new Date(now) } });
  let writer: string;
  let reader: string;
  let otherWriter: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1] });
    otherWriter = await apiKeyFor(used.db, { organizations: [2], scope: 'write' });
    now = Date.parse('2025-06-15T10:00:00Z');
  });

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': writer, ...headers } });
  const book = (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    send('POST', '/api/reservations', booking(overrides), headers);

  it('creates a reservation, readable by id and through the summaries endpoint', async () => {
    const created = await book({ children: 1, channel: 'phone', status: 'option' });
    expect(created.statusCode).toBe(201);
    // The 201 also lists the stay rules the stay breaks (SPEC §13): none here.
    const { warnings, ...record } = created.json();
    expect(warnings).toEqual([]);
    expect(created.headers.location).toBe(`/api/reservations/${record.id}`);
    expect(record).toMatchObject({
      organization: 1,
      accommodation: { id: 10, title: 'Chalet 10' },
      status: 'option',
      dateFrom: '2025-07-10',
      dateTo: '2025-07-15',
      nights: 5,
      adults: 2,
      children: 1,
      babies: 0,
      totalAmount: '650.00',
      channel: 'phone',
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
      cancelled: null,
    });
    expect(record.reservationNumber).toMatch(/^BK-/);
    expect((await send('GET', created.headers.location as string)).json()).toEqual(record);
    const summaries = await send(
      'GET',
      '/api/reservations/summaries?dateFrom=2025-06-15&dateTo=2025-06-15&referenceDate=modified',
    );
    expect(summaries.json()).toEqual([record]);
  });

  it('accepts back-to-back stays: a departure day is the next arrival day', async () => {
    expect((await book({ dateFrom: '2025-07-10', dateTo: '2025-07-15' })).statusCode).toBe(201);
    expect((await book({ dateFrom: '2025-07-15', dateTo: '2025-07-18' })).statusCode).toBe(201);
    expect((await book({ dateFrom: '2025-07-07', dateTo: '2025-07-10' })).statusCode).toBe(201);
  });

  it.each([
    ['inside', '2025-07-11', '2025-07-13'],
    ['around', '2025-07-09', '2025-07-16'],
    ['left', '2025-07-08', '2025-07-11'],
    ['right', '2025-07-14', '2025-07-17'],
    ['equal', '2025-07-10', '2025-07-15'],
  ])('refuses an overlap %s with 409 naming the reservation', async (_shape, dateFrom, dateTo) => {
    const first = (await book()).json();
    const refused = await book({ dateFrom, dateTo });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(refused.json()).toMatchObject({ status: 409, conflictingReservation: first.id });
    expect(refused.json().detail).toContain(String(first.id));
    // Another accommodation is free on those nights.
    expect((await book({ dateFrom, dateTo, accommodation: 12 })).statusCode).toBe(201);
  });

  it('frees the nights of cancelled and no-show reservations at once', async () => {
    const first = (await book()).json();
    const cancelled = await send('DELETE', `/api/reservations/${first.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelled: '2025-06-15T10:00:00Z' });
    const second = (await book()).json();
    expect(second.id).not.toBe(first.id);
    const noShow = await send('PATCH', `/api/reservations/${second.id}`, { status: 'no-show' });
    expect(noShow.json()).toMatchObject({ status: 'no-show' });
    expect((await book()).statusCode).toBe(201);
    expect(await countDoubleBookings(used.db)).toBe(0);
  });

  it('cancels idempotently', async () => {
    const { id } = (await book()).json();
    const first = await send('DELETE', `/api/reservations/${id}`);
    now += 60_000;
    const again = await send('DELETE', `/api/reservations/${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('re-checks nights when dates or accommodation change, and sets modified', async () => {
    const a = (await book()).json();
    const b = (await book({ dateFrom: '2025-07-20', dateTo: '2025-07-25' })).json();
    const c = (await book({ accommodation: 12 })).json();
    now += 3_600_000;
    expect((await send('PATCH', `/api/reservations/${b.id}`, { dateFrom: '2025-07-14' })).json()).toMatchObject({
      status: 409,
      conflictingReservation: a.id,
    });
    expect((await send('PATCH', `/api/reservations/${c.id}`, { accommodation: 10 })).json()).toMatchObject({
      conflictingReservation: a.id,
    });
    const moved = await send('PATCH', `/api/reservations/${b.id}`, { dateFrom: '2025-07-15', guestName: 'B. Bakker' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      dateFrom: '2025-07-15',
      nights: 10,
      guestName: 'B. Bakker',
      modified: '2025-06-15T11:00:00Z',
    });
    // A reservation may shrink or grow over its own nights.
    expect(
      (await send('PATCH', `/api/reservations/${a.id}`, { dateFrom: '2025-07-09', dateTo: '2025-07-14' })).statusCode,
    ).toBe(200);
    expect((await send('PATCH', `/api/reservations/${a.id}`, { dateTo: '2025-07-09' })).statusCode).toBe(400);
    expect(await countDoubleBookings(used.db)).toBe(0);
  });

  it('moves status only along the state machine, naming both states when it refuses', async () => {
    const { id } = (await book({ status: 'option' })).json();
    expect((await send('PATCH', `/api/reservations/${id}`, { status: 'checked-in' })).json()).toMatchObject({
      status: 409,
      currentStatus: 'option',
      requestedStatus: 'checked-in',
    });
    for (const status of ['confirmed', 'checked-in', 'checked-out']) {
      const response = await send('PATCH', `/api/reservations/${id}`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    const refused = await send('DELETE', `/api/reservations/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ currentStatus: 'checked-out', requestedStatus: 'cancelled' });
  });

  it('replays an Idempotency-Key with the same body and creates one row; another body is 422', async () => {
    const headers = { 'idempotency-key': 'sync-2025-07-10-a' };
    const first = await book({}, headers);
    now += 3_600_000;
    const replay = await book({}, headers);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers.location).toBe(first.headers.location);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const rows = await used.db.kysely.selectFrom('reservations').select('id').execute();
    expect(rows).toHaveLength(1);
    const other = await book({ guestName: 'Someone else', accommodation: 12 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    // After 24 hours the key is forgotten.
    now += 24 * 3_600_000;
    expect((await book({ accommodation: 12 }, headers)).statusCode).toBe(201);
  });

  it('needs the write scope (403 after validation) and refuses unknown fields and other media types', async () => {
    const asReader = await book({}, { 'x-api-key': reader });
    expect(asReader.statusCode).toBe(403);
    expect((await book({ colour: 'red' }, { 'x-api-key': reader })).statusCode).toBe(400);
    const unknownField = await book({ colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors).toEqual([{ parameter: 'colour', message: 'is not a known field' }]);
    const text = await used.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: 'accommodation=10',
      headers: { 'x-api-key': writer, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const missing = await send('POST', '/api/reservations', { accommodation: 10 });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { parameter: string }) => e.parameter)
        .sort(),
    ).toEqual(['dateFrom', 'dateTo', 'adults', 'guestName'].sort());
    expect((await book({ dateTo: '2025-07-10' })).statusCode).toBe(400);
    expect((await book({ adults: 5 })).json().errors).toEqual([
      { parameter: 'adults', message: expect.stringContaining('capacity of 4') },
    ]);
  });

  /** A PUT body: the whole record as for POST, every field PATCH may change (SPEC §9). */
  const wholeReservation = (overrides: Record<string, unknown> = {}) =>
    booking({ children: 0, babies: 0, channel: 'api', status: 'confirmed', ...overrides });

  it('replaces a reservation with PUT under the rules, locks and events of PATCH', async () => {
    const a = (await book()).json();
    const b = (await book({ dateFrom: '2025-07-20', dateTo: '2025-07-25' })).json();
    now += 3_600_000;
    // The original client's path has a trailing slash; organization may come along, unchanged.
    const replaced = await send(
      'PUT',
      `/api/reservations/${b.id}/`,
      wholeReservation({
        organization: 1,
        dateFrom: '2025-07-15',
        dateTo: '2025-07-25',
        guestName: 'B. Bakker',
        children: 1,
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: b.id,
      dateFrom: '2025-07-15',
      nights: 10,
      guestName: 'B. Bakker',
      children: 1,
      modified: '2025-06-15T11:00:00Z',
    });
    expect((await send('GET', `/api/reservations/${b.id}`)).json()).toEqual(replaced.json());
    // The same answers as PATCH: a night held by another is 409 naming it; a move outside §3 is 409.
    expect(
      (
        await send(
          'PUT',
          `/api/reservations/${b.id}`,
          wholeReservation({ dateFrom: '2025-07-14', dateTo: '2025-07-25' }),
        )
      ).json(),
    ).toMatchObject({
      status: 409,
      conflictingReservation: a.id,
    });
    expect(
      (await send('PUT', `/api/reservations/${a.id}`, wholeReservation({ status: 'checked-out' }))).json(),
    ).toMatchObject({
      status: 409,
      currentStatus: 'confirmed',
      requestedStatus: 'checked-out',
    });
    // Every field PATCH may change is required, each missing one named; unknown fields are refused.
    const partial = await send('PUT', `/api/reservations/${a.id}`, { guestName: 'Only a name' });
    expect(partial.statusCode).toBe(400);
    expect(
      partial
        .json()
        .errors.map((e: { parameter: string }) => e.parameter)
        .sort(),
    ).toEqual(
      [
        'accommodation',
        'adults',
        'babies',
        'channel',
        'children',
        'currency',
        'dateFrom',
        'dateTo',
        'status',
        'totalAmount',
      ].sort(),
    );
    expect((await send('PUT', `/api/reservations/${a.id}`, wholeReservation({ id: a.id }))).json().errors).toEqual([
      { parameter: 'id', message: 'is not a known field' },
    ]);
    expect(
      (await send('PUT', `/api/reservations/${a.id}`, wholeReservation(), { 'x-api-key': reader })).statusCode,
    ).toBe(403);
    expect((await send('PUT', '/api/reservations/999999', wholeReservation())).statusCode).toBe(404);
    // A PUT cannot move a record to another organization: one not bound is 403, another bound one 404.
    expect((await send('PUT', `/api/reservations/${a.id}`, wholeReservation({ organization: 2 }))).statusCode).toBe(
      403,
    );
    // A PUT that changes nothing records no event; the one that changed b recorded one.
    const { warnings: _, ...stored } = a;
    expect((await send('PUT', `/api/reservations/${a.id}`, wholeReservation())).json()).toEqual(stored);
    const events = (await send('GET', `/api/events?reservation=${b.id}`)).json() as {
      type: string;
      changes?: string[];
    }[];
    expect(events.map((e) => e.type)).toEqual(['reservation.created', 'reservation.updated']);
    expect(events[1]?.changes?.toSorted()).toEqual(['children', 'dateFrom', 'guestName', 'name', 'nights']);
    expect((await send('GET', `/api/events?reservation=${a.id}`)).json()).toHaveLength(1);
  });

  it('replaces an accommodation with PUT: every field required, bedrooms may be null', async () => {
    now += 60_000;
    const whole = { title: 'Chalet Ten', type: 'chalet', maxPersons: 5, bedrooms: null, active: true };
    const replaced = await send('PUT', '/api/accommodations/10/', { organization: 1, ...whole });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ id: 10, ...whole, modified: '2025-06-15T10:01:00Z' });
    const partial = await send('PUT', '/api/accommodations/10', { title: 'Only a title' });
    expect(
      partial
        .json()
        .errors.map((e: { parameter: string }) => e.parameter)
        .sort(),
    ).toEqual(['active', 'bedrooms', 'maxPersons', 'type']);
    expect((await send('PUT', '/api/accommodations/20', whole)).statusCode).toBe(404);
    const events = (await send('GET', '/api/events?accommodation=10')).json() as { type: string }[];
    expect(events.at(-1)?.type).toBe('accommodation.updated');
  });

  it('keeps organizations apart: other records are 404, other accommodations 400', async () => {
    const { id } = (await book()).json();
    const asOther = { 'x-api-key': otherWriter };
    const foreign = await send('GET', `/api/reservations/${id}`, undefined, asOther);
    const unknown = await send('GET', '/api/reservations/999999', undefined, asOther);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect((await send('PATCH', `/api/reservations/${id}`, { guestName: 'x' }, asOther)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/reservations/${id}`, undefined, asOther)).statusCode).toBe(404);
    expect((await book({ accommodation: 10 }, asOther)).json().errors).toEqual([
      { parameter: 'accommodation', message: expect.any(String) },
    ]);
    expect((await send('GET', `/api/reservations/${id}`)).json().guestName).toBe('Anna de Vries');
  });

  it('manages accommodations: create, change, deactivate (kept, hidden, unbookable)', async () => {
    const created = await send('POST', '/api/accommodations/', {
      title: 'Tiny house',
      type: 'tiny-house',
      maxPersons: 2,
    });
    expect(created.statusCode).toBe(201);
    const unit = created.json();
    expect(unit).toMatchObject({ organization: 1, title: 'Tiny house', maxPersons: 2, bedrooms: null, active: true });
    expect(created.headers.location).toBe(`/api/accommodations/${unit.id}`);
    now += 60_000;
    const changed = await send('PATCH', `/api/accommodations/${unit.id}`, { bedrooms: 1, title: 'Tiny house 1' });
    expect(changed.json()).toMatchObject({ bedrooms: 1, title: 'Tiny house 1', modified: '2025-06-15T10:01:00Z' });
    const removed = await send('DELETE', `/api/accommodations/${unit.id}`);
    expect(removed.json()).toMatchObject({ id: unit.id, active: false });
    const list = (await send('GET', '/api/accommodations/')).json() as { id: number }[];
    expect(list.map((a) => a.id)).not.toContain(unit.id);
    const all = (await send('GET', '/api/accommodations/?includeInactive=true')).json() as { id: number }[];
    expect(all.map((a) => a.id)).toContain(unit.id);
    expect((await book({ accommodation: unit.id, adults: 1 })).statusCode).toBe(409);
    expect(
      (await send('POST', '/api/accommodations/', { title: 'x', type: 'y', maxPersons: 1 }, { 'x-api-key': reader }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('GET', `/api/accommodations/${unit.id}`, undefined, { 'x-api-key': otherWriter })).statusCode,
    ).toBe(404);
  });

  it('lists free and taken nights', async () => {
    const { id } = (await book({ dateFrom: '2025-07-10', dateTo: '2025-07-12' })).json();
    await book({ dateFrom: '2025-07-13', dateTo: '2025-07-14', status: 'option' });
    const cancelled = (await book({ dateFrom: '2025-07-12', dateTo: '2025-07-13' })).json();
    await send('DELETE', `/api/reservations/${cancelled.id}`);
    const response = await send('GET', '/api/accommodations/10/availability?dateFrom=2025-07-09&dateTo=2025-07-14');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.available).toBe(false);
    expect(
      body.nights.map((n: { date: string; status: string; reservation: number | null }) => [
        n.date,
        n.status,
        n.reservation !== null,
      ]),
    ).toEqual([
      ['2025-07-09', 'free', false],
      ['2025-07-10', 'taken', true],
      ['2025-07-11', 'taken', true],
      ['2025-07-12', 'free', false],
      ['2025-07-13', 'taken', true],
    ]);
    expect(body.nights[1].reservation).toBe(id);
    expect(
      (await send('GET', '/api/accommodations/10/availability?dateFrom=2025-08-01&dateTo=2025-08-03')).json().available,
    ).toBe(true);
  });

  it('takes exactly one of 50 parallel overlapping bookings', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book({
          dateFrom: `2025-08-${String(1 + (i % 10)).padStart(2, '0')}`,
          dateTo: '2025-08-12',
          guestName: `Guest ${i}`,
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await countDoubleBookings(used.db)).toBe(0);
  });
  it('never serves a stale total or page: every write moves the cached values', async () => {
    const july = '/api/reservations/summaries?dateFrom=2025-07-01&dateTo=2025-07-31&status=confirmed&limit=1&offset=1';
    const total = async () => Number((await send('GET', july)).headers['x-total-count']);
    const firstPage = async () =>
      ((await send('GET', july.replace('limit=1&offset=1', 'limit=10'))).json() as { id: number }[]).map((r) => r.id);
    const ids: number[] = [];
    for (const day of ['01', '03', '05']) {
      ids.push((await book({ dateFrom: `2025-07-${day}`, dateTo: `2025-07-0${Number(day) + 1}` })).json().id);
    }
    expect(await total()).toBe(3);
    expect(await total()).toBe(3);
    await book({ dateFrom: '2025-07-20', dateTo: '2025-07-21' });
    expect(await total()).toBe(4);
    await send('DELETE', `/api/reservations/${ids[0]}`);
    expect(await total()).toBe(3);
    await send('PATCH', `/api/reservations/${ids[1]}`, { dateFrom: '2025-06-28' });
    expect(await total()).toBe(2);
    expect(await firstPage()).toEqual([ids[2], expect.any(Number)]);
    await send('PATCH', `/api/reservations/${ids[2]}`, { status: 'checked-in' });
    expect(await total()).toBe(1);
    expect(await firstPage()).toHaveLength(1);
    expect(await firstPage()).not.toContain(ids[2]);
  });

  it('never serves a stale accommodations list: every accommodation write moves the cached body and its ETag', async () => {
    const list = async (query = '') => {
      const response = await send('GET', `/api/accommodations/${query}`);
      return { titles: (response.json() as { title: string }[]).map((a) => a.title), etag: response.headers.etag };
    };
    const before = await list();
    const inactiveToo = await list('?includeInactive=true');
    expect(await list()).toEqual(before);
    const unit = (
      await send('POST', '/api/accommodations/', { title: 'Tiny house 1', type: 'chalet', maxPersons: 2 })
    ).json();
    const created = await list();
    expect(created.titles).toEqual([...before.titles, 'Tiny house 1']);
    expect(created.etag).not.toBe(before.etag);
    await send('PATCH', `/api/accommodations/${unit.id}`, { title: 'Tiny house 2' });
    expect((await list()).titles).toEqual([...before.titles, 'Tiny house 2']);
    await send('DELETE', `/api/accommodations/${unit.id}`);
    expect((await list()).titles).toEqual(before.titles);
    expect((await list('?includeInactive=true')).titles).toEqual([...inactiveToo.titles, 'Tiny house 2']);
  });
});
