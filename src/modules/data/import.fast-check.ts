import { TITLE_MAX } from '../accommodations/accommodations.schemas.js';
import { RESERVATION_STATUSES } from '../reservations/reservation-status.js';
import { RESERVATION_NUMBER_MAX, TEXT_MAX } from '../reservations/text-limits.js';
import { INT32_MAX } from '../../shared/schemas.js';

/**
 * The ImportReservation schema (import.schemas.ts) as straight-line code over the characters, for
 * the bulk of a document: no regular expression, no string or array made per field. A reservation
 * of a million-row file passes it in well under a microsecond.
 *
 * Sound, not complete: true only for a reservation the schema accepts; false also for some it
 * accepts (a timestamp with an offset or fractions of a second, a property present but undefined),
 * which the compiled schema then decides, and which it names when it refuses them. The schema stays
 * the one statement of the rules and the one source of error messages; this is a shortcut to its
 * answer for the common case, and the tests hold the two to agree.
 */
export function isPlainReservation(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  let required = 0; // how many of the required properties it has
  // JSON.parse makes plain objects: every property is an own, enumerable one.
  for (const key in r) {
    const v = r[key];
    switch (key) {
      case 'id':
        if (!isCount(v, 1)) return false;
        break;
      case 'organization':
        if (!isCount(v, 1)) return false;
        required++;
        break;
      case 'reservationNumber':
        if (!isText(v, 1, RESERVATION_NUMBER_MAX)) return false;
        required++;
        break;
      case 'accommodation':
        if (!isCount(v, 1) && !isAccommodationReference(v)) return false;
        required++;
        break;
      case 'status':
        if (!isStatus(v)) return false;
        break;
      case 'dateFrom':
      case 'dateTo':
        if (typeof v !== 'string' || v.length !== 10 || !isDate(v)) return false;
        required++;
        break;
      case 'adults':
        if (!isCount(v, 0)) return false;
        required++;
        break;
      case 'nights':
      case 'children':
      case 'babies':
        if (!isCount(v, 0)) return false;
        break;
      case 'guestName':
        if (!isText(v, 0, TEXT_MAX)) return false;
        required++;
        break;
      case 'channel':
        if (!isText(v, 0, TEXT_MAX)) return false;
        break;
      case 'totalAmount':
        if (!isAmount(v)) return false;
        required++;
        break;
      case 'currency':
        if (!isCurrency(v)) return false;
        required++;
        break;
      case 'created':
      case 'modified':
        if (!isCanonicalTimestamp(v)) return false;
        break;
      case 'cancelled':
        if (v !== null && !isCanonicalTimestamp(v)) return false;
        break;
      case 'guest':
        if (v !== null && !isCount(v, 1)) return false;
        break;
      default:
        return false;
    }
  }
  // Each property appears once: these nine are reservationNumber, organization, accommodation,
  // dateFrom, dateTo, adults, guestName, totalAmount and currency.
  return required === 9;
}

function isCount(v: unknown, minimum: number): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= minimum && v <= INT32_MAX;
}

/**
 * Bounded text without NUL. The schema counts code points; a string's length in UTF-16 units is
 * never fewer, so a string within the bound here is within it there.
 */
function isText(v: unknown, minLength: number, maxLength: number): boolean {
  return typeof v === 'string' && v.length >= minLength && v.length <= maxLength && !v.includes('\0');
}

function isAccommodationReference(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const a = v as Record<string, unknown>;
  let hasId = false;
  for (const key in a) {
    if (key === 'id') {
      if (!isCount(a[key], 1)) return false;
      hasId = true;
    } else if (key === 'title') {
      if (!isText(a[key], 0, TITLE_MAX)) return false;
    } else return false;
  }
  return hasId;
}

const STATUSES: ReadonlySet<unknown> = new Set(RESERVATION_STATUSES);

function isStatus(v: unknown): boolean {
  return STATUSES.has(v);
}

/** The digit at `i`, or -1. */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** Two digits from `i` as a number, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` at the start of `s`: a real date in years 0001–9999 (CalendarDate's rule). */
function isDate(s: string): boolean {
  const century = twoDigits(s, 0);
  const yy = twoDigits(s, 2);
  if (century < 0 || yy < 0 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const year = century * 100 + yy;
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] as number));
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the form every export writes (and the stored one). */
function isCanonicalTimestamp(v: unknown): boolean {
  if (typeof v !== 'string' || v.length !== 20 || !isDate(v)) return false;
  if (v.charCodeAt(10) !== 84 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58 || v.charCodeAt(19) !== 90)
    return false;
  const hours = twoDigits(v, 11);
  const minutes = twoDigits(v, 14);
  const seconds = twoDigits(v, 17);
  return hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59 && seconds >= 0 && seconds <= 59;
}

/** AMOUNT_PATTERN (shared/money.ts): 1–13 digits, then maybe a point and 1–2 digits. */
function isAmount(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const length = v.length;
  let i = 0;
  while (i < length && digit(v, i) >= 0) i++;
  if (i < 1 || i > 13) return false;
  if (i === length) return true;
  if (v.charCodeAt(i) !== 46) return false;
  const decimals = length - i - 1;
  if (decimals < 1 || decimals > 2) return false;
  for (let j = i + 1; j < length; j++) if (digit(v, j) < 0) return false;
  return true;
}

function isCurrency(v: unknown): boolean {
  if (typeof v !== 'string' || v.length !== 3) return false;
  for (let i = 0; i < 3; i++) {
    const c = v.charCodeAt(i);
    if (c < 65 || c > 90) return false;
  }
  return true;
}

/**
 * An amount that passed the schema, in minor units: "412.5" → 41250. parseAmount's answer, by one
 * pass over the characters.
 */
export function validAmountToMinor(text: string): number {
  let units = 0;
  let i = 0;
  const length = text.length;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) break;
    units = units * 10 + (c - 48);
  }
  let minor = units * 100;
  if (i + 1 < length) minor += (text.charCodeAt(i + 1) - 48) * 10;
  if (i + 2 < length) minor += text.charCodeAt(i + 2) - 48;
  return minor;
}
