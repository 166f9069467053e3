import { SQLite } from '../../src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/db/database.js';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** What each database does to keep bookings apart, tested where it applies. */
function setUp(dialect: Dialect) {
  const used = useApp(dialect, { data: twoOrganizations });
  let key: string;
  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
  });
  const book = () =>
    used.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'x-api-key': key },
      payload: {
        accommodation: 10,
        dateFrom: '2025-07-10',
        dateTo: '2025-07-15',
        adults: 2,
        guestName: 'A',
        totalAmount: '1',
        currency: 'EUR',
      },
    });
  return { used, book };
}

describe('SQLite', () => {
  const { used, book } = setUp('sqlite');

  it('answers 503 with Retry-After, not 500, while another process holds the write lock', async () => {
    const other = new SQLite(used.url.slice('sqlite:'.length));
    other.exec('begin immediate');
    try {
      const response = await book();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await book()).statusCode).toBe(201);
  });
});

// PostgreSQL runs whenever TEST_DATABASE_URL is set, which CI always does.
describe.each(DIALECTS.filter((d) => d === 'postgres'))('%s', (dialect) => {
  const { used, book } = setUp(dialect);

  it('refuses an overlapping night-holding row in the database itself', async () => {
    expect((await book()).statusCode).toBe(201);
    const insert = (status: string, number: string) =>
      sql`insert into reservations (organization_id, accommodation_id, reservation_number, status, date_from, date_to,
            adults, children, babies, guest_name, total_amount_minor, currency, channel, created, modified)
          values (1, 10, ${number}, ${status}, '2025-07-14', '2025-07-16', 1, 0, 0, 'x', 0, 'EUR', 'sql', now(), now())`.execute(
        used.db.kysely,
      );
    await expect(insert('confirmed', 'raw-1')).rejects.toMatchObject({ code: '23P01' });
    await expect(insert('cancelled', 'raw-2')).resolves.toBeDefined();
  });

  it('runs a write transaction that PostgreSQL broke as a deadlock again, instead of failing it', async () => {
    // Two writers lock the two organizations in opposite orders, each waiting for the other to hold
    // its first: PostgreSQL ends one of them as a deadlock (40P01). Concurrent bookings of one
    // accommodation meet the same way on the exclusion constraint and the organization row.
    let arrived = 0;
    let release: () => void = () => {};
    const bothHoldTheirFirst = new Promise<void>((resolve) => (release = resolve));
    const attempts = [0, 0];
    const writer = (index: number, first: number, second: number) =>
      withWriteTransaction(used.db, async (trx) => {
        attempts[index] = (attempts[index] ?? 0) + 1;
        await sql`update organizations set name = name where id = ${first}`.execute(trx);
        if (++arrived === 2) release();
        await bothHoldTheirFirst;
        await sql`update organizations set name = name where id = ${second}`.execute(trx);
        return index;
      });
    await expect(Promise.all([writer(0, 1, 2), writer(1, 2, 1)])).resolves.toEqual([0, 1]);
    expect(attempts.toSorted()).toEqual([1, 2]);
  });

  it('does not run a transaction again for an error that is not transient', async () => {
    let attempts = 0;
    const failing = withWriteTransaction(used.db, async (trx) => {
      attempts += 1;
      await sql`select 1 / 0`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(attempts).toBe(1);
  });
});
