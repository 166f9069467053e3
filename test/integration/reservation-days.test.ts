import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BulkRow, withBulkWriter } from '../../src/db/bulk-writer.js';
import type { Db } from '../../src/db/database.js';
import { addDays } from '../../src/shared/dates.js';
import { testApp } from '../helpers/app.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * The arrivals and departures per organization and day (migration 010) that summaries totals are
 * summed from: after any mix of bulk loads (indexes and triggers deferred or not, rows new or
 * changed), single updates and deletes, they equal a plain count of the stored reservations.
 */

const T = '2025-01-01T00:00:00Z';
const UNITS = 40;
const unitOrganization = (unit: number) => 1 + (unit % 2);

/** Reservation `id` in unit `id`: no two share a unit, so none is ever a double booking. */
const reservation = (id: number, dateFrom: string, nights: number): BulkRow<'reservations'> => [
  id,
  unitOrganization(id),
  id,
  `D-${id}`,
  'confirmed',
  dateFrom,
  addDays(dateFrom, nights),
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

/** Non-zero counts as stored, and as a plain count of the reservations. */
async function storedAndRecounted(db: Db) {
  const stored = await db.kysely
    .selectFrom('reservation_days')
    .select(['organization_id', 'day', 'arrivals', 'departures'])
    .where((eb) => eb.or([eb('arrivals', '<>', 0), eb('departures', '<>', 0)]))
    .execute();
  const rows = await db.kysely.selectFrom('reservations').select(['organization_id', 'date_from', 'date_to']).execute();
  const recounted = new Map<string, { arrivals: number; departures: number }>();
  const add = (organization: number, day: string, move: 'arrivals' | 'departures') => {
    const key = `${organization} ${day}`;
    const counts = recounted.get(key) ?? { arrivals: 0, departures: 0 };
    counts[move] += 1;
    recounted.set(key, counts);
  };
  for (const r of rows) {
    add(r.organization_id, r.date_from, 'arrivals');
    add(r.organization_id, r.date_to, 'departures');
  }
  return {
    stored: new Map(
      stored.map((d) => [`${d.organization_id} ${d.day}`, { arrivals: d.arrivals, departures: d.departures }]),
    ),
    recounted,
  };
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('load' as const),
    deferred: fc.boolean(),
    rows: fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: UNITS }),
        day: fc.integer({ min: 0, max: 60 }),
        nights: fc.integer({ min: 1, max: 20 }),
      }),
      { minLength: 1, maxLength: 30 },
    ),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    id: fc.integer({ min: 1, max: UNITS }),
    day: fc.integer({ min: 0, max: 60 }),
    nights: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: UNITS }) }),
);

describe.each(DIALECTS)('reservation days on %s', (dialect) => {
  const used = useDatabase(dialect);
  beforeAll(async () => {
    await withBulkWriter(used.db, async (writer) => {
      await writer.upsert('organizations', [
        [1, 'One', 'UTC', T, T, 'EUR'],
        [2, 'Two', 'Europe/Amsterdam', T, T, 'EUR'],
      ]);
      await writer.upsert(
        'accommodations',
        Array.from({ length: UNITS }, (_, i) => [
          i + 1,
          unitOrganization(i + 1),
          `Unit ${i + 1}`,
          'chalet',
          4,
          2,
          true,
          T,
          T,
          1,
        ]),
      );
    });
  });

  it('equal a plain count of the reservations after loads, updates and deletes', async () => {
    const { db } = used;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        await db.kysely.deleteFrom('reservations').execute();
        for (const s of steps) {
          if (s.kind === 'load') {
            // One row per id in a load (a later one of the same id wins, as a file's would).
            const rows = new Map(s.rows.map((r) => [r.id, reservation(r.id, addDays('2026-03-01', r.day), r.nights)]));
            await withBulkWriter(db, async (writer) => {
              if (s.deferred) await writer.deferIndexes('reservations');
              await writer.upsert('reservations', [...rows.values()]);
            });
          } else if (s.kind === 'update') {
            const dateFrom = addDays('2026-03-01', s.day);
            await db.kysely
              .updateTable('reservations')
              .set({ date_from: dateFrom, date_to: addDays(dateFrom, s.nights) })
              .where('id', '=', s.id)
              .execute();
          } else {
            await db.kysely.deleteFrom('reservations').where('id', '=', s.id).execute();
          }
          const { stored, recounted } = await storedAndRecounted(db);
          expect(stored).toEqual(recounted);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe.each(DIALECTS)('reservation days under concurrent writes on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });

  it('equal a plain count after bookings and date moves released together', async () => {
    const { db } = used;
    const key = await apiKeyFor(db, { organizations: [1], scope: 'write' });
    const app = await testApp(db);
    try {
      for (let round = 0; round < 3; round++) {
        // Twelve bookings at once over two units, some overlapping (those get 409).
        const booked = await releasedTogether(
          Array.from({ length: 12 }, (_, i) => () => {
            const dateFrom = addDays('2031-01-01', round * 40 + 2 * i);
            return app.inject({
              method: 'POST',
              url: '/api/reservations',
              headers: { 'x-api-key': key },
              payload: {
                accommodation: i % 2 === 0 ? 10 : 12,
                dateFrom,
                dateTo: addDays(dateFrom, 1 + (i % 5)),
                adults: 2,
                guestName: `Round ${round} guest ${i}`,
                totalAmount: '1.00',
                currency: 'EUR',
              },
            });
          }),
        );
        expect(booked.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
        const ids = booked.filter((r) => r.statusCode === 201).map((r) => (r.json() as { id: number }).id);
        expect(ids.length).toBeGreaterThan(0);
        const afterBookings = await storedAndRecounted(db);
        expect(afterBookings.stored).toEqual(afterBookings.recounted);
        // Then every booked stay moves at once, some onto each other's nights.
        const moved = await releasedTogether(
          ids.map((id, i) => () => {
            const dateFrom = addDays('2031-01-01', round * 40 + 20 + i);
            return app.inject({
              method: 'PATCH',
              url: `/api/reservations/${id}`,
              headers: { 'x-api-key': key },
              payload: { dateFrom, dateTo: addDays(dateFrom, 2) },
            });
          }),
        );
        expect(moved.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
        const afterMoves = await storedAndRecounted(db);
        expect(afterMoves.stored).toEqual(afterMoves.recounted);
      }
    } finally {
      await app.close();
    }
  });
});
