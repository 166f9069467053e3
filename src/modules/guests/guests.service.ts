import { type Kysely, sql } from 'kysely';
import type { Database, GuestRow } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import {
  forUpdate,
  type Unchanged,
  unchanged,
  withWriteTransaction,
  type WriteTransaction,
} from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { addDays, dateInZone, formatTimestamp } from '../../shared/dates.js';
import { AppError } from '../../shared/errors.js';
import { modifiedLowerBound, modifiedSinceOf } from '../../shared/modified-since.js';
import { recordEvent } from '../events/events.service.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import { lockRecordForChange, type VersionedRead } from '../organizations/organizations.service.js';
import type { SummaryRules } from '../reservations/behaviour-rules.js';
import { SUMMARY_COLUMNS, toSummary } from '../reservations/reservations.repository.js';
import { foldFunction } from '../reservations/reservations.search.js';
import { eraseNameCopies, holdDeliveryCopies } from './erasure.js';
import {
  countGuests,
  emailKey,
  findGuestRow,
  guestColumns,
  guestRecords,
  guestWithEmailKey,
  listGuestRows,
  toGuest,
  updateGuestRow,
} from './guests.repository.js';
import {
  ERASED_GUEST_NAME,
  GUEST_FIELDS,
  GUEST_PAGE_LIMIT,
  type Guest,
  type GuestFields,
  type GuestListQuery,
} from './guests.schemas.js';

/**
 * Guests (SPEC §15): listed and paginated as summaries are (§4.3, both eras), corrected, and erased.
 * Every write locks the organization first (its change counter moves, so cached lists are dropped),
 * then the guest.
 */

type Conn = Kysely<Database>;

function notFound(id: number): AppError {
  return new AppError('not-found', `No guest ${id}.`);
}

export interface GuestListRequest {
  /** Undefined when the response is not paginated (earlier rules, neither limit nor offset named). */
  page: { limit: number; offset: number } | undefined;
}

/** The page a list request asks for, under the rules in force (SPEC §4.3, §4.5). */
export function guestPage(query: GuestListQuery, rules: SummaryRules): GuestListRequest['page'] {
  const named = query.limit !== undefined || query.offset !== undefined;
  return rules.paginateByDefault || named
    ? { limit: query.limit ?? GUEST_PAGE_LIMIT, offset: query.offset ?? 0 }
    : undefined;
}

export interface GuestList {
  items: Guest[];
  /** Over all pages; undefined when not paginated. */
  total: number | undefined;
}

/** A list of the organization's guests by id, as a read that may be cached under its change counter. */
export async function guestList(
  db: Db,
  organizationId: number,
  query: GuestListQuery,
  page: GuestListRequest['page'],
  known: KnownOrganizationState | null,
): Promise<VersionedRead<GuestList>> {
  const conn = db.kysely;
  const since = modifiedSinceOf(query);
  const text = query.q?.trim() || undefined;
  const organization = await organizationStateFor(conn, organizationId, known);
  const modifiedSince = since && modifiedLowerBound(organization?.timezone ?? 'UTC', since);
  return {
    version: organization?.version ?? -1,
    eventsCursor: organization?.eventsCursor,
    key: JSON.stringify([organizationId, modifiedSince ?? 'any', text, page?.limit, page?.offset]),
    load: async () => {
      if (!organization || modifiedSince === null) return { items: [], total: page ? 0 : undefined };
      const filter = {
        modifiedSince: modifiedSince ?? undefined,
        search: text === undefined ? undefined : { text, fold: foldFunction(db) },
      };
      const rows = await listGuestRows(conn, organizationId, { ...filter, page });
      if (!page) return { items: rows.map(toGuest), total: undefined };
      // A page that is not full tells the total by itself, unless it is empty past the first.
      const total =
        rows.length < page.limit && (rows.length > 0 || page.offset === 0)
          ? page.offset + rows.length
          : await countGuests(conn, organizationId, filter);
      return { items: rows.map(toGuest), total };
    },
  };
}

export async function getGuest(conn: Conn, organizationIds: readonly number[], id: number): Promise<Guest> {
  const row = await findGuestRow(conn, organizationIds, id);
  if (!row) throw notFound(id);
  return toGuest(row);
}

/** The stored guest, locked after its organization; 404 when it is none of the caller's. */
async function lockGuest(trx: WriteTransaction, organizationIds: readonly number[], id: number): Promise<GuestRow> {
  const row = await lockRecordForChange(trx, guestRecords, organizationIds, id);
  if (!row) throw notFound(id);
  return row;
}

/**
 * PATCH: corrections of the personal fields given (null clears one). An erased guest is not
 * corrected (409): its personal data is gone, and a correction would bring some back under a record
 * that says it was erased. Two guests of one organization never share an e-mail address (409
 * naming the other). No event: §10 has no guest change but its erasure.
 */
export async function updateGuest(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: GuestFields,
): Promise<Guest | Unchanged<Guest>> {
  const row = await lockGuest(trx, organizationIds, id);
  if (row.erased !== null) throw new AppError('conflict', `Guest ${id} was erased; an erased guest is not corrected.`);
  const values = guestColumns(changes);
  const changed = GUEST_FIELDS.some(({ column }) => column in values && values[column] !== row[column]);
  if (!changed) return unchanged(toGuest(row));
  const key = emailKey(changes.email);
  if (changes.email !== undefined && key !== null) {
    const other = await guestWithEmailKey(trx, row.organization_id, key, id);
    if (other !== undefined) {
      throw new AppError('conflict', `Guest ${other} of this organization has this e-mail address.`, {
        extensions: { guest: other },
      });
    }
  }
  const updated = await updateGuestRow(trx, id, {
    ...values,
    modified: formatTimestamp(clock()),
    version: row.version + 1,
  });
  return toGuest(updated);
}

/**
 * Erasure (SPEC §15): the guest's personal fields become null and `erased` is set; each of its
 * reservations shows "Erased guest" (a `reservation.updated` each, so a client that mirrors them by
 * the feed or by `modifiedSince` replaces the name too); the name is removed from every kept copy
 * (erasure.ts); `guest.erased` is recorded. Erasing an erased guest changes nothing and records
 * nothing. Answers whether this call erased it.
 */
export async function eraseGuest(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
): Promise<boolean> {
  const row = await lockGuest(trx, organizationIds, id);
  if (row.erased !== null) return false;
  const organizationId = row.organization_id;
  await holdDeliveryCopies(trx, organizationId);
  const now = formatTimestamp(clock());

  const reservations = await forUpdate(
    trx,
    trx
      .selectFrom('reservations as r')
      .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
      .select([...SUMMARY_COLUMNS, 'r.version'])
      .where('r.organization_id', '=', organizationId)
      .where('r.guest_id', '=', id)
      .orderBy('r.id'),
  ).execute();
  for (const reservation of reservations) {
    if (reservation.guest_name === ERASED_GUEST_NAME) continue;
    const version = reservation.version + 1;
    await trx
      .updateTable('reservations')
      .set({ guest_name: ERASED_GUEST_NAME, modified: now, version })
      .where('organization_id', '=', organizationId)
      .where('id', '=', reservation.id)
      .execute();
    const previous = toSummary(reservation);
    const data = toSummary({ ...reservation, guest_name: ERASED_GUEST_NAME, modified: now });
    // Its `previous` names the guest only until eraseNameCopies below, in this transaction.
    await recordEvent(trx, clock, { type: 'reservation.updated', data, previous, version });
  }
  await eraseNameCopies(
    trx,
    organizationId,
    reservations.map((r) => r.id),
  );

  const erased = await updateGuestRow(trx, id, {
    ...Object.fromEntries(GUEST_FIELDS.map(({ column }) => [column, null])),
    email_key: null,
    erased: now,
    modified: now,
    version: row.version + 1,
  });
  await recordEvent(trx, clock, { type: 'guest.erased', data: toGuest(erased), version: erased.version });
  return true;
}

/** Guests erased per sweep transaction, at most: a sweep holds the write lock briefly. */
const SWEEP_BATCH = 50;

/**
 * `GUEST_RETENTION_DAYS` (SPEC §15): erases the guests whose last departure (of any of their
 * reservations, cancelled ones included; their creation when they have none) lies `days` or more
 * days before the organization's today. Each guest is erased in a write transaction of its own
 * that locks it and finds it not yet erased (`eraseGuest`), so two processes sweeping at once
 * erase each guest once and record one `guest.erased`. Answers how many this sweep erased.
 */
export async function sweepRetainedGuests(db: Db, clock: Clock, days: number): Promise<number> {
  // Day numbers in UTC; a zone's today is at most one day ahead of UTC's, so this bound finds every
  // candidate, and each is checked against its own organization's today below.
  const today = clock().toISOString().slice(0, 10);
  const candidates = await retentionCandidates(db.kysely, addDays(today, 1 - days), SWEEP_BATCH);
  let erased = 0;
  for (const candidate of candidates) {
    const done = await withWriteTransaction(db, async (trx) => {
      const due = await retentionCandidates(trx, addDays(today, 1 - days), 1, candidate.id);
      const lastDay = due[0]?.lastDay;
      if (lastDay === undefined) return false;
      const timezone =
        (
          await trx
            .selectFrom('organizations')
            .select('timezone')
            .where('id', '=', candidate.organizationId)
            .executeTakeFirst()
        )?.timezone ?? 'UTC';
      if (addDays(lastDay, days) > dateInZone(clock(), timezone)) return false;
      // Erased meanwhile (by another sweep): nothing changed, the counter included.
      return (await eraseGuest(trx, clock, [candidate.organizationId], candidate.id)) || unchanged(false);
    });
    if (done) erased++;
  }
  return erased;
}

/** Guests not erased whose last departure (or creation day) is on or before `bound`, by id. */
async function retentionCandidates(
  conn: Conn,
  bound: string,
  limit: number,
  onlyId?: number,
): Promise<{ id: number; organizationId: number; lastDay: string }[]> {
  const only = onlyId === undefined ? sql`` : sql`and g.id = ${onlyId}`;
  const dialectDay = (expression: ReturnType<typeof sql>) => sql`substr(cast(${expression} as text), 1, 10)`;
  const lastDay = sql`coalesce(${dialectDay(sql`max(r.date_to)`)}, ${dialectDay(sql`g.created`)})`;
  const { rows } = await sql<{ id: number; organization_id: number; last_day: string }>`
    select g.id, g.organization_id, ${lastDay} as last_day
      from guests g left join reservations r on r.guest_id = g.id
     where g.erased is null ${only}
     group by g.id, g.organization_id, g.created
    having ${lastDay} <= ${bound}
     order by g.id
     limit ${limit}`.execute(conn);
  return rows.map((r) => ({ id: Number(r.id), organizationId: Number(r.organization_id), lastDay: r.last_day }));
}
