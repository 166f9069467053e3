import pg from 'pg';
import { onEventsCommitted } from '../../db/commit-signal.js';
import type { Db } from '../../db/database.js';
import { EVENTS_CHANNEL } from '../../db/schema.js';

/**
 * Wakes long-polling feed readers (`wait`) when events may have been committed, by any process.
 * This process's own commits wake them at once (db/commit-signal.ts).
 * PostgreSQL: a connection of its own LISTENs on the channel every process notifies after it
 * commits events, and readers also look again every second (an event can become visible
 * without a notification of its own, when an older transaction ends). SQLite has no notifications
 * between processes sharing a file: while someone waits, the last event's position is read ten
 * times a second (one step down the primary key), and a reader is woken once it passes the position
 * that reader had already seen, so a commit between its read and its wait is not missed.
 * Readers re-read the feed when woken, so a spurious wake costs one query.
 */
export interface FeedWaker {
  /**
   * Resolves at the next possible commit of events, or after `ms`, or when `signal` aborts.
   * `seen` is the last position the reader's own read covered (SQLite); without it, the position
   * now (for a waiter that looks again on a timer of its own anyway, as the webhook worker does).
   */
  wait(ms: number, seen: bigint | undefined, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_POLL_MS = 100;
const PG_RECHECK_MS = 1_000;

interface Waiter {
  seen: bigint;
  wake(): void;
}

export function createFeedWaker(db: Db): FeedWaker {
  const waiters = new Set<Waiter>();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const wake = (which: Iterable<Waiter>) => {
    for (const waiter of [...which]) waiter.wake();
  };

  let ready: () => Promise<void> = async () => {};
  let poll: () => void;
  let positionNow: () => bigint = () => 0n;
  let stop: () => Promise<void> = async () => {};
  if (db.dialect === 'postgres') {
    let client: pg.Client | undefined;
    // Connected lazily, on the first wait: an app that never long-polls holds no extra connection.
    let connecting: Promise<void> | undefined;
    ready = () =>
      (connecting ??= (async () => {
        client = new pg.Client({ ...db.pool.options });
        client.on('notification', () => wake(waiters));
        // A lost connection: wake everyone (they re-read) and connect again on the next wait.
        client.on('error', () => {
          connecting = undefined;
          wake(waiters);
        });
        await client.connect();
        await client.query(`listen ${EVENTS_CHANNEL}`);
      })().catch(() => {
        // Without the listener, readers still look again every second.
        connecting = undefined;
      }));
    poll = () => wake(waiters);
    stop = async () => {
      await client?.end().catch(() => {});
    };
  } else {
    const lastPosition = db.sqlite.prepare('select coalesce(max(position), 0) from events').pluck();
    positionNow = () => BigInt(lastPosition.get() as number);
    poll = () => {
      const top = positionNow();
      wake([...waiters].filter((waiter) => top > waiter.seen));
    };
  }
  const pollEvery = db.dialect === 'postgres' ? PG_RECHECK_MS : SQLITE_POLL_MS;
  // A commit of events by this process wakes its readers at once, without the poll or the NOTIFY.
  const unsubscribe = onEventsCommitted(db, () => {
    if (waiters.size > 0) poll();
  });

  return {
    async wait(ms, seen, signal) {
      if (closed || ms <= 0) return;
      await ready();
      await new Promise<void>((resolve) => {
        const waiter: Waiter = {
          seen: seen ?? positionNow(),
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
