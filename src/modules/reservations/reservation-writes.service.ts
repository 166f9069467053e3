import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, ReservationRow } from '../../db/schema.js';
import {
  databaseErrorCode,
  PG_EXCLUSION_VIOLATION,
  type TransactionRunner,
  withWriteTransaction,
} from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { parseAmount } from '../../shared/money.js';
import { bumpVersion } from '../organizations/organizations.repository.js';
import type { ReservationStatus } from './reservation-status.js';
import {
  findOverlappingReservation,
  findReservationRow,
  findSummaryById,
  type Stay,
} from './reservations.repository.js';
import type { CreateReservationBody, ReservationSummary, UpdateReservationBody } from './reservations.schemas.js';
import { canMove, holdsNights } from './state-machine.js';

type Conn = Kysely<Database>;

function doubleBooking(conflictingId: number | undefined): AppError {
  return new AppError(
    'conflict',
    conflictingId === undefined
      ? 'The accommodation is already booked for some of these nights.'
      : `The accommodation is already booked for some of these nights by reservation ${conflictingId}.`,
    conflictingId === undefined ? {} : { extensions: { conflictingReservation: conflictingId } },
  );
}

/** The accommodation a stay is for: it must belong to the organization, be active, and fit the guests. */
async function checkAccommodation(
  conn: Conn,
  organizationId: number,
  accommodationId: number,
  guests: number,
): Promise<void> {
  const accommodation = await conn
    .selectFrom('accommodations')
    .select(['active', 'max_persons'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', accommodationId)
    .executeTakeFirst();
  if (!accommodation) {
    throw invalidInput([{ parameter: 'accommodation', message: 'no such accommodation in this organization' }]);
  }
  if (!accommodation.active) throw new AppError('conflict', `Accommodation ${accommodationId} is inactive.`);
  if (guests > accommodation.max_persons) {
    throw invalidInput([
      { parameter: 'adults', message: `adults and children exceed the capacity of ${accommodation.max_persons}` },
    ]);
  }
}

async function assertNightsFree(conn: Conn, stay: Stay): Promise<void> {
  const conflicting = await findOverlappingReservation(conn, stay);
  if (conflicting !== undefined) throw doubleBooking(conflicting);
}

/**
 * The database's own refusal (PostgreSQL's exclusion constraint, when two writers raced past the
 * check) becomes the same 409, naming the reservation that won.
 */
async function translateDoubleBooking<T>(db: Db, stay: () => Stay | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const current = stay();
    if (databaseErrorCode(error) === PG_EXCLUSION_VIOLATION && current) {
      throw doubleBooking(await findOverlappingReservation(db.kysely, current));
    }
    throw error;
  }
}

function checkDates(dateFrom: string, dateTo: string): void {
  if (dateTo <= dateFrom) throw invalidInput([{ parameter: 'dateTo', message: 'must be after dateFrom' }]);
}

async function readBack(conn: Conn, organizationId: number, id: number): Promise<ReservationSummary> {
  const summary = await findSummaryById(conn, [organizationId], id);
  if (!summary) throw new Error(`reservation ${id} vanished inside its own transaction`);
  return summary;
}

export async function createReservation(
  db: Db,
  clock: Clock,
  organizationId: number,
  body: CreateReservationBody,
  run: TransactionRunner<ReservationSummary> = (work) => withWriteTransaction(db, work),
): Promise<ReservationSummary> {
  checkDates(body.dateFrom, body.dateTo);
  const stay: Stay = {
    organizationId,
    accommodationId: body.accommodation,
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
  };
  return translateDoubleBooking(
    db,
    () => stay,
    () =>
      run(async (trx) => {
        // First, so that writes to one organization queue on its row before they touch the
        // PostgreSQL exclusion constraint: two overlapping inserts in flight each wait for the
        // other's index entry and deadlock, which costs a second of detection and a retry.
        await bumpVersion(trx, organizationId);
        await checkAccommodation(trx, organizationId, body.accommodation, body.adults + (body.children ?? 0));
        await assertNightsFree(trx, stay);
        const now = formatTimestamp(clock());
        const { id } = await trx
          .insertInto('reservations')
          .values({
            organization_id: organizationId,
            accommodation_id: body.accommodation,
            reservation_number: body.reservationNumber ?? `BK-${randomBytes(5).toString('hex').toUpperCase()}`,
            status: body.status ?? 'confirmed',
            date_from: body.dateFrom,
            date_to: body.dateTo,
            adults: body.adults,
            children: body.children ?? 0,
            babies: body.babies ?? 0,
            guest_name: body.guestName,
            total_amount_minor: parseAmount(body.totalAmount) as number,
            currency: body.currency,
            channel: body.channel ?? 'api',
            created: now,
            modified: now,
            cancelled: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return readBack(trx, organizationId, id);
      }),
  );
}

function notFound(id: number): AppError {
  return new AppError('not-found', `No reservation ${id}.`);
}

function refuseMove(from: string, to: string): AppError {
  return new AppError('conflict', `A reservation cannot move from ${from} to ${to}.`, {
    extensions: { currentStatus: from, requestedStatus: to },
  });
}

/** PATCH (SPEC §9): dates, accommodation, guests, amount, or a status move along SPEC §3. */
export async function updateReservation(
  db: Db,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: UpdateReservationBody,
): Promise<ReservationSummary> {
  let stay: Stay | undefined;
  return translateDoubleBooking(
    db,
    () => stay,
    () =>
      withWriteTransaction(db, async (trx) => {
        const row = await findReservationRow(trx, organizationIds, id);
        if (!row) throw notFound(id);
        await bumpVersion(trx, row.organization_id); // before the exclusion constraint, as in createReservation
        const current = row.status as ReservationStatus;
        const status = changes.status ?? current;
        if (!canMove(current, status)) throw refuseMove(current, status);

        const next = {
          accommodation_id: changes.accommodation ?? row.accommodation_id,
          date_from: changes.dateFrom ?? row.date_from,
          date_to: changes.dateTo ?? row.date_to,
          adults: changes.adults ?? row.adults,
          children: changes.children ?? row.children,
        };
        checkDates(next.date_from, next.date_to);
        const moved =
          next.accommodation_id !== row.accommodation_id ||
          next.date_from !== row.date_from ||
          next.date_to !== row.date_to;
        if (next.accommodation_id !== row.accommodation_id || next.adults + next.children > row.adults + row.children) {
          await checkAccommodation(trx, row.organization_id, next.accommodation_id, next.adults + next.children);
        }
        if (moved && holdsNights(status)) {
          stay = {
            organizationId: row.organization_id,
            accommodationId: next.accommodation_id,
            dateFrom: next.date_from,
            dateTo: next.date_to,
            exceptId: id,
          };
          await assertNightsFree(trx, stay);
        }
        const now = formatTimestamp(clock());
        await trx
          .updateTable('reservations')
          .set({
            ...next,
            babies: changes.babies ?? row.babies,
            guest_name: changes.guestName ?? row.guest_name,
            total_amount_minor:
              changes.totalAmount === undefined ? row.total_amount_minor : (parseAmount(changes.totalAmount) as number),
            currency: changes.currency ?? row.currency,
            channel: changes.channel ?? row.channel,
            status,
            cancelled: status === 'cancelled' && current !== 'cancelled' ? now : row.cancelled,
            modified: now,
          })
          .where('organization_id', '=', row.organization_id)
          .where('id', '=', id)
          .execute();
        return readBack(trx, row.organization_id, id);
      }),
  );
}

/** DELETE cancels (SPEC §9); cancelling a cancelled reservation changes nothing. */
export async function cancelReservation(
  db: Db,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
): Promise<ReservationSummary> {
  return withWriteTransaction(db, async (trx) => {
    const row: ReservationRow | undefined = await findReservationRow(trx, organizationIds, id);
    if (!row) throw notFound(id);
    if (row.status !== 'cancelled') {
      if (!canMove(row.status as ReservationStatus, 'cancelled')) throw refuseMove(row.status, 'cancelled');
      const now = formatTimestamp(clock());
      await trx
        .updateTable('reservations')
        .set({ status: 'cancelled', cancelled: now, modified: now })
        .where('organization_id', '=', row.organization_id)
        .where('id', '=', id)
        .execute();
      await bumpVersion(trx, row.organization_id);
    }
    return readBack(trx, row.organization_id, id);
  });
}

export async function getReservation(
  db: Db,
  organizationIds: readonly number[],
  id: number,
): Promise<ReservationSummary> {
  const summary = await findSummaryById(db.kysely, organizationIds, id);
  if (!summary) throw notFound(id);
  return summary;
}
