import { type Kysely, sql } from 'kysely';
import type { AccommodationRow, Database } from '../../db/schema.js';
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
