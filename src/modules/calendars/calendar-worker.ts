import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { CalendarSettings } from '../../config.js';
import { type Db, isPostgres } from '../../db/database.js';
import type { CalendarRow } from '../../db/schema.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { type Resolver, systemResolver } from '../webhooks/ssrf.js';
import { recordFetch, type FetchOutcome } from './calendar-sync.js';
import { createFeedFetcher, type FeedFetcher } from './feed-client.js';
import { feedStays } from './ical.js';

/**
 * The calendar worker (SPEC §16), beside the webhook worker in every `booking serve` and `booking
 * worker` process: it claims the calendars whose next fetch is due under a lease, as deliveries
 * are claimed (one statement; SKIP LOCKED on PostgreSQL, so two processes never fetch one feed at
 * once), fetches each and records what it read. The next fetch is due a poll interval after this
 * one was: each feed is fetched once per interval, by whichever process claims it first.
 */

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

export interface CalendarWorkerOptions {
  /** Feeds fetched at once by this process. */
  concurrency?: number;
  /** How often due calendars are looked for. */
  pollMs?: number;
  resolver?: Resolver;
  clock?: Clock;
  fetcher?: FeedFetcher;
}

export interface CalendarWorker {
  readonly owner: string;
  stop(): Promise<void>;
}

/** Leases due calendars for `owner`: at most `limit`, the longest due first. */
export async function claimDueCalendars(
  db: Db,
  claim: { owner: string; now: number; leaseMs: number; limit: number },
): Promise<CalendarRow[]> {
  if (claim.limit <= 0) return [];
  const { owner, now, leaseMs, limit } = claim;
  const free = sql`next_fetch_at <= ${now} and (lease_until is null or lease_until < ${now})`;
  const lock = isPostgres(db.kysely) ? sql`for update skip locked` : sql``;
  const { rows } = await sql<CalendarRow>`
    update calendars set lease_owner = ${owner}, lease_until = ${now + leaseMs}
    where id in (select id from calendars where ${free} order by next_fetch_at, id limit ${limit} ${lock})
      and ${free}
    returning *`.execute(db.kysely);
  return rows.map((r) => ({ ...r, id: Number(r.id), next_fetch_at: Number(r.next_fetch_at) }));
}

/** Fetches one claimed calendar and records the outcome. */
export async function fetchCalendar(
  db: Db,
  clock: Clock,
  fetcher: FeedFetcher,
  calendar: CalendarRow,
  owner: string,
  pollMs: number,
  signal?: AbortSignal,
): Promise<FetchOutcome> {
  const started = clock().getTime();
  const response = await fetcher(calendar.url, { etag: calendar.etag, lastModified: calendar.last_modified }, signal);
  let outcome: FetchOutcome;
  if (response.kind === 'read') {
    const zone = await db.kysely
      .selectFrom('organizations')
      .select('timezone')
      .where('id', '=', calendar.organization_id)
      .executeTakeFirstOrThrow();
    try {
      outcome = {
        kind: 'read',
        stays: feedStays(response.text, zone.timezone),
        etag: response.etag,
        lastModified: response.lastModified,
      };
    } catch {
      outcome = { kind: 'failed', error: 'not-icalendar' };
    }
  } else {
    outcome = response;
  }
  if (outcome.kind === 'failed' && outcome.error === 'aborted') {
    // Shutting down: the lease goes back, the fetch is due again for anyone.
    await db.kysely
      .updateTable('calendars')
      .set({ lease_owner: null, lease_until: null })
      .where('id', '=', calendar.id)
      .where('lease_owner', '=', owner)
      .execute();
    return outcome;
  }
  // Due one interval after this fetch began: never two fetches of a feed closer than that.
  const nextFetchAt = started + pollMs;
  await recordFetch(db, clock, calendar.id, owner, outcome, nextFetchAt);
  return outcome;
}

export function startCalendarWorker(
  db: Db,
  settings: CalendarSettings,
  log: Logger,
  options: CalendarWorkerOptions = {},
): CalendarWorker {
  const concurrency = options.concurrency ?? 8;
  // Looking for due calendars is one indexed query: often enough that a fetch is at most a second late.
  const pollMs = options.pollMs ?? Math.min(1_000, settings.pollSeconds * 250);
  const clock = options.clock ?? systemClock;
  const fetcher =
    options.fetcher ??
    createFeedFetcher({
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      allowPrivateNetworks: settings.allowPrivateNetworks,
      resolver: options.resolver ?? systemResolver,
    });
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}:calendars`;
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wake: (() => void) | undefined;

  const cycle = async () => {
    const claimed = await claimDueCalendars(db, {
      owner,
      now: clock().getTime(),
      leaseMs: settings.leaseMs,
      limit: concurrency - running.size,
    });
    for (const calendar of claimed) {
      const job = fetchCalendar(db, clock, fetcher, calendar, owner, settings.pollSeconds * 1000, abort.signal)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, calendar: calendar.id }, 'calendar fetch could not be recorded'),
        )
        .finally(() => {
          running.delete(job);
          wake?.();
        });
      running.add(job);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        await cycle();
      } catch (error) {
        log.error({ err: error }, 'calendar worker cycle failed');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    owner,
    async stop() {
      if (stopping) return;
      stopping = true;
      wake?.();
      await loop;
      abort.abort();
      await Promise.all(running);
    },
  };
}
