import type { BulkWork, BulkWriter } from './bulk-writer.js';
import { BULK_COLUMNS, type BulkTable } from './bulk-columns.js';
import { BUMP_ALL_VERSIONS, highestIdSql, upsertSql } from './bulk-statements.js';
import type { Db } from './database.js';
import { LONGEST_STAY_SQL } from './longest-stay.js';
import { REBUILD_RESERVATION_DAYS_SQL } from './reservation-days.js';

/**
 * The bulk writer on SQLite: rows go in by prepared statements of many rows each, inside one
 * IMMEDIATE transaction on the service's own handle.
 */

/** Negative cache_size is in KiB: 1 GiB, released when the load ends. */
const BULK_CACHE_KIB = -1_048_576;

/**
 * Rows per SQLite statement: one `run` binding 64 rows costs far less than 64 runs (better-sqlite3's
 * per-call overhead dominates a narrow insert), and 64 × 17 values stay well below SQLite's limit.
 */
const SQLITE_ROWS_PER_STATEMENT = 64;

export async function withSqliteWriter(db: Extract<Db, { dialect: 'sqlite' }>, work: BulkWork) {
  const statements = new Map<string, ReturnType<typeof db.sqlite.prepare>>();
  const statementFor = (table: BulkTable, rows: number) => {
    const key = `${table}:${rows}`;
    let statement = statements.get(key);
    if (!statement) {
      const row = `(${BULK_COLUMNS[table].map(() => '?').join(', ')})`;
      statement = db.sqlite.prepare(upsertSql(table, `values ${Array(rows).fill(row).join(', ')}`));
      statements.set(key, statement);
    }
    return statement;
  };
  let loadedReservations = false;
  const writer: BulkWriter = {
    async upsert(table, rows) {
      if (table === 'reservations' && rows.length > 0) loadedReservations = true;
      const values: unknown[] = [];
      const flush = () => {
        const count = values.length / BULK_COLUMNS[table].length;
        if (count > 0) statementFor(table, count).run(values);
        values.length = 0;
      };
      for (const row of rows as readonly (readonly unknown[])[]) {
        // SQLite has no boolean: a boolean column (db/schema.ts `Bool`) stores 1 and 0.
        for (const value of row) values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
        if (values.length === SQLITE_ROWS_PER_STATEMENT * row.length) flush();
      }
      flush();
    },
    async maxId(table) {
      const row = db.sqlite.prepare(`select ${highestIdSql(table)} as id`).get() as { id: number };
      return row.id;
    },
    async deferIndexes(table) {
      // Indexes behind constraints (unique, primary key) have no SQL of their own and stay.
      const indexes = db.sqlite
        .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`)
        .all(table) as { name: string; sql: string }[];
      for (const index of indexes) {
        db.sqlite.exec(`drop index ${index.name}`);
        deferredIndexes.push(index.sql);
      }
      // The per-day counts' row triggers (migration 010) cost more than the rows themselves:
      // dropped too, and the counts are taken afresh in one grouped pass before the commit.
      if (table !== 'reservations') return;
      const triggers = db.sqlite
        .prepare(
          `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'reservations' and name like 'reservation_days_%'`,
        )
        .all() as { name: string; sql: string }[];
      for (const trigger of triggers) {
        db.sqlite.exec(`drop trigger ${trigger.name}`);
        deferredDayTriggers.push(trigger.sql);
      }
    },
  };
  const deferredIndexes: string[] = [];
  const deferredDayTriggers: string[] = [];
  const restoreJournal = useRollbackJournal(db.sqlite);
  // A large page cache keeps the six reservation indexes in memory while rows arrive in random
  // index order; with the default 2 MB cache, SQLite spills pages and a million rows take minutes.
  const cacheSize = Number(db.sqlite.pragma('cache_size', { simple: true }));
  db.sqlite.pragma(`cache_size = ${BULK_CACHE_KIB}`);
  // IMMEDIATE takes the write lock up front, so a concurrent writer cannot make us fail half-way.
  db.sqlite.exec('begin immediate');
  try {
    // Kysely's queries run on this same handle, so they are inside the transaction too.
    await work(writer, db.kysely);
    for (const sql of deferredIndexes) db.sqlite.exec(sql);
    if (deferredDayTriggers.length > 0) {
      for (const sql of deferredDayTriggers) db.sqlite.exec(sql);
      db.sqlite.exec(`delete from reservation_days; ${REBUILD_RESERVATION_DAYS_SQL}`);
    }
    // Rows loaded here skipped the single writes' bookkeeping of the longest stay (migration 006).
    if (loadedReservations) db.sqlite.exec(LONGEST_STAY_SQL.sqlite);
    db.sqlite.exec(BUMP_ALL_VERSIONS);
    db.sqlite.exec('commit');
  } catch (error) {
    db.sqlite.exec('rollback');
    throw error;
  } finally {
    db.sqlite.pragma(`cache_size = ${cacheSize}`);
    restoreJournal();
  }
}

/**
 * A bulk load mostly adds new pages. The rollback journal writes them once, straight into the file
 * (it journals only pages that existed before), where WAL writes each twice: into the log, then again
 * when the log is checkpointed. Saves ~1.3 s of a million-row seed. Leaving WAL needs the database
 * to itself: with other connections open (a running server, or this process's own read threads once
 * it has read summaries: sqlite-read-pool.ts), the load stays in WAL and readers go on reading while
 * it runs. Returns what puts WAL back.
 */
function useRollbackJournal(sqlite: Extract<Db, { dialect: 'sqlite' }>['sqlite']): () => void {
  if (sqlite.pragma('journal_mode', { simple: true }) !== 'wal') return () => {};
  const busyTimeout = Number(sqlite.pragma('busy_timeout', { simple: true }));
  sqlite.pragma('busy_timeout = 0');
  try {
    sqlite.pragma('journal_mode = DELETE');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    return () => {};
  } finally {
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
  }
  return () => sqlite.pragma('journal_mode = WAL');
}
