import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import { testApp } from '../helpers/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/databases.js';
import { apiKeyFor, fixedClock } from '../helpers/fixtures.js';

/**
 * Issue 20: a summaries page nothing is kept for is read in one statement together with its
 * organization's state, its filter built with the zone and longest stay a read saw before
 * (`freshSummaryPage`). These are the ways that earlier view can be out of date by the time a new
 * page is asked for; each answer must be what a plain read of the data gives now.
 */

const PATH = '/api/reservations/summaries';
const ORGANIZATION = 1;

let nextId = 1;
function reservation(accommodation: number, dateFrom: string, dateTo: string, modified: string): ImportReservation {
  const id = nextId++;
  return {
    id,
    reservationNumber: `F-${id}`,
    organization: ORGANIZATION,
    accommodation,
    status: 'confirmed',
    dateFrom,
    dateTo,
    adults: 2,
    children: 0,
    babies: 0,
    guestName: `Guest ${id}`,
    totalAmount: '100.00',
    currency: 'EUR',
    channel: 'website',
    created: '2025-01-01T10:00:00Z',
    modified,
    cancelled: null,
  };
}

describe.each(DIALECTS)('pages read with their organization state on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let key: string;
  const load = (document: Parameters<typeof importDocument>[2]) => importDocument(database.db, fixedClock(), document);

  beforeAll(async () => {
    nextId = 1;
    database = await createTestDatabase(dialect);
    await load({
      organizations: [{ id: ORGANIZATION, name: 'Park', timezone: 'UTC' }],
      accommodations: [1, 2, 3, 4].map((id) => ({
        id,
        organization: ORGANIZATION,
        title: `Unit ${id}`,
        type: 'chalet',
        maxPersons: 4,
      })),
      reservations: [
        reservation(1, '2025-03-01', '2025-03-05', '2025-03-01T12:00:00Z'),
        // 23:30 UTC on 31 May: 1 June in Europe/Amsterdam (UTC+2).
        reservation(1, '2025-05-01', '2025-05-03', '2025-05-31T23:30:00Z'),
        ...['2025-07-01', '2025-07-02', '2025-07-03'].map((day) =>
          reservation(
            3,
            day,
            day.replace(/\d\d$/, (d) => String(Number(d) + 1).padStart(2, '0')),
            '2025-06-01T12:00:00Z',
          ),
        ),
      ],
    });
    key = await apiKeyFor(database.db, { organizations: [ORGANIZATION] });
    app = await testApp(database.db);
  });
  afterAll(() => database.drop());

  const get = async (query: string) => {
    const response = await app.inject({
      url: `${PATH}?organization=${ORGANIZATION}&${query}`,
      headers: { accept: 'application/json', 'x-api-key': key },
    });
    expect(response.statusCode).toBe(200);
    return {
      numbers: (response.json() as { reservationNumber: string }[]).map((r) => r.reservationNumber),
      total: response.headers['x-total-count'],
    };
  };

  it('finds a stay that became the longest after the organization was last read', async () => {
    // Read once: the longest stay is 4 nights, so a June stay query starts its walk in late May.
    expect((await get('dateFrom=2025-06-01&dateTo=2025-06-30&referenceDate=stay')).numbers).toEqual([]);
    const long = reservation(2, '2025-01-10', '2025-06-15', '2025-01-10T12:00:00Z');
    await load({ reservations: [long] });
    // A page never asked for: its walk must start 156 nights back now.
    expect((await get('dateFrom=2025-06-10&dateTo=2025-06-20&referenceDate=stay')).numbers).toEqual([
      long.reservationNumber,
    ]);
  });

  it("bounds timestamps by the organization's new time zone after it changed", async () => {
    expect((await get('dateFrom=2025-06-01&dateTo=2025-06-30&referenceDate=modified')).numbers).toEqual([
      'F-3',
      'F-4',
      'F-5',
    ]);
    await load({ organizations: [{ id: ORGANIZATION, name: 'Park', timezone: 'Europe/Amsterdam' }] });
    // 2025-05-31T23:30Z is 1 June in Amsterdam; the July arrivals' 12:00Z is still 1 June.
    expect((await get('dateFrom=2025-06-01&dateTo=2025-06-29&referenceDate=modified')).numbers).toEqual([
      'F-2',
      'F-3',
      'F-4',
      'F-5',
    ]);
  });

  it("gives the new total on a query's next page after a write", async () => {
    const july = 'dateFrom=2025-07-01&dateTo=2025-07-31&referenceDate=date-from&limit=1';
    expect(await get(`${july}&offset=0`)).toEqual({ numbers: ['F-3'], total: '3' });
    await load({ reservations: [reservation(4, '2025-07-20', '2025-07-22', '2025-06-02T12:00:00Z')] });
    // The total of the query was kept under the counter before the write: it must not be used.
    expect(await get(`${july}&offset=1`)).toEqual({ numbers: ['F-4'], total: '4' });
  });

  it('never keeps a page read during a write under a counter newer than its rows', async () => {
    const plain = async (dateTo: string, offset: number) =>
      (
        await database.db.kysely
          .selectFrom('reservations')
          .select('reservation_number')
          .where('organization_id', '=', ORGANIZATION)
          .where('date_from', '>=', '2025-07-01')
          .where('date_from', '<=', dateTo)
          .orderBy('date_from')
          .orderBy('id')
          .limit(1)
          .offset(offset)
          .execute()
      ).map((r) => r.reservation_number);
    for (let round = 0; round < 6; round++) {
      // Queries no request asked before (their own dateTo), read while a reservation arrives on 1 July.
      const dateTo = `2025-07-${21 + round}`;
      const urls = [0, 1, 2, 3].map((offset) => `dateFrom=2025-07-01&dateTo=${dateTo}&limit=1&offset=${offset}`);
      const arrival = reservation(5 + round, '2025-07-01', '2025-07-02', '2025-06-03T12:00:00Z');
      await Promise.all([
        load({
          accommodations: [{ id: 5 + round, organization: ORGANIZATION, title: 'Unit', type: 'chalet', maxPersons: 4 }],
          reservations: [arrival],
        }),
        ...urls.map((url) => get(url)),
      ]);
      // Asked again once the write has committed: whatever was kept must not hide it.
      for (const [offset, url] of urls.entries()) {
        expect((await get(url)).numbers, `round ${round}, offset ${offset}`).toEqual(await plain(dateTo, offset));
      }
    }
  });
});
