import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BulkRow, withBulkWriter } from '../../src/db/bulk-writer.js';
import type { Db } from '../../src/db/database.js';
import { addDays } from '../../src/shared/dates.js';
import { DIALECTS } from '../helpers/databases.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * The bulk writer under `booking import` and `booking seed`: what goes in comes out, character for
 * character (PostgreSQL: through COPY's text format), and a load that defers its indexes leaves the
 * schema exactly as it found it, or fails whole.
 */

const T = '2025-01-01T00:00:00Z';
const organization = (id: number, name = `Organization ${id}`): BulkRow<'organizations'> => [
  id,
  name,
  'UTC',
  T,
  T,
  'EUR',
];
const accommodation = (id: number, organizationId: number): BulkRow<'accommodations'> => [
  id,
  organizationId,
  `Unit ${id}`,
  'chalet',
  4,
  2,
  id % 2 === 0,
  T,
  T,
  1,
];
const reservation = (
  id: number,
  accommodationId: number,
  dateFrom: string,
  dateTo: string,
): BulkRow<'reservations'> => [
  id,
  1,
  accommodationId,
  `B-${id}`,
  'confirmed',
  dateFrom,
  dateTo,
  2,
  0,
  0,
  'Guest',
  10_000,
  'EUR',
  'direct',
  T,
  T,
  null,
  1,
  // No guest record (SPEC §15).
  null,
];

/** Text a database column can hold: no NUL, no lone surrogate (UTF-8 would replace it). */
const storable = (s: string) => !s.includes('\0') && Buffer.from(s, 'utf8').toString('utf8') === s;

/** Every index and constraint of the tables a load may defer, as the database describes them. */
async function schemaOf(db: Db): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const rows = db.sqlite
      .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name in ('reservations', 'events')`)
      .all() as { name: string; sql: string | null }[];
    return rows.map((r) => `${r.name}: ${r.sql}`).sort();
  }
  const { rows } = await sql<{ item: string }>`
    select indexname || ': ' || indexdef as item from pg_indexes where tablename in ('reservations', 'events')
    union all
    select conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
     where conrelid in ('reservations'::regclass, 'events'::regclass)`.execute(db.kysely);
  return rows.map((r) => r.item).sort();
}

async function count(db: Db, table: 'organizations' | 'reservations'): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

describe.each(DIALECTS)('the bulk writer on %s', (dialect) => {
  const used = useDatabase(dialect);

  it('stores any text as it was given, tabs, newlines, backslashes and all', async () => {
    let id = 1_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary', maxLength: 30 }).filter(storable), { minLength: 1, maxLength: 20 }),
        async (names) => {
          const rows = names.map((name) => organization(id++, name));
          await withBulkWriter(used.db, (writer) => writer.upsert('organizations', rows));
          const stored = await used.db.kysely
            .selectFrom('organizations')
            .select(['id', 'name'])
            .where(
              'id',
              'in',
              rows.map((r) => r[0] as number),
            )
            .orderBy('id')
            .execute();
          expect(stored.map((r) => r.name)).toEqual(names);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('defers the indexes of a large load into empty tables and puts every one back', async () => {
    const before = await schemaOf(used.db);
    await withBulkWriter(used.db, async (writer) => {
      await writer.deferIndexes('reservations');
      await writer.deferIndexes('events');
      await writer.upsert('organizations', [organization(1)]);
      await writer.upsert('accommodations', [accommodation(10, 1), accommodation(11, 1)]);
      // One night each, two units, a thousand nights in a row: no two overlap.
      const night = (i: number) => addDays('2030-01-01', i >> 1);
      await writer.upsert(
        'reservations',
        Array.from({ length: 2_000 }, (_, i) => reservation(i + 1, 10 + (i % 2), night(i), addDays(night(i), 1))),
      );
    });
    expect(await count(used.db, 'reservations')).toBe(2_000);
    expect(await schemaOf(used.db)).toEqual(before);
  });
});

/**
 * PostgreSQL's constraints against double bookings and dangling references, dropped or kept by a
 * deferred load, hold for it as a whole. (SQLite has neither constraint: there the import's own
 * checks refuse both before anything is written; import.test.ts covers them on both databases.)
 */
describe.each(DIALECTS.filter((d) => d === 'postgres'))('a deferred bulk load on %s', (dialect) => {
  const used = useDatabase(dialect);
  beforeAll(async () => {
    await withBulkWriter(used.db, async (writer) => {
      await writer.upsert('organizations', [organization(1)]);
      await writer.upsert('accommodations', [accommodation(10, 1)]);
    });
  });

  it('refuses a double booking in a deferred load, storing nothing and keeping every index', async () => {
    const before = await schemaOf(used.db);
    const organizations = await count(used.db, 'organizations');
    await expect(
      withBulkWriter(used.db, async (writer) => {
        await writer.deferIndexes('reservations');
        await writer.upsert('organizations', [organization(2)]);
        await writer.upsert('reservations', [
          reservation(1, 10, '2031-01-01', '2031-01-05'),
          reservation(2, 10, '2031-01-04', '2031-01-06'),
        ]);
      }),
    ).rejects.toThrow();
    expect(await count(used.db, 'reservations')).toBe(0);
    expect(await count(used.db, 'organizations')).toBe(organizations);
    expect(await schemaOf(used.db)).toEqual(before);
  });

  it('refuses a reservation of an accommodation that does not exist in a deferred load, storing nothing', async () => {
    await expect(
      withBulkWriter(used.db, async (writer) => {
        await writer.deferIndexes('reservations');
        await writer.upsert('reservations', [reservation(1, 999, '2031-01-01', '2031-01-05')]);
      }),
    ).rejects.toThrow();
    expect(await count(used.db, 'reservations')).toBe(0);
  });
});
