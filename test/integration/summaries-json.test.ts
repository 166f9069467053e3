import fc from 'fast-check';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkRow, withBulkWriter } from '../../src/db/bulk-writer.js';
import { ref } from '../../src/shared/schemas.js';
import { RESERVATION_STATUSES } from '../../src/modules/reservations/reservation-status.js';
import {
  findSummaries,
  findSummariesJson,
  type SummaryFilter,
} from '../../src/modules/reservations/reservations.repository.js';
import { ReservationSummarySchema } from '../../src/modules/reservations/reservations.schemas.js';
import { addDays } from '../../src/shared/dates.js';
import { DIALECTS } from '../helpers/databases.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * A page of summaries is serialized by the database itself (`findSummariesJson`, summaries-json.ts).
 * Its bytes must be exactly what the route's serializer (fast-json-stringify of the response schema)
 * makes of `findSummaries` on the same rows, whatever the stored text holds: quotes, backslashes,
 * control characters, characters outside the BMP, amounts of any sign and size, stays of any length,
 * for any reference date, page, status and modifiedSince filter. The ETag is the hash of these bytes, so a client's
 * stored tag stays valid too.
 */

const T = '2025-01-01T00:00:00Z';

/** The route's own serializer: fast-json-stringify compiled from the same response schema by Fastify. */
async function routeSerializer() {
  const app = Fastify();
  app.addSchema(ReservationSummarySchema);
  let items: unknown = [];
  app.get('/', { schema: { response: { 200: Type.Array(ref(ReservationSummarySchema)) } } }, async () => items);
  await app.ready();
  return {
    async serialize(value: unknown): Promise<Buffer> {
      items = value;
      return (await app.inject({ method: 'GET', url: '/' })).rawPayload;
    },
    close: () => app.close(),
  };
}

const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('"', '\\', '\u0000', '\u001f', '\u007f', '\u2028', '</script>', '😀', 'é'),
  );
const LONGEST_STAY = 4_000;
// Mostly around today (stays meet and tie), sometimes anywhere in years 0001–9999.
const day = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2024-01-01', n - 1_500)) },
  fc.integer({ min: 0, max: 3_652_058 - LONGEST_STAY }).map((n) => addDays('0001-01-01', n)),
);
// Whole seconds as the service stores them, or with a fraction: a PostgreSQL column may hold one
// (both paths drop it). A few shared instants make rows tie on a timestamp order (then by id).
const instant = (min: string, max: string) =>
  fc
    .integer({ min: Date.parse(min), max: Date.parse(max) })
    .chain((ms) =>
      fc.constantFrom(new Date(ms - (ms % 1000)).toISOString().replace('.000Z', 'Z'), new Date(ms).toISOString()),
    );
const timestamp = fc.oneof(
  fc.constantFrom('2025-03-30T01:00:00Z', '2025-03-30T01:00:00.500Z', '2025-10-26T00:59:59Z'),
  instant('2000-01-01T00:00:00Z', '2040-01-01T00:00:00Z'),
  instant('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'),
);
// fast-json-stringify escapes strings of 42 characters and more another way: up to TEXT_MAX (200).
const longText = fc.oneof(text(40), text(200));

const row = fc.record({
  number: text(20),
  status: fc.constantFrom(...RESERVATION_STATUSES),
  dateFrom: day,
  nights: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: LONGEST_STAY })),
  adults: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  children: fc.integer({ min: 0, max: 20 }),
  babies: fc.integer({ min: 0, max: 20 }),
  guestName: longText,
  amount: fc.oneof(fc.integer({ min: -1_000, max: 1_000 }), fc.maxSafeInteger(), fc.integer()),
  currency: fc.constantFrom('EUR', 'CHF', 'JPY'),
  channel: text(20),
  created: timestamp,
  modified: timestamp,
  cancelled: fc.option(timestamp, { nil: null }),
});

/** Row i lives in accommodation i + 1, whose title a run draws too. */
const ACCOMMODATIONS = 25;
const titles = fc.array(longText, { minLength: ACCOMMODATIONS, maxLength: ACCOMMODATIONS });

const filter = fc.record({
  selection: fc.oneof(
    fc.record({
      kind: fc.constant('date' as const),
      column: fc.constantFrom('date_from' as const, 'date_to' as const),
      from: day,
      days: fc.integer({ min: 0, max: 4_000 }),
    }),
    fc.record({ kind: fc.constant('stay' as const), from: day, days: fc.integer({ min: 0, max: 4_000 }) }),
    fc.record({
      kind: fc.constant('instant' as const),
      column: fc.constantFrom('created' as const, 'modified' as const, 'cancelled' as const),
      from: timestamp,
      to: timestamp,
    }),
  ),
  statuses: fc.option(fc.subarray([...RESERVATION_STATUSES], { minLength: 1 }), { nil: undefined }),
  modifiedSince: fc.option(timestamp, { nil: undefined }),
  page: fc.option(fc.record({ limit: fc.integer({ min: 1, max: 30 }), offset: fc.integer({ min: 0, max: 40 }) }), {
    nil: undefined,
  }),
});

const wholeSeconds = (timestamp: string) => timestamp.replace(/\.\d+Z$/, 'Z');

function summaryFilter(f: typeof filter extends fc.Arbitrary<infer F> ? F : never): SummaryFilter {
  const { selection } = f;
  return {
    organizationId: 1,
    statuses: f.statuses,
    modifiedSince: f.modifiedSince === undefined ? undefined : wholeSeconds(f.modifiedSince),
    selection:
      selection.kind === 'date'
        ? { kind: 'date', column: selection.column, from: selection.from, to: addDays(selection.from, selection.days) }
        : selection.kind === 'stay'
          ? {
              kind: 'stay',
              from: selection.from,
              to: addDays(selection.from, selection.days),
              earliestArrival: '0001-01-01',
            }
          : {
              kind: 'instant',
              column: selection.column,
              // Stored timestamps compare as text on SQLite: whole seconds, as the service bounds them.
              fromInclusive: wholeSeconds(selection.from < selection.to ? selection.from : selection.to),
              toInclusive: wholeSeconds(selection.from < selection.to ? selection.to : selection.from),
            },
  };
}

describe.each(DIALECTS)('summaries serialized by the database, on %s', (dialect) => {
  const used = useDatabase(dialect);
  let route: Awaited<ReturnType<typeof routeSerializer>>;
  // PostgreSQL's text holds no NUL character; SQLite's does.
  const storable = (value: string) => (dialect === 'postgres' ? value.replaceAll('\u0000', '') : value);
  // SQLite holds the text the service writes: whole seconds.
  const storedTimestamp = <T extends string | null>(value: T) =>
    (dialect === 'sqlite' ? value?.replace(/\.\d+Z$/, 'Z') : value) as T;
  beforeAll(async () => {
    route = await routeSerializer();
    await withBulkWriter(used.db, async (writer) => {
      await writer.upsert('organizations', [[1, 'One', 'Europe/Amsterdam', T, T, 'EUR']]);
      // A guest record (SPEC §15) that every other row names: `guest` printed as a number and as null.
      await writer.upsert('guests', [
        [7, 1, 'Anna', null, null, null, null, null, null, null, null, null, null, T, T, null, 1],
      ]);
    });
  });
  afterAll(() => route?.close());

  it('are byte for byte what the route serializes from the same rows', async () => {
    const { db } = used;
    await fc.assert(
      fc.asyncProperty(
        titles,
        fc.array(row, { maxLength: ACCOMMODATIONS }),
        fc.array(filter, { minLength: 1, maxLength: 5 }),
        async (titleOf, rows, filters) => {
          await db.kysely.deleteFrom('reservations').execute();
          const accommodations: BulkRow<'accommodations'>[] = titleOf.map((title, i) => [
            i + 1,
            1,
            storable(title),
            'chalet',
            4,
            2,
            true,
            T,
            T,
            1,
          ]);
          // Each row in an accommodation of its own: never a double booking.
          const stored: BulkRow<'reservations'>[] = rows.map((r, i) => {
            return [
              i + 1,
              1,
              i + 1,
              storable(`${i}-${r.number}`),
              r.status,
              r.dateFrom,
              addDays(r.dateFrom, r.nights),
              r.adults,
              r.children,
              r.babies,
              storable(r.guestName),
              r.amount,
              r.currency,
              storable(r.channel),
              storedTimestamp(r.created),
              storedTimestamp(r.modified),
              storedTimestamp(r.cancelled),
              1,
              i % 2 === 0 ? 7 : null,
            ];
          });
          await withBulkWriter(db, async (writer) => {
            await writer.upsert('accommodations', accommodations);
            if (stored.length > 0) await writer.upsert('reservations', stored);
          });
          for (const f of filters) {
            const summaryFilterOf = summaryFilter(f);
            const json = await findSummariesJson(db.kysely, summaryFilterOf, f.page);
            const items = await findSummaries(db.kysely, summaryFilterOf, f.page);
            expect(json?.count).toBe(items.length);
            const expected = await route.serialize(items);
            // Bytes, not text: decoding would hide invalid UTF-8 on either side.
            if (!json?.json.equals(expected)) expect(json?.json.toString('latin1')).toBe(expected.toString('latin1'));
          }
        },
      ),
      { numRuns: dialect === 'sqlite' ? 150 : 60 },
    );
  });

  // PostgreSQL timestamps may hold `infinity` (only hand-written SQL stores one): such a page is left
  // to the JavaScript path, which refuses it as before, rather than printed without that row.
  if (dialect === 'postgres') {
    it('are left to the route serializer when a row holds an infinite timestamp', async () => {
      const { db } = used;
      await db.kysely.deleteFrom('reservations').execute();
      await withBulkWriter(db, async (writer) => {
        await writer.upsert('accommodations', [[1, 1, 'Unit', 'chalet', 4, 2, true, T, T, 1]]);
        await writer.upsert('reservations', [
          [
            1,
            1,
            1,
            'R-1',
            'confirmed',
            '2025-01-01',
            '2025-01-03',
            2,
            0,
            0,
            'Guest',
            100,
            'EUR',
            'web',
            T,
            T,
            null,
            1,
            null,
          ],
        ]);
      });
      const filter: SummaryFilter = {
        organizationId: 1,
        selection: { kind: 'date', column: 'date_from', from: '2025-01-01', to: '2025-01-31' },
      };
      expect((await findSummariesJson(db.kysely, filter))?.count).toBe(1);
      await db.kysely.updateTable('reservations').set({ modified: 'infinity' }).execute();
      expect(await findSummariesJson(db.kysely, filter)).toBeUndefined();
    });
  }

  it('are left to the route serializer inside a transaction', async () => {
    const inside = await used.db.kysely
      .transaction()
      .execute((trx) => findSummariesJson(trx, summaryFilter(fc.sample(filter, 1)[0]!), undefined));
    expect(inside).toBeUndefined();
  });
});
