import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Unchanged, unchanged, type WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { addDays, formatTimestamp } from '../../shared/dates.js';
import { AppError } from '../../shared/errors.js';
import { type ModifiedSince, modifiedLowerBound } from '../../shared/modified-since.js';
import { nightsOfStay } from '../../shared/stay-dates.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import { recordEvent } from '../events/events.service.js';
import {
  type LockedOrganization,
  lockRecordForChange,
  type VersionedRead,
} from '../organizations/organizations.service.js';
import { listBlocks } from '../blocks/blocks.repository.js';
import { holdingReservations } from '../reservations/reservations.repository.js';
import {
  accommodationRecords,
  findAccommodationRow,
  insertAccommodation,
  listAccommodations,
  toAccommodation,
  updateAccommodationRow,
} from './accommodations.repository.js';
import {
  type Accommodation,
  type Availability,
  type CreateAccommodationBody,
  type UpdateAccommodationBody,
} from './accommodations.schemas.js';

type Conn = Kysely<Database>;

/**
 * The accommodations of a list request (SPEC §4.1), as a read that may be cached under the
 * organization's version; `known` as for summaries (summaries.service.ts).
 */
export async function accommodationList(
  conn: Conn,
  organizationId: number,
  query: { modifiedSince?: ModifiedSince | undefined; includeInactive?: boolean | undefined },
  known: KnownOrganizationState | null = null,
): Promise<VersionedRead<Accommodation[]>> {
  const organization = await organizationStateFor(conn, organizationId, known);
  const modifiedSince = query.modifiedSince && modifiedLowerBound(organization?.timezone ?? 'UTC', query.modifiedSince);
  const includeInactive = query.includeInactive ?? false;
  return {
    version: organization?.version ?? -1,
    eventsCursor: organization?.eventsCursor,
    key: JSON.stringify([organizationId, modifiedSince === undefined ? 'any' : modifiedSince, includeInactive]),
    load: async () =>
      modifiedSince === null ? [] : listAccommodations(conn, organizationId, { modifiedSince, includeInactive }),
  };
}

function notFound(id: number): AppError {
  return new AppError('not-found', `No accommodation ${id}.`);
}

export async function getAccommodation(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
): Promise<Accommodation> {
  const row = await findAccommodationRow(conn, organizationIds, id);
  if (!row) throw notFound(id);
  return toAccommodation(row);
}

export async function createAccommodation(
  trx: WriteTransaction,
  clock: Clock,
  organization: LockedOrganization,
  body: CreateAccommodationBody,
): Promise<Accommodation> {
  const created = await insertAccommodation(
    trx,
    organization.id,
    {
      title: body.title,
      type: body.type,
      maxPersons: body.maxPersons,
      bedrooms: body.bedrooms ?? null,
      active: body.active ?? true,
    },
    formatTimestamp(clock()),
  );
  await recordEvent(trx, clock, { type: 'accommodation.created', data: created, version: 1 });
  return created;
}

/**
 * PATCH, and DELETE as `{ active: false }` (deactivation keeps the record and its history). The
 * new record is the stored one, read under the lock, with the given fields changed.
 */
export async function updateAccommodation(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: UpdateAccommodationBody,
): Promise<Accommodation | Unchanged<Accommodation>> {
  const row = await lockRecordForChange(trx, accommodationRecords, organizationIds, id);
  if (!row) throw notFound(id);
  const stored = toAccommodation(row);
  const fields = {
    title: changes.title ?? stored.title,
    type: changes.type ?? stored.type,
    maxPersons: changes.maxPersons ?? stored.maxPersons,
    bedrooms: changes.bedrooms === undefined ? stored.bedrooms : changes.bedrooms,
    active: changes.active ?? stored.active,
  };
  // A change that changes nothing writes nothing: `modified`, the version, the feed and the counter stay as they are.
  if ((Object.keys(fields) as (keyof typeof fields)[]).every((k) => fields[k] === stored[k])) return unchanged(stored);
  const version = row.version + 1;
  const updated = await updateAccommodationRow(trx, row, fields, version, formatTimestamp(clock()));
  const type = stored.active && !updated.active ? 'accommodation.deactivated' : 'accommodation.updated';
  await recordEvent(trx, clock, { type, data: updated, previous: stored, version });
  return updated;
}

/** Night by night: free, or taken by the reservation or the block (SPEC §13) that holds it. */
export async function availability(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
  dateFrom: string,
  dateTo: string,
): Promise<Availability> {
  const nightCount = nightsOfStay(dateFrom, dateTo);
  const accommodation = await findAccommodationRow(conn, organizationIds, id);
  if (!accommodation) throw notFound(id);
  const holding = await holdingReservations(conn, {
    organizationId: accommodation.organization_id,
    accommodationId: id,
    dateFrom,
    dateTo,
  }).execute();
  const blocks = await listBlocks(conn, accommodation.organization_id, {
    from: dateFrom,
    to: addDays(dateTo, -1),
    accommodationId: id,
  });
  const nights = Array.from({ length: nightCount }, (_, i) => {
    const date = addDays(dateFrom, i);
    const holder = holding.find((r) => r.date_from <= date && date < r.date_to);
    const block = blocks.find((b) => b.dateFrom <= date && date < b.dateTo);
    return {
      date,
      status: holder || block ? ('taken' as const) : ('free' as const),
      reservation: holder?.id ?? null,
      block: block?.id ?? null,
    };
  });
  return { accommodation: id, dateFrom, dateTo, available: nights.every((n) => n.status === 'free'), nights };
}
