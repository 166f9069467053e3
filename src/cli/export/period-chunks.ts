import { addYears } from '../../modules/reservations/period.js';
import type { MaxPeriod } from '../../modules/reservations/behaviour-rules.js';
import { addDays, daysBetween } from '../../shared/dates.js';

export interface Period {
  dateFrom: string;
  dateTo: string;
}

/** The longest period the server accepts now, and the one it accepted before 2025-04-17 (SPEC §4.2). */
export const CURRENT_MAX_PERIOD: MaxPeriod = { kind: 'years', years: 1 };
export const ORIGINAL_MAX_PERIOD: MaxPeriod = { kind: 'days', days: 31 };

/** The last day a period starting on `dateFrom` may end on under `max` (both ends inclusive). */
function lastAllowedDay(dateFrom: string, max: MaxPeriod): string {
  return max.kind === 'years' ? addYears(dateFrom, max.years) : addDays(dateFrom, max.days - 1);
}

/**
 * `dateFrom … dateTo` (inclusive) as consecutive periods the server accepts: each as long as
 * allowed, the next starting the day after the previous ends, so no day is in two of them.
 */
export function splitPeriod(period: Period, max: MaxPeriod): Period[] {
  const chunks: Period[] = [];
  for (let start = period.dateFrom; start <= period.dateTo;) {
    const limit = lastAllowedDay(start, max);
    const end = limit < period.dateTo ? limit : period.dateTo;
    chunks.push({ dateFrom: start, dateTo: end });
    start = addDays(end, 1);
  }
  return chunks;
}

/** Days covered, for progress and checks. */
export const daysIn = (period: Period) => daysBetween(period.dateFrom, period.dateTo) + 1;
