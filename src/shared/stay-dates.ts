import { daysBetween } from './dates.js';
import { invalidInput, type ParameterError } from './errors.js';

/**
 * The one rule for a stay's dates (SPEC §1): `dateTo` is the departure day and comes after the
 * arrival day `dateFrom`; the nights are `dateFrom … dateTo − 1`. Writes, availability and the
 * import all ask it here.
 */

/** The problem with a stay's dates, named at `parameter` (the departure day's name), if any. */
export function stayDatesProblem(dateFrom: string, dateTo: string, parameter = 'dateTo'): ParameterError | undefined {
  return dateTo > dateFrom ? undefined : { parameter, message: 'must be after dateFrom' };
}

/** The number of nights of a stay; 400 naming `dateTo` when there are none. */
export function stayNights(dateFrom: string, dateTo: string): number {
  const problem = stayDatesProblem(dateFrom, dateTo);
  if (problem) throw invalidInput([problem]);
  return daysBetween(dateFrom, dateTo);
}
