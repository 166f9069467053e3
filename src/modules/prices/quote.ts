import { addDays, daysBetween } from '../../shared/dates.js';
import {
  effectiveRules,
  isoWeekday,
  ruleBreaks,
  type StayRule,
  type StayRuleReason,
} from '../availability/stay-rules.js';

/**
 * The quote of SPEC §14 as one pure function: an organization's prices and stay rules, a stay, a
 * party, the chosen supplements and the organization's today in; the priced order lines out, in
 * integer minor units throughout (never a float). The quotes endpoint, the original's quotations,
 * the search and a §9 write without a price all ask here, so a price means one thing everywhere.
 *
 * Where §14 says "the most specific one decides", it decides among components of one kind and one
 * description: an accommodation's "Final cleaning" replaces its type's and the organization's, while
 * a tourist tax set for the whole organization still applies beside it.
 */

export type Basis = 'night' | 'stay' | 'person-night' | 'person-stay';
export type AgeCategory = 'adult' | 'child' | 'baby';

/** One accommodation, or every accommodation of a type, or (neither) the whole organization. */
interface Scoped {
  id: number;
  accommodation?: number | null | undefined;
  type?: string | null | undefined;
  description: string;
}

export interface AgeGroup {
  id: number;
  category: AgeCategory;
}

export interface PriceComponent extends Scoped {
  kind: 'rent' | 'fee' | 'tax';
  basis: Basis;
  /** Minor units. */
  amount: number;
  /** Nights (`night`, `person-night`) or arrival days (`stay`, `person-stay`), inclusive. */
  dateFrom: string;
  dateTo: string;
  /** ISO weekdays of the nights it prices; absent: every night. */
  weekdays?: readonly number[] | null | undefined;
  /** The age groups whose persons it counts; absent: every group. */
  ageGroups?: readonly number[] | null | undefined;
  /** At most this many nights are counted. */
  maxNights?: number | null | undefined;
}

export interface Supplement extends Scoped {
  basis: Basis;
  amount: number;
  required: boolean;
  maxQuantity: number;
}

export interface Discount extends Scoped {
  kind: 'long-stay' | 'early-booking' | 'last-minute';
  minNights?: number | null | undefined;
  minDaysBeforeArrival?: number | null | undefined;
  maxDaysBeforeArrival?: number | null | undefined;
  /** Percent of the rent, up to two decimals (12.5 is 12.5 %). */
  percent: number;
  /** Arrival days, inclusive. */
  dateFrom: string;
  dateTo: string;
}

export interface Prices {
  ageGroups: readonly AgeGroup[];
  components: readonly PriceComponent[];
  supplements: readonly Supplement[];
  discounts: readonly Discount[];
}

export interface QuoteRequest {
  accommodation: { id: number; type: string };
  dateFrom: string;
  dateTo: string;
  /** Persons by age group id. */
  party: ReadonlyMap<number, number>;
  /** Chosen quantities by supplement id (required supplements need not be named). */
  choices: ReadonlyMap<number, number>;
  /** The organization's calendar date. */
  today: string;
}

export type LineKind = 'rent' | 'discount' | 'fee' | 'supplement' | 'tax';
export interface OrderLine {
  description: string;
  kind: LineKind;
  quantity: number;
  unitAmount: number;
  amount: number;
}

export interface Quote {
  nights: number;
  bookable: boolean;
  reasons: (StayRuleReason | 'no-price')[];
  /** Empty when a night has no rent. */
  orderLines: OrderLine[];
  /** Minor units; null when a night has no rent. */
  orderLinesTotal: number | null;
}

/** 0 for the accommodation's own, 1 for its type's, 2 for the organization's; undefined: not for it. */
function specificity(record: Scoped, accommodation: QuoteRequest['accommodation']): number | undefined {
  if (record.accommodation !== undefined && record.accommodation !== null) {
    return record.accommodation === accommodation.id ? 0 : undefined;
  }
  if (record.type !== undefined && record.type !== null) return record.type === accommodation.type ? 1 : undefined;
  return 2;
}

/** The candidate that decides: the most specific, then (for rent) one naming weekdays, then the lowest id. */
function deciding<T extends Scoped & { weekdays?: readonly number[] | null | undefined }>(
  candidates: readonly T[],
  accommodation: QuoteRequest['accommodation'],
): T | undefined {
  let best: { record: T; rank: [number, number, number] } | undefined;
  for (const record of candidates) {
    const scope = specificity(record, accommodation);
    if (scope === undefined) continue;
    const rank: [number, number, number] = [scope, record.weekdays ? 0 : 1, record.id];
    if (
      !best ||
      rank[0] < best.rank[0] ||
      (rank[0] === best.rank[0] && (rank[1] < best.rank[1] || (rank[1] === best.rank[1] && rank[2] < best.rank[2])))
    ) {
      best = { record, rank };
    }
  }
  return best?.record;
}

/** The persons a component counts: of its age groups, or everyone. */
function personsFor(ageGroups: readonly number[] | null | undefined, party: ReadonlyMap<number, number>): number {
  let persons = 0;
  for (const [group, count] of party) if (!ageGroups || ageGroups.includes(group)) persons += count;
  return persons;
}

const validNight = (component: PriceComponent, night: string) =>
  component.dateFrom <= night &&
  night <= component.dateTo &&
  (!component.weekdays || component.weekdays.includes(isoWeekday(night)));

/** Percent (two decimals at most) of an amount, rounded half up to the minor unit, without a float. */
export function percentOf(amount: number, percent: number): number {
  const hundredths = BigInt(Math.round(percent * 100));
  return Number((BigInt(amount) * hundredths + 5000n) / 10000n);
}

const line = (description: string, kind: LineKind, quantity: number, unitAmount: number): OrderLine => ({
  description,
  kind,
  quantity,
  unitAmount,
  amount: quantity * unitAmount,
});

/**
 * Rent as lines: one per run of consecutive nights at an equal nightly amount (SPEC §14), whichever
 * components priced them, named after the run's first. A `person-night` rent counts its persons.
 */
function rentLines(deciders: readonly PriceComponent[], party: ReadonlyMap<number, number>): OrderLine[] {
  const lines: OrderLine[] = [];
  let run: { description: string; unitAmount: number; perNight: number; nights: number } | undefined;
  const flush = () => {
    if (run && run.perNight > 0) lines.push(line(run.description, 'rent', run.nights * run.perNight, run.unitAmount));
  };
  for (const component of deciders) {
    const perNight = component.basis === 'person-night' ? personsFor(component.ageGroups, party) : 1;
    if (run && run.unitAmount === component.amount && run.perNight === perNight) {
      run.nights += 1;
      continue;
    }
    flush();
    run = { description: component.description, unitAmount: component.amount, perNight, nights: 1 };
  }
  flush();
  return lines;
}

/** The lines of fees or taxes: per description, the most specific component prices each night or the stay. */
function componentLines(
  kind: 'fee' | 'tax',
  prices: Prices,
  request: QuoteRequest,
  nights: readonly string[],
): OrderLine[] {
  const ofKind = prices.components.filter((c) => c.kind === kind);
  const descriptions = [...new Set(ofKind.map((c) => c.description))];
  const lines: OrderLine[] = [];
  for (const description of descriptions) {
    const named = ofKind.filter((c) => c.description === description);
    const perStay = named.filter((c) => c.basis === 'stay' || c.basis === 'person-stay');
    const stayDecider = deciding(
      perStay.filter((c) => c.dateFrom <= request.dateFrom && request.dateFrom <= c.dateTo),
      request.accommodation,
    );
    if (stayDecider) {
      const persons = stayDecider.basis === 'person-stay' ? personsFor(stayDecider.ageGroups, request.party) : 1;
      if (persons > 0) lines.push(line(description, kind, persons, stayDecider.amount));
    }
    const perNight = named.filter((c) => c.basis === 'night' || c.basis === 'person-night');
    const deciders = nights.map((night) =>
      deciding(
        perNight.filter((c) => validNight(c, night)),
        request.accommodation,
      ),
    );
    // Each component counts at most its maxNights of the stay's nights, the first ones.
    const counted = new Map<number, number>();
    const capped = deciders.map((c) => {
      if (!c) return undefined;
      const seen = (counted.get(c.id) ?? 0) + 1;
      counted.set(c.id, seen);
      return c.maxNights !== undefined && c.maxNights !== null && seen > c.maxNights ? undefined : c;
    });
    for (const component of new Set(capped.filter((c) => c !== undefined))) {
      const persons = component.basis === 'person-night' ? personsFor(component.ageGroups, request.party) : 1;
      const count = capped.filter((c) => c === component).length;
      if (persons > 0) lines.push(line(description, kind, count * persons, component.amount));
    }
  }
  return lines;
}

/** The quantity a supplement's basis gives for one unit chosen. */
function basisQuantity(basis: Basis, nights: number, persons: number): number {
  switch (basis) {
    case 'stay':
      return 1;
    case 'night':
      return nights;
    case 'person-stay':
      return persons;
    case 'person-night':
      return persons * nights;
  }
}

/** The supplements a quote of this accommodation may have: per description, the most specific. */
export function supplementsFor(
  supplements: readonly Supplement[],
  accommodation: QuoteRequest['accommodation'],
): Supplement[] {
  const descriptions = [...new Set(supplements.map((s) => s.description))];
  return descriptions.flatMap((description) => {
    const decider = deciding(
      supplements.filter((s) => s.description === description),
      accommodation,
    );
    return decider ? [decider] : [];
  });
}

/** Supplements as lines: the required ones (once) or the chosen ones (their quantity), per description the most specific. */
function supplementLines(prices: Prices, request: QuoteRequest, nights: number, required: boolean): OrderLine[] {
  const persons = personsFor(undefined, request.party);
  const lines: OrderLine[] = [];
  for (const supplement of supplementsFor(prices.supplements, request.accommodation)) {
    if (supplement.required !== required) continue;
    const chosen = required ? 1 : Math.min(request.choices.get(supplement.id) ?? 0, supplement.maxQuantity);
    const quantity = basisQuantity(supplement.basis, nights, persons) * chosen;
    if (quantity > 0) lines.push(line(supplement.description, 'supplement', quantity, supplement.amount));
  }
  return lines;
}

/** The single largest discount that applies to the stay, on this rent total: as a negative amount. */
function discountLine(prices: Prices, request: QuoteRequest, nights: number, rent: number): OrderLine | undefined {
  const daysBefore = daysBetween(request.today, request.dateFrom);
  let best: { discount: Discount; amount: number } | undefined;
  for (const discount of prices.discounts) {
    if (specificity(discount, request.accommodation) === undefined) continue;
    if (request.dateFrom < discount.dateFrom || request.dateFrom > discount.dateTo) continue;
    if (discount.minNights != null && nights < discount.minNights) continue;
    if (discount.minDaysBeforeArrival != null && daysBefore < discount.minDaysBeforeArrival) continue;
    if (discount.maxDaysBeforeArrival != null && daysBefore > discount.maxDaysBeforeArrival) continue;
    const amount = percentOf(rent, discount.percent);
    if (!best || amount > best.amount || (amount === best.amount && discount.id < best.discount.id)) {
      best = { discount, amount };
    }
  }
  return best && best.amount > 0 ? line(best.discount.description, 'discount', 1, -best.amount) : undefined;
}

/** The quote of one stay (SPEC §14): every reason it cannot be sold, and its priced lines. */
export function quote(prices: Prices, rules: readonly StayRule[], request: QuoteRequest): Quote {
  const nightCount = daysBetween(request.dateFrom, request.dateTo);
  const nights = Array.from({ length: nightCount }, (_, i) => addDays(request.dateFrom, i));
  const stay = {
    accommodation: request.accommodation.id,
    type: request.accommodation.type,
    dateFrom: request.dateFrom,
    dateTo: request.dateTo,
  };
  const reasons: Quote['reasons'] = ruleBreaks(effectiveRules(rules, stay), stay, request.today);
  const rents = prices.components.filter((c) => c.kind === 'rent');
  const rentDeciders = nights.map((night) =>
    deciding(
      rents.filter((c) => validNight(c, night)),
      request.accommodation,
    ),
  );
  if (rentDeciders.some((c) => c === undefined)) {
    return {
      nights: nightCount,
      bookable: false,
      reasons: [...reasons, 'no-price'],
      orderLines: [],
      orderLinesTotal: null,
    };
  }
  const rentOrder = rentLines(rentDeciders as PriceComponent[], request.party);
  const rent = rentOrder.reduce((sum, l) => sum + l.amount, 0);
  const discount = discountLine(prices, request, nightCount, rent);
  const orderLines = [
    ...rentOrder,
    ...(discount ? [discount] : []),
    ...componentLines('fee', prices, request, nights),
    ...supplementLines(prices, request, nightCount, true),
    ...supplementLines(prices, request, nightCount, false),
    ...componentLines('tax', prices, request, nights),
  ];
  return {
    nights: nightCount,
    bookable: reasons.length === 0,
    reasons,
    orderLines,
    orderLinesTotal: orderLines.reduce((sum, l) => sum + l.amount, 0),
  };
}

/** One sellable stay of the original's quotations (SPEC §14). */
export interface Quotation {
  dateFrom: string;
  dateTo: string;
  nights: number;
  orderLinesTotal: number;
}

/** The longest window the original's quotations cover. */
export const MAX_QUOTATION_DAYS = 62;

/**
 * The original's quotations: every sellable stay of the accommodation whose arrival and departure
 * both lie in `window` (inclusive days), by arrival then nights. Sellable: no stay rule broken, a
 * rent for every night, and no night in `held` (what holds the accommodation's nights, any kind).
 * The rules are asked first: most stays of a window break one (a minimum stay, an arrival day),
 * and asking costs less than pricing.
 */
export function quotations(
  prices: Prices,
  rules: readonly StayRule[],
  request: Omit<QuoteRequest, 'dateFrom' | 'dateTo'>,
  window: { dateFrom: string; dateTo: string },
  held: readonly { dateFrom: string; dateTo: string }[],
): Quotation[] {
  const days = daysBetween(window.dateFrom, window.dateTo);
  const found: Quotation[] = [];
  for (let start = 0; start < days; start++) {
    const dateFrom = addDays(window.dateFrom, start);
    // The first held night at or after the arrival ends every longer stay from it.
    const blockedAt = held
      .filter((h) => h.dateTo > dateFrom)
      .reduce((first, h) => (h.dateFrom < first ? h.dateFrom : first), addDays(window.dateTo, 1));
    if (blockedAt <= dateFrom) continue;
    // The rules that decide are those of the arrival: found once for every length of stay.
    const arriving = { accommodation: request.accommodation.id, type: request.accommodation.type, dateFrom };
    const decided = effectiveRules(rules, { ...arriving, dateTo: dateFrom });
    for (let nights = 1; start + nights <= days; nights++) {
      const dateTo = addDays(dateFrom, nights);
      if (dateTo > blockedAt) break;
      if (ruleBreaks(decided, { ...arriving, dateTo }, request.today).length > 0) continue;
      const priced = quote(prices, [], { ...request, dateFrom, dateTo });
      if (priced.orderLinesTotal !== null)
        found.push({ dateFrom, dateTo, nights, orderLinesTotal: priced.orderLinesTotal });
    }
  }
  return found;
}
