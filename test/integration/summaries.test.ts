import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import { dateInZone } from '../../src/shared/dates.js';
import { testApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, fixedClock } from '../helpers/fixtures.js';
import { JULY_ARRIVALS, OTHER, PARK, PARK_ZONE, summariesDataSet } from '../helpers/summaries-data.js';
import { useApp } from '../helpers/use-database.js';

const PATH = '/api/reservations/summaries';
const JULY = 'organization=1&dateFrom=2025-07-01&dateTo=2025-07-31';
type Reference = 'date-from' | 'date-to' | 'stay' | 'created' | 'modified' | 'cancelled';

/** The expected selection and order, computed from the data set without the service's code. */
function expectedIds(
  reservations: ImportReservation[],
  reference: Reference,
  from: string,
  to: string,
  statuses?: string[],
): number[] {
  const inPeriod = (date: string) => date >= from && date <= to;
  const key = (r: ImportReservation): string | undefined => {
    switch (reference) {
      case 'date-from':
        return inPeriod(r.dateFrom) ? r.dateFrom : undefined;
      case 'date-to':
        return inPeriod(r.dateTo) ? r.dateTo : undefined;
      case 'stay':
        return r.dateFrom <= to && r.dateTo > from ? r.dateFrom : undefined;
      default: {
        const instant = r[reference];
        return instant && inPeriod(dateInZone(new Date(instant), PARK_ZONE))
          ? new Date(instant).toISOString()
          : undefined;
      }
    }
  };
  return reservations
    .filter((r) => r.organization === PARK && (!statuses || statuses.includes(r.status as string)))
    .flatMap((r) => {
      const k = key(r);
      return k === undefined ? [] : [{ k, id: r.id as number }];
    })
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.id - b.id))
    .map((r) => r.id);
}

describe.each(DIALECTS)('GET /api/reservations/summaries on %s', (dialect) => {
  const data = summariesDataSet();
  // The service's own date is after the change of 2025-04-17.
  const used = useApp(dialect, { data, app: { clock: fixedClock('2025-09-01T12:00:00Z') } });
  let key: string;
  let pinnedKey: string;

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [PARK, OTHER] });
    pinnedKey = await apiKeyFor(used.db, { organizations: [PARK], compatibilityDate: '2025-04-16' });
  });

  const get = (query: string, headers: Record<string, string> = {}, path = PATH) =>
    used.app.inject({ url: `${path}?${query}`, headers: { accept: 'application/json', 'x-api-key': key, ...headers } });
  const ids = (response: { json(): unknown }) => (response.json() as { id: number }[]).map((r) => r.id);
  const julyArrivals = () => expectedIds(data.reservations, 'date-from', '2025-07-01', '2025-07-31');

  it('has the seed example in its data: 1,150 July arrivals', () => {
    expect(julyArrivals()).toHaveLength(JULY_ARRIVALS);
  });

  it('pages as in the seed example: from offset 100, next 200, last 1100, prev 0, first 0', async () => {
    const response = await get(`${JULY}&referenceDate=date-from&limit=100&offset=100`);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(julyArrivals().slice(100, 200));
    const u = `${PATH}?${JULY}&referenceDate=date-from`;
    expect(response.headers).toMatchObject({
      'x-pagination-next': '200',
      'x-pagination-last': '1100',
      'x-pagination-prev': '0',
      'x-pagination-first': '0',
      'x-total-count': '1150',
      link:
        `<${u}&limit=100&offset=200>; rel="next", <${u}&limit=100&offset=1100>; rel="last", ` +
        `<${u}&limit=100&offset=0>; rel="prev", <${u}&limit=100&offset=0>; rel="first"`,
    });
  });

  it('returns SPEC §2 records', async () => {
    const [first] = (await get(`${JULY}&limit=1`)).json();
    const source = data.reservations.find((r) => r.id === julyArrivals()[0]) as ImportReservation;
    expect(first).toEqual({
      id: source.id,
      reservationNumber: source.reservationNumber,
      organization: PARK,
      accommodation: { id: source.accommodation, title: `Unit ${source.accommodation}` },
      status: source.status,
      dateFrom: source.dateFrom,
      dateTo: source.dateTo,
      nights: 1,
      adults: 2,
      children: source.children,
      babies: 0,
      guestName: source.guestName,
      name: source.guestName,
      guest: null,
      totalAmount: source.totalAmount,
      currency: 'EUR',
      channel: source.channel,
      created: source.created,
      modified: source.modified,
      cancelled: source.cancelled,
    });
  });

  it('applies limit 100 and offset 0 by default, with only next and last on the first page', async () => {
    const response = await get(JULY);
    expect(ids(response)).toEqual(julyArrivals().slice(0, 100));
    expect(response.headers['x-pagination-next']).toBe('100');
    expect(response.headers['x-pagination-last']).toBe('1100');
    expect(response.headers['x-pagination-prev']).toBeUndefined();
    expect(response.headers['x-pagination-first']).toBeUndefined();
    expect(response.headers.link).toBe(
      `<${PATH}?${JULY}&limit=100&offset=100>; rel="next", <${PATH}?${JULY}&limit=100&offset=1100>; rel="last"`,
    );
  });

  it('serves a middle page, the last page and past the end', async () => {
    const middle = await get(`${JULY}&offset=500&limit=50`);
    expect(ids(middle)).toEqual(julyArrivals().slice(500, 550));
    expect(middle.headers).toMatchObject({
      'x-pagination-next': '550',
      'x-pagination-last': '1100',
      'x-pagination-prev': '450',
    });
    const last = await get(`${JULY}&offset=1100`);
    expect(ids(last)).toEqual(julyArrivals().slice(1100));
    expect(last.headers['x-pagination-next']).toBeUndefined();
    expect(last.headers).toMatchObject({
      'x-pagination-last': '1100',
      'x-pagination-prev': '1000',
      'x-pagination-first': '0',
    });
    const beyond = await get(`${JULY}&offset=5000`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers).toMatchObject({
      'x-pagination-last': '1100',
      'x-pagination-prev': '4900',
      'x-total-count': '1150',
    });
  });

  it('serves an empty page past the end at offsets beyond 32 bits, counted by the same statement', async () => {
    // Offsets go up to 2^53 - 1 (the schema). A query no other case asked for: no total kept yet.
    const expected = expectedIds(data.reservations, 'date-to', '2025-07-02', '2025-07-30');
    const far = await get(
      `organization=1&dateFrom=2025-07-02&dateTo=2025-07-30&referenceDate=date-to&offset=${2 ** 31}`,
    );
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toEqual([]);
    expect(far.headers['x-total-count']).toBe(String(expected.length));
  });

  it('sends no pagination headers when everything fits on the first page', async () => {
    const response = await get('organization=1&dateFrom=2025-06-01&dateTo=2025-06-30');
    expect(ids(response)).toEqual(expectedIds(data.reservations, 'date-from', '2025-06-01', '2025-06-30'));
    expect(ids(response)).toHaveLength(3);
    expect(response.headers.link).toBeUndefined();
    expect(Object.keys(response.headers).filter((h) => h.startsWith('x-pagination-'))).toEqual([]);
    expect(response.headers['x-total-count']).toBe('3');
  });

  it.each<[Reference, string, string]>([
    ['date-from', '2025-07-01', '2025-07-31'],
    ['date-to', '2025-07-01', '2025-07-31'],
    ['stay', '2025-07-01', '2025-07-31'],
    ['stay', '2025-07-02', '2025-07-02'],
    ['created', '2025-07-01', '2025-07-31'],
    ['created', '2025-06-01', '2025-06-30'],
    ['modified', '2025-06-15', '2025-07-15'],
    ['cancelled', '2025-06-01', '2025-07-31'],
  ])('selects and orders referenceDate=%s for %s … %s, across every page', async (reference, from, to) => {
    const expected = expectedIds(data.reservations, reference, from, to);
    const collected: number[] = [];
    for (let offset = 0; offset < expected.length + 100; offset += 100) {
      collected.push(
        ...ids(await get(`organization=1&dateFrom=${from}&dateTo=${to}&referenceDate=${reference}&offset=${offset}`)),
      );
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(collected).toEqual(expected);
  });

  it("bounds timestamps by the organization's calendar days (22:30 UTC on the last day of a month is the next month in UTC+2)", async () => {
    const createdIn = async (from: string, to: string) => {
      const all: number[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = ids(
          await get(`organization=1&dateFrom=${from}&dateTo=${to}&referenceDate=created&offset=${offset}`),
        );
        all.push(...page);
        if (page.length < 100) return all;
      }
    };
    const lateJune = data.reservations.find((r) => r.created === '2025-06-30T22:30:00Z')?.id as number;
    const lateJuly = data.reservations.find((r) => r.created === '2025-07-31T22:30:00Z')?.id as number;
    expect(await createdIn('2025-07-01', '2025-07-01')).toContain(lateJune);
    expect(await createdIn('2025-06-30', '2025-06-30')).not.toContain(lateJune);
    expect(await createdIn('2025-07-31', '2025-07-31')).not.toContain(lateJuly);
    expect(await createdIn('2025-08-01', '2025-08-01')).toEqual([lateJuly]);
  });

  it('filters by status', async () => {
    const expected = expectedIds(data.reservations, 'date-from', '2025-07-01', '2025-07-31', ['cancelled', 'no-show']);
    const response = await get(`${JULY}&status=cancelled,no-show&limit=100`);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
    expect(ids(response)).toEqual(expected.slice(0, 100));
    expect((response.json() as { status: string }[]).every((r) => ['cancelled', 'no-show'].includes(r.status))).toBe(
      true,
    );
  });

  describe('modifiedSince and its other name modifiedDateFrom (SPEC §4.2)', () => {
    const julyModifiedSince = (instant: string) => {
      const modified = new Map(data.reservations.map((r) => [r.id, Date.parse(r.modified as string)]));
      return julyArrivals().filter((id) => (modified.get(id) as number) >= Date.parse(instant));
    };

    it.each(['modifiedSince', 'modifiedDateFrom'])(
      '%s keeps only the reservations modified at or after it',
      async (name) => {
        // An instant on which some July arrivals were modified: they are in, those a second before are not.
        const since = '2025-07-15T12:00:00Z';
        const expected = julyModifiedSince(since);
        expect(expected.length).toBeGreaterThan(100);
        expect(expected.length).toBeLessThan(julyArrivals().length);
        const response = await get(`${JULY}&${name}=${since}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe(String(expected.length));
        expect(ids(response)).toEqual(expected.slice(0, 100));
        const last = await get(`${JULY}&${name}=${since}&offset=${response.headers['x-pagination-last']}`);
        expect(ids(last)).toEqual(expected.slice(Number(response.headers['x-pagination-last'])));
      },
    );

    it("takes a date as the start of that day in the organization's zone (Europe/Amsterdam: 22:00 UTC the day before)", async () => {
      const expected = julyModifiedSince('2025-07-14T22:00:00Z');
      const response = await get(`${JULY}&modifiedDateFrom=2025-07-15&limit=100`);
      expect(response.headers['x-total-count']).toBe(String(expected.length));
      expect(ids(response)).toEqual(expected.slice(0, 100));
      expect(julyModifiedSince('2025-07-15T00:00:00Z').length).toBeLessThan(expected.length);
    });

    it('combines with referenceDate, status and pages', async () => {
      const since = '2025-07-20T00:00:00Z';
      const cancelled = new Set(data.reservations.filter((r) => r.status === 'cancelled').map((r) => r.id));
      const modifiedAt = new Map(data.reservations.map((r) => [r.id, Date.parse(r.modified as string)]));
      const expected = expectedIds(data.reservations, 'stay', '2025-07-01', '2025-07-31', ['cancelled']).filter(
        (id) => cancelled.has(id) && (modifiedAt.get(id) as number) >= Date.parse(since),
      );
      expect(expected.length).toBeGreaterThan(10);
      const response = await get(
        `${JULY}&referenceDate=stay&status=cancelled&modifiedSince=${since}&limit=10&offset=10`,
      );
      expect(ids(response)).toEqual(expected.slice(10, 20));
      expect(response.headers['x-total-count']).toBe(String(expected.length));
    });

    it.each<[string, string[]]>([
      ['modifiedSince=2025-07-01&modifiedDateFrom=2025-07-01', ['modifiedSince', 'modifiedDateFrom']],
      ['modifiedDateFrom=yesterday', ['modifiedDateFrom']],
      ['modifiedDateFrom=2025-02-30', ['modifiedDateFrom']],
      ['modifiedSince=2025-07-01T25:00:00Z', ['modifiedSince']],
    ])('refuses %s, naming %j', async (query, parameters) => {
      const response = await get(`${JULY}&${query}`);
      expect(response.statusCode).toBe(400);
      const problem = response.json() as { errors: { parameter: string }[] };
      expect([...new Set(problem.errors.map((e) => e.parameter))].sort()).toEqual([...parameters].sort());
    });

    it('answers an empty page for an instant after the last one a timestamp can hold', async () => {
      const response = await get(`${JULY}&modifiedSince=9999-12-31T23:59:59.5Z`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    });
  });

  describe('dateFrom and dateTo written as RFC 3339 timestamps, as the original client documents them', () => {
    it.each([
      ['2025-07-01T00:00:00Z', '2025-07-31T00:00:00Z'],
      ['2025-07-01T00:00:00.000Z', '2025-07-31T23:59:59z'],
      // The date as written, not the UTC day: 23:30 at -05:00 on 31 July is 1 August in UTC.
      ['2025-07-01T01:00:00%2B02:00', '2025-07-31T23:30:00-05:00'],
    ])('%s … %s is the period 2025-07-01 … 2025-07-31', async (from, to) => {
      const response = await get(`organization=1&dateFrom=${from}&dateTo=${to}&limit=100&offset=1100`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(JULY_ARRIVALS));
      expect(ids(response)).toEqual(julyArrivals().slice(1100));
    });

    it.each<[string, string[]]>([
      ['dateFrom=2025-02-30T00:00:00Z&dateTo=2025-03-01', ['dateFrom']],
      ['dateFrom=2025-07-01&dateTo=2025-07-31T25:00:00Z', ['dateTo']],
      ['dateFrom=2025-07-01T00:00:00&dateTo=2025-07-31', ['dateFrom']],
      ['dateFrom=2025-07-02T00:00:00Z&dateTo=2025-07-01T23:59:59Z', ['dateTo']],
      ['dateFrom=2025-04-01T00:00:00Z&dateTo=2026-04-02T00:00:00Z', ['dateTo']],
    ])('refuses %s, naming %j', async (query, parameters) => {
      const response = await get(`organization=1&${query}`);
      expect(response.statusCode).toBe(400);
      const problem = response.json() as { errors: { parameter: string }[] };
      expect([...new Set(problem.errors.map((e) => e.parameter))].sort()).toEqual([...parameters].sort());
    });
  });

  it('never shows another organization, and refuses one the credential is not bound to', async () => {
    const other = await get('organization=2&dateFrom=2025-07-01&dateTo=2025-07-31');
    expect(ids(other)).toHaveLength(20);
    expect((other.json() as { organization: number }[]).every((r) => r.organization === OTHER)).toBe(true);
    const foreign = await get('organization=3&dateFrom=2025-07-01&dateTo=2025-07-31');
    expect(foreign.statusCode).toBe(403);
  });

  it('works with a trailing slash and keeps unknown parameters in Link URLs', async () => {
    const response = await get(`${JULY}&utm_source=x%20y&limit=10`, {}, `${PATH}/`);
    expect(ids(response)).toEqual(julyArrivals().slice(0, 10));
    expect(response.headers.link).toContain(`<${PATH}/?${JULY}&utm_source=x%20y&limit=10&offset=10>; rel="next"`);
  });

  it('walks every page by following Link rel="next"', async () => {
    const collected: number[] = [];
    let url: string | undefined = `${PATH}?${JULY}&limit=97`;
    while (url) {
      const response: LightMyRequestResponse = await used.app.inject({ url, headers: { 'x-api-key': key } });
      collected.push(...ids(response));
      url = /<([^>]+)>; rel="next"/.exec(response.headers.link as string)?.[1];
    }
    expect(collected).toEqual(julyArrivals());
  });

  it.each<[string, string[]]>([
    ['organization=1', ['dateFrom', 'dateTo']],
    ['organization=1&dateFrom=2025-02-30&dateTo=2025-07-31', ['dateFrom']],
    ['organization=1&dateFrom=2025-07-01&dateTo=31-07-2025', ['dateTo']],
    ['organization=1&dateFrom=2025-07-02&dateTo=2025-07-01', ['dateTo']],
    ['organization=1&dateFrom=2025-04-01&dateTo=2026-04-02', ['dateTo']],
    [`${JULY}&referenceDate=arrival`, ['referenceDate']],
    [`${JULY}&limit=0`, ['limit']],
    [`${JULY}&limit=101`, ['limit']],
    [`${JULY}&limit=ten`, ['limit']],
    [`${JULY}&offset=-1`, ['offset']],
    [`${JULY}&offset=1.5`, ['offset']],
    [`${JULY}&status=confirmed,lost`, ['status']],
    [`${JULY}&limit=10&limit=20`, ['limit']],
    [
      'organization=0&dateFrom=x&dateTo=y&limit=0&offset=-1&referenceDate=z&status=',
      ['organization', 'dateFrom', 'dateTo', 'limit', 'offset', 'referenceDate', 'status'],
    ],
    ['dateFrom=2025-07-01&dateTo=2025-07-31', ['organization']],
  ])('refuses %s, naming %j', async (query, parameters) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const problem = response.json();
    expect(problem.status).toBe(400);
    expect([...new Set(problem.errors.map((e: { parameter: string }) => e.parameter))].sort()).toEqual(
      [...parameters].sort(),
    );
  });

  it('accepts a one-year period (2025-04-01 … 2026-04-01)', async () => {
    const response = await get('organization=1&dateFrom=2025-04-01&dateTo=2026-04-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(
      String(expectedIds(data.reservations, 'date-from', '2025-04-01', '2026-04-01').length),
    );
  });

  it('answers a matching If-None-Match with 304 and no body, and a changed result with a new tag', async () => {
    const query = `${JULY}&limit=10&offset=20`;
    const first = await get(query);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect((await get(query)).headers.etag).toBe(tag);
    const revalidated = await get(query, { 'if-none-match': tag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get(query, { 'if-none-match': `"other", W/${tag}` })).statusCode).toBe(304);
    expect((await get(query, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // A new July arrival late in the month leaves page 3 unchanged but not its total: a new tag.
    const extra = {
      ...(data.reservations[0] as ImportReservation),
      id: 99_999,
      reservationNumber: 'R-extra',
      accommodation: 45,
      dateFrom: '2025-07-31',
      dateTo: '2025-08-01',
    };
    await importDocument(used.db, fixedClock(), { reservations: [extra] });
    try {
      const changed = await get(query, { 'if-none-match': tag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers['x-total-count']).toBe('1151');
      expect(changed.headers.etag).not.toBe(tag);
    } finally {
      // Direct SQL bypasses the service, so it moves the organization's change counter itself.
      await used.db.kysely.deleteFrom('reservations').where('id', '=', 99_999).execute();
      await used.db.kysely
        .updateTable('organizations')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .execute();
    }
  });

  it('gives a credential pinned to 2025-04-16 the earlier rules', async () => {
    const pinned = (query: string) => get(query, { 'x-api-key': pinnedKey });
    const all = await pinned(JULY);
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual(julyArrivals());
    expect(all.headers.link).toBeUndefined();
    expect(all.headers['x-total-count']).toBeUndefined();
    const paged = await pinned(`${JULY}&limit=100&offset=0`);
    expect(ids(paged)).toEqual(julyArrivals().slice(0, 100));
    expect(paged.headers['x-pagination-next']).toBe('100');
    expect((await pinned(`${JULY}&offset=100`)).headers['x-pagination-prev']).toBe('0');
    const tooLong = await pinned('organization=1&dateFrom=2025-07-01&dateTo=2025-08-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ parameter: 'dateTo', message: expect.stringContaining('31') }]);
    expect((await pinned('organization=1&dateFrom=2025-07-01&dateTo=2025-07-31')).statusCode).toBe(200);
  });

  it('gives an unpinned credential the earlier rules when the service stands before 2025-04-17', async () => {
    const early = await testApp(used.db, { clock: fixedClock('2025-04-16T23:59:59Z') });
    const response = await early.inject({ url: `${PATH}?${JULY}`, headers: { 'x-api-key': key } });
    expect(ids(response)).toHaveLength(JULY_ARRIVALS);
    expect(response.headers.link).toBeUndefined();
  });
});
