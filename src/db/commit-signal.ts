import type { Kysely } from 'kysely';
import type { Db } from './database.js';
import { type Database, EVENTS_CHANNEL } from './schema.js';

/**
 * "Events may have committed": how feed readers and webhook workers learn of a write without
 * sleeping out their wait (SPEC §10). A transaction that records events is marked
 * (`markEventsRecorded`); once `withWriteTransaction` has committed it, `eventsCommitted` tells the
 * listeners of this process at once and, on PostgreSQL, every other process with one `NOTIFY`.
 *
 * The NOTIFY is sent after the commit, not inside the transaction: PostgreSQL serialises the
 * commits of notifying transactions on one lock, and a `pg_notify` in each write cost a round trip
 * and that queue (the write path ran at ~0.6 of its speed before events). Sent after, by this
 * process, at most one at a time: commits that land while one is in flight share the next. If the
 * process dies between its commit and its NOTIFY, readers elsewhere still look again every second.
 */

type Conn = Kysely<Database>;

const recorded = new WeakSet<object>();
const listeners = new WeakMap<Db, Set<() => void>>();
const notifying = new WeakMap<Db, { again: boolean }>();

/** Called where an event is inserted: this transaction's commit is worth announcing. */
export function markEventsRecorded(trx: Conn): void {
  recorded.add(trx);
}

/** Whether the transaction recorded events (and forgets it: asked once, after its commit). */
export function takeEventsRecorded(trx: Conn): boolean {
  return recorded.delete(trx);
}

/** Calls `listener` after each commit of events by this process; returns the unsubscribe. */
export function onEventsCommitted(db: Db, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Announces a commit of events: to this process's listeners now, to other processes by NOTIFY. */
export function eventsCommitted(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
  if (db.dialect !== 'postgres') return;
  const running = notifying.get(db);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  notifying.set(db, state);
  void (async () => {
    try {
      do {
        state.again = false;
        await db.pool.query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
      } while (state.again);
    } catch {
      // The pool is closing or the database is gone: readers look again on their own timer.
    } finally {
      notifying.delete(db);
    }
  })();
}
