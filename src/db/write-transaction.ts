import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { eventsCommitted, takeEventsRecorded } from './commit-signal.js';
import { type Db, isPostgres } from './database.js';
import type { Database } from './schema.js';

/**
 * The one place a write transaction is opened (ARCHITECTURE "Write path"). Every write of an
 * organization, from the API or the CLI, runs inside `withWriteTransaction` and takes its locks
 * in one order: the organization's change-counter row first (organizations.repository
 * `lockOrganization`), then the record it changes (`forUpdate`). Writes of one organization
 * therefore queue on one row and never wait on each other in a cycle.
 */

/**
 * PostgreSQL's transient refusals of a transaction: deadlock_detected and serialization_failure.
 * With one lock order our own writes do not deadlock; this is the backstop for anything else that
 * locks rows (SQL run by hand, a future write that gets the order wrong). Running the whole
 * transaction again is the answer PostgreSQL documents; the next attempt sees what the other
 * transaction committed.
 */
const PG_RETRYABLE = new Set(['40P01', '40001']);
const PG_ATTEMPTS = 5;

/**
 * Runs `work` in a write transaction, and on PostgreSQL runs it again, whole, when PostgreSQL
 * refuses it as a deadlock or a serialization failure (so `work` must not keep state between
 * attempts). On SQLite it begins IMMEDIATE: the write lock is taken before the first read, so a
 * check-then-write cannot interleave with another writer, whether in this process or another one
 * sharing the file.
 */
export async function withWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    for (let attempt = 1; ; attempt++) {
      try {
        let recordedEvents: ReadonlySet<number> | undefined;
        const result = await db.kysely.transaction().execute(async (trx) => {
          const value = await work(trx);
          recordedEvents = takeEventsRecorded(trx);
          return value;
        });
        if (recordedEvents) eventsCommitted(db, recordedEvents);
        return result;
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
      const recordedEvents = takeEventsRecorded(connection);
      if (recordedEvents) eventsCommitted(db, recordedEvents);
      return result;
    } catch (error) {
      takeEventsRecorded(connection);
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * A read of a row the transaction is about to change: `FOR UPDATE` on PostgreSQL, so the new row is
 * computed from what is stored now and nobody changes it before the commit. SQLite has no row locks
 * and needs none: BEGIN IMMEDIATE already holds the database's only write lock.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(conn: Kysely<Database>, query: Q): Q {
  return isPostgres(conn) ? query.forUpdate() : query;
}

/** SQLSTATE of a PostgreSQL error, or SQLite's error code. */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export const PG_EXCLUSION_VIOLATION = '23P01';
