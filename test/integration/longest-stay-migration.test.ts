import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/databases.js';
import { load, twoOrganizations } from '../helpers/fixtures.js';

/** Migration 006 on a database that already holds reservations: the bound starts at the longest stored stay. */
describe.each(DIALECTS)('migration 006 (longest stay) on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('sets each organization to its longest stored stay, cancelled ones included, and one without any to 0', async () => {
    const stays = [
      {
        id: 1,
        organization: 1,
        accommodation: 10,
        dateFrom: '2025-01-01',
        dateTo: '2025-01-04',
        status: 'confirmed' as const,
      },
      {
        id: 2,
        organization: 1,
        accommodation: 12,
        dateFrom: '2025-02-01',
        dateTo: '2025-03-15',
        status: 'cancelled' as const,
      },
      {
        id: 3,
        organization: 2,
        accommodation: 20,
        dateFrom: '2025-01-01',
        dateTo: '2025-01-08',
        status: 'confirmed' as const,
      },
    ];
    await load(database.db, {
      ...twoOrganizations,
      reservations: stays.map((s) => ({
        ...s,
        reservationNumber: `M-${s.id}`,
        adults: 1,
        guestName: 'Before the migration',
        totalAmount: '1.00',
        currency: 'EUR',
      })),
    });
    // The database as it was before migration 006 (and so before every later one: Kysely refuses a
    // history with a gap).
    const { kysely } = database.db;
    await sql`alter table credentials drop column bindings_token`.execute(kysely);
    await sql`alter table organizations drop column longest_stay_nights`.execute(kysely);
    await sql`drop table console_sessions`.execute(kysely);
    // (008 only rebuilds an index: run again, it builds the same one.)
    await sql`delete from kysely_migration where name >= '006'`.execute(kysely);

    expect((await migrateToLatest(database.db)).applied).toEqual([
      '006_longest_stay',
      '007_bindings_token',
      '008_stay_covering_index',
      '009_console_sessions',
    ]);
    const rows = await kysely.selectFrom('organizations').select(['id', 'longest_stay_nights']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, longest_stay_nights: 42 },
      { id: 2, longest_stay_nights: 7 },
      { id: 3, longest_stay_nights: 0 },
    ]);
  });
});
