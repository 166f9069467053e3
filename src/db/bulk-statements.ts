import { BULK_COLUMNS, type BulkTable } from './bulk-columns.js';

/** The SQL both bulk loaders (bulk-sqlite.ts, bulk-postgres.ts) write alike. */

/**
 * The highest id a table's rows use, as SQL (both dialects). Reservations share their ids with
 * drafts (migration 017: a placed draft's reservation keeps its id), so a new reservation id must
 * also be above every draft's.
 */
export function highestIdSql(table: string): string {
  const own = `coalesce((select max(id) from ${table}), 0)`;
  if (table !== 'reservations') return own;
  // max() of two values in SQLite, greatest() in PostgreSQL: both spell it as a CASE.
  const drafts = 'coalesce((select max(id) from drafts), 0)';
  return `(case when ${own} > ${drafts} then ${own} else ${drafts} end)`;
}

/** A bulk load may touch any organization: every change counter moves, so no cached count survives it. */
export const BUMP_ALL_VERSIONS = 'update organizations set version = version + 1';

/** The statement that writes `values` (VALUES … or a SELECT) into `table`: an upsert by id, for events an insert. */
export function upsertSql(table: BulkTable, values: string): string {
  const columns: readonly string[] = BULK_COLUMNS[table];
  const updates = columns
    .filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  const insert = `insert into ${table} (${columns.join(', ')}) ${values}`;
  // Events are only ever added (each has a new id), so they have no key to upsert by.
  return table === 'events' ? insert : `${insert} on conflict (id) do update set ${updates}`;
}
