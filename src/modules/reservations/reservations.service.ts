import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccommodationRow, Database, ReservationRow } from '../../db/schema.js';
import { type Unchanged, unchanged, type WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { dateInZone, formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { parseAmount } from '../../shared/money.js';
import { stayNights } from '../../shared/stay-dates.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import { assertNightsFree, refusedAsTaken } from '../availability/night-holds.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import { effectiveRules, ruleWarnings, type StayRuleWarning } from '../availability/stay-rules.js';
import { listStayRuleRows, toStayRule } from '../availability/stay-rules.repository.js';
import { recordEvent } from '../events/events.service.js';
import { type LockedOrganization, lockRecordForChange } from '../organizations/organizations.service.js';
import { currencyOf } from '../prices/prices.repository.js';
import { priceOfStay } from '../prices/quotes.service.js';
import type { ReservationStatus } from './reservation-status.js';
import {
  findSummaryById,
  insertReservation,
  reservationRecords,
  toSummary,
  updateReservationRow,
} from './reservations.repository.js';
import type {
  CreatedReservation,
  CreateReservationBody,
  ReservationSummary,
  UpdateReservationBody,
} from './reservations.schemas.js';
import { canMove, holdsNights } from './state-machine.js';

/**
 * Reservation writes (SPEC §9). Each takes the write transaction first and runs inside it: the
 * caller opens it (`withWriteTransaction`) and may do more in the same one (a create is given its
 * organization already locked, so its route can claim an idempotency key in between). Rules are
 * checked on what was read under the organization's lock, and each change records its event
 * (SPEC §10) in the same transaction; a change that changes nothing answers `unchanged`.
 */

type Conn = Kysely<Database>;

function notFound(id: number): AppError {
  return new AppError('not-found', `No reservation ${id}.`);
}

function refuseMove(from: ReservationStatus, to: ReservationStatus): AppError {
  return new AppError('conflict', `A reservation cannot move from ${from} to ${to}.`, {
    extensions: { currentStatus: from, requestedStatus: to },
  });
}

/** The accommodation a stay is for: it must belong to the organization, be active, and fit the guests. */
async function checkAccommodation(trx: Conn, organizationId: number, accommodationId: number, guests: number) {
  const accommodation = await findAccommodationRow(trx, [organizationId], accommodationId);
  if (!accommodation) {
    throw invalidInput([{ parameter: 'accommodation', message: 'no such accommodation in this organization' }]);
  }
  if (!accommodation.active) throw new AppError('conflict', `Accommodation ${accommodationId} is inactive.`);
  if (guests > accommodation.max_persons) {
    throw invalidInput([
      { parameter: 'adults', message: `adults and children exceed the capacity of ${accommodation.max_persons}` },
    ]);
  }
  return accommodation;
}

/** The summary as the change just stored it, its one read. */
async function readBack(trx: Conn, organizationId: number, id: number): Promise<ReservationSummary> {
  const summary = await findSummaryById(trx, [organizationId], id);
  if (!summary) throw new Error(`reservation ${id} vanished inside its own transaction`);
  return summary;
}

/** A reservation number for a reservation that was given none. */
export function newReservationNumber(): string {
  return `BK-${randomBytes(5).toString('hex').toUpperCase()}`;
}

export async function createReservation(
  trx: WriteTransaction,
  clock: Clock,
  organization: LockedOrganization,
  body: CreateReservationBody,
): Promise<CreatedReservation> {
  stayNights(body.dateFrom, body.dateTo);
  const { id: organizationId, timeZone } = organization;
  const accommodation = await checkAccommodation(
    trx,
    organizationId,
    body.accommodation,
    body.adults + (body.children ?? 0),
  );
  const status = body.status ?? 'confirmed';
  if (holdsNights(status)) {
    await assertNightsFree(trx, {
      now: formatTimestamp(clock()),
      organizationId,
      accommodationId: body.accommodation,
      dateFrom: body.dateFrom,
      dateTo: body.dateTo,
    });
  }
  const today = dateInZone(clock(), timeZone);
  const price = await priceOf(trx, organizationId, accommodation, body, today);
  const now = formatTimestamp(clock());
  const row = await refusedAsTaken(
    insertReservation(trx, {
      organization_id: organizationId,
      accommodation_id: body.accommodation,
      reservation_number: body.reservationNumber ?? newReservationNumber(),
      status,
      date_from: body.dateFrom,
      date_to: body.dateTo,
      adults: body.adults,
      children: body.children ?? 0,
      babies: body.babies ?? 0,
      guest_name: body.guestName,
      total_amount_minor: price.totalAmount,
      currency: price.currency,
      channel: body.channel ?? 'api',
      created: now,
      modified: now,
      cancelled: null,
    }),
  );
  // The row as stored and the accommodation read under the lock: all a summary shows, no read back.
  const created = toSummary({ ...row, accommodation_title: accommodation.title });
  await recordEvent(trx, clock, { type: 'reservation.created', data: created, version: 1 });
  return {
    ...created,
    warnings: await stayWarnings(trx, today, organizationId, accommodation, body),
  };
}

/**
 * What a new reservation costs (SPEC §14): the price given stands (a channel's), in the currency
 * given or the organization's; without one, the stay's quote, in the organization's currency.
 */
async function priceOf(
  trx: Conn,
  organizationId: number,
  accommodation: AccommodationRow,
  body: CreateReservationBody,
  today: string,
): Promise<{ totalAmount: number; currency: string }> {
  if (body.totalAmount === undefined) {
    const quoted = await priceOfStay(
      trx,
      organizationId,
      {
        accommodation: { id: accommodation.id, type: accommodation.type },
        dateFrom: body.dateFrom,
        dateTo: body.dateTo,
        adults: body.adults,
        children: body.children ?? 0,
        babies: body.babies ?? 0,
      },
      today,
    );
    if (body.currency !== undefined && body.currency !== quoted.currency) {
      throw invalidInput([
        { parameter: 'currency', message: `a quote is in the organization's currency, ${quoted.currency}` },
      ]);
    }
    return quoted;
  }
  return {
    totalAmount: parseAmount(body.totalAmount) as number,
    currency: body.currency ?? (await currencyOf(trx, organizationId)),
  };
}

/**
 * The stay rules a stay recorded through §9 breaks (SPEC §13): it was sold elsewhere, so it is kept,
 * and the caller is told. Read in the write's transaction, under the organization's lock.
 */
async function stayWarnings(
  trx: Conn,
  today: string,
  organizationId: number,
  accommodation: { id: number; type: string },
  stay: { dateFrom: string; dateTo: string },
): Promise<StayRuleWarning[]> {
  const rules = (await listStayRuleRows(trx, organizationId, stay.dateFrom)).map(toStayRule);
  const target = { accommodation: accommodation.id, type: accommodation.type, ...stay };
  return ruleWarnings(effectiveRules(rules, target), target, today);
}

/** The stored row with the changes of a PATCH applied; the status move is checked against the stored status. */
async function changedRow(trx: Conn, row: ReservationRow, changes: UpdateReservationBody, now: string) {
  const current = row.status;
  const status = changes.status ?? current;
  if (!canMove(current, status)) throw refuseMove(current, status);
  const next = {
    accommodation_id: changes.accommodation ?? row.accommodation_id,
    date_from: changes.dateFrom ?? row.date_from,
    date_to: changes.dateTo ?? row.date_to,
    adults: changes.adults ?? row.adults,
    children: changes.children ?? row.children,
  };
  stayNights(next.date_from, next.date_to);
  const guests = next.adults + next.children;
  if (next.accommodation_id !== row.accommodation_id || guests > row.adults + row.children) {
    await checkAccommodation(trx, row.organization_id, next.accommodation_id, guests);
  }
  const moved =
    next.accommodation_id !== row.accommodation_id || next.date_from !== row.date_from || next.date_to !== row.date_to;
  if (moved && holdsNights(status)) {
    await assertNightsFree(trx, {
      now,
      organizationId: row.organization_id,
      accommodationId: next.accommodation_id,
      dateFrom: next.date_from,
      dateTo: next.date_to,
      except: { kind: 'reservation', id: row.id },
    });
  }
  return {
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
  };
}

/** PATCH (SPEC §9): dates, accommodation, guests, amount, or a status move along SPEC §3. */
export async function updateReservation(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: UpdateReservationBody,
): Promise<ReservationSummary | Unchanged<ReservationSummary>> {
  const row = await lockRecordForChange(trx, reservationRecords, organizationIds, id);
  if (!row) throw notFound(id);
  const previous = toSummary(row);
  const next = await changedRow(trx, row, changes, formatTimestamp(clock()));
  // A change that changes nothing writes nothing: `modified`, the version, the feed and the counter stay as they are.
  if ((Object.keys(next) as (keyof typeof next)[]).every((k) => k === 'modified' || next[k] === row[k])) {
    return unchanged(previous);
  }
  await refusedAsTaken(updateReservationRow(trx, row, { ...next, version: row.version + 1 }));
  const updated = await readBack(trx, row.organization_id, id);
  const type =
    next.status === 'cancelled' && row.status !== 'cancelled' ? 'reservation.cancelled' : 'reservation.updated';
  await recordEvent(trx, clock, { type, data: updated, previous, version: row.version + 1 });
  return updated;
}

/** DELETE cancels (SPEC §9); cancelling a cancelled reservation changes nothing. */
export async function cancelReservation(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
): Promise<ReservationSummary | Unchanged<ReservationSummary>> {
  const row = await lockRecordForChange(trx, reservationRecords, organizationIds, id);
  if (!row) throw notFound(id);
  const previous = toSummary(row);
  if (row.status === 'cancelled') return unchanged(previous);
  if (!canMove(row.status, 'cancelled')) throw refuseMove(row.status, 'cancelled');
  const now = formatTimestamp(clock());
  await updateReservationRow(trx, row, {
    status: 'cancelled',
    cancelled: now,
    modified: now,
    version: row.version + 1,
  });
  const cancelled = await readBack(trx, row.organization_id, id);
  await recordEvent(trx, clock, { type: 'reservation.cancelled', data: cancelled, previous, version: row.version + 1 });
  return cancelled;
}

/**
 * One reservation, and where the changes feed goes on from it (SPEC §10): its organization first (it
 * never changes), then that organization's counter, then the record, so following the feed from the
 * counter shows every change the record does not. Only its own organization's place, whatever else
 * the credential may see (thousands, perhaps); `known` is the state read with the credential.
 */
export async function getReservation(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
  known: KnownOrganizationState | null,
): Promise<{ reservation: ReservationSummary; eventsCursor: string | undefined }> {
  const organization = await reservationRecords.organizationOf(conn, organizationIds, id);
  if (organization === undefined) throw notFound(id);
  const state = await organizationStateFor(conn, organization, known);
  const reservation = await findSummaryById(conn, [organization], id);
  if (!reservation) throw notFound(id);
  return { reservation, eventsCursor: state?.eventsCursor };
}
