import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarFeed, type FeedHold, feedStays } from '../../src/modules/calendars/ical.js';

/** SPEC §16's iCalendar: a feed written, and feeds read as the nights they hold. */

const hold = (extra: Partial<FeedHold> = {}): FeedHold => ({
  kind: 'reservation',
  id: 41,
  dateFrom: '2027-07-03',
  dateTo: '2027-07-10',
  version: 3,
  modified: '2027-05-20T10:15:00Z',
  ...extra,
});
const feed = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270601T080000Z', ...lines, 'END:VEVENT'].join('\r\n');

describe('an accommodation’s feed', () => {
  it('writes each hold as an all-day event, departure exclusive, with no personal data', () => {
    const text = calendarFeed(
      [hold(), hold({ kind: 'block', id: 7, dateFrom: '2027-07-10', dateTo: '2027-07-12', version: 1 })],
      'park.example',
    );
    const lines = text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//booking-service//calendar sync//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
    ]);
    const first = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(first).toEqual([
      'BEGIN:VEVENT',
      'UID:reservation-41@park.example',
      'DTSTAMP:20270520T101500Z',
      'DTSTART;VALUE=DATE:20270703',
      'DTEND;VALUE=DATE:20270710',
      'SUMMARY:Reserved',
      'LAST-MODIFIED:20270520T101500Z',
      'SEQUENCE:3',
      'END:VEVENT',
    ]);
    expect(text).toContain('SUMMARY:Not available');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('is read back as the same nights, and folds every line at 75 octets', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            kind: fc.constantFrom('reservation' as const, 'block' as const),
            id: fc.integer({ min: 1, max: 2_000_000_000 }),
            start: fc.integer({ min: 0, max: 700 }),
            nights: fc.integer({ min: 1, max: 60 }),
          }),
          // A record is one event: its UID is unique in the feed.
          { maxLength: 20, selector: (h) => `${h.kind}-${h.id}` },
        ),
        // Long enough to take three lines, with two-octet characters on the folds.
        fc.string({ unit: fc.constantFrom('a', 'z', 'é', 'ü', '.', '-'), minLength: 1, maxLength: 300, size: 'max' }),
        (holds, host) => {
          const written = holds.map((h) => ({
            ...hold({ kind: h.kind, id: h.id }),
            dateFrom: day(h.start),
            dateTo: day(h.start + h.nights),
          }));
          const text = calendarFeed(written, host);
          for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
          expect(feedStays(text, 'Europe/Amsterdam')).toEqual(
            written.map((h) => ({ uid: `${h.kind}-${h.id}@${host}`, dateFrom: h.dateFrom, dateTo: h.dateTo })),
          );
        },
      ),
    );
  });
});

describe('another channel’s feed', () => {
  it.each<[string, string, { uid: string; dateFrom: string; dateTo: string }[]]>([
    [
      'all-day dates as written, the end exclusive',
      feed(event('UID:a', 'DTSTART;VALUE=DATE:20270703', 'DTEND;VALUE=DATE:20270710', 'SUMMARY:Not available')),
      [{ uid: 'a', dateFrom: '2027-07-03', dateTo: '2027-07-10' }],
    ],
    [
      'a cancelled event holds nothing',
      feed(event('UID:b', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20270703', 'DTEND;VALUE=DATE:20270710')),
      [],
    ],
    [
      'an all-day event without an end holds its one night',
      feed(event('UID:c', 'DTSTART;VALUE=DATE:20270703')),
      [{ uid: 'c', dateFrom: '2027-07-03', dateTo: '2027-07-04' }],
    ],
    [
      'a duration instead of an end',
      feed(event('UID:d', 'DTSTART;VALUE=DATE:20270703', 'DURATION:P3D')),
      [{ uid: 'd', dateFrom: '2027-07-03', dateTo: '2027-07-06' }],
    ],
    [
      'times in UTC, as nights in the organization’s zone: 23:30 UTC on the 2nd is already the 3rd in Amsterdam',
      feed(event('UID:e', 'DTSTART:20270702T233000Z', 'DTEND:20270706T090000Z')),
      [{ uid: 'e', dateFrom: '2027-07-03', dateTo: '2027-07-06' }],
    ],
    [
      'times in a zone the feed defines',
      feed(
        [
          'BEGIN:VTIMEZONE',
          'TZID:America/New_York',
          'BEGIN:DAYLIGHT',
          'TZOFFSETFROM:-0500',
          'TZOFFSETTO:-0400',
          'TZNAME:EDT',
          'DTSTART:19700308T020000',
          'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
          'END:DAYLIGHT',
          'BEGIN:STANDARD',
          'TZOFFSETFROM:-0400',
          'TZOFFSETTO:-0500',
          'TZNAME:EST',
          'DTSTART:19701101T020000',
          'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
          'END:STANDARD',
          'END:VTIMEZONE',
        ].join('\r\n'),
        // 20:00 in New York on the 2nd is 02:00 on the 3rd in Amsterdam.
        event('UID:f', 'DTSTART;TZID=America/New_York:20270702T200000', 'DTEND;TZID=America/New_York:20270705T100000'),
      ),
      [{ uid: 'f', dateFrom: '2027-07-03', dateTo: '2027-07-05' }],
    ],
    [
      'floating times are the place’s own wall clock',
      feed(event('UID:g', 'DTSTART:20270703T150000', 'DTEND:20270705T110000')),
      [{ uid: 'g', dateFrom: '2027-07-03', dateTo: '2027-07-05' }],
    ],
    [
      'a TZID the feed names without defining it (as Vrbo writes them), converted as that zone’s wall clock',
      // 16:00 in Los Angeles on the 2nd (PDT, −7) is 01:00 on the 3rd in Amsterdam (CEST, +2).
      feed(
        event(
          'UID:vrbo-1',
          'DTSTART;TZID=America/Los_Angeles:20270702T160000',
          'DTEND;TZID=America/Los_Angeles:20270705T100000',
        ),
      ),
      [{ uid: 'vrbo-1', dateFrom: '2027-07-03', dateTo: '2027-07-05' }],
    ],
    [
      'across the organization’s change to summer time: 23:30 UTC on 27 March 2027 is 00:30 CET on the 28th',
      // Amsterdam moves to CEST at 01:00 UTC on 28 March 2027; 22:30 UTC on 30 March is 00:30 CEST on the 31st.
      feed(event('UID:dst-1', 'DTSTART:20270327T233000Z', 'DTEND:20270330T223000Z')),
      [{ uid: 'dst-1', dateFrom: '2027-03-28', dateTo: '2027-03-31' }],
    ],
    [
      'across the change back to winter time: 22:30 UTC on 30 October 2027 is 00:30 CEST on the 31st, 23:30 UTC on the 31st is 00:30 CET on 1 November',
      feed(event('UID:dst-2', 'DTSTART:20271030T223000Z', 'DTEND:20271031T233000Z')),
      [{ uid: 'dst-2', dateFrom: '2027-10-31', dateTo: '2027-11-01' }],
    ],
    [
      'the same UID twice (a recurrence’s exception): the first',
      feed(
        event('UID:twice', 'DTSTART;VALUE=DATE:20270703', 'DTEND;VALUE=DATE:20270705'),
        event(
          'UID:twice',
          'RECURRENCE-ID;VALUE=DATE:20270703',
          'DTSTART;VALUE=DATE:20270706',
          'DTEND;VALUE=DATE:20270708',
        ),
      ),
      [{ uid: 'twice', dateFrom: '2027-07-03', dateTo: '2027-07-05' }],
    ],
    [
      'an event within one day, or without a UID, holds no night',
      feed(event('UID:h', 'DTSTART:20270703T100000Z', 'DTEND:20270703T120000Z'), event('DTSTART;VALUE=DATE:20270703')),
      [],
    ],
  ])('%s', (_name, text, stays) => {
    expect(feedStays(text, 'Europe/Amsterdam')).toEqual(stays);
  });
});

const day = (n: number) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10);
