import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database, DraftRow, DraftTable, ReservationOrderLineRow } from '../../db/schema.js';
import { forUpdate } from '../../db/write-transaction.js';

/**
 * Drafts of the original's booking flow (SPEC §15, migration 017) and the order lines a placed
 * reservation keeps. A draft is found only by its id together with its token's hash, within the
 * credential's organizations: anything else is "no such draft" (404), whatever the reason.
 */

type Conn = Kysely<Database>;

/**
 * An id for a new draft from the reservations' id space, which the placed reservation keeps. On
 * PostgreSQL the reservations' identity sequence hands it out (never twice, whatever commits). On
 * SQLite a new reservation's id is the table's highest plus one, so both ask `nextSqliteId`, which
 * also looks above every draft; the write's BEGIN IMMEDIATE makes the read and the insert one step.
 */
export async function nextDraftId(conn: Conn): Promise<number> {
  if (isPostgres(conn)) {
    const { rows } = await sql<{
      id: string;
    }>`select nextval(pg_get_serial_sequence('reservations', 'id')) as id`.execute(conn);
    return Number(rows[0]?.id);
  }
  return nextSqliteReservationId(conn);
}

/** SQLite: the next id of a reservation or draft, above every reservation's and every draft's. */
export async function nextSqliteReservationId(conn: Conn): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select max(coalesce((select max(id) from reservations), 0), coalesce((select max(id) from drafts), 0)) + 1 as id`.execute(
    conn,
  );
  return Number(rows[0]?.id);
}

export async function insertDraft(conn: Conn, values: Insertable<DraftTable>): Promise<DraftRow> {
  return conn.insertInto('drafts').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The draft with this id and token (its hash), of one of the organizations, read for update. */
export async function findDraftForUpdate(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
  tokenHash: string,
): Promise<DraftRow | undefined> {
  if (organizationIds.length === 0) return undefined;
  return forUpdate(
    conn,
    conn
      .selectFrom('drafts')
      .selectAll()
      .where('id', '=', id)
      .where('token_hash', '=', tokenHash)
      .where('organization_id', 'in', [...organizationIds]),
  ).executeTakeFirst();
}

/** The organization of the draft with this id and token, if it is one of these (read before any lock). */
export async function draftOrganization(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
  tokenHash: string,
): Promise<number | undefined> {
  if (organizationIds.length === 0) return undefined;
  const row = await conn
    .selectFrom('drafts')
    .select('organization_id')
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .where('organization_id', 'in', [...organizationIds])
    .executeTakeFirst();
  return row?.organization_id;
}

export async function updateDraft(conn: Conn, id: number, values: Updateable<DraftTable>): Promise<DraftRow> {
  return conn.updateTable('drafts').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Deletes the drafts that expired by `now` (SPEC §15: an expired draft holds nothing), of one
 * accommodation (a write that is about to check its nights) or of every organization (the sweep,
 * at most `limit` at a time). Placed drafts go too once their time is up: their reservation holds
 * the nights, and the row only told a second place that it was placed.
 */
export async function removeExpiredDrafts(
  conn: Conn,
  scope: { accommodationId?: number; organizationId?: number; now: string; limit?: number },
): Promise<number> {
  let expired = conn.selectFrom('drafts').select('id').where('expires', '<=', scope.now);
  if (scope.accommodationId !== undefined) expired = expired.where('accommodation_id', '=', scope.accommodationId);
  if (scope.organizationId !== undefined) expired = expired.where('organization_id', '=', scope.organizationId);
  if (scope.limit !== undefined) expired = expired.orderBy('expires').limit(scope.limit);
  const ids = (await expired.execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  await conn.deleteFrom('drafts').where('id', 'in', ids).execute();
  return ids.length;
}

/** The drafts of these accommodations that hold their nights (not placed; the caller removed the expired). */
export async function liveDraftsOf(
  conn: Conn,
  organizationIds: readonly number[],
  accommodationIds: readonly number[],
): Promise<Pick<DraftRow, 'id' | 'accommodation_id' | 'date_from' | 'date_to'>[]> {
  if (organizationIds.length === 0 || accommodationIds.length === 0) return [];
  const drafts = [];
  for (let i = 0; i < accommodationIds.length; i += 10_000) {
    drafts.push(
      ...(await conn
        .selectFrom('drafts')
        .select(['id', 'accommodation_id', 'date_from', 'date_to'])
        .where('organization_id', 'in', [...organizationIds])
        .where('accommodation_id', 'in', accommodationIds.slice(i, i + 10_000))
        .where('placed', 'is', null)
        .execute()),
    );
  }
  return drafts;
}

/** A live draft (not placed, not expired by `now`) holding one of the stay's nights, if any. */
export async function findOverlappingDraft(
  conn: Conn,
  stay: { accommodationId: number; dateFrom: string; dateTo: string; now: string; exceptId?: number | undefined },
): Promise<number | undefined> {
  let query = conn
    .selectFrom('drafts')
    .select('id')
    .where('accommodation_id', '=', stay.accommodationId)
    .where('date_from', '<', stay.dateTo)
    .where('date_to', '>', stay.dateFrom)
    .where('placed', 'is', null)
    .where('expires', '>', stay.now);
  if (stay.exceptId !== undefined) query = query.where('id', '<>', stay.exceptId);
  return (await query.limit(1).executeTakeFirst())?.id;
}

/**
 * When each live draft of the organization expires (after `now`), earliest first: what a park keeps
 * (availability.service `Park`) so that an answer showing drafts is known to be exact until the next
 * of them, without a statement per request. Only a write adds a draft or renews its expiry, and every
 * such write moves the change counter the park is kept under.
 */
export async function liveDraftExpiries(conn: Conn, organizationId: number, now: string): Promise<string[]> {
  const rows = await conn
    .selectFrom('drafts')
    .select('expires')
    .distinct()
    .where('organization_id', '=', organizationId)
    .where('expires', '>', now)
    .where('placed', 'is', null)
    .orderBy('expires')
    .execute();
  return rows.map((row) => row.expires);
}

export async function insertOrderLines(conn: Conn, lines: readonly ReservationOrderLineRow[]): Promise<void> {
  if (lines.length > 0)
    await conn
      .insertInto('reservation_order_lines')
      .values([...lines])
      .execute();
}

/** A reservation's order lines in their order; empty for a reservation made otherwise. */
export async function orderLinesOf(conn: Conn, organizationId: number, reservationId: number) {
  return conn
    .selectFrom('reservation_order_lines')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('reservation_id', '=', reservationId)
    .orderBy('position')
    .execute();
}
