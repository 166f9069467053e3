import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type BulkRow, withBulkWriter } from '../../src/db/bulk-writer.js';
import type { Db } from '../../src/db/database.js';
import { addDays } from '../../src/shared/dates.js';
import type { ReservationStatus } from '../../src/modules/reservations/reservation-status.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { describeRequiring, postgresServer } from '../helpers/requirements.js';

/**
 * The PostgreSQL bulk path (`booking import`, `booking seed`): rows go by COPY, pipelined, straight
 * into a reservations table that was empty (its keys, secondary indexes and foreign keys dropped and
 * rebuilt before the commit) and through a staging table otherwise, with the exclusion constraint
 * against any two holds of a night (reservations and blocks, `night_holds`, migration 014) checking
 * every row either way. A double booking within the load, or between the load and the stored rows,
 * fails the load whole with a conflict naming both holds; the constraint is there afterwards; other
 * connections read on.
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
const accommodation = (id: number): BulkRow<'accommodations'> => [id, 1, `Unit ${id}`, 'chalet', 4, 2, true, T, T, 1];
const reservation = (
  id: number,
  accommodationId: number,
  dateFrom: string,
  dateTo: string,
  status: ReservationStatus = 'confirmed',
): BulkRow<'reservations'> => [
  id,
  1,
  accommodationId,
  `P-${id}`,
  status,
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
  status === 'cancelled' ? T : null,
  1,
  // No guest record (SPEC §15).
  null,
];

const block = (id: number, accommodationId: number, dateFrom: string, dateTo: string): BulkRow<'blocks'> => [
  id,
  1,
  accommodationId,
  dateFrom,
  dateTo,
  'maintenance',
  null,
  null,
  T,
  T,
  1,
];

/** `count` back-to-back one-night stays from `start` over 20 accommodations (ids from 10), ids from `firstId`. */
function stays(count: number, firstId = 1, start = '2030-01-01'): BulkRow<'reservations'>[] {
  const units = 20;
  return Array.from({ length: count }, (_, i) => {
    const night = addDays(start, Math.floor(i / units));
    return reservation(firstId + i, 10 + (i % units), night, addDays(night, 1));
  });
}

/** Every index and constraint of the tables a load may defer, as the database describes them. */
async function schemaOf(db: Db): Promise<string[]> {
  const { rows } = await sql<{ item: string }>`
    select indexname || ': ' || indexdef as item from pg_indexes where tablename in ('reservations', 'events')
    union all
    select conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
     where conrelid in ('reservations'::regclass, 'events'::regclass)`.execute(db.kysely);
  return rows.map((r) => r.item).sort();
}

async function count(db: Db, table: 'organizations' | 'reservations' | 'blocks' | 'events'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from ${sql.table(table)}`.execute(db.kysely);
  return rows[0]?.n as number;
}

/** How many statements of this test's database are waiting for a lock another connection holds. */
async function waitingForLocks(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
  return rows[0]?.n as number;
}

/** A promise and what settles it, to hold a load open while another connection reads. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// PostgreSQL's own path (COPY, deferred indexes, a staging table): without a server it is skipped, in CI it fails.
describeRequiring([postgresServer()], 'bulk loads into PostgreSQL', () => {
  const dialect = 'postgres';
  let database: TestDatabase;
  let db: Db;
  let schema: string[];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.db;
    schema = await schemaOf(db);
    await withBulkWriter(db, async (writer) => {
      await writer.upsert('organizations', [organization(1)]);
      await writer.upsert(
        'accommodations',
        Array.from({ length: 20 }, (_, i) => accommodation(10 + i)),
      );
    });
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await sql`delete from blocks`.execute(db.kysely);
    await sql`delete from reservations`.execute(db.kysely);
    await sql`delete from events`.execute(db.kysely);
  });

  it('refuses a double booking in a deferred load past its first COPY batches, storing nothing', async () => {
    const organizations = await count(db, 'organizations');
    // 50,000 rows go out in several batches; the overlap is in the last one.
    const rows = stays(50_000);
    rows.push(reservation(50_001, 10, '2030-01-01', '2030-01-03'));
    await expect(
      withBulkWriter(db, async (writer) => {
        await writer.deferIndexes('reservations');
        await writer.deferIndexes('events');
        await writer.upsert('organizations', [organization(2)]);
        await writer.upsert('reservations', rows);
      }),
    ).rejects.toThrow(
      // The last row overlaps two: PostgreSQL names one of them.
      /^The load holds nights of accommodation 10 twice: (reservation 1 \(2030-01-01 … 2030-01-02\) and reservation 50001 \(2030-01-01 … 2030-01-03\)|reservation 50001 \(2030-01-01 … 2030-01-03\) and reservation 21 \(2030-01-02 … 2030-01-03\))\. Nothing was stored\.$/,
    );
    expect(await count(db, 'reservations')).toBe(0);
    expect(await count(db, 'organizations')).toBe(organizations);
    expect(await schemaOf(db)).toEqual(schema);
  });

  it('refuses a load that double-books a stored reservation, storing nothing of it', async () => {
    await withBulkWriter(db, (writer) =>
      writer.upsert('reservations', [reservation(1, 10, '2040-06-01', '2040-06-05')]),
    );
    for (const defer of [false, true]) {
      await expect(
        withBulkWriter(db, async (writer) => {
          // A table that holds rows keeps its indexes: deferIndexes leaves it as it is.
          if (defer) await writer.deferIndexes('reservations');
          await writer.upsert('reservations', stays(30_000, 100));
          await writer.upsert('reservations', [reservation(99, 10, '2040-06-04', '2040-06-08')]);
          await writer.upsert('events', [['evt_1', 1, 'reservation.created', 'reservation', 99, 1, T, '{}', 1]]);
        }),
      ).rejects.toThrow(
        /^The load holds nights of accommodation 10 twice: reservation 1 \(2040-06-01 … 2040-06-05\) and reservation 99 \(2040-06-04 … 2040-06-08\)\./,
      );
      expect(await count(db, 'reservations')).toBe(1);
      expect(await count(db, 'events')).toBe(0);
    }
    expect(await schemaOf(db)).toEqual(schema);
  });

  it('checks double bookings on what a load leaves: a row may take nights a later row gives up', async () => {
    await withBulkWriter(db, (writer) =>
      writer.upsert('reservations', [
        reservation(1, 10, '2040-06-01', '2040-06-05'),
        reservation(2, 11, '2040-06-01', '2040-06-05'),
      ]),
    );
    // Reservation 2 moves onto reservation 1's nights before the row that cancels 1 arrives.
    await withBulkWriter(db, (writer) =>
      writer.upsert('reservations', [
        reservation(2, 10, '2040-06-02', '2040-06-04'),
        reservation(1, 10, '2040-06-01', '2040-06-05', 'cancelled'),
      ]),
    );
    const stored = await db.kysely
      .selectFrom('reservations')
      .select(['id', 'accommodation_id', 'date_from', 'status'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 1, accommodation_id: 10, date_from: '2040-06-01', status: 'cancelled' },
      { id: 2, accommodation_id: 10, date_from: '2040-06-02', status: 'confirmed' },
    ]);
    // A single write is still refused at its own statement.
    await expect(sql`update reservations set status = 'confirmed' where id = 1`.execute(db.kysely)).rejects.toThrow(
      /night_holds_no_overlap/,
    );
  });

  it('keeps the exclusion constraint after a deferred load, and it refuses the next double booking', async () => {
    // Cancelled stays hold no nights: one may overlap anything.
    const rows = [...stays(30_000), reservation(30_001, 10, '2030-01-01', '2030-01-09', 'cancelled')];
    await withBulkWriter(db, async (writer) => {
      await writer.deferIndexes('reservations');
      await writer.upsert('reservations', rows);
    });
    expect(await count(db, 'reservations')).toBe(30_001);
    expect(await schemaOf(db)).toEqual(schema);
    const { rows: constraints } = await sql<{ contype: string }>`
      select contype from pg_constraint where conname = 'night_holds_no_overlap'`.execute(db.kysely);
    expect(constraints).toEqual([{ contype: 'x' }]);
    await expect(
      sql`insert into reservations (organization_id, accommodation_id, reservation_number, status, date_from, date_to,
            adults, children, babies, guest_name, total_amount_minor, currency, channel, created, modified)
          values (1, 11, 'X-1', 'confirmed', '2030-01-02', '2030-01-04', 1, 0, 0, 'G', 1, 'EUR', 'direct', now(), now())`.execute(
        db.kysely,
      ),
    ).rejects.toThrow(/night_holds_no_overlap/);
    // The identity sequence was moved past the loaded ids: a single write does not collide.
    const { rows: inserted } = await sql<{ id: number }>`
      insert into reservations (organization_id, accommodation_id, reservation_number, status, date_from, date_to,
        adults, children, babies, guest_name, total_amount_minor, currency, channel, created, modified)
      values (1, 11, 'X-2', 'confirmed', '2040-01-02', '2040-01-04', 1, 0, 0, 'G', 1, 'EUR', 'direct', now(), now())
      returning id`.execute(db.kysely);
    expect(inserted[0]?.id).toBeGreaterThan(30_001);
  });

  it('refuses a block over a reservation, in the load or stored, naming both, and stores nothing', async () => {
    await withBulkWriter(db, (writer) =>
      writer.upsert('reservations', [reservation(1, 10, '2040-06-01', '2040-06-05')]),
    );
    // Past the first COPY batches, into a table that held rows (through the staging table).
    await expect(
      withBulkWriter(db, async (writer) => {
        await writer.upsert('reservations', stays(25_000, 100));
        await writer.upsert('blocks', [block(7, 10, '2040-06-04', '2040-06-06')]);
      }),
    ).rejects.toThrow(
      'The load holds nights of accommodation 10 twice: reservation 1 (2040-06-01 … 2040-06-05) and block 7 (2040-06-04 … 2040-06-06). Nothing was stored.',
    );
    // Both in the load, into a table the load found empty.
    const refused: unknown = await withBulkWriter(db, async (writer) => {
      await writer.deferIndexes('reservations');
      await writer.upsert('blocks', [block(8, 12, '2040-07-01', '2040-07-10')]);
      await writer.upsert('reservations', [reservation(2, 12, '2040-07-09', '2040-07-11')]);
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'conflict',
      options: {
        extensions: {
          accommodation: 12,
          heldBy: [
            { kind: 'block', id: 8 },
            { kind: 'reservation', id: 2 },
          ],
        },
      },
    });
    expect([await count(db, 'reservations'), await count(db, 'blocks'), await count(db, 'events')]).toEqual([1, 0, 0]);
    // The nights the block gives up are free again within the same load.
    await withBulkWriter(db, async (writer) => {
      await writer.upsert('blocks', [block(9, 10, '2040-06-05', '2040-06-09')]);
      await writer.upsert('reservations', [reservation(1, 10, '2040-06-01', '2040-06-05', 'cancelled')]);
      await writer.upsert('blocks', [block(10, 10, '2040-06-01', '2040-06-05')]);
    });
    expect(await count(db, 'blocks')).toBe(2);
  });

  it('leaves the pages it loaded all-visible, so an index-only scan reads no row of them', async () => {
    // No dead rows left by the tests before (beforeEach deletes): only what this load writes.
    await sql`truncate reservations, events`.execute(db.kysely);
    await withBulkWriter(db, async (writer) => {
      await writer.deferIndexes('reservations');
      await writer.upsert('reservations', stays(30_000));
    });
    const { rows } = await sql<{ pages: number; visible: number }>`
      select relpages as pages, relallvisible as visible from pg_class where oid = 'reservations'::regclass`.execute(
      db.kysely,
    );
    expect(rows[0]?.pages).toBeGreaterThan(100);
    expect(rows[0]?.visible).toBe(rows[0]?.pages);
    // What a summaries page does: walk an offset over the covering index. It reads no row to do so.
    const plan = await db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const { rows: explained } = await sql<{ 'QUERY PLAN': unknown }>`
        explain (analyze, format json) select id from reservations
         where organization_id = 1 and date_from >= '2030-01-01' order by date_from, id limit 100 offset 5000`.execute(
        trx,
      );
      return JSON.stringify(explained[0]?.['QUERY PLAN']);
    });
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Heap Fetches":0');
  });

  it('ends and keeps its rows while another maintenance holds a loaded table: its VACUUM skips that table', async () => {
    // What an autovacuum, a VACUUM or an index build holds: SHARE UPDATE EXCLUSIVE, which a VACUUM
    // would wait for. It does not stop the load itself (its inserts take ROW EXCLUSIVE).
    if (db.dialect !== 'postgres') throw new Error('a PostgreSQL test');
    const other = await db.pool.connect();
    try {
      await other.query('begin');
      await other.query('lock table reservations in share update exclusive mode');
      const loaded = withBulkWriter(db, (writer) => writer.upsert('reservations', stays(200)));
      const settled = await Promise.race([
        loaded.then(() => 'loaded'),
        new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting')),
      ]);
      expect(settled).toBe('loaded');
      expect(await count(db, 'reservations')).toBe(200);
    } finally {
      await other.query('rollback');
      other.release();
    }
  });

  it('sees its own rows inside the load, and a row upserted twice takes its last values', async () => {
    let seen = -1;
    await withBulkWriter(db, async (writer, trx) => {
      await writer.deferIndexes('reservations');
      await writer.upsert('organizations', [organization(3, 'first')]);
      await writer.upsert('organizations', [organization(3, 'second')]);
      await writer.upsert('reservations', stays(25_000));
      const row = await trx
        .selectFrom('reservations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirst();
      seen = Number(row?.n);
    });
    expect(seen).toBe(25_000);
    const { rows } = await sql<{ name: string }>`select name from organizations where id = 3`.execute(db.kysely);
    expect(rows).toEqual([{ name: 'second' }]);
  });

  it('lets other connections read a table that held rows while a load into it is open', async () => {
    await withBulkWriter(db, (writer) => writer.upsert('reservations', stays(100, 1, '2020-01-01')));
    const held = gate();
    const loading = gate();
    const load = withBulkWriter(db, async (writer) => {
      await writer.deferIndexes('reservations');
      await writer.upsert('reservations', stays(20_000, 1_000));
      loading.open();
      await held.opened;
    });
    await loading.opened;
    // The stored rows, at once: the load took no lock that stops a reader.
    expect(await count(db, 'reservations')).toBe(100);
    held.open();
    await load;
    expect(await count(db, 'reservations')).toBe(20_100);
  });

  it('makes a reader of a table loaded while empty wait for the commit, then answers it whole', async () => {
    const held = gate();
    const loading = gate();
    const load = withBulkWriter(db, async (writer) => {
      await writer.deferIndexes('reservations');
      await writer.upsert('reservations', stays(20_000));
      loading.open();
      await held.opened;
    });
    await loading.opened;
    let answered: number | undefined;
    const read = count(db, 'reservations').then((n) => (answered = n));
    // Until PostgreSQL shows the reader waiting for a lock, or it has answered (then it did not wait).
    await expect
      .poll(async () => answered !== undefined || (await waitingForLocks(db)) > 0, { timeout: 10_000, interval: 20 })
      .toBe(true);
    // The dropped indexes hold the table until the commit (the admin commands' trade, see bench/README.md).
    expect(answered).toBeUndefined();
    held.open();
    await load;
    await read;
    expect(answered).toBe(20_000);
  });
});
