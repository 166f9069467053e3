import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SQLite } from './sqlite-driver.js';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { preparedReadsOf, registerPreparedReads } from './prepared-reads.js';
import { readThreadsPerProcess, SqliteReadPool } from './sqlite-read-pool.js';
import { statementCache, tuneForReads } from './sqlite-connection.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** One open database: the Kysely instance plus the driver handle the bulk paths need. */
export type Db =
  | { readonly dialect: 'sqlite'; readonly kysely: Kysely<Database>; readonly sqlite: SQLite.Database }
  | { readonly dialect: 'postgres'; readonly kysely: Kysely<Database>; readonly pool: pg.Pool };

const PG_TYPE = { INT8: 20, DATE: 1082, TIMESTAMPTZ: 1184 } as const;

/**
 * `2025-01-20 14:03:11+00` (the session runs in UTC) → `2025-01-20T14:03:11Z`, fractions dropped.
 * Summaries pages print timestamps the same way in SQL (summaries-json.ts).
 */
function parsePgTimestamp(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.\d+)?\+00$/.exec(text);
  if (match) return `${match[1]}T${match[2]}Z`;
  return `${new Date(text).toISOString().slice(0, 19)}Z`;
}

/**
 * Dates stay strings (the default parser would turn them into local-midnight Date objects),
 * timestamps become RFC 3339 UTC strings and bigints numbers: the same values SQLite returns.
 */
function typeParser(oid: number, format?: 'text' | 'binary'): unknown {
  switch (oid) {
    case PG_TYPE.INT8:
      return Number;
    case PG_TYPE.DATE:
      return (text: string) => text;
    case PG_TYPE.TIMESTAMPTZ:
      return parsePgTimestamp;
    default:
      return pg.types.getTypeParser(oid, format);
  }
}

// pg declares getTypeParser by overloads per format; one function answers both.
const pgTypes = { getTypeParser: typeParser as pg.CustomTypesConfig['getTypeParser'] };

/** Kysely prepares every query anew: the same SQL text gets the same prepared statement instead. */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  return { close: () => sqlite.close(), prepare: statementCache((sql) => sqlite.prepare(sql)) };
}

/**
 * Opens the database. `readThreads`: on an SQLite file, the threads that run summaries pages and
 * counts (`sqlite-read-pool.ts`), started at the first such read; by default what one process on
 * this machine gets.
 */
export function createDb(config: DatabaseConfig, { readThreads = readThreadsPerProcess(1) } = {}): Db {
  if (config.dialect === 'sqlite') {
    if (config.filename !== ':memory:') mkdirSync(dirname(config.filename), { recursive: true });
    const sqlite = new SQLite(config.filename);
    // WAL lets readers (the read threads, other processes) run while a writer commits.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    tuneForReads(sqlite);
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    // Only a file can be opened again by another thread.
    const reader =
      config.filename === ':memory:' || readThreads === 0
        ? undefined
        : new SqliteReadPool(config.filename, readThreads);
    registerPreparedReads(kysely, { sqlite, reader });
    return { dialect: 'sqlite', sqlite, kysely };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    types: pgTypes,
    // A statement past 15 s is cancelled by the server; a server that stops answering altogether
    // (a partition, not a refusal) is given up on by the client after 20 s. Both become 503s.
    // ISO dates whatever the server's default: dates are read as text, and summaries pages print them.
    options: '-c TimeZone=UTC -c DateStyle=ISO -c statement_timeout=15000',
    query_timeout: 20_000,
    max: 10,
    // With PostgreSQL down, a request learns it within this and gets 503 (SPEC §6).
    connectionTimeoutMillis: 5000,
  });
  // A client that loses its connection must not crash the process: pg emits 'error' on it even while
  // it is checked out (between the queries of a transaction, say). The pool's own handler covers only
  // idle clients; this covers the ones in use. Their next query fails (503) and the pool discards them.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPreparedReads(kysely, { pool });
  return { dialect: 'postgres', pool, kysely };
}

/**
 * Whether a connection or transaction talks to PostgreSQL. Functions that take a transaction first
 * need it where the dialects differ in SQL (row locks), without a second parameter on every call.
 */
export function isPostgres(conn: Kysely<Database>): boolean {
  return conn.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQLite stores booleans as 0/1 and better-sqlite3 refuses to bind `true`. */
export function toDbBoolean(conn: Kysely<Database>, value: boolean): boolean | number {
  return isPostgres(conn) ? value : value ? 1 : 0;
}

export async function closeDb(db: Db): Promise<void> {
  try {
    await preparedReadsOf(db.kysely)?.close();
  } finally {
    // Kysely's destroy ends the pool or closes the SQLite handle.
    await db.kysely.destroy();
  }
}
