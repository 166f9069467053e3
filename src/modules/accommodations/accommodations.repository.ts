import { type Kysely, sql } from 'kysely';
import { toDbBoolean } from '../../db/database.js';
import type { AccommodationRow, Database } from '../../db/schema.js';
import { ownedRecords } from '../../db/owned-rows.js';
import { readFirst } from '../../db/prepared-reads.js';
import type { Accommodation } from './accommodations.schemas.js';

type Conn = Kysely<Database>;

export function toAccommodation(row: AccommodationRow): Accommodation {
  return {
    id: row.id,
    organization: row.organization_id,
    title: row.title,
    type: row.type,
    maxPersons: row.max_persons,
    bedrooms: row.bedrooms,
    active: Boolean(row.active),
    created: row.created,
    modified: row.modified,
  };
}

export interface AccommodationFilter {
  /** RFC 3339 UTC timestamp with whole seconds. */
  modifiedSince?: string | undefined;
  includeInactive: boolean;
}

export async function listAccommodations(
  conn: Conn,
  organizationId: number,
  filter: AccommodationFilter,
): Promise<Accommodation[]> {
  let query = conn.selectFrom('accommodations').selectAll().where('organization_id', '=', organizationId);
  if (filter.modifiedSince !== undefined) query = query.where('modified', '>=', filter.modifiedSince);
  // A literal, not a bound parameter: better-sqlite3 cannot bind booleans, and SQLite reads TRUE as 1.
  if (!filter.includeInactive) query = query.where('active', '=', sql<boolean>`true`);
  const rows = await query.orderBy('id').execute();
  return rows.map(toAccommodation);
}

/** One accommodation, only if it belongs to one of the organizations: elsewhere it does not exist for the caller. */
const ACCOMMODATION_COLUMNS = [
  'id',
  'organization_id',
  'title',
  'type',
  'max_persons',
  'bedrooms',
  'active',
  'created',
  'modified',
  'version',
] as const;

/**
 * An accommodation of one of `organizationIds`, by id. A lookup by primary key, prepared once (a
 * quotation reads it per request), whose organization is checked here: a credential may see
 * hundreds, and a list of them in the SQL would be a statement of its own for every length.
 */
export async function findAccommodationRow(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
): Promise<AccommodationRow | undefined> {
  if (organizationIds.length === 0) return undefined;
  const row = await readFirst(
    conn,
    'accommodation-by-id',
    (value) => conn.selectFrom('accommodations').select(ACCOMMODATION_COLUMNS).where('id', '=', value('id')),
    { id },
  );
  return row && organizationIds.includes(row.organization_id) ? row : undefined;
}

/** Accommodations as `lockRecordForChange` finds them. */
export const accommodationRecords = ownedRecords('accommodations');

/** The stored fields of an accommodation, as the API names them. */
export type AccommodationFields = Pick<Accommodation, 'title' | 'type' | 'maxPersons' | 'bedrooms' | 'active'>;

function columnsOf(conn: Conn, fields: AccommodationFields) {
  return {
    title: fields.title,
    type: fields.type,
    max_persons: fields.maxPersons,
    bedrooms: fields.bedrooms,
    active: toDbBoolean(conn, fields.active),
  };
}

export async function insertAccommodation(
  conn: Conn,
  organizationId: number,
  fields: AccommodationFields,
  now: string,
): Promise<Accommodation> {
  const row = await conn
    .insertInto('accommodations')
    .values({ organization_id: organizationId, ...columnsOf(conn, fields), created: now, modified: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccommodation(row);
}

export async function updateAccommodationRow(
  conn: Conn,
  row: Pick<AccommodationRow, 'organization_id' | 'id'>,
  fields: AccommodationFields,
  version: number,
  now: string,
): Promise<Accommodation> {
  const updated = await conn
    .updateTable('accommodations')
    .set({ ...columnsOf(conn, fields), version, modified: now })
    .where('organization_id', '=', row.organization_id)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccommodation(updated);
}

/** Ids per statement: keeps each IN list under SQLite's limit on bound parameters. */
const IDS_PER_QUERY = 10_000;

/** The organization of each accommodation among `ids` that exists. */
export async function accommodationOwners(conn: Conn, ids: readonly number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await conn
      .selectFrom('accommodations')
      .select(['id', 'organization_id'])
      .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
      .execute();
    for (const row of rows) owners.set(row.id, row.organization_id);
  }
  return owners;
}

/** The stored rows of these accommodations, by id. */
export async function accommodationsByIds(conn: Conn, ids: readonly number[]): Promise<Map<number, AccommodationRow>> {
  const rows = new Map<number, AccommodationRow>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const found = await conn
      .selectFrom('accommodations')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
      .execute();
    for (const row of found) rows.set(row.id, row);
  }
  return rows;
}
