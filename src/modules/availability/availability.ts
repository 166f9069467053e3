import { addDays, daysBetween } from '../../shared/dates.js';
import { formatAmount } from '../../shared/money.js';
import type { Hold, SellableAccommodation } from './availability.repository.js';
import type { Grid, SearchReason, SearchResult } from './availability.schemas.js';
import { effectiveRules, ruleBreaks, type StayRule } from './stay-rules.js';
import { type Prices, quote } from '../prices/quote.js';

/**
 * The two availability answers of SPEC §13 as pure functions of what the service read: the active
 * accommodations, the holds of the period (by accommodation, then arrival) and the stay rules.
 */

/** Holds by accommodation id. */
function holdsByAccommodation(holds: readonly Hold[]): Map<number, Hold[]> {
  const by = new Map<number, Hold[]>();
  for (const hold of holds) {
    const list = by.get(hold.accommodationId);
    if (list) list.push(hold);
    else by.set(hold.accommodationId, [hold]);
  }
  return by;
}

/**
 * The park at a glance over the nights `dateFrom … lastNight`: each accommodation's holds clipped
 * to them, and per type how many accommodations each night leaves free.
 */
export function availabilityGrid(
  accommodations: readonly SellableAccommodation[],
  holds: readonly Hold[],
  dateFrom: string,
  lastNight: string,
): Grid {
  const end = addDays(lastNight, 1);
  const nights = daysBetween(dateFrom, end);
  // Each night's place by its date, the day after the last one too: a clipped hold's ends are among
  // them. Parsing both ends of every hold as dates (daysBetween) was a sixth of a 500-unit grid.
  const place = new Map<string, number>();
  for (let night = 0; night <= nights; night++) place.set(addDays(dateFrom, night), night);
  const byAccommodation = holdsByAccommodation(holds);
  const types = new Map<string, { type: string; total: number; free: number[] }>();
  const rows = accommodations.map((accommodation) => {
    let type = types.get(accommodation.type);
    if (!type) {
      type = { type: accommodation.type, total: 0, free: new Array<number>(nights).fill(0) };
      types.set(accommodation.type, type);
    }
    type.total += 1;
    const held = (byAccommodation.get(accommodation.id) ?? []).map((hold) => ({
      dateFrom: hold.dateFrom < dateFrom ? dateFrom : hold.dateFrom,
      dateTo: hold.dateTo > end ? end : hold.dateTo,
      kind: hold.kind,
      id: hold.id,
    }));
    // Free nights: every night, less the ones each hold covers (holds never overlap).
    const taken = new Uint8Array(nights);
    for (const hold of held) taken.fill(1, place.get(hold.dateFrom), place.get(hold.dateTo));
    for (let night = 0; night < nights; night++) if (taken[night] === 0) type.free[night]! += 1;
    return { ...accommodation, held };
  });
  return {
    dateFrom,
    dateTo: lastNight,
    accommodations: rows,
    types: [...types.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)),
  };
}

export interface SearchStay {
  dateFrom: string;
  dateTo: string;
  adults: number;
  children: number;
  babies: number;
}

/** What the search prices a stay with (SPEC §14): the organization's prices, and the party by age group. */
export interface SearchPricing {
  prices: Prices;
  currency: string;
  party: ReadonlyMap<number, number>;
}

/**
 * The quote's total for each accommodation (null: a night without a price). Accommodations that no
 * price names for itself share their type's quote: a park's 500 chalets are priced a handful of times.
 */
function totalsOf(pricing: SearchPricing, stay: SearchStay, today: string) {
  const { prices } = pricing;
  const named = new Set(
    [...prices.components, ...prices.supplements, ...prices.discounts].flatMap((p) => p.accommodation ?? []),
  );
  const byType = new Map<string, number | null>();
  return (accommodation: SellableAccommodation): number | null => {
    const shared = !named.has(accommodation.id);
    const known = shared ? byType.get(accommodation.type) : undefined;
    if (known !== undefined) return known;
    const { orderLinesTotal } = quote(prices, [], {
      accommodation,
      dateFrom: stay.dateFrom,
      dateTo: stay.dateTo,
      party: pricing.party,
      choices: new Map(),
      today,
    });
    if (shared) byType.set(accommodation.type, orderLinesTotal);
    return orderLinesTotal;
  };
}

/**
 * Every reason each accommodation cannot be sold for the stay, bookable ones first, then by the
 * quote's total, then id. Capacity counts adults and children, as a §9 write does.
 */
export function searchStays(
  accommodations: readonly SellableAccommodation[],
  holds: readonly Hold[],
  rules: readonly StayRule[],
  stay: SearchStay,
  today: string,
  pricing: SearchPricing,
): SearchResult[] {
  const totalOf = totalsOf(pricing, stay, today);
  const byAccommodation = holdsByAccommodation(holds);
  // Every accommodation asks the same arrival day: only the rules covering it can decide a field,
  // and an accommodation with no rule of its own among them breaks what its type's others break.
  // Without this, each of a park's 500 accommodations walked all of its ~70 rules for each field.
  const covering = rules.filter((r) => r.dateFrom <= stay.dateFrom && stay.dateFrom <= r.dateTo);
  const withOwnRules = new Set(covering.map((r) => r.accommodation).filter((id) => id !== undefined && id !== null));
  const byType = new Map<string, readonly SearchReason[]>();
  const brokenRules = (accommodation: SellableAccommodation): readonly SearchReason[] => {
    const shared = !withOwnRules.has(accommodation.id);
    const known = shared ? byType.get(accommodation.type) : undefined;
    if (known) return known;
    const target = { accommodation: accommodation.id, type: accommodation.type, ...stay };
    const broken = ruleBreaks(effectiveRules(covering, target), target, today);
    if (shared) byType.set(accommodation.type, broken);
    return broken;
  };
  const results = accommodations.map((accommodation) => {
    const reasons: SearchReason[] = [];
    const held = byAccommodation.get(accommodation.id) ?? [];
    // A live draft is a booking in progress: its nights are taken as a reservation's are.
    if (held.some((h) => h.kind === 'reservation' || h.kind === 'draft')) reasons.push('taken');
    if (held.some((h) => h.kind === 'block')) reasons.push('blocked');
    if (stay.adults + stay.children > accommodation.maxPersons) reasons.push('capacity');
    reasons.push(...brokenRules(accommodation));
    const total = totalOf(accommodation);
    if (total === null) reasons.push('no-price');
    return { accommodation, reasons, total: reasons.length === 0 ? total : null };
  });
  return results
    .sort(
      (a, b) =>
        Number(b.total !== null) - Number(a.total !== null) ||
        (a.total ?? 0) - (b.total ?? 0) ||
        a.accommodation.id - b.accommodation.id,
    )
    .map(({ accommodation, reasons, total }): SearchResult => ({
      accommodation: {
        id: accommodation.id,
        title: accommodation.title,
        type: accommodation.type,
        maxPersons: accommodation.maxPersons,
      },
      bookable: total !== null,
      reasons,
      orderLinesTotal: total === null ? null : formatAmount(total),
      currency: total === null ? null : pricing.currency,
    }));
}
