import pg from 'pg';
import { type CommittedOrganizations, onEventsCommitted, payloadOrganizations } from '../../db/commit-signal.js';
import type { Db } from '../../db/database.js';
import { EVENTS_CHANNEL } from '../../db/schema.js';
import type { FeedCursor } from './cursor.js';
import { currentCursor } from './events.repository.js';

/**
 * Wakes long-polling feed readers (`wait`) when events of the organizations they read may have
 * been committed, by any process; a commit of another organization's events wakes nobody (issue
 * 41: every commit woke every waiter of every organization, and each read the feed again).
 * This process's own commits wake their readers at once (db/commit-signal.ts).
 * PostgreSQL: a connection of its own LISTENs on the channel every process notifies after it
 * commits events, the payload naming their organizations. A process that died between its commit
 * and its NOTIFY sends none: while anyone waits, one query a second, for the whole process, reads
 * the change counters of the waiters' organizations and wakes the readers whose counter moved past
 * their read (each reader looked again every second before: 100 idle readers were 100 queries a second).
 * SQLite has no notifications between processes sharing a file: the same query runs ten times a
 * second while someone waits, so a commit between a reader's read and its wait is not missed.
 * Readers re-read the feed when woken, so a spurious wake (a write that recorded no event also
 * moves the counter) costs one query.
 */
export interface FeedWaker {
  /**
   * Resolves at the next possible commit of events of `organizations` (of any, without them), or
   * after `ms`, or when `signal` aborts. `seen` holds, per organization, the counter of the
   * reader's own read; without it, the reader looks again on a timer of its own anyway (as the
   * webhook worker does) and is woken by notifications only.
   */
  wait(
    ms: number,
    seen: FeedCursor | undefined,
    signal?: AbortSignal,
    organizations?: readonly number[],
  ): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_POLL_MS = 100;
const PG_RECHECK_MS = 1_000;

interface Waiter {
  /** Per organization, the counter its read saw. */
  seen: FeedCursor | undefined;
  /** Undefined: any organization's events. */
  organizations: ReadonlySet<number> | undefined;
  wake: () => void;
}

/** Whether a commit of events of `organizations` (undefined: not known) may concern the waiter. */
function concerns(waiter: Waiter, organizations: CommittedOrganizations): boolean {
  if (!organizations || !waiter.organizations) return true;
  for (const id of organizations) if (waiter.organizations.has(id)) return true;
  return false;
}

/** Whether a counter of the waiter's organizations moved past its read. */
function counterMoved(waiter: Waiter, counters: ReadonlyMap<number, number>): boolean {
  for (const [id, seen] of waiter.seen ?? []) {
    if ((!waiter.organizations || waiter.organizations.has(id)) && (counters.get(id) ?? seen) > seen) return true;
  }
  return false;
}

export function createFeedWaker(db: Db): FeedWaker {
  const waiters = new Set<Waiter>();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const wake = (which: Iterable<Waiter>) => {
    for (const waiter of [...which]) waiter.wake();
  };
  const wakeConcerned = (organizations: CommittedOrganizations) =>
    wake([...waiters].filter((waiter) => concerns(waiter, organizations)));

  /** The change counters of every organization a reader waits on, and who moved past them. */
  const recheck = async () => {
    const readers = [...waiters].filter((waiter) => waiter.seen !== undefined);
    if (readers.length === 0) return;
    const organizations = [...new Set(readers.flatMap((waiter) => [...(waiter.seen?.keys() ?? [])]))];
    const counters = await currentCursor(db.kysely, organizations);
    wake(readers.filter((waiter) => waiters.has(waiter) && counterMoved(waiter, counters)));
  };
  let checking = false;
  const poll = () => {
    if (checking) return;
    checking = true;
    recheck()
      // The database unreachable: everyone reads again, and learns it there.
      .catch(() => wake(waiters))
      .finally(() => (checking = false));
  };
  let ready: () => Promise<void> = async () => {};
  let stop: () => Promise<void> = async () => {};
  if (db.dialect === 'postgres') {
    let client: pg.Client | undefined;
    // Connected lazily, on the first wait: an app that never long-polls holds no extra connection.
    let connecting: Promise<void> | undefined;
    ready = () =>
      (connecting ??= (async () => {
        client = new pg.Client({ ...db.pool.options });
        client.on('notification', (message) => wakeConcerned(payloadOrganizations(message.payload)));
        // A lost connection: wake everyone (they re-read) and connect again on the next wait.
        client.on('error', () => {
          connecting = undefined;
          wake(waiters);
        });
        await client.connect();
        await client.query(`listen ${EVENTS_CHANNEL}`);
      })().catch(() => {
        // Without the listener, the recheck below still finds what committed each second.
        connecting = undefined;
      }));
    stop = async () => {
      await client?.end().catch(() => {});
    };
  }
  const pollEvery = db.dialect === 'postgres' ? PG_RECHECK_MS : SQLITE_POLL_MS;
  // A commit of events by this process wakes its readers of those organizations at once, without
  // the poll or the NOTIFY.
  const unsubscribe = onEventsCommitted(db, (organizations) => {
    if (waiters.size > 0) wakeConcerned(organizations);
  });

  return {
    async wait(ms, seen, signal, organizations) {
      if (closed || ms <= 0) return;
      await ready();
      await new Promise<void>((resolve) => {
        const waiter: Waiter = {
          seen,
          organizations: organizations && new Set(organizations),
          wake: () => {
            clearTimeout(timeout);
            signal?.removeEventListener('abort', waiter.wake);
            waiters.delete(waiter);
            if (waiters.size === 0 && timer) {
              clearInterval(timer);
              timer = undefined;
            }
            resolve();
          },
        };
        const timeout = setTimeout(waiter.wake, ms);
        signal?.addEventListener('abort', waiter.wake, { once: true });
        waiters.add(waiter);
        if (!timer) {
          timer = setInterval(poll, pollEvery);
          timer.unref();
        }
      });
    },
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearInterval(timer);
      wake(waiters);
      await stop();
    },
  };
}
