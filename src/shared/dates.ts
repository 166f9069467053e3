/** Calendar dates (`YYYY-MM-DD`) and RFC 3339 UTC timestamps, the only two time formats on the wire. */
import { LRUCache } from 'lru-cache';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date in `YYYY-MM-DD` form (2025-02-29 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = utcDate(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Date.UTC without its quirk: years 0–99 stay years 0–99 (Date.UTC reads them as 1900–1999). */
function utcDate(year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date;
}

/**
 * The instants both databases and RFC 3339 can hold, in whole seconds: years 0001 to 9999. A query
 * bound computed from a date near either end (a zone's day start, a day after the last) is kept
 * inside them.
 */
export const FIRST_INSTANT_MS = Date.parse('0001-01-01T00:00:00Z');
export const LAST_INSTANT_MS = Date.parse('9999-12-31T23:59:59Z');

/** formatTimestamp of an instant moved into the range above. */
export function formatClampedTimestamp(ms: number): string {
  return formatTimestamp(new Date(Math.min(Math.max(ms, FIRST_INSTANT_MS), LAST_INSTANT_MS)));
}

/** Days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The two digits of a valid date at `i`, as a number: no closure made per call (a row of an import calls twice). */
const twoDigitsAt = (date: string, i: number) => (date.charCodeAt(i) - 48) * 10 + date.charCodeAt(i + 1) - 48;

/**
 * Days since 1970-01-01 of a valid `YYYY-MM-DD` (civil calendar, Howard Hinnant's days_from_civil):
 * `daysBetween` by arithmetic on the digits, no Date made, for counts over millions of rows (an
 * import's summaries). The date must be valid; `daysBetween` takes any date JavaScript parses.
 */
export function dayNumber(date: string): number {
  const month = twoDigitsAt(date, 5);
  const day = twoDigitsAt(date, 8);
  const year = twoDigitsAt(date, 0) * 100 + twoDigitsAt(date, 2) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The `YYYY-MM-DD` of a day number (`dayNumber`'s inverse, Hinnant's civil_from_days), years 0001–9999. */
export function dateOfDayNumber(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `2025-01-20T14:03:11Z`: UTC, whole seconds, never milliseconds (SPEC §2). */
export function formatTimestamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * formatTimestamp for epoch milliseconds, with the date part remembered per day: bulk generators
 * format millions of stamps over a few thousand days, and building a Date per stamp costs more than
 * the insert. Sub-second parts are dropped, as formatTimestamp does.
 */
export function createTimestampFormatter(): (ms: number) => string {
  const days = new Map<number, string>();
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    let date = days.get(day);
    if (date === undefined) {
      date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      days.set(day, date);
    }
    const seconds = Math.floor((ms - day * DAY_MS) / 1000);
    const time = `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`;
    return `${date}T${time}Z`;
  };
}

const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

const CANONICAL_TIMESTAMP = /^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\dZ$/;

/**
 * Whether a timestamp that has passed format validation names an instant both databases store
 * (0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z): its year is in range, but an offset can move it past
 * either end (`9999-12-31T23:30:00-01:00` is in year 10000, which no stored form can hold).
 */
export function isStorableTimestamp(valid: string): boolean {
  if (CANONICAL_TIMESTAMP.test(valid)) return true;
  const ms = parseTimestamp(valid)?.getTime();
  return ms !== undefined && ms >= FIRST_INSTANT_MS && ms < LAST_INSTANT_MS + 1000;
}

/**
 * The stored form of a timestamp that has passed format validation: one already in that form (as
 * every export writes them) is kept without a round trip through Date, which dominates bulk imports.
 */
export function normalizeTimestamp(valid: string): string {
  return CANONICAL_TIMESTAMP.test(valid) ? valid : formatTimestamp(parseTimestamp(valid) as Date);
}

/** Parses an RFC 3339 timestamp with any offset; undefined when it is not one. */
export function parseTimestamp(value: string): Date | undefined {
  if (!TIMESTAMP_PATTERN.test(value) || !isCalendarDate(value.slice(0, 10))) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/**
 * An Intl formatter per time zone, made once: making one costs ~10× using it (~115 µs against
 * ~12 µs here), and a request for a timestamp period needs several. Zones are those of
 * organizations, a short list.
 */
function perZone(make: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = made.get(timeZone);
    if (!formatter) {
      formatter = make(timeZone);
      made.set(timeZone, formatter);
    }
    return formatter;
  };
}

const dateFormatter = perZone(
  (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);
const clockFormatter = perZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** The date part of an instant as seen in an IANA time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const date = dateFormatter(timeZone).format(instant);
  if (date.length === 10) return date;
  // Intl does not pad the year (`50-06-01`); write it as toISOString and addDays do (`0050`, `+010000`).
  const [year = '', month, day] = date.split('-');
  const iso = Number(year) <= 9999 ? year.padStart(4, '0') : `+${year.padStart(6, '0')}`;
  return `${iso}-${month}-${day}`;
}

/** Offset of a zone from UTC at an instant, in milliseconds (Amsterdam in summer: +7,200,000). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = clockFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = utcDate(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')).getTime();
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Starts of days already computed, by zone and date: a period's ends repeat across requests. */
const dayStarts = new LRUCache<string, number>({ max: 10_000 });

/**
 * The first instant of a calendar day in a time zone. Where the zone skips midnight (a DST jump
 * at 00:00), the day starts at the first instant that exists.
 */
export function startOfDayInZone(date: string, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = computeStartOfDay(date, timeZone);
    dayStarts.set(key, start);
  }
  // A new Date each time: a caller may change the one it gets.
  return new Date(start);
}

function computeStartOfDay(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // Two passes settle the offset even when it changes between the guess and the answer.
  let guess = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  guess = midnightUtc - zoneOffsetMs(new Date(guess), timeZone);
  if (dateInZone(new Date(guess), timeZone) !== date) {
    // Midnight does not exist on that day: the day begins when the clocks jump.
    guess += 3_600_000;
  }
  return guess;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/**
 * The same day `years` later; a 29 February lands on 28 February when the target year has none
 * (2024-02-29 + 1 year = 2025-02-28), so "one calendar year" never spills into March.
 */
export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const month = date.slice(5, 7);
  let day = date.slice(8, 10);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === '02' && day === '29' && !leap) day = '28';
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}
