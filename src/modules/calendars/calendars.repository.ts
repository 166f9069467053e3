import type { Kysely } from 'kysely';
import type { CalendarEventRow, CalendarRow, Database } from '../../db/schema.js';
import { ownedRecords } from '../../db/owned-rows.js';
import type { HolderKind } from '../availability/night-holds.js';
import type { FeedHold } from './ical.js';
import type { Calendar, CalendarConflict } from './calendars.schemas.js';

type Conn = Kysely<Database>;

/** A feed that has not been read for this long is flagged (SPEC §16). */
export const STALE_AFTER_MS = 24 * 3_600_000;

/** The conflicts a calendar's events hold: those with a holder here and no block. */
export function conflictsOf(events: readonly CalendarEventRow[]): CalendarConflict[] {
  return events
    .filter((e) => e.held_by_kind !== null && e.held_by_id !== null)
    .map((e) => ({
      uid: e.uid,
      dateFrom: e.date_from,
      dateTo: e.date_to,
      heldBy: { kind: e.held_by_kind as HolderKind, id: Number(e.held_by_id) },
    }))
    .sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : a.uid < b.uid ? -1 : 1));
}

export function toCalendar(row: CalendarRow, events: readonly CalendarEventRow[], now: Date): Calendar {
  const since = Date.parse(row.last_success ?? row.created);
  return {
    id: row.id,
    organization: row.organization_id,
    accommodation: row.accommodation_id,
    name: row.name,
    url: row.url,
    created: row.created,
    modified: row.modified,
    lastFetched: row.last_fetched,
    lastSuccess: row.last_success,
    lastError: row.last_error,
    stale: now.getTime() - since >= STALE_AFTER_MS,
    events: Number(row.events),
    conflicts: conflictsOf(events),
  };
}

export const calendarRecords = ownedRecords('calendars');

export function calendarRowsOf(conn: Conn, organizationId: number, accommodationId: number): Promise<CalendarRow[]> {
  return conn
    .selectFrom('calendars')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('accommodation_id', '=', accommodationId)
    .orderBy('id')
    .execute();
}

export function eventsOfCalendars(conn: Conn, calendarIds: readonly number[]): Promise<CalendarEventRow[]> {
  if (calendarIds.length === 0) return Promise.resolve([]);
  return conn
    .selectFrom('calendar_events')
    .selectAll()
    .where('calendar_id', 'in', [...calendarIds])
    .orderBy('calendar_id')
    .orderBy('uid')
    .execute();
}

/** The accommodation and organization of an export token's hash, with what a cached read needs. */
export function feedOfToken(conn: Conn, tokenHash: string) {
  return conn
    .selectFrom('ical_feeds as f')
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .select(['f.accommodation_id', 'f.organization_id', 'o.version', 'o.timezone'])
    .where('f.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * What an accommodation's export holds: reservations in a night-holding status (SPEC §3) and the
 * blocks made here, holding a night of `from … to − 1`, by arrival. Blocks imported from another
 * channel's feed are left out: sent back out, a channel's own stay would return to it (and to the
 * others) as ours, and a stay cancelled there would live on as an echo that no side removes.
 */
export async function feedHolds(
  conn: Conn,
  accommodationId: number,
  period: { from: string; to: string },
): Promise<FeedHold[]> {
  const [reservations, blocks] = await Promise.all([
    conn
      .selectFrom('reservations')
      .select(['id', 'date_from', 'date_to', 'version', 'modified'])
      .where('accommodation_id', '=', accommodationId)
      .where('status', 'not in', ['cancelled', 'no-show'])
      .where('date_from', '<', period.to)
      .where('date_to', '>', period.from)
      .execute(),
    conn
      .selectFrom('blocks')
      .select(['id', 'date_from', 'date_to', 'version', 'modified'])
      .where('accommodation_id', '=', accommodationId)
      .where('kind', '<>', 'external')
      .where('date_from', '<', period.to)
      .where('date_to', '>', period.from)
      .execute(),
  ]);
  const holds: FeedHold[] = [
    ...reservations.map((r) => ({ kind: 'reservation' as const, ...hold(r) })),
    ...blocks.map((b) => ({ kind: 'block' as const, ...hold(b) })),
  ];
  return holds.sort((a, b) =>
    a.dateFrom !== b.dateFrom
      ? a.dateFrom < b.dateFrom
        ? -1
        : 1
      : a.kind !== b.kind
        ? a.kind < b.kind
          ? -1
          : 1
        : a.id - b.id,
  );
}

function hold(row: { id: number; date_from: string; date_to: string; version: number; modified: string }) {
  return {
    id: row.id,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    version: Number(row.version),
    modified: row.modified,
  };
}
