import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateInZone,
  dateOfDayNumber,
  dayNumber,
  daysBetween,
  createTimestampFormatter,
  formatTimestamp,
  normalizeTimestamp,
  isStorableTimestamp,
  isCalendarDate,
  parseTimestamp,
  startOfDayInZone,
} from '../../src/shared/dates.js';
import { formatAmount, parseAmount } from '../../src/shared/money.js';

const calendarDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it.each([
    ['2025-04-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-4-1', false],
    ['20250401', false],
    ['2025-04-01T00:00:00Z', false],
  ])('%s is a calendar date: %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });

  it('adds and counts days consistently', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -1000, max: 1000 }), (date, days) => {
        expect(daysBetween(date, addDays(date, days))).toBe(days);
        expect(isCalendarDate(addDays(date, days))).toBe(true);
      }),
    );
  });

  it('writes a day number back as the date addDays gives, across the whole range of years', () => {
    const anyDate = fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -400, max: 400 }), (date, days) => {
        expect(dateOfDayNumber(dayNumber(date))).toBe(date);
        fc.pre(date.slice(0, 4) !== '0001' && date.slice(0, 4) !== '9999');
        expect(dateOfDayNumber(dayNumber(date) + days)).toBe(addDays(date, days));
      }),
    );
    expect(
      ['1970-01-01', '2000-02-29', '2100-03-01', '0001-01-01', '9999-12-31'].map(dayNumber).map(dateOfDayNumber),
    ).toEqual(['1970-01-01', '2000-02-29', '2100-03-01', '0001-01-01', '9999-12-31']);
  });
});

describe('timestamps', () => {
  it('are written in UTC with whole seconds and a Z', () => {
    expect(formatTimestamp(new Date('2025-01-20T14:03:11.999Z'))).toBe('2025-01-20T14:03:11Z');
  });

  it('are normalized to the stored form whether or not they already are in it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom('Z', '+02:00', '-05:30', '.250Z'),
        (date, suffix) => {
          const stored = formatTimestamp(date);
          const text = suffix === 'Z' ? stored : stored.replace('Z', suffix);
          expect(normalizeTimestamp(text)).toBe(formatTimestamp(parseTimestamp(text) as Date));
        },
      ),
    );
  });

  it('are formatted from epoch milliseconds by the bulk formatter exactly as formatTimestamp does', () => {
    const format = createTimestampFormatter();
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1970-01-01T00:00:00Z'), max: Date.parse('2999-12-31T23:59:59Z') }),
        (ms) => {
          expect(format(ms)).toBe(formatTimestamp(new Date(ms)));
        },
      ),
      { numRuns: 2000 },
    );
    expect(format(Date.parse('2024-02-29T23:59:59.500Z'))).toBe('2024-02-29T23:59:59Z');
  });

  it.each([
    ['2025-01-20T14:03:11Z', '2025-01-20T14:03:11Z'],
    ['2025-01-20T16:03:11+02:00', '2025-01-20T14:03:11Z'],
    ['2025-01-20T14:03:11.5Z', '2025-01-20T14:03:11Z'],
  ])('parse %s', (text, utc) => {
    expect(formatTimestamp(parseTimestamp(text) as Date)).toBe(utc);
  });

  it.each(['2025-01-20', '2025-01-20T14:03:11', '2025-02-30T00:00:00Z', 'yesterday'])('refuse %s', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });

  it.each([
    ['0001-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['9999-12-31T23:59:59.999Z', true],
    ['9999-12-31T23:30:00+01:00', true],
    ['0001-01-01T00:30:00-01:00', true],
    ['9999-12-31T23:30:00-01:00', false],
    ['0001-01-01T00:30:00+01:00', false],
  ])('%s is storable: %s', (text, storable) => {
    expect(isStorableTimestamp(text)).toBe(storable);
    if (storable) expect(normalizeTimestamp(text)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});

describe('start of a day in a time zone', () => {
  it.each([
    ['2025-07-01', 'Europe/Amsterdam', '2025-06-30T22:00:00Z'],
    ['2025-01-01', 'Europe/Amsterdam', '2024-12-31T23:00:00Z'],
    ['2025-03-30', 'Europe/Amsterdam', '2025-03-29T23:00:00Z'],
    ['2025-03-31', 'Europe/Amsterdam', '2025-03-30T22:00:00Z'],
    ['2025-07-01', 'America/New_York', '2025-07-01T04:00:00Z'],
    ['2025-07-01', 'UTC', '2025-07-01T00:00:00Z'],
    ['2025-07-01', 'Asia/Kolkata', '2025-06-30T18:30:00Z'],
    // Santiago skips midnight when DST starts: the day begins at 01:00 local time.
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00Z'],
  ])('%s in %s starts at %s', (date, zone, expected) => {
    expect(formatTimestamp(startOfDayInZone(date, zone))).toBe(expected);
  });

  const zones = [
    'Europe/Amsterdam',
    'America/New_York',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/Santiago',
    'Asia/Tehran',
  ];

  it('is the first instant of that date in the zone, for any date and zone', () => {
    fc.assert(
      fc.property(calendarDate, fc.constantFrom(...zones), (date, zone) => {
        const start = startOfDayInZone(date, zone);
        expect(dateInZone(start, zone)).toBe(date);
        expect(dateInZone(new Date(start.getTime() - 1000), zone)).toBe(addDays(date, -1));
      }),
    );
  });

  // Days already computed are remembered (by zone and date): asked again, in any order, after the
  // caller changed the Date it got, the answer is still the first instant of that day in that zone.
  it('answers the same day again, in any order and zone, with a Date of its own', () => {
    const days = fc.array(
      fc.tuple(fc.constantFrom('2025-03-30', '2025-10-26', '2024-02-29', '2025-07-01'), fc.constantFrom(...zones)),
      {
        minLength: 2,
        maxLength: 30,
      },
    );
    fc.assert(
      fc.property(days, (asked) => {
        for (const [date, zone] of asked) {
          const start = startOfDayInZone(date, zone);
          expect(dateInZone(start, zone)).toBe(date);
          expect(dateInZone(new Date(start.getTime() - 1000), zone)).toBe(addDays(date, -1));
          start.setTime(0);
        }
      }),
    );
  });
});

describe('money', () => {
  it.each([
    ['412.50', 41250],
    ['412.5', 41250],
    ['0', 0],
    ['0.01', 1],
    ['1000000', 100000000],
    ['1.234', undefined],
    ['-1.00', undefined],
    ['1,00', undefined],
    ['', undefined],
  ])('parses %j as %s minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  it('formats with exactly two decimals and round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (minor) => {
        const text = formatAmount(minor);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(parseAmount(text)).toBe(minor);
      }),
    );
  });
});
