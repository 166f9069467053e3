import ICAL from 'ical.js';
import { addDays, dateInZone, isTimeZone, zoneOffsetMs } from '../../shared/dates.js';

/**
 * iCalendar (RFC 5545) for calendar sync (SPEC §16), as pure functions: an accommodation's holds
 * written as a feed, and another channel's feed read back as the nights it holds. ical.js (Mozilla's
 * parser) reads and writes the format, its escaping, folding and time zones; what is ours is which
 * events a feed holds and which nights an event means.
 */

/** A hold as a feed shows it: never a guest's name or any personal data. */
export interface FeedHold {
  kind: 'reservation' | 'block';
  id: number;
  /** Arrival and departure (exclusive), as everywhere in the service. */
  dateFrom: string;
  dateTo: string;
  /** The record's version: the event's SEQUENCE. */
  version: number;
  /** RFC 3339 UTC. */
  modified: string;
}

const SUMMARY: Record<FeedHold['kind'], string> = { reservation: 'Reserved', block: 'Not available' };

/** `YYYY-MM-DD` as an all-day value. */
const dateValue = (date: string) => ICAL.Time.fromDateString(date);
const utcValue = (instant: string) => ICAL.Time.fromJSDate(new Date(instant), true);

/** The UID of a hold's event: stable for the record's life, whatever the request's host. */
export const holdUid = (hold: Pick<FeedHold, 'kind' | 'id'>, host: string) => `${hold.kind}-${hold.id}@${host}`;

/**
 * The feed of one accommodation's holds: all-day events from arrival to departure (exclusive, so
 * never a day late), each with a UID stable for the record's life. CRLF line ends, lines folded at
 * 75 octets (the continuation's leading space included). DTSTAMP is the record's last change:
 * without a METHOD, RFC 5545 §3.8.7.2 makes it the same as LAST-MODIFIED, and so the same holds
 * always give the same bytes (one ETag in every process, whenever it was written).
 */
export function calendarFeed(holds: readonly FeedHold[], host: string): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//booking-service//calendar sync//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  for (const hold of holds) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', holdUid(hold, host));
    event.addPropertyWithValue('dtstamp', utcValue(hold.modified));
    event.addPropertyWithValue('dtstart', dateValue(hold.dateFrom));
    event.addPropertyWithValue('dtend', dateValue(hold.dateTo));
    event.addPropertyWithValue('summary', SUMMARY[hold.kind]);
    event.addPropertyWithValue('last-modified', utcValue(hold.modified));
    event.addPropertyWithValue('sequence', hold.version);
    calendar.addSubcomponent(event);
  }
  return refold(`${calendar.toString()}\r\n`);
}

/**
 * ical.js folds a line's content at 75 octets and then adds the continuation's space: RFC 5545
 * counts the space, so such lines are 76 octets. Unfolded and folded again at 74 octets of content.
 */
function refold(text: string): string {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const folded = lines.map((line) => {
    const parts: string[] = [];
    let current = '';
    let octets = 0;
    const limit = () => (parts.length === 0 ? 75 : 74);
    for (const char of line) {
      const size = Buffer.byteLength(char);
      if (octets + size > limit()) {
        parts.push(current);
        current = '';
        octets = 0;
      }
      current += char;
      octets += size;
    }
    parts.push(current);
    return parts.join('\r\n ');
  });
  return folded.join('\r\n');
}

/** The nights one event of another channel's feed holds. */
export interface FeedStay {
  uid: string;
  dateFrom: string;
  dateTo: string;
}

/**
 * The instant of a wall-clock time in an IANA zone (a TZID the feed names without defining it, as
 * some exporters do). Two passes settle the offset across a change of the zone's clocks.
 */
function wallTimeIn(time: ICAL.Time, timeZone: string): Date {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  let guess = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  guess = asUtc - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * The calendar date a value stands for in the organization's zone: an all-day date as written; a
 * time in UTC or in a zone the feed defines (VTIMEZONE, read by ical.js from this feed alone), or
 * one it only names (an IANA TZID), converted; a floating time (no zone) is the place's own wall
 * clock, so its date as written.
 */
function dateOf(time: ICAL.Time, tzid: unknown, timeZone: string): string {
  const written = time.toString().slice(0, 10);
  if (time.isDate) return written;
  if (!time.zone || time.zone === ICAL.Timezone.localTimezone) {
    if (typeof tzid === 'string' && isTimeZone(tzid)) return dateInZone(wallTimeIn(time, tzid), timeZone);
    return written;
  }
  return dateInZone(time.toJSDate(), timeZone);
}

/**
 * The stays of a feed: every event that is not cancelled, keyed by its UID, as the nights it holds
 * in the organization's time zone. All-day dates are taken as written, the end exclusive; an event
 * without an end holds its first night (RFC 5545: a date's event lasts a day). Timed events hold
 * the nights they touch: from the night of their start to the night before the date they end. An
 * event that holds no night, or has no UID or start, is left out; of two events with one UID (a
 * recurrence's exceptions) the first. Summaries are never read: they are not guests' names.
 */
export function feedStays(text: string, timeZone: string): FeedStay[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const stays = new Map<string, FeedStay>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const status = component.getFirstPropertyValue('status');
    if (typeof status === 'string' && status.toUpperCase() === 'CANCELLED') continue;
    const uid = component.getFirstPropertyValue('uid');
    const startProperty = component.getFirstProperty('dtstart');
    const start = startProperty?.getFirstValue();
    if (typeof uid !== 'string' || uid === '' || !(start instanceof ICAL.Time) || stays.has(uid)) continue;
    const dateFrom = dateOf(start, startProperty?.getParameter('tzid'), timeZone);
    let dateTo: string;
    const endProperty = component.getFirstProperty('dtend');
    const end = endProperty?.getFirstValue();
    if (end instanceof ICAL.Time) {
      dateTo = dateOf(end, endProperty?.getParameter('tzid'), timeZone);
    } else if (component.hasProperty('duration')) {
      // The end keeps the start's zone (or its undefined TZID, read as the start's is).
      dateTo = dateOf(new ICAL.Event(component).endDate, startProperty?.getParameter('tzid'), timeZone);
    } else {
      dateTo = addDays(dateFrom, 1);
    }
    if (dateTo > dateFrom) stays.set(uid, { uid, dateFrom, dateTo });
  }
  return [...stays.values()];
}
