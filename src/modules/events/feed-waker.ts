import { sql } from 'kysely';
import pg from 'pg';
import { type CommittedOrganizations, onEventsCommitted, payloadOrganizations } from '../../db/commit-signal.js';
import type { Db } from '../../db/database.js';
import { EVENTS_CHANNEL } from '../../db/schema.js';
import { type FeedPosition, LAST_POSITION } from './cursor.js';

/**
 * Wakes long-polling feed readers (`wait`) when events of the organizations they read may have
 * been committed, by any process; a commit of another organization's events wakes nobody (issue
 * 41: every commit woke every waiter of every organization, and each read the feed again).
 * This process's own commits wake their readers at once (db/commit-signal.ts).
 * PostgreSQL: a connection of its own LISTENs on the channel every process notifies after it
 * commits events, the payload naming their organizations. An event can also become visible without
 * a notification of its own, when an older transaction ends (the feed's horizon): while anyone
 * waits, one query a second, for the whole process, asks which of the waiters' organizations have
 * events that passed the horizon since their read, and wakes those readers only (each reader looked
 * again every second before: 100 idle readers were 100 queries a second).
 * SQLite has no notifications between processes sharing a file: while someone waits, the last
 * event's position is read ten times a second (one step down the primary key); when it moved, one
 * query names the organizations of the new events, and their readers whose read had not seen them
 * are woken (so a commit between a reader's read and its wait is not missed).
 * Readers re-read the feed when woken, so a spurious wake costs one query.
 */
export interface FeedWaker {
  /**
   * Resolves at the next possible commit of events of `organizations` (of any, without them), or
   * after `ms`, or when `signal` aborts. `seen` is the feed's horizon of the reader's own read;
   * without it, the position now (for a waiter that looks again on a timer of its own anyway, as
   * the webhook worker does).
   */
  wait(
    ms: number,
    seen: FeedPosition | undefined,
    signal?: AbortSignal,
    organizations?: readonly number[],
  ): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_POLL_MS = 100;
const PG_RECHECK_MS = 1_000;

interface Waiter {
  /** Where the reader's read ended; on SQLite, moved on as the waker finds nothing of its organizations. */
  seen: FeedPosition;
  /** Undefined: any organization's events. */
  organizations: ReadonlySet<number> | undefined;
  wake(): void;
}

/** Whether a commit of events of `organizations` (undefined: not known) may concern the waiter. */
function concerns(waiter: Waiter, organizations: CommittedOrganizations): boolean {
  if (!organizations || !waiter.organizations) return true;
  for (const id of organizations) if (waiter.organizations.has(id)) return true;
  return false;
}

/**
 * Whether events newer than the waiter's read are among `latest` (organization → the highest
 * position, or PostgreSQL transaction id, of its new events).
 */
function hasNewEvents(waiter: Waiter, latest: ReadonlyMap<number, bigint>, key: (seen: FeedPosition) => bigint) {
  const seen = key(waiter.seen);
  const organizations = waiter.organizations ?? latest.keys();
  for (const id of organizations) if ((latest.get(id) ?? -1n) > seen) return true;
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

  let ready: () => Promise<void> = async () => {};
  let poll: () => void;
  let positionNow: () => FeedPosition = () => ({ txid: 0n, position: 0n });
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
        // Without the listener, the recheck below still finds what passed the horizon each second.
        connecting = undefined;
      }));
    let checking = false;
    poll = () => {
      // Waiters of any organization (the webhook worker) look again on their own timer.
      const readers = [...waiters].filter((waiter) => waiter.organizations !== undefined);
      if (checking || readers.length === 0) return;
      checking = true;
      const organizations = [...new Set(readers.flatMap((waiter) => [...(waiter.organizations ?? [])]))];
      const since = readers.reduce((min, waiter) => (waiter.seen.txid < min ? waiter.seen.txid : min), 2n ** 64n);
      void sql<{ horizon: string; organization_id: number | null; txid: string | null }>`
        with w as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
        select w.xmin::text as horizon, e.organization_id, e.txid::text as txid
        from w left join lateral (
          select organization_id, max(txid) as txid from events
          where organization_id = any(${organizations}::integer[]) and txid > ${String(since)}::xid8 and txid < w.xmin
          group by organization_id
        ) e on true`
        .execute(db.kysely)
        .then(({ rows }) => {
          const latest = new Map(
            rows.flatMap((row) =>
              row.txid === null ? [] : [[Number(row.organization_id), BigInt(row.txid)] as const],
            ),
          );
          // Every transaction below the horizon has ended: a reader with nothing of its own there
          // looks from it next time.
          const passed = { txid: BigInt(rows[0]?.horizon ?? 1) - 1n, position: LAST_POSITION };
          for (const waiter of readers) {
            if (!waiters.has(waiter)) continue;
            if (hasNewEvents(waiter, latest, (seen) => seen.txid)) waiter.wake();
            else if (passed.txid > waiter.seen.txid) waiter.seen = passed;
          }
        })
        // The database unreachable: everyone reads again, and learns it there.
        .catch(() => wake(readers))
        .finally(() => (checking = false));
    };
    stop = async () => {
      await client?.end().catch(() => {});
    };
  } else {
    const lastPosition = db.sqlite.prepare('select coalesce(max(position), 0) from events').pluck();
    const newOrganizations = db.sqlite.prepare(
      'select organization_id, max(position) from events where position > ? group by organization_id',
    );
    positionNow = () => ({ txid: 0n, position: BigInt(lastPosition.get() as number) });
    poll = () => {
      const top = positionNow().position;
      const behind = [...waiters].filter((waiter) => top > waiter.seen.position);
      if (behind.length === 0) return;
      const since = behind.reduce((min, w) => (w.seen.position < min ? w.seen.position : min), top);
      const latest = new Map(
        (newOrganizations.raw().all(since) as [number, number][]).map(([id, position]) => [id, BigInt(position)]),
      );
      for (const waiter of behind) {
        if (hasNewEvents(waiter, latest, (seen) => seen.position)) waiter.wake();
        // Nothing of its organizations up to `top`: the next look starts there.
        else waiter.seen = { txid: 0n, position: top };
      }
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
          seen: seen ?? positionNow(),
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
