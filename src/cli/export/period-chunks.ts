import { BEHAVIOUR_CHANGES, type MaxPeriod, ORIGINAL_RULES } from '../../modules/reservations/behaviour-rules.js';
import { lastAllowedDay } from '../../modules/reservations/period.js';
import { addDays } from '../../shared/dates.js';

export interface Period {
  dateFrom: string;
  dateTo: string;
}

/** The longest period the server accepts now, and the one pinned credentials keep (SPEC §4.2, §4.5). */
export const CURRENT_MAX_PERIOD: MaxPeriod = (BEHAVIOUR_CHANGES.at(-1)?.rules ?? ORIGINAL_RULES).maxPeriod;
export const ORIGINAL_MAX_PERIOD: MaxPeriod = ORIGINAL_RULES.maxPeriod;

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
