import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SQLite } from '../../src/db/sqlite-driver.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/databases.js';
import { load, twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { runCli } from '../helpers/processes.js';

/**
 * SPEC §9: a bulk import beside API writes never lets a double booking in, because its checks and
 * its writes are one transaction that starts with the organizations' locks. Here another writer
 * (a second connection, as a server process would be) holds the write lock while it books the
 * nights the file wants: `booking import` (a process of its own, as an operator runs it) must wait
 * for it, and then see that booking and refuse.
 */

/** A night-holding booking of accommodation 10, 2025-07-03 … 2025-07-05, as a writer's SQL. */
const BOOKING_SQL = `insert into reservations (organization_id, accommodation_id, reservation_number, status, date_from,
  date_to, adults, children, babies, guest_name, total_amount_minor, currency, channel, created, modified)
  values (1, 10, 'API-1', 'confirmed', '2025-07-03', '2025-07-05', 2, 0, 0, 'Walk-in', 100, 'EUR', 'api',
  '2025-06-15T10:00:00Z', '2025-06-15T10:00:00Z')`;

/** Another writer of the same database, in the middle of its transaction: it holds the lock a write takes first. */
async function writerHoldingTheLock(database: TestDatabase) {
  if (database.db.dialect === 'sqlite') {
    const other = new SQLite(database.url.slice('sqlite:'.length));
    other.exec('begin immediate');
    other.exec(BOOKING_SQL);
    return { commit: async () => void other.exec('commit').close() };
  }
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query('begin');
  await other.query('update organizations set version = version + 1 where id = 1');
  await other.query(BOOKING_SQL);
  return {
    commit: async () => {
      await other.query('commit');
      await other.end();
    },
  };
}

describe.each(DIALECTS)('booking import beside a writer on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await load(database.db, twoOrganizations);
  });
  afterAll(() => database.drop());

  it('waits for a booking in flight, then finds it and refuses the overlapping stay, storing nothing', async () => {
    const writer = await writerHoldingTheLock(database);
    const file = join(mkdtempSync(join(tmpdir(), 'booking-import-race-')), 'stays.json');
    writeFileSync(
      file,
      JSON.stringify({
        reservations: [
          {
            reservationNumber: 'IMP-1',
            organization: 1,
            accommodation: 10,
            dateFrom: '2025-07-01',
            dateTo: '2025-07-08',
            adults: 2,
            guestName: 'Imported',
            totalAmount: '700.00',
            currency: 'EUR',
          },
        ],
      }),
    );
    let settled = false;
    const importing = runCli(['import', file], { DATABASE_URL: database.url }).finally(() => (settled = true));
    // The behaviour under test is waiting: give the import time to reach the lock and stay there
    // (well inside SQLite's 5 s busy timeout).
    await sleep(1000);
    expect(settled).toBe(false);
    await writer.commit();

    const result = await importing;
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/reservations\[0\]: double-books accommodation 10 with reservation \d+/);
    expect(await countDoubleBookings(database.db)).toBe(0);
    const imported = await database.db.kysely
      .selectFrom('reservations')
      .select('id')
      .where('reservation_number', '=', 'IMP-1')
      .execute();
    expect(imported).toEqual([]);
  });
});
