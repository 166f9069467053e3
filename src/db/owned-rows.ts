import type { Kysely, Selectable } from 'kysely';
import type { OwnedRecords } from '../modules/organizations/organizations.service.js';
import type { Database } from './schema.js';
import { forUpdate } from './write-transaction.js';

/**
 * The reads every table of an organization's records needs the same way: find a record's
 * organization among the caller's, read it for update (`lockRecordForChange`), read many by id
 * (`booking import`). One place for them, whatever the table.
 */

/** Tables of records that belong to one organization and have an integer `id`. */
export type OwnedTable =
  'accommodations' | 'reservations' | 'blocks' | 'stay_rules' | 'price_records' | 'guests' | 'calendars';
type Row<T extends OwnedTable> = Selectable<Database[T]>;

/** Values per statement: keeps each IN list under SQLite's limit on bound parameters. */
export const VALUES_PER_QUERY = 10_000;

/**
 * Kysely types a query by its table's name; these helpers take the name as a parameter, so they
 * build their queries on one of the tables and answer the rows of the one named.
 */
const on = (conn: Kysely<Database>) => conn as unknown as Kysely<Pick<Database, 'blocks'>>;

/** The table's records as `lockRecordForChange` finds them. */
export function ownedRecords<T extends OwnedTable>(table: T): OwnedRecords<Row<T>> {
  const name = table as 'blocks';
  return {
    async organizationOf(conn, organizationIds, id) {
      if (organizationIds.length === 0) return undefined;
      const row = await on(conn)
        .selectFrom(name)
        .select('organization_id')
        .where('organization_id', 'in', [...organizationIds])
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.organization_id;
    },
    async readForUpdate(conn, organizationId, id) {
      const query = on(conn)
        .selectFrom(name)
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id);
      return (await forUpdate(conn, query).executeTakeFirst()) as Row<T> | undefined;
    },
  };
}

/** The stored rows with these ids, by id, whichever organization holds them. */
export async function rowsByIds<T extends OwnedTable>(
  conn: Kysely<Database>,
  table: T,
  ids: readonly number[],
): Promise<Map<number, Row<T>>> {
  const rows = new Map<number, Row<T>>();
  for (let i = 0; i < ids.length; i += VALUES_PER_QUERY) {
    const found = await on(conn)
      .selectFrom(table as 'blocks')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + VALUES_PER_QUERY))
      .execute();
    for (const row of found) rows.set(row.id, row as Row<T>);
  }
  return rows;
}
