import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { SQLite } from './sqlite-driver.js';
import { statementCache, tuneForReads } from './sqlite-connection.js';
import type { ReadTask, ReadResult } from './sqlite-read-pool.js';

/*
 * A thread of the SQLite read pool (`sqlite-read-pool.ts`): its own connection to the database file,
 * read-only, with the statements it has been asked for prepared once each.
 */

/** The connection, opened by the first read: a file that cannot be opened fails that read, not the thread. */
let statementFor: ((sql: string) => SQLite.Statement) | undefined;

function open(): (sql: string) => SQLite.Statement {
  const sqlite = new SQLite((workerData as { filename: string }).filename);
  tuneForReads(sqlite);
  sqlite.pragma('query_only = ON');
  return statementCache((sql) => sqlite.prepare(sql).raw(true));
}

/** A blob that owns its memory moves to the caller instead of being copied. */
const isWholeBuffer = (value: unknown): value is Buffer =>
  Buffer.isBuffer(value) && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;

/**
 * Synchronous on purpose: a thread is handed several statements at a time (`concurrentTasksPerWorker`
 * in sqlite-read-pool.ts), and only a handler that never awaits keeps them from interleaving on the
 * one connection.
 */
export default function read({ sql, parameters }: ReadTask): ReadResult {
  try {
    statementFor ??= open();
    const rows = statementFor(sql).all(parameters) as unknown[][];
    // A summaries page is one blob of one row: hand over its memory rather than copy 20-40 KB.
    const blob = rows.length === 1 ? rows[0]?.find(isWholeBuffer) : undefined;
    return blob ? (move({ [transferableSymbol]: blob.buffer, [valueSymbol]: { rows } }) as never) : { rows };
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    return { error: { message, code } };
  }
}
