import type { Db } from './database.js';
import { EVENTS_CHANNEL } from './schema.js';

/**
 * "Events may have committed": how feed readers and webhook workers learn of a write without
 * sleeping out their wait (SPEC §10). A write transaction carries the organizations whose events it
 * recorded (`WriteTransaction.eventsRecordedOf`, db/write-transaction.ts); once `withWriteTransaction`
 * has committed it, `eventsCommitted` tells the listeners of this process at once and, on
 * PostgreSQL, every other process with one `NOTIFY`.
 *
 * The NOTIFY is sent after the commit, not inside the transaction: PostgreSQL serialises the
 * commits of notifying transactions on one lock, and a `pg_notify` in each write cost a round trip
 * and that queue (the write path ran at ~0.6 of its speed before events). Sent after, by this
 * process, at most one at a time: commits that land while one is in flight share the next. If the
 * process dies between its commit and its NOTIFY, readers elsewhere still look again every second.
 */

/** The organizations whose events committed; undefined when not known (any organization's). */
export type CommittedOrganizations = ReadonlySet<number> | undefined;

const listeners = new WeakMap<Db, Set<(organizations: CommittedOrganizations) => void>>();
const notifying = new WeakMap<Db, { again: boolean; organizations: Set<number> | undefined }>();

/** A NOTIFY payload holds at most 8,000 bytes; a longer list is sent as "any organization". */
const MAX_PAYLOAD = 7_000;

/** Calls `listener` after each commit of events by this process; returns the unsubscribe. */
export function onEventsCommitted(db: Db, listener: (organizations: CommittedOrganizations) => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** The NOTIFY payload naming `organizations`: their ids, comma-separated; '' for any organization. */
export function notifyPayload(organizations: CommittedOrganizations): string {
  const payload = organizations ? [...organizations].join(',') : '';
  return payload.length <= MAX_PAYLOAD ? payload : '';
}

/** The organizations a NOTIFY payload names (`notifyPayload`); undefined for any organization. */
export function payloadOrganizations(payload: string | undefined): CommittedOrganizations {
  if (!payload || !/^\d+(,\d+)*$/.test(payload)) return undefined;
  return new Set(payload.split(',').map(Number));
}

/**
 * Announces a commit of events of `organizations`: to this process's listeners now, to other
 * processes by NOTIFY, whose payload names the organizations (readers of others sleep on).
 */
export function eventsCommitted(db: Db, organizations: CommittedOrganizations): void {
  for (const listener of listeners.get(db) ?? []) listener(organizations);
  if (db.dialect !== 'postgres') return;
  const running = notifying.get(db);
  if (running) {
    // Commits that land while a NOTIFY is in flight share the next one, their organizations joined.
    if (!running.again) running.organizations = organizations && new Set(organizations);
    else if (running.organizations && organizations) for (const id of organizations) running.organizations.add(id);
    else running.organizations = undefined;
    running.again = true;
    return;
  }
  const state = { again: false, organizations: organizations && new Set(organizations) };
  notifying.set(db, state);
  void (async () => {
    try {
      do {
        const payload = notifyPayload(state.organizations);
        state.again = false;
        await db.pool.query(`select pg_notify('${EVENTS_CHANNEL}', $1)`, [payload]);
      } while (state.again);
    } catch {
      // The pool is closing or the database is gone: readers look again on their own timer.
    } finally {
      notifying.delete(db);
    }
  })();
}
