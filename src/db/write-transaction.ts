import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { eventsCommitted } from './commit-signal.js';
import { type Db, isPostgres } from './database.js';
import type { Database } from './schema.js';

/**
 * The one place a write transaction is opened (ARCHITECTURE "Write path"). Every write of an
 * organization, from the API or the CLI, runs inside `withWriteTransaction` and takes its locks
 * in one order: the organization's change-counter row first (organizations.service
 * `lockOrganization`), then the record it changes (`forUpdate`), then an Idempotency-Key's row
 * (idempotency.service `claimKey`). Writes of one organization therefore queue on one row and
 * never wait on each other in a cycle.
 *
 * What a transaction leads to once it ends is its own result, not a side channel: the work answers
 * `unchanged(value)` when it changed nothing (the transaction is rolled back, so not even the
 * organization's change counter moves and no cached page is thrown away), and the transaction
 * carries the organizations whose events it recorded (`WriteTransaction`), announced once it has
 * committed (db/commit-signal.ts).
 */

/**
 * The connection of a write inside `withWriteTransaction`. Its type is also the proof a function
 * asks for when it must only run in one: recording an event, taking an organization's lock.
 */
export interface WriteTransaction extends Kysely<Database> {
  /** The organizations whose events this transaction recorded: their readers are woken once it commits. */
  readonly eventsRecordedOf: Set<number>;
}

/** A write's answer when it changed nothing: its transaction is rolled back, and `value` answered. */
export class Unchanged<T> {
  constructor(readonly value: T) {}
}

export function unchanged<T>(value: T): Unchanged<T> {
  return new Unchanged(value);
}

/** What `withWriteTransaction` answers for a work that answers `R`: `unchanged(x)` answers x. */
export type WriteAnswer<R> = R extends Unchanged<infer T> ? T : R;

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
export async function withWriteTransaction<R>(
  db: Db,
  work: (trx: WriteTransaction) => Promise<R>,
): Promise<WriteAnswer<R>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { answer, eventsRecordedOf } = await runOnce(db, work);
      if (eventsRecordedOf.size > 0) eventsCommitted(db, eventsRecordedOf);
      return answer;
    } catch (error) {
      const retryable = db.dialect === 'postgres' && PG_RETRYABLE.has(databaseErrorCode(error) ?? '');
      if (!retryable || attempt >= PG_ATTEMPTS) throw error;
      // A little jitter, so the transactions that collided do not collide again in step.
      await sleep(Math.random() * 10 * attempt);
    }
  }
}

/** One attempt: begin, the work, then commit, or roll back when it changed nothing or failed. */
function runOnce<R>(
  db: Db,
  work: (trx: WriteTransaction) => Promise<R>,
): Promise<{ answer: WriteAnswer<R>; eventsRecordedOf: ReadonlySet<number> }> {
  return db.kysely.connection().execute(async (connection) => {
    const trx: WriteTransaction = Object.assign(connection, { eventsRecordedOf: new Set<number>() });
    await sql.raw(db.dialect === 'postgres' ? 'begin' : 'begin immediate').execute(trx);
    try {
      const result = await work(trx);
      if (result instanceof Unchanged) {
        await sql`rollback`.execute(trx);
        return { answer: result.value as WriteAnswer<R>, eventsRecordedOf: new Set() };
      }
      await sql`commit`.execute(trx);
      return { answer: result as WriteAnswer<R>, eventsRecordedOf: trx.eventsRecordedOf };
    } catch (error) {
      await sql`rollback`.execute(trx);
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
