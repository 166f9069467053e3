import { addDays, daysBetween } from '../../shared/dates.js';
import type { MaxPeriod } from './behaviour-rules.js';

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

/** The last day a period starting on `dateFrom` may end on under the rule (both ends inclusive). */
export function lastAllowedDay(dateFrom: string, max: MaxPeriod): string {
  const last = max.kind === 'years' ? addYears(dateFrom, max.years) : addDays(dateFrom, max.days - 1);
  // No date after 9999-12-31 exists for a client to send (and `10000-…` would not compare as a date).
  return last.length === 10 && last <= LAST_DATE ? last : LAST_DATE;
}

const LAST_DATE = '9999-12-31';

/**
 * Why the period `dateFrom … dateTo` (both inclusive, `dateFrom ≤ dateTo`) is too long under the
 * rule, or undefined when it is allowed. One year: `dateTo ≤ dateFrom + 1 calendar year`, so
 * 2025-04-01 … 2026-04-01 passes and … 2026-04-02 does not. Days: counting both ends.
 */
export function periodTooLong(dateFrom: string, dateTo: string, max: MaxPeriod): string | undefined {
  const limit = lastAllowedDay(dateFrom, max);
  if (dateTo <= limit) return undefined;
  return max.kind === 'years'
    ? `the period may end on ${limit} at the latest (${max.years} year after dateFrom)`
    : `the period covers ${daysBetween(dateFrom, dateTo) + 1} days; at most ${max.days} are allowed`;
}
