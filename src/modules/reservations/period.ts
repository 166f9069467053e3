import { addDays, addYears, daysBetween } from '../../shared/dates.js';
import type { MaxPeriod } from './behaviour-rules.js';

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
