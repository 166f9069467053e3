import { afterEach, describe, expect, it, vi } from 'vitest';
import { preparedReadsOf } from '../../src/db/prepared-reads.js';
import type { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, load } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * Issue 20: summaries pages and totals are kept under the organization's change counter, and a
 * filter depends on the organization's zone and longest stay. After each way these change (a new
 * longest stay, a new zone, a write that moves a query's total, a write while a page is being read),
 * a page asked for must be what a plain read of the data gives now. Each test has an organization
 * of its own, read once first (so that the process has kept something of it), then changed.
 */

const PATH = '/api/reservations/summaries';

describe.each(DIALECTS)('summaries pages after the organization changed, on %s', (dialect) => {
  const used = useApp(dialect);
  let nextId = 1;
  let nextUnit = 1;

  afterEach(() => vi.restoreAllMocks());

  /** A new organization in `timezone`; its reservations are made by `book`, each on a unit of its own. */
  async function park(id: number, timezone: string) {
    await load(used.db, { organizations: [{ id, name: `Park ${id}`, timezone }] });
    const key = await apiKeyFor(used.db, { organizations: [id] });
    const book = async (dateFrom: string, dateTo: string, modified: string): Promise<ImportReservation> => {
      const unit = nextUnit++;
      const number = nextId++;
      const reservation: ImportReservation = {
        id: number,
        reservationNumber: `F-${number}`,
        organization: id,
        accommodation: unit,
        status: 'confirmed',
        dateFrom,
        dateTo,
        adults: 2,
        children: 0,
        babies: 0,
        guestName: 'Guest',
        totalAmount: '100.00',
        currency: 'EUR',
        channel: 'website',
        created: '2025-01-01T10:00:00Z',
        modified,
        cancelled: null,
      };
      await load(used.db, {
        accommodations: [{ id: unit, organization: id, title: `Unit ${unit}`, type: 'chalet', maxPersons: 4 }],
        reservations: [reservation],
      });
      return reservation;
    };
    const get = async (query: string) => {
      const response = await used.app.inject({
        url: `${PATH}?organization=${id}&${query}`,
        headers: { accept: 'application/json', 'x-api-key': key },
      });
      expect(response.statusCode).toBe(200);
      return {
        numbers: (response.json() as { reservationNumber: string }[]).map((r) => r.reservationNumber),
        total: response.headers['x-total-count'],
      };
    };
    return { book, get };
  }

  const numbers = (...reservations: ImportReservation[]) => reservations.map((r) => r.reservationNumber);

  it('finds a stay that became the longest after the organization was last read', async () => {
    const { book, get } = await park(20, 'UTC');
    await book('2025-03-01', '2025-03-05', '2025-03-01T12:00:00Z');
    // Read once: the longest stay is 4 nights, so a June stay query starts its walk in late May.
    expect((await get('dateFrom=2025-06-01&dateTo=2025-06-30&referenceDate=stay')).numbers).toEqual([]);
    const long = await book('2025-01-10', '2025-06-15', '2025-01-10T12:00:00Z');
    // A query never asked before: its walk must now start 156 nights back.
    expect((await get('dateFrom=2025-06-10&dateTo=2025-06-20&referenceDate=stay')).numbers).toEqual(numbers(long));
  });

  it("bounds timestamps by the organization's new time zone after it changed", async () => {
    const { book, get } = await park(30, 'UTC');
    // 23:30 UTC on 31 May: 1 June in Europe/Amsterdam (UTC+2).
    const late = await book('2025-05-01', '2025-05-03', '2025-05-31T23:30:00Z');
    const june = await book('2025-07-01', '2025-07-02', '2025-06-01T12:00:00Z');
    expect((await get('dateFrom=2025-06-01&dateTo=2025-06-30&referenceDate=modified')).numbers).toEqual(numbers(june));
    await load(used.db, { organizations: [{ id: 30, name: 'Park 30', timezone: 'Europe/Amsterdam' }] });
    // Another period than the one asked above, so that no kept page answers it.
    expect((await get('dateFrom=2025-06-01&dateTo=2025-06-29&referenceDate=modified')).numbers).toEqual(
      numbers(late, june),
    );
  });

  it("gives the new total on a query's next page after a write", async () => {
    const { book, get } = await park(40, 'UTC');
    const arrivals = [
      await book('2025-07-01', '2025-07-02', '2025-06-01T12:00:00Z'),
      await book('2025-07-02', '2025-07-03', '2025-06-01T12:00:00Z'),
      await book('2025-07-03', '2025-07-04', '2025-06-01T12:00:00Z'),
    ];
    const july = 'dateFrom=2025-07-01&dateTo=2025-07-31&limit=1';
    expect(await get(`${july}&offset=0`)).toMatchObject({ numbers: numbers(arrivals[0]!), total: '3' });
    await book('2025-07-20', '2025-07-22', '2025-06-02T12:00:00Z');
    // The query's total was kept under the counter before the write: it must not be used.
    expect(await get(`${july}&offset=1`)).toMatchObject({ numbers: numbers(arrivals[1]!), total: '4' });
  });

  it('never keeps a page read during a write under a counter newer than its rows', async () => {
    const { book, get } = await park(50, 'UTC');
    await book('2025-07-05', '2025-07-06', '2025-06-01T12:00:00Z');
    await get('dateFrom=2025-07-01&dateTo=2025-07-31&limit=1');
    const plain = async (dateTo: string, offset: number) =>
      (
        await used.db.kysely
          .selectFrom('reservations')
          .select('reservation_number')
          .where('organization_id', '=', 50)
          .where('date_from', '>=', '2025-07-01')
          .where('date_from', '<=', dateTo)
          .orderBy('date_from')
          .orderBy('id')
          .limit(1)
          .offset(offset)
          .execute()
      ).map((r) => r.reservation_number);
    for (let round = 0; round < 6; round++) {
      // Queries no request asked before (their own dateTo), read while a reservation arrives on 1 July,
      // each asked twice at once (the second shares or waits for the first's read).
      const dateTo = `2025-07-${21 + round}`;
      const urls = [0, 1, 2, 3].map((offset) => `dateFrom=2025-07-01&dateTo=${dateTo}&limit=1&offset=${offset}`);
      await Promise.all([
        book('2025-07-01', '2025-07-02', '2025-06-03T12:00:00Z'),
        ...[...urls, ...urls].map((url) => get(url)),
      ]);
      // Asked again once the write has committed: whatever was kept must not hide it.
      for (const [offset, url] of urls.entries()) {
        expect((await get(url)).numbers, `round ${round}, offset ${offset}`).toEqual(await plain(dateTo, offset));
      }
    }
  });

  it('sees a write committed while a first request of the same page was still reading it', async () => {
    const { book, get } = await park(60, 'UTC');
    const existing = await book('2025-07-05', '2025-07-06', '2025-06-01T12:00:00Z');
    await get('dateFrom=2025-07-01&dateTo=2025-07-31&limit=1');
    const reads = preparedReadsOf(used.db.kysely);
    if (!reads) throw new Error('no prepared reads');
    // The first request's page statement has run, but its answer is held until the write below has
    // committed and a second request of the same page has arrived.
    const rows = reads.rows.bind(reads);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const read = new Promise<void>((resolve) => (started = resolve));
    const pageReads = vi.spyOn(reads, 'rows').mockImplementationOnce(async (...args) => {
      const result = await rows(...args);
      started();
      await held;
      return result;
    });
    const query = 'dateFrom=2025-07-01&dateTo=2025-07-30';
    const first = get(query);
    await read;
    const arrival = await book('2025-07-01', '2025-07-02', '2025-06-03T12:00:00Z');
    const readsBefore = pageReads.mock.calls.length;
    const second = get(query);
    // The second request past the point where it would take the first one's answer: reading the page
    // itself. (Handed the first one's answer instead, it would never read it, and this fails.)
    await vi.waitFor(
      () =>
        expect(pageReads.mock.calls.length, 'the second request reads the page itself').toBeGreaterThan(readsBefore),
      { timeout: 10_000, interval: 5 },
    );
    release();
    expect((await first).numbers).toEqual(numbers(existing));
    // Asked after the write: it must show it.
    expect((await second).numbers).toEqual(numbers(arrival, existing));
  });
});
