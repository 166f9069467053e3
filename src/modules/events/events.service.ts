import type { Kysely } from 'kysely';
import { ulidFactory } from '../../shared/ulid.js';
import type { Database } from '../../db/schema.js';
import type { WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError } from '../../shared/errors.js';
import type { Accommodation } from '../accommodations/accommodations.schemas.js';
import type { Block } from '../blocks/blocks.schemas.js';
import type { Guest } from '../guests/guests.schemas.js';
import type { CalendarConflictEvent } from '../calendars/calendars.schemas.js';
import type { ReservationSummary } from '../reservations/reservations.schemas.js';
import { type DecodedCursor, decodeCursor, encodeCursor, type FeedCursor, MAX_ENTRIES } from './cursor.js';
import { cursorOfLegacy, type FeedFilter, insertEvent, readFeed } from './events.repository.js';
import { takePage } from './feed-page.js';
import type { Event, EventType } from './events.schemas.js';
import type { FeedWaker } from './feed-waker.js';

type Conn = Kysely<Database>;

/** What a write changed, as the write knows it: the record after, and before for a change. */
export type RecordChange =
  | {
      type: Extract<EventType, `reservation.${string}`>;
      data: ReservationSummary;
      previous?: ReservationSummary;
      version: number;
    }
  | {
      type: Extract<EventType, `accommodation.${string}`>;
      data: Accommodation;
      previous?: Accommodation;
      version: number;
    }
  | {
      type: Extract<EventType, `block.${string}`>;
      data: Block;
      previous?: Block;
      version: number;
    }
  | {
      type: Extract<EventType, `guest.${string}`>;
      data: Guest;
      /** Never: the values before an erasure are what it removes. */
      previous?: never;
      version: number;
    }
  | {
      type: 'calendar.conflict';
      data: CalendarConflictEvent;
      previous?: undefined;
      version: number;
    };

/** `modified` moves with every change: it is in `data`, never one of the `changes`. */
const NOT_A_CHANGE = new Set(['modified']);

/** The names of the fields whose value differs between two versions of a record. */
export function changedFields(before: object, after: object): string[] {
  const was = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([name, value]) => !NOT_A_CHANGE.has(name) && JSON.stringify(was[name]) !== JSON.stringify(value))
    .map(([name]) => name);
}

const nextUlid = ulidFactory();

/** The event of a change (SPEC §10), as it is stored and served. */
export function eventOf(change: RecordChange, occurred: Date): Event {
  const resourceType = change.type.slice(0, change.type.indexOf('.')) as Event['resource']['type'];
  const event: Event = {
    id: `evt_${nextUlid(occurred.getTime())}`,
    type: change.type,
    organization: change.data.organization,
    occurred: formatTimestamp(occurred),
    resource: { type: resourceType, id: change.data.id, version: change.version },
    data: change.data,
  };
  if (change.previous) {
    const changes = changedFields(change.previous, change.data);
    const previous = change.previous as Record<string, unknown>;
    event.changes = changes;
    event.previous = Object.fromEntries(changes.map((name) => [name, previous[name]]));
  }
  return event;
}

/** Records the event of a change in the write's own transaction (the outbox). */
export async function recordEvent(trx: WriteTransaction, clock: Clock, change: RecordChange): Promise<void> {
  const event = eventOf(change, clock());
  await insertEvent(trx, {
    id: event.id,
    organization_id: event.organization,
    type: event.type,
    resource_type: event.resource.type,
    resource_id: event.resource.id,
    resource_version: event.resource.version,
    occurred: event.occurred,
    body: JSON.stringify(event),
  });
}

export interface FeedRequest extends FeedFilter {
  after: string | undefined;
  limit: number;
  waitMs: number;
}

export interface FeedPage {
  /** Serialized events, in feed order. */
  bodies: string[];
  /** The cursor to go on from: every event up to it has been read. */
  next: string;
}

function cursorExpired(): AppError {
  return new AppError(
    'cursor-expired',
    'Events before this cursor are no longer kept. Resynchronize from the lists (GET /api/reservations/summaries, ' +
      'GET /api/accommodations/) and follow the feed from their Events-Cursor header.',
  );
}

/**
 * Where a read starts, per organization it names: the cursor's numbers (before migration 012: what
 * its old position means now). An organization it does not name starts at 0, the oldest event kept.
 * 410 when an old cursor's events may have been pruned.
 */
async function startOf(conn: Conn, organizations: readonly number[], given: DecodedCursor | undefined) {
  if (given === undefined) return new Map<number, number>();
  if (given.kind === 'seq') return given.cursor;
  const cursor = await cursorOfLegacy(conn, organizations, given.position);
  if (!cursor) throw cursorExpired();
  return cursor;
}

/**
 * A page of the feed (SPEC §10). When nothing follows the cursor, it waits up to `waitMs` for an
 * event to commit. The next cursor holds, per organization read, the last event returned, or, when
 * all of its events were returned, its counter as read: nothing of it before that is left, and
 * nothing can be added there later. A given cursor's numbers for organizations not read now go on
 * in the next one unchanged.
 */
export async function readEvents(
  conn: Conn,
  waker: FeedWaker,
  request: FeedRequest,
  signal?: AbortSignal,
): Promise<FeedPage> {
  const given = request.after === undefined ? undefined : decodeCursor(request.after);
  let start: FeedCursor = await startOf(conn, request.organizationIds, given);
  const carried: FeedCursor = given?.kind === 'seq' ? given.cursor : new Map();
  const deadline = Date.now() + request.waitMs;
  for (;;) {
    const feeds = await readFeed(conn, request, start, request.limit);
    // Pruned past where the cursor stood, as this very read saw it: events after it are gone.
    for (const [organization, feed] of feeds) {
      if (start.has(organization) && (start.get(organization) ?? 0) < feed.pruned) throw cursorExpired();
    }
    const page = takePage(feeds, start, request.limit);
    const remaining = deadline - Date.now();
    if (page.events.length > 0 || remaining <= 0 || signal?.aborted) {
      const next = new Map([...carried, ...page.next]);
      // Carried along only while a cursor can hold them all.
      return {
        bodies: page.events.map((e) => e.body),
        next: encodeCursor(next.size <= MAX_ENTRIES ? next : page.next),
      };
    }
    start = page.next;
    await waker.wait(remaining, start, signal, request.organizationIds);
  }
}
