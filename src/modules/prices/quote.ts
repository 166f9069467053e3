import { addDays, daysBetween } from '../../shared/dates.js';
import { invalidInput } from '../../shared/errors.js';
import {
  bookingWindow,
  breaksOf,
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

/** Percent (two decimals at most) of an amount, rounded half up to the minor unit, without a float. */
export function percentOf(amount: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  const scaled = amount * hundredths + 5000;
  // Integers below 2^53 are exact, and so is dividing one by 10000 after taking its remainder away.
  if (Number.isSafeInteger(scaled)) return (scaled - (scaled % 10000)) / 10000;
  return Number((BigInt(amount) * BigInt(hundredths) + 5000n) / 10000n);
}

const line = (description: string, kind: LineKind, quantity: number, unitAmount: number): OrderLine => ({
  description,
  kind,
  quantity,
  unitAmount,
  amount: quantity * unitAmount,
});

/**
 * An organization's prices as they apply to one accommodation, grouped the way a stay asks for them:
 * filtered and grouped once, then every night and every stay of a quote (or of the 465 stays of a
 * month's quotations) reads only what can price it.
 */
interface PriceSheet {
  rents: PriceComponent[];
  fee: ComponentGroups;
  tax: ComponentGroups;
  /** Per description, the one that decides for this accommodation. */
  supplements: Supplement[];
  discounts: Discount[];
}

/** Fees or taxes by description, in the order their descriptions first appear. */
interface ComponentGroups {
  descriptions: string[];
  perStay: PriceComponent[][];
  perNight: PriceComponent[][];
}

const isPerStay = (c: PriceComponent) => c.basis === 'stay' || c.basis === 'person-stay';

function groupsOf(components: readonly PriceComponent[]): ComponentGroups {
  const descriptions = [...new Set(components.map((c) => c.description))];
  return {
    descriptions,
    perStay: descriptions.map((d) => components.filter((c) => c.description === d && isPerStay(c))),
    perNight: descriptions.map((d) => components.filter((c) => c.description === d && !isPerStay(c))),
  };
}

function sheetOf(prices: Prices, accommodation: QuoteRequest['accommodation']): PriceSheet {
  const applicable = prices.components.filter((c) => specificity(c, accommodation) !== undefined);
  return {
    rents: applicable.filter((c) => c.kind === 'rent'),
    fee: groupsOf(applicable.filter((c) => c.kind === 'fee')),
    tax: groupsOf(applicable.filter((c) => c.kind === 'tax')),
    supplements: supplementsFor(prices.supplements, accommodation),
    discounts: prices.discounts.filter((d) => specificity(d, accommodation) !== undefined),
  };
}

/** One night of a stay and what prices it: its rent, and per description its nightly fee and tax. */
interface PricedNight {
  rent: PriceComponent | undefined;
  fee: (PriceComponent | undefined)[];
  tax: (PriceComponent | undefined)[];
}

const pricesNight = (night: string, weekday: number) => (c: PriceComponent) =>
  c.dateFrom <= night && night <= c.dateTo && (!c.weekdays || c.weekdays.includes(weekday));

/** What prices each of these consecutive nights (the first of weekday `weekday`). */
function pricedNights(
  sheet: PriceSheet,
  accommodation: QuoteRequest['accommodation'],
  nights: readonly string[],
  weekday: number,
): PricedNight[] {
  return nights.map((night, i) => {
    const prices = pricesNight(night, ((weekday - 1 + i) % 7) + 1);
    const decide = (candidates: readonly PriceComponent[]) => deciding(candidates.filter(prices), accommodation);
    return {
      rent: decide(sheet.rents),
      fee: sheet.fee.perNight.map(decide),
      tax: sheet.tax.perNight.map(decide),
    };
  });
}

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

/**
 * The lines of fees or taxes: per description, the most specific component valid on the arrival
 * prices the stay, and the most specific one valid on each night prices that night, each counting
 * at most its `maxNights` (the stay's first ones).
 */
function componentLines(
  kind: 'fee' | 'tax',
  groups: ComponentGroups,
  arrival: Arrival,
  nights: readonly PricedNight[],
  request: QuoteRequest,
): OrderLine[] {
  const lines: OrderLine[] = [];
  for (let d = 0; d < groups.descriptions.length; d++) {
    const description = groups.descriptions[d] as string;
    // Nights counted per description, from the stay's first: a night counts while fewer than its
    // component's `maxNights` were counted before it (a tax capped at 7 nights stays capped when
    // its rate changes on New Year's Eve). Components in the order they first count.
    const components: PriceComponent[] = [];
    const counts: number[] = [];
    let nightsCounted = 0;
    let nightScope: number | undefined;
    if ((groups.perNight[d] as PriceComponent[]).length > 0) {
      for (const night of nights) {
        const c = night[kind][d];
        if (!c) continue;
        const scope = specificity(c, request.accommodation) as number;
        nightScope = nightScope === undefined ? scope : Math.min(nightScope, scope);
        if (c.maxNights !== undefined && c.maxNights !== null && nightsCounted >= c.maxNights) continue;
        nightsCounted += 1;
        const at = components.indexOf(c);
        if (at === -1) {
          components.push(c);
          counts.push(1);
        } else counts[at] = (counts[at] as number) + 1;
      }
    }
    // One description priced per stay and per night at different scopes: the more specific wins
    // (an accommodation's nightly "Final cleaning" replaces the organization's one per stay). Among
    // the nights, each night's most specific component prices it, as rent does.
    const stayDecider = arrival[kind][d];
    const stayScope = stayDecider && specificity(stayDecider, request.accommodation);
    const stayWins = stayScope !== undefined && (nightScope === undefined || stayScope <= nightScope);
    const nightsWin = nightScope !== undefined && (stayScope === undefined || nightScope <= stayScope);
    if (stayDecider && stayWins) {
      const persons = stayDecider.basis === 'person-stay' ? personsFor(stayDecider.ageGroups, request.party) : 1;
      if (persons > 0) lines.push(line(description, kind, persons, stayDecider.amount));
    }
    if (!nightsWin) continue;
    components.forEach((component, i) => {
      const persons = component.basis === 'person-night' ? personsFor(component.ageGroups, request.party) : 1;
      if (persons > 0) lines.push(line(description, kind, (counts[i] as number) * persons, component.amount));
    });
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

/** Supplements as lines: the required ones (once) or the chosen ones (their quantity). */
function supplementLines(sheet: PriceSheet, request: QuoteRequest, nights: number, required: boolean): OrderLine[] {
  const persons = personsFor(undefined, request.party);
  const lines: OrderLine[] = [];
  for (const supplement of sheet.supplements) {
    if (supplement.required !== required) continue;
    const chosen = required ? 1 : Math.min(request.choices.get(supplement.id) ?? 0, supplement.maxQuantity);
    const quantity = basisQuantity(supplement.basis, nights, persons) * chosen;
    if (quantity > 0) lines.push(line(supplement.description, 'supplement', quantity, supplement.amount));
  }
  return lines;
}

/** The single largest discount that applies to the stay, on this rent total: as a negative amount. */
function discountLine(
  sheet: PriceSheet,
  request: QuoteRequest,
  daysBefore: number,
  nights: number,
  rent: number,
): OrderLine | undefined {
  let best: { discount: Discount; amount: number } | undefined;
  for (const discount of sheet.discounts) {
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

/** What an arrival day decides, the same for every length of stay: per-stay fees and taxes, days ahead. */
interface Arrival {
  fee: (PriceComponent | undefined)[];
  tax: (PriceComponent | undefined)[];
  daysBefore: number;
}

function arrivalOf(sheet: PriceSheet, request: Omit<QuoteRequest, 'dateTo'>): Arrival {
  const decide = (candidates: readonly PriceComponent[]) =>
    deciding(
      candidates.filter((c) => c.dateFrom <= request.dateFrom && request.dateFrom <= c.dateTo),
      request.accommodation,
    );
  return {
    fee: sheet.fee.perStay.map(decide),
    tax: sheet.tax.perStay.map(decide),
    daysBefore: daysBetween(request.today, request.dateFrom),
  };
}

/** The priced lines of a stay whose nights are priced (in order); undefined when a night has no rent. */
function stayLines(
  sheet: PriceSheet,
  arrival: Arrival,
  request: QuoteRequest,
  nights: readonly PricedNight[],
): OrderLine[] | undefined {
  const rents: PriceComponent[] = [];
  for (const night of nights) {
    if (!night.rent) return undefined;
    rents.push(night.rent);
  }
  const rentOrder = rentLines(rents, request.party);
  const rent = rentOrder.reduce((sum, l) => sum + l.amount, 0);
  const discount = discountLine(sheet, request, arrival.daysBefore, nights.length, rent);
  return [
    ...rentOrder,
    ...(discount ? [discount] : []),
    ...componentLines('fee', sheet.fee, arrival, nights, request),
    ...supplementLines(sheet, request, nights.length, true),
    ...supplementLines(sheet, request, nights.length, false),
    ...componentLines('tax', sheet.tax, arrival, nights, request),
  ];
}

const total = (lines: readonly OrderLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);

/** The days `from`, `from` + 1, … (`count` of them). */
function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** The quote of one stay (SPEC §14): every reason it cannot be sold, and its priced lines. */
export function quote(prices: Prices, rules: readonly StayRule[], request: QuoteRequest): Quote {
  const nightCount = daysBetween(request.dateFrom, request.dateTo);
  const stay = {
    accommodation: request.accommodation.id,
    type: request.accommodation.type,
    dateFrom: request.dateFrom,
    dateTo: request.dateTo,
  };
  const reasons: Quote['reasons'] = ruleBreaks(effectiveRules(rules, stay), stay, request.today);
  const sheet = sheetOf(prices, request.accommodation);
  const nights = pricedNights(
    sheet,
    request.accommodation,
    daysFrom(request.dateFrom, nightCount),
    isoWeekday(request.dateFrom),
  );
  const orderLines = stayLines(sheet, arrivalOf(sheet, request), request, nights);
  if (orderLines && !Number.isSafeInteger(total(orderLines.map((l) => ({ ...l, amount: Math.abs(l.amount) }))))) {
    // Only a party of hundreds choosing hundreds of a supplement at the largest price gets here.
    throw invalidInput([{ parameter: 'dateTo', message: 'the price of this stay is too large to compute exactly' }]);
  }
  if (!orderLines) {
    return {
      nights: nightCount,
      bookable: false,
      reasons: [...reasons, 'no-price'],
      orderLines: [],
      orderLinesTotal: null,
    };
  }
  return {
    nights: nightCount,
    bookable: reasons.length === 0,
    reasons,
    orderLines,
    orderLinesTotal: total(orderLines),
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
  // Every night of the window is priced once; each stay then reads its slice of them.
  const dates = daysFrom(window.dateFrom, days + 1);
  const firstWeekday = isoWeekday(window.dateFrom);
  const weekdayAt = (i: number) => ((firstWeekday - 1 + i) % 7) + 1;
  const sheet = sheetOf(prices, request.accommodation);
  const nights = pricedNights(sheet, request.accommodation, dates.slice(0, days), firstWeekday);
  const found: Quotation[] = [];
  for (let start = 0; start < days; start++) {
    const dateFrom = dates[start] as string;
    // The first held night at or after the arrival ends every longer stay from it.
    const blockedAt = held
      .filter((h) => h.dateTo > dateFrom)
      .reduce((first, h) => (h.dateFrom < first ? h.dateFrom : first), addDays(window.dateTo, 1));
    if (blockedAt <= dateFrom) continue;
    // The rules that decide are those of the arrival, and so is the booking window: found once for
    // every length of stay, which is then checked without any date arithmetic.
    const arriving = { accommodation: request.accommodation.id, type: request.accommodation.type, dateFrom };
    const decided = effectiveRules(rules, { ...arriving, dateTo: dateFrom });
    const bookable = bookingWindow(decided, request.today);
    const arrival = arrivalOf(sheet, { ...request, dateFrom });
    for (let length = 1; start + length <= days; length++) {
      const dateTo = dates[start + length] as string;
      if (dateTo > blockedAt) break;
      const stay = {
        dateFrom,
        dateTo,
        nights: length,
        arrivalWeekday: weekdayAt(start),
        departureWeekday: weekdayAt(start + length),
      };
      if (breaksOf(decided, stay, bookable).length > 0) continue;
      const lines = stayLines(sheet, arrival, { ...request, dateFrom, dateTo }, nights.slice(start, start + length));
      // A night without rent ends every longer stay from this arrival too.
      if (!lines) break;
      found.push({ dateFrom, dateTo, nights: length, orderLinesTotal: total(lines) });
    }
  }
  return found;
}
