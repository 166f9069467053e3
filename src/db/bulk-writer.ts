import type { Kysely } from 'kysely';
import { withPostgresWriter } from './bulk-postgres.js';
import { withSqliteWriter } from './bulk-sqlite.js';
import type { BulkRow, BulkTable } from './bulk-columns.js';
import type { Db } from './database.js';
import type { Database } from './schema.js';

export { type BulkRow, type BulkTable, bulkRow } from './bulk-columns.js';

/**
 * Fast all-or-nothing loading for `booking import` and `booking seed`. Rows go in as arrays in a
 * table's column order, inside one transaction: prepared statements on SQLite, COPY into a staging
 * table and one upsert from it per chunk on PostgreSQL (straight COPY into a table the load found
 * empty, and for events, which are only ever added). Kysely's builder is kept for everything
 * else; here it would cost more than the insert. The columns and rows: bulk-columns.ts; the two
 * loaders: bulk-sqlite.ts and bulk-postgres.ts.
 */

export interface BulkWriter {
  /** Inserts rows, or updates every column of the row with the same id (events: inserts). */
  upsert<T extends BulkTable>(table: T, rows: readonly BulkRow<T>[]): Promise<void>;
  /** The highest id in the table, read inside the transaction (0 when empty). */
  maxId(table: BulkTable): Promise<number>;
  /**
   * For loads of many rows: drops the table's secondary indexes now and rebuilds them before the
   * commit, still inside the transaction. Building an index from sorted data once is many times
   * faster than updating it row by row in random order. Every constraint holds when the load
   * commits: on SQLite they are enforced throughout; on PostgreSQL, into an empty table, the keys,
   * unique constraints and foreign keys are dropped too and added back (so checked over every row)
   * before the commit, while the exclusion constraint against double bookings checks each row as it
   * arrives. On SQLite, the reservations' per-day counting triggers are set aside and the counts
   * taken afresh.
   */
  deferIndexes(table: BulkTable): Promise<void>;
}

/** Below this many rows, rebuilding indexes costs more than it saves. */
export const DEFER_INDEXES_FROM_ROWS = 50_000;

/**
 * What runs inside a bulk load's transaction: the writer, and the transaction itself for the reads
 * (checks, ids) that must see the same data the load writes over.
 */
export type BulkWork = (writer: BulkWriter, trx: Kysely<Database>) => Promise<void>;

/**
 * Runs `work` in one transaction: everything it upserts lands, or nothing does. SQLite takes its
 * write lock before `work` starts; on PostgreSQL `work` takes the locks it needs first (an import
 * locks every organization, as single writes lock theirs).
 */
export function withBulkWriter(db: Db, work: BulkWork): Promise<void> {
  return db.dialect === 'sqlite' ? withSqliteWriter(db, work) : withPostgresWriter(db, work);
}
