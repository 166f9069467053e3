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

/** The most nights one read covers: a year, a leap year's included (SPEC §9, §13). */
export const MAX_NIGHTS_AT_ONCE = 366;

const tooManyNights = () =>
  invalidInput([{ parameter: 'dateTo', message: `at most ${MAX_NIGHTS_AT_ONCE} nights at once` }]);

/** The nights of a stay that one read may cover (`dateTo` the departure day); 400 naming `dateTo` otherwise. */
export function nightsOfStay(dateFrom: string, dateTo: string): number {
  const nights = stayNights(dateFrom, dateTo);
  if (nights > MAX_NIGHTS_AT_ONCE) throw tooManyNights();
  return nights;
}

/** The nights `dateFrom … lastNight` (both nights) that one read may cover; 400 naming `dateTo` otherwise. */
export function nightsOfPeriod(dateFrom: string, lastNight: string): number {
  if (lastNight < dateFrom) throw invalidInput([{ parameter: 'dateTo', message: 'must not be before dateFrom' }]);
  const nights = daysBetween(dateFrom, lastNight) + 1;
  if (nights > MAX_NIGHTS_AT_ONCE) throw tooManyNights();
  return nights;
}
