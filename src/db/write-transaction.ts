import { type Kysely, sql } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Something that runs `work` in a write transaction, possibly doing more in the same one. */
export type TransactionRunner<T> = (work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * Runs `work` in a write transaction. On SQLite it begins IMMEDIATE: the write lock is taken before
 * the first read, so a check-then-write (no overlapping booking) cannot interleave with another
 * writer, whether in this process or another one sharing the file. PostgreSQL uses its default
 * isolation and relies on constraints (the exclusion constraint against double booking).
 */
export async function withWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().execute(work);
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/** SQLSTATE of a PostgreSQL error, or SQLite's error code. */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export const PG_EXCLUSION_VIOLATION = '23P01';
