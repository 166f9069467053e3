import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Something that runs `work` in a write transaction, possibly doing more in the same one. */
export type TransactionRunner<T> = (work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * PostgreSQL's transient refusals of a transaction: deadlock_detected and serialization_failure.
 * Reservation writes take their organization's row first, so concurrent bookings queue instead of
 * deadlocking on each other's exclusion-constraint entries; this is the backstop for whatever lock
 * order is left. Running the whole transaction again is the answer PostgreSQL documents; the next
 * attempt sees what the other transaction committed (a booking that lost becomes 409).
 */
const PG_RETRYABLE = new Set(['40P01', '40001']);
const PG_ATTEMPTS = 5;

/**
 * Runs `work` in a write transaction. On SQLite it begins IMMEDIATE: the write lock is taken before
 * the first read, so a check-then-write (no overlapping booking) cannot interleave with another
 * writer, whether in this process or another one sharing the file. PostgreSQL uses its default
 * isolation and relies on constraints (the exclusion constraint against double booking); `work` is
 * run again, from the start, when PostgreSQL refuses the transaction as a deadlock or a
 * serialization failure.
 */
export async function withWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.kysely.transaction().execute(work);
      } catch (error) {
        if (attempt >= PG_ATTEMPTS || !PG_RETRYABLE.has(databaseErrorCode(error) ?? '')) throw error;
        // A little jitter, so the transactions that collided do not collide again in step.
        await sleep(Math.random() * 10 * attempt);
      }
    }
  }
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
