import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { addDays, addYears, dateInZone, formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import {
  type LockedOrganization,
  lockOrganization,
  type VersionedRead,
} from '../organizations/organizations.service.js';
import { type UrlPolicy, urlProblem } from '../webhooks/ssrf.js';
import { removeCalendar } from './calendar-sync.js';
import { calendarRowsOf, eventsOfCalendars, feedHolds, feedOfToken, toCalendar } from './calendars.repository.js';
import { CALENDARS_PER_ACCOMMODATION, type Calendar, type CreateCalendarBody } from './calendars.schemas.js';
import { calendarFeed } from './ical.js';

/**
 * Calendar sync (SPEC §16): an accommodation's export feed behind a secret token, and its
 * subscriptions to other channels' feeds. Writes lock the organization first, as every write does.
 */

type Conn = Kysely<Database>;

/** The host part of every exported UID: fixed, so a UID never changes with the address asked. */
export const UID_HOST = 'booking-service';
/** The export covers holds from this many days ago … */
export const FEED_DAYS_BACK = 30;
/** … to this many years ahead. */
export const FEED_YEARS_AHEAD = 2;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** base64url of 32 random bytes: 256 bits, 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function ownAccommodation(conn: Conn, organizationIds: readonly number[], id: number) {
  const row = await findAccommodationRow(conn, organizationIds, id);
  if (!row) throw new AppError('not-found', `No accommodation ${id}.`);
  return row;
}

/** An accommodation of the credential's whose organization this write transaction has locked. */
export interface AccommodationOfLocked {
  id: number;
  organization: LockedOrganization;
}

/**
 * The first step of a write of an accommodation's calendars: the accommodation must be one of
 * these organizations' (404), and its organization is locked. Its organization never changes, so
 * reading it before the lock is safe.
 */
export async function lockOrganizationOfAccommodation(
  trx: WriteTransaction,
  organizationIds: readonly number[],
  accommodationId: number,
): Promise<AccommodationOfLocked> {
  const accommodation = await ownAccommodation(trx, organizationIds, accommodationId);
  return { id: accommodation.id, organization: await lockOrganization(trx, accommodation.organization_id) };
}

/** A new export token for the accommodation; the previous one stops at once (one row per accommodation). */
export async function rotateFeedToken(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  accommodationId: number,
): Promise<{ token: string; created: string }> {
  const { organization } = await lockOrganizationOfAccommodation(trx, organizationIds, accommodationId);
  const token = randomBytes(32).toString('base64url');
  const created = formatTimestamp(clock());
  const values = { organization_id: organization.id, token_hash: hashToken(token), created };
  await trx
    .insertInto('ical_feeds')
    .values({ accommodation_id: accommodationId, ...values })
    .onConflict((oc) => oc.column('accommodation_id').doUpdateSet(values))
    .execute();
  return { token, created };
}

/**
 * The export of the accommodation whose token this is, as a read kept under its organization's
 * change counter (and its today, which moves the window); undefined for a token that is not one.
 */
export async function feedRead(conn: Conn, clock: Clock, file: string): Promise<VersionedRead<string> | undefined> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : undefined;
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  const feed = await feedOfToken(conn, hashToken(token));
  if (!feed) return undefined;
  const today = dateInZone(clock(), feed.timezone);
  return {
    version: Number(feed.version),
    eventsCursor: undefined,
    key: `ical\0${feed.accommodation_id}\0${today}`,
    load: async () =>
      calendarFeed(
        await feedHolds(conn, feed.accommodation_id, {
          from: addDays(today, -FEED_DAYS_BACK),
          to: addYears(today, FEED_YEARS_AHEAD),
        }),
        UID_HOST,
      ),
  };
}

export async function listCalendars(
  conn: Conn,
  clock: Clock,
  organizationIds: readonly number[],
  accommodationId: number,
): Promise<Calendar[]> {
  const accommodation = await ownAccommodation(conn, organizationIds, accommodationId);
  const rows = await calendarRowsOf(conn, accommodation.organization_id, accommodationId);
  const events = await eventsOfCalendars(
    conn,
    rows.map((r) => r.id),
  );
  const now = clock();
  return rows.map((row) =>
    toCalendar(
      row,
      events.filter((e) => e.calendar_id === row.id),
      now,
    ),
  );
}

/** Checks a feed URL against the outbound rules of §10 (before any transaction: it may resolve a name). */
export async function assertFeedUrl(url: string, policy: UrlPolicy): Promise<void> {
  const problem = await urlProblem(url, policy);
  if (problem) throw invalidInput([{ parameter: 'url', message: problem }]);
}

/** Subscribes the accommodation to a feed, fetched as soon as a worker is free. */
export async function createCalendar(
  trx: WriteTransaction,
  clock: Clock,
  accommodation: AccommodationOfLocked,
  body: CreateCalendarBody,
): Promise<Calendar> {
  const { id: accommodationId, organization } = accommodation;
  const existing = await calendarRowsOf(trx, organization.id, accommodationId);
  if (existing.length >= CALENDARS_PER_ACCOMMODATION) {
    throw new AppError(
      'conflict',
      `Accommodation ${accommodationId} already has ${CALENDARS_PER_ACCOMMODATION} subscribed calendars.`,
    );
  }
  const now = clock();
  const row = await trx
    .insertInto('calendars')
    .values({
      organization_id: organization.id,
      accommodation_id: accommodationId,
      name: body.name,
      url: body.url,
      created: formatTimestamp(now),
      modified: formatTimestamp(now),
      next_fetch_at: now.getTime(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCalendar(row, [], now);
}

/** Unsubscribes: its blocks go with it. Answers the calendar as it was. */
export async function deleteCalendar(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  accommodationId: number,
  calendarId: number,
): Promise<Calendar> {
  const { organization } = await lockOrganizationOfAccommodation(trx, organizationIds, accommodationId);
  const row = await trx
    .selectFrom('calendars')
    .selectAll()
    .where('id', '=', calendarId)
    .where('accommodation_id', '=', accommodationId)
    .where('organization_id', '=', organization.id)
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `No calendar ${calendarId} of accommodation ${accommodationId}.`);
  const events = await eventsOfCalendars(trx, [row.id]);
  const removed = toCalendar(row, events, clock());
  await removeCalendar(trx, clock, row);
  return removed;
}
