import { type Expression, type Insertable, type Kysely, type RawBuilder, sql, type Updateable } from 'kysely';
import { escapeLike } from '../reservations/reservations.search.js';
import { ownedRecords } from '../../db/owned-rows.js';
import type { Database, GuestRow, GuestTable } from '../../db/schema.js';
import { formatTimestamp } from '../../shared/dates.js';
import { GUEST_FIELDS, type Guest, type GuestFields } from './guests.schemas.js';

type Conn = Kysely<Database>;

/**
 * How guests are matched by e-mail address within an organization: trimmed, in lower case. Folded
 * here rather than by SQL `lower()`, which folds ASCII only on SQLite; the result is stored as
 * `email_key` (migration 016), unique per organization.
 */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/** The columns of the personal fields given (those left out are not in the result). */
export function guestColumns(fields: GuestFields): Updateable<GuestTable> {
  const values: Record<string, string | null> = {};
  for (const { field, column } of GUEST_FIELDS) {
    const value = fields[field];
    if (value !== undefined) values[column] = value;
  }
  if (fields.email !== undefined) values.email_key = emailKey(fields.email);
  return values;
}

/**
 * The place step's guest (SPEC §15): the organization's guest with this e-mail address (case does
 * not matter) or, when there is none or no address was given, a new guest with these fields. A
 * guest found is used as stored: a booking form does not overwrite a record (corrections are
 * PATCH's). Answers the guest's id.
 *
 * Safe when two placements with one address run at once, on both databases: the insert yields to
 * the unique index on `(organization_id, email_key)`, and on PostgreSQL (READ COMMITTED) it waits
 * for the other transaction, so the read after it sees the guest the other one made.
 */
export async function guestForPlacement(
  trx: Conn,
  organizationId: number,
  guest: GuestFields,
  now: Date,
): Promise<number> {
  const key = emailKey(guest.email);
  const stamp = formatTimestamp(now);
  const values: Insertable<GuestTable> = {
    ...guestColumns(guest),
    email_key: key,
    organization_id: organizationId,
    created: stamp,
    modified: stamp,
  };
  if (key === null) {
    const row = await trx.insertInto('guests').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const inserted = await trx
    .insertInto('guests')
    .values(values)
    .onConflict((oc) => oc.columns(['organization_id', 'email_key']).where('email_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const found = await trx
    .selectFrom('guests')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', key)
    .executeTakeFirstOrThrow();
  return found.id;
}

export const guestRecords = ownedRecords('guests');

/** A guest row as the API shows it. */
export function toGuest(row: GuestRow): Guest {
  const fields = Object.fromEntries(GUEST_FIELDS.map(({ field, column }) => [field, row[column]]));
  return {
    id: row.id,
    organization: row.organization_id,
    ...(fields as Pick<Guest, (typeof GUEST_FIELDS)[number]['field']>),
    created: row.created,
    modified: row.modified,
    erased: row.erased,
  };
}

/** Folds case the same way on both databases (reservations.search.ts `foldFunction`). */
export type Fold = (value: Expression<string> | string) => RawBuilder<string>;

export interface GuestFilter {
  modifiedSince?: string | undefined;
  /** Text the name (first name and surname), e-mail address or phone number contains, case aside. */
  search?: { text: string; fold: Fold } | undefined;
}

function filtered(conn: Conn, organizationId: number, filter: GuestFilter) {
  let query = conn.selectFrom('guests').where('organization_id', '=', organizationId);
  if (filter.modifiedSince !== undefined) query = query.where('modified', '>=', filter.modifiedSince);
  if (filter.search) {
    const { text, fold } = filter.search;
    const pattern = `%${escapeLike(text)}%`;
    const name = sql<string>`coalesce(first_name, '') || ' ' || coalesce(surname, '')`;
    const like = (value: Expression<string>) => sql<boolean>`${fold(value)} like ${fold(pattern)} escape '\\'`;
    query = query.where((eb) =>
      eb.or([like(name), like(sql<string>`coalesce(email, '')`), like(sql<string>`coalesce(phone_number, '')`)]),
    );
  }
  return query;
}

/** The organization's guests, by id, filtered (`GuestFilter`). */
export function listGuestRows(
  conn: Conn,
  organizationId: number,
  filter: GuestFilter & { page?: { limit: number; offset: number } | undefined },
): Promise<GuestRow[]> {
  let query = filtered(conn, organizationId, filter).selectAll().orderBy('id');
  if (filter.page) query = query.limit(filter.page.limit).offset(filter.page.offset);
  return query.execute();
}

export async function countGuests(conn: Conn, organizationId: number, filter: GuestFilter): Promise<number> {
  const row = await filtered(conn, organizationId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findGuestRow(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
): Promise<GuestRow | undefined> {
  if (organizationIds.length === 0) return Promise.resolve(undefined);
  return conn
    .selectFrom('guests')
    .selectAll()
    .where('organization_id', 'in', [...organizationIds])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another guest of the organization with this e-mail key, if any: PATCH may not give two guests one address. */
export async function guestWithEmailKey(
  conn: Conn,
  organizationId: number,
  key: string,
  exceptId: number,
): Promise<number | undefined> {
  const row = await conn
    .selectFrom('guests')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', key)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row?.id;
}

export function updateGuestRow(conn: Conn, id: number, values: Updateable<GuestTable>): Promise<GuestRow> {
  return conn.updateTable('guests').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
