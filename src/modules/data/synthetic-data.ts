import { type BulkRow, bulkRow, DEFER_INDEXES_FROM_ROWS, withBulkWriter } from '../../db/bulk-writer.js';
import { defaultAgeGroupRows } from '../prices/prices.repository.js';
import type { Db } from '../../db/database.js';
import { addDays, createTimestampFormatter } from '../../shared/dates.js';
import { SeededRandom } from '../../shared/random.js';

/**
 * `booking seed --synthetic`: a deterministic data set of any size for benchmarks. Organizations get
 * Zipf-like shares (the first is the biggest, as in real portfolios), stays never overlap per
 * accommodation, and the same options always produce the same rows.
 */

export interface SyntheticOptions {
  organizations: number;
  reservations: number;
  seed: number;
}

const START_DATE = '2022-01-01';
const START_MS = Date.parse(`${START_DATE}T00:00:00Z`);
const DAY_MS = 86_400_000;
const dayStrings: string[] = [];
const dayString = (day: number): string => (dayStrings[day] ??= addDays(START_DATE, day));
const BASE_CREATED_MS = Date.parse('2021-06-01T00:00:00Z');
const STAYS_PER_ACCOMMODATION = 180;
const CHUNK = 20_000;
const TIME_ZONES = ['Europe/Amsterdam', 'Europe/Lisbon', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'UTC'];
const TYPES = ['chalet', 'bungalow', 'pitch', 'apartment', 'room', 'tent'];
const CHANNELS: readonly (readonly [string, number])[] = [
  ['website', 45],
  ['booking.com', 25],
  ['airbnb', 15],
  ['phone', 15],
];

/** Reservation counts per organization, summing exactly to `total`. */
export function organizationShares(organizations: number, total: number): number[] {
  const weights = Array.from({ length: organizations }, (_, i) => 1 / (i + 1) ** 0.8);
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((w / sum) * total));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % organizations, rest--) shares[i] = (shares[i] ?? 0) + 1;
  return shares;
}

export async function seedSynthetic(db: Db, options: SyntheticOptions): Promise<{ accommodations: number }> {
  const random = new SeededRandom(options.seed);
  const stamp = createTimestampFormatter();
  const created = stamp(BASE_CREATED_MS);
  let accommodationCount = 0;

  await withBulkWriter(db, async (writer, trx) => {
    const firstOrganization = (await writer.maxId('organizations')) + 1;
    let nextAccommodation = (await writer.maxId('accommodations')) + 1;
    let nextReservation = (await writer.maxId('reservations')) + 1;
    const shares = organizationShares(options.organizations, options.reservations);
    if (options.reservations >= DEFER_INDEXES_FROM_ROWS) await writer.deferIndexes('reservations');
    await writer.upsert(
      'organizations',
      shares.map((_, i) => [
        firstOrganization + i,
        `Synthetic organization ${firstOrganization + i}`,
        TIME_ZONES[i % TIME_ZONES.length] as string,
        created,
        created,
        'EUR',
      ]),
    );
    // Every organization starts with Adults, Children and Babies (SPEC §14), so its searches and
    // quotes can count a party.
    let nextPriceRecord = (await writer.maxId('price_records')) + 1;
    const ageGroups = await defaultAgeGroupRows(
      trx,
      shares.map((_, i) => firstOrganization + i),
      created,
      () => nextPriceRecord++,
    );
    await writer.upsert(
      'price_records',
      ageGroups.map((row) => bulkRow('price_records', row)),
    );

    let batch: BulkRow<'reservations'>[] = [];
    for (const [index, share] of shares.entries()) {
      const organization = firstOrganization + index;
      const units = Math.max(1, Math.ceil(share / STAYS_PER_ACCOMMODATION));
      const firstUnit = nextAccommodation;
      nextAccommodation += units;
      accommodationCount += units;
      await writer.upsert(
        'accommodations',
        Array.from({ length: units }, (_, u) => {
          const type = TYPES[(organization + u) % TYPES.length] as string;
          return [
            firstUnit + u,
            organization,
            `${type} ${u + 1}`,
            type,
            2 + (u % 5),
            1 + (u % 3),
            true,
            created,
            created,
            1,
          ];
        }),
      );
      // Each unit keeps its own calendar; stays are dealt round-robin so every unit fills evenly.
      // Calendars are kept as day numbers from START_DATE; their date strings are computed once.
      const cursors = Array.from({ length: units }, () => random.int(0, 6));
      for (let n = 0; n < share; n++) {
        const unit = n % units;
        const from = cursors[unit] as number;
        const nights = random.int(1, 14);
        cursors[unit] = from + nights + random.int(0, 5);
        const dateFrom = dayString(from);
        const dateTo = dayString(from + nights);
        const createdMs = START_MS + (from - random.int(1, 180)) * DAY_MS + random.int(0, 86_399) * 1000;
        const roll = random.next();
        const status = roll < 0.08 ? 'cancelled' : roll < 0.1 ? 'option' : roll < 0.12 ? 'no-show' : 'confirmed';
        const modifiedMs = createdMs + random.int(0, 30) * DAY_MS;
        const id = nextReservation++;
        batch.push([
          id,
          organization,
          firstUnit + unit,
          `S${organization}-${id}`,
          status,
          dateFrom,
          dateTo,
          random.int(1, 4),
          random.int(0, 3),
          random.int(0, 1),
          `Guest ${id}`,
          nights * random.int(40, 250) * 100,
          'EUR',
          random.weighted(CHANNELS),
          stamp(createdMs),
          stamp(modifiedMs),
          status === 'cancelled' ? stamp(modifiedMs) : null,
          1,
          null,
        ]);
        if (batch.length >= CHUNK) {
          await writer.upsert('reservations', batch);
          batch = [];
        }
      }
    }
    await writer.upsert('reservations', batch);
  });
  return { accommodations: accommodationCount };
}
