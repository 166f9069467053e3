import ICAL from 'ical.js';
import { addDays, dateInZone } from '../../shared/dates.js';

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

/**
 * The feed of one accommodation's holds: all-day events from arrival to departure (exclusive, so
 * never a day late), each with a UID stable for the record's life. CRLF line ends, lines folded at
 * 75 octets (the continuation's leading space included).
 */
export function calendarFeed(holds: readonly FeedHold[], now: Date, host: string): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//booking-service//calendar sync//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  for (const hold of holds) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `${hold.kind}-${hold.id}@${host}`);
    event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
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

/** The calendar date a value stands for: an all-day date as written, a time in the zone's calendar. */
function dateOf(time: ICAL.Time, timeZone: string): string {
  if (time.isDate) return time.toString().slice(0, 10);
  // Floating times (no zone) are wall-clock times of the place: the organization's.
  if (!time.zone || time.zone === ICAL.Timezone.localTimezone) return time.toString().slice(0, 10);
  return dateInZone(time.toJSDate(), timeZone);
}

/**
 * The stays of a feed: every event that is not cancelled, keyed by its UID, as the nights it holds
 * in the organization's time zone. All-day dates are taken as written, the end exclusive; an event
 * without an end holds its first night (RFC 5545: a date's event lasts a day). Timed events hold
 * the nights they touch: from the night of their start to the night before the date they end. An
 * event that holds no night, or has no UID or start, is left out. Summaries are never read.
 */
export function feedStays(text: string, timeZone: string): FeedStay[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const stays: FeedStay[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const status = component.getFirstPropertyValue('status');
    if (typeof status === 'string' && status.toUpperCase() === 'CANCELLED') continue;
    const uid = component.getFirstPropertyValue('uid');
    const start = component.getFirstPropertyValue('dtstart');
    if (typeof uid !== 'string' || !(start instanceof ICAL.Time)) continue;
    const event = new ICAL.Event(component);
    const end = component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : undefined;
    const dateFrom = dateOf(start, timeZone);
    const dateTo = end ? dateOf(end, timeZone) : addDays(dateFrom, 1);
    if (dateTo > dateFrom) stays.push({ uid, dateFrom, dateTo });
  }
  return stays;
}
