import type { Kysely } from 'kysely';
import { type Db, toDbBoolean } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type TransactionRunner, withWriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { addDays, daysBetween, formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { bumpVersion } from '../organizations/organizations.repository.js';
import { holdingReservations } from '../reservations/reservations.repository.js';
import { toAccommodation } from './accommodations.repository.js';
import {
  type Accommodation,
  type Availability,
  type CreateAccommodationBody,
  MAX_AVAILABILITY_NIGHTS,
  type UpdateAccommodationBody,
} from './accommodations.schemas.js';

/** Longest period the availability endpoint lists night by night. */

function notFound(id: number): AppError {
  return new AppError('not-found', `No accommodation ${id}.`);
}

function findAccommodationRow(conn: Kysely<Database>, organizationIds: readonly number[], id: number) {
  return conn
    .selectFrom('accommodations')
    .selectAll()
    .where('organization_id', 'in', [...organizationIds])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getAccommodation(db: Db, organizationIds: readonly number[], id: number): Promise<Accommodation> {
  const row = await findAccommodationRow(db.kysely, organizationIds, id);
  if (!row) throw notFound(id);
  return toAccommodation(row);
}

export async function createAccommodation(
  db: Db,
  clock: Clock,
  organizationId: number,
  body: CreateAccommodationBody,
  run: TransactionRunner<Accommodation> = (work) => withWriteTransaction(db, work),
): Promise<Accommodation> {
  const now = formatTimestamp(clock());
  return run(async (trx) => {
    const row = await trx
      .insertInto('accommodations')
      .values({
        organization_id: organizationId,
        title: body.title,
        type: body.type,
        max_persons: body.maxPersons,
        bedrooms: body.bedrooms ?? null,
        active: toDbBoolean(db, body.active ?? true),
        created: now,
        modified: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpVersion(trx, organizationId);
    return toAccommodation(row);
  });
}

/** PATCH, and DELETE as `{ active: false }`: deactivation keeps the record and its history. */
export async function updateAccommodation(
  db: Db,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: UpdateAccommodationBody,
): Promise<Accommodation> {
  return withWriteTransaction(db, async (trx) => {
    const row = await findAccommodationRow(trx, organizationIds, id);
    if (!row) throw notFound(id);
    const active = changes.active ?? Boolean(row.active);
    const updated = await trx
      .updateTable('accommodations')
      .set({
        title: changes.title ?? row.title,
        type: changes.type ?? row.type,
        max_persons: changes.maxPersons ?? row.max_persons,
        bedrooms: changes.bedrooms === undefined ? row.bedrooms : changes.bedrooms,
        active: toDbBoolean(db, active),
        modified: formatTimestamp(clock()),
      })
      .where('organization_id', '=', row.organization_id)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpVersion(trx, row.organization_id);
    return toAccommodation(updated);
  });
}

/** Night by night: free, or taken by the reservation that holds it. */
export async function availability(
  db: Db,
  organizationIds: readonly number[],
  id: number,
  dateFrom: string,
  dateTo: string,
): Promise<Availability> {
  const nightCount = daysBetween(dateFrom, dateTo);
  if (nightCount < 1) throw invalidInput([{ parameter: 'dateTo', message: 'must be after dateFrom' }]);
  if (nightCount > MAX_AVAILABILITY_NIGHTS) {
    throw invalidInput([{ parameter: 'dateTo', message: `at most ${MAX_AVAILABILITY_NIGHTS} nights at once` }]);
  }
  const accommodation = await findAccommodationRow(db.kysely, organizationIds, id);
  if (!accommodation) throw notFound(id);
  const holding = await holdingReservations(db.kysely, {
    organizationId: accommodation.organization_id,
    accommodationId: id,
    dateFrom,
    dateTo,
  }).execute();
  const nights = Array.from({ length: nightCount }, (_, i) => {
    const date = addDays(dateFrom, i);
    const holder = holding.find((r) => r.date_from <= date && date < r.date_to);
    return { date, status: holder ? ('taken' as const) : ('free' as const), reservation: holder?.id ?? null };
  });
  return { accommodation: id, dateFrom, dateTo, available: nights.every((n) => n.status === 'free'), nights };
}
