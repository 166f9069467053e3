import { addDays } from '../../shared/dates.js';
import type { ParameterError } from '../../shared/errors.js';
import { formatAmount, parseAmount } from '../../shared/money.js';
import { isoWeekday } from '../availability/stay-rules.js';
import type { PriceRecordKind } from './price-records.js';

/**
 * What a price record must be to be stored (SPEC §14), as pure functions of the record and the
 * organization's others: the same for a new record, a changed one and one `booking import` loads.
 */

type Fields = Record<string, unknown>;

/**
 * The largest amount of one price, in minor units (1,000,000.00): far more than a night costs
 * anywhere, and it keeps a quote's lines far from 2^53 (quote.ts refuses a total past it).
 */
export const MAX_PRICE_MINOR = 100_000_000;
const parseAmountOf = (value: unknown) => (typeof value === 'string' ? parseAmount(value) : undefined);
const set = (value: unknown) => value !== null && value !== undefined;

/** 400's reasons a record (as the API shows it) may not be stored, whatever else is stored. */
export function priceRecordProblems(kind: PriceRecordKind, record: Fields): ParameterError[] {
  const problems: ParameterError[] = [];
  if (set(record.accommodation) && set(record.type)) {
    problems.push({ parameter: 'type', message: 'a price is for one accommodation or for a type, not both' });
  }
  if (set(record.dateFrom) && (record.dateTo as string) < (record.dateFrom as string)) {
    problems.push({ parameter: 'dateTo', message: 'must not be before dateFrom' });
  }
  // Rent is what a night costs (SPEC §14 runs of nightly amounts): a price per stay is a fee.
  if (kind === 'component' && record.kind === 'rent' && record.basis !== 'night' && record.basis !== 'person-night') {
    problems.push({
      parameter: 'basis',
      message: 'a rent is per night or per person-night; a price per stay is a fee',
    });
  }
  if ((kind === 'component' || kind === 'supplement') && (parseAmountOf(record.amount) ?? 0) > MAX_PRICE_MINOR) {
    problems.push({ parameter: 'amount', message: `at most ${formatAmount(MAX_PRICE_MINOR)}` });
  }
  if (kind === 'age-group' && (record.maxAge as number) < (record.minAge as number)) {
    problems.push({ parameter: 'maxAge', message: 'must not be below minAge' });
  }
  if (kind === 'discount') {
    const hundredths = (record.percent as number) * 100;
    if (Math.abs(hundredths - Math.round(hundredths)) > 1e-6) {
      problems.push({ parameter: 'percent', message: 'must have at most two decimals' });
    }
    if (
      set(record.minDaysBeforeArrival) &&
      set(record.maxDaysBeforeArrival) &&
      (record.maxDaysBeforeArrival as number) < (record.minDaysBeforeArrival as number)
    ) {
      problems.push({ parameter: 'maxDaysBeforeArrival', message: 'must not be below minDaysBeforeArrival' });
    }
  }
  return problems;
}

/** A rent component as the overlap check reads it. */
export interface RentScope {
  id: number;
  kind?: unknown;
  accommodation?: unknown;
  type?: unknown;
  dateFrom?: unknown;
  dateTo?: unknown;
  weekdays?: unknown;
}

/** Nights both price: in both periods, and of a weekday both name (a component naming none prices every night). */
function shareANight(a: RentScope, b: RentScope): boolean {
  const from = (a.dateFrom as string) > (b.dateFrom as string) ? (a.dateFrom as string) : (b.dateFrom as string);
  const to = (a.dateTo as string) < (b.dateTo as string) ? (a.dateTo as string) : (b.dateTo as string);
  if (from > to) return false;
  const days = (w: unknown) => (set(w) ? (w as number[]) : [1, 2, 3, 4, 5, 6, 7]);
  const both = days(a.weekdays).filter((d) => days(b.weekdays).includes(d));
  // A week of the overlap shows every weekday it has.
  for (let i = 0, night = from; i < 7 && night <= to; i++, night = addDays(night, 1)) {
    if (both.includes(isoWeekday(night))) return true;
  }
  return false;
}

/**
 * The stored rent that would price one night at the same scope and with the same precedence as
 * `rent` (SPEC §14: two rent components of one scope and weekday set over one night are refused),
 * so that which one decides a night never depends on the order they were made in. A rent naming
 * weekdays beats one that does not, so the two may overlap.
 */
export function conflictingRent(stored: readonly RentScope[], rent: RentScope): RentScope | undefined {
  if (rent.kind !== 'rent') return undefined;
  return stored.find(
    (other) =>
      other.id !== rent.id &&
      other.kind === 'rent' &&
      (other.accommodation ?? null) === (rent.accommodation ?? null) &&
      (other.type ?? null) === (rent.type ?? null) &&
      set(other.weekdays) === set(rent.weekdays) &&
      shareANight(other, rent),
  );
}
