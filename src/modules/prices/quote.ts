import { addDays, dateOfDayNumber, dayNumber, daysBetween } from '../../shared/dates.js';
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

/** A stay as its lines need it: the departure is where the nights added end. */
type StayRequest = Omit<QuoteRequest, 'dateTo'>;

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

/**
 * The sheets made of one price list, by accommodation (id and type). A park's prices are kept until
 * the organization changes, so each of its accommodations' sheets is made once, not per quote (it
 * was ~4% of a quote's server time); a price list made for one write goes with its sheets.
 */
const sheets = new WeakMap<Prices, Map<string, PriceSheet>>();

function sheetOf(prices: Prices, accommodation: QuoteRequest['accommodation']): PriceSheet {
  let ofPrices = sheets.get(prices);
  if (!ofPrices) sheets.set(prices, (ofPrices = new Map<string, PriceSheet>()));
  const key = `${accommodation.id}\0${accommodation.type}`;
  let sheet = ofPrices.get(key);
  if (!sheet) ofPrices.set(key, (sheet = newSheet(prices, accommodation)));
  return sheet;
}

function newSheet(prices: Prices, accommodation: QuoteRequest['accommodation']): PriceSheet {
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

/** Receives a stay's lines one by one, in order: to keep them, or only to add them up. */
type Emit = (description: string, kind: LineKind, quantity: number, unitAmount: number) => void;

/** Supplements: the required ones (once) or the chosen ones (their quantity). */
function emitSupplements(sheet: PriceSheet, request: StayRequest, nights: number, required: boolean, emit: Emit) {
  const persons = personsFor(undefined, request.party);
  for (const supplement of sheet.supplements) {
    if (supplement.required !== required) continue;
    const chosen = required ? 1 : Math.min(request.choices.get(supplement.id) ?? 0, supplement.maxQuantity);
    const quantity = basisQuantity(supplement.basis, nights, persons) * chosen;
    if (quantity > 0) emit(supplement.description, 'supplement', quantity, supplement.amount);
  }
}

/** The single largest discount that applies to the stay, on this rent total: as a negative amount. */
function discountLine(
  sheet: PriceSheet,
  request: StayRequest,
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

function arrivalOf(sheet: PriceSheet, request: StayRequest): Arrival {
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

/** A run of consecutive nights at an equal nightly rent: one rent line. */
interface RentRun {
  description: string;
  unitAmount: number;
  perNight: number;
  nights: number;
}

/** The nights of one fee or tax description counted so far, per component in the order they first count. */
interface NightCounts {
  components: PriceComponent[];
  counts: number[];
  counted: number;
  /** The most specific scope of a component pricing one of its nights. */
  scope: number | undefined;
}

const noCounts = (): NightCounts => ({ components: [], counts: [], counted: 0, scope: undefined });

/**
 * The lines of a stay, built night by night (SPEC §14): `add` each night in order, and `lines` gives
 * the stay's lines so far. A quote adds its nights and asks once; the original's quotations add
 * the nights of an arrival one by one and ask after each, so a month's 465 stays cost a month of
 * nights, not the sum of their lengths.
 */
class StayLines {
  readonly #runs: RentRun[] = [];
  #rent = 0;
  #nights = 0;
  readonly #fee: NightCounts[];
  readonly #tax: NightCounts[];

  constructor(
    readonly sheet: PriceSheet,
    readonly arrival: Arrival,
    readonly request: StayRequest,
  ) {
    this.#fee = sheet.fee.descriptions.map(noCounts);
    this.#tax = sheet.tax.descriptions.map(noCounts);
  }

  /** Adds the stay's next night; false when it has no rent (then neither has any longer stay). */
  add(night: PricedNight): boolean {
    const { rent } = night;
    if (!rent) return false;
    // One rent line per run of equal nightly amounts, whichever components priced them, named
    // after the run's first; a `person-night` rent counts its persons.
    const perNight = rent.basis === 'person-night' ? personsFor(rent.ageGroups, this.request.party) : 1;
    const run = this.#runs[this.#runs.length - 1];
    if (run && run.unitAmount === rent.amount && run.perNight === perNight) run.nights += 1;
    else this.#runs.push({ description: rent.description, unitAmount: rent.amount, perNight, nights: 1 });
    this.#rent += rent.amount * perNight;
    this.#nights += 1;
    this.#count(night.fee, this.#fee);
    this.#count(night.tax, this.#tax);
    return true;
  }

  /**
   * A night counts for its description while fewer than its component's `maxNights` were counted
   * before it (a tax capped at 7 nights stays capped when its rate changes on New Year's Eve).
   */
  #count(deciders: readonly (PriceComponent | undefined)[], all: NightCounts[]): void {
    deciders.forEach((c, d) => {
      if (!c) return;
      const counts = all[d] as NightCounts;
      const scope = specificity(c, this.request.accommodation) as number;
      counts.scope = counts.scope === undefined ? scope : Math.min(counts.scope, scope);
      if (c.maxNights !== undefined && c.maxNights !== null && counts.counted >= c.maxNights) return;
      counts.counted += 1;
      const at = counts.components.indexOf(c);
      if (at === -1) {
        counts.components.push(c);
        counts.counts.push(1);
      } else counts.counts[at] = (counts.counts[at] as number) + 1;
    });
  }

  /** The stay's lines so far. */
  lines(): OrderLine[] {
    const lines: OrderLine[] = [];
    this.#emit((description, kind, quantity, unitAmount) => lines.push(line(description, kind, quantity, unitAmount)));
    return lines;
  }

  /** The sum of `lines()`, without making them: what the original's quotations list. */
  total(): number {
    let sum = 0;
    this.#emit((_description, _kind, quantity, unitAmount) => (sum += quantity * unitAmount));
    return sum;
  }

  /** Rent, the discount, fees and required supplements, chosen supplements, taxes: §14's order. */
  #emit(emit: Emit): void {
    for (const r of this.#runs) if (r.perNight > 0) emit(r.description, 'rent', r.nights * r.perNight, r.unitAmount);
    const discount = discountLine(this.sheet, this.request, this.arrival.daysBefore, this.#nights, this.#rent);
    if (discount) emit(discount.description, 'discount', 1, discount.amount);
    this.#emitComponents('fee', this.sheet.fee, this.#fee, emit);
    emitSupplements(this.sheet, this.request, this.#nights, true, emit);
    emitSupplements(this.sheet, this.request, this.#nights, false, emit);
    this.#emitComponents('tax', this.sheet.tax, this.#tax, emit);
  }

  /**
   * Fees or taxes: per description, the most specific component valid on the arrival prices the
   * stay and the most specific one valid on each night prices that night. Priced both ways at
   * different scopes, the more specific wins (an accommodation's nightly "Final cleaning" replaces
   * the organization's one per stay).
   */
  #emitComponents(kind: 'fee' | 'tax', groups: ComponentGroups, all: readonly NightCounts[], emit: Emit): void {
    const { party, accommodation } = this.request;
    groups.descriptions.forEach((description, d) => {
      const counts = all[d] as NightCounts;
      const stayDecider = this.arrival[kind][d];
      const stayScope = stayDecider && specificity(stayDecider, accommodation);
      const nightScope = counts.scope;
      if (stayDecider && stayScope !== undefined && (nightScope === undefined || stayScope <= nightScope)) {
        const persons = stayDecider.basis === 'person-stay' ? personsFor(stayDecider.ageGroups, party) : 1;
        if (persons > 0) emit(description, kind, persons, stayDecider.amount);
      }
      if (nightScope === undefined || (stayScope !== undefined && stayScope < nightScope)) return;
      counts.components.forEach((component, i) => {
        const persons = component.basis === 'person-night' ? personsFor(component.ageGroups, party) : 1;
        if (persons > 0) emit(description, kind, (counts.counts[i] as number) * persons, component.amount);
      });
    });
  }
}

const total = (lines: readonly OrderLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);

/** The days `from`, `from` + 1, … (`count` of them): by day number, no Date made per day. */
function daysFrom(from: string, count: number): string[] {
  const first = dayNumber(from);
  return Array.from({ length: count }, (_, i) => dateOfDayNumber(first + i));
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
  const built = new StayLines(sheet, arrivalOf(sheet, request), request);
  const orderLines = nights.every((night) => built.add(night)) ? built.lines() : undefined;
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
 * Each arrival's nights are added one by one to one `StayLines`, and a stay that breaks no rule
 * only adds its lines up: a window prices its nights once per arrival, never a stay from scratch.
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
  // Only rules of this accommodation (its own, its type's, the organization's) arriving in the window can decide.
  const { accommodation } = request;
  const relevant = rules.filter(
    (r) =>
      r.dateFrom <= window.dateTo &&
      r.dateTo >= window.dateFrom &&
      (r.accommodation != null
        ? r.accommodation === accommodation.id
        : r.type == null || r.type === accommodation.type),
  );
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
    const decided = effectiveRules(relevant, { ...arriving, dateTo: dateFrom });
    const bookable = bookingWindow(decided, request.today);
    const stayLines = new StayLines(sheet, arrivalOf(sheet, { ...request, dateFrom }), { ...request, dateFrom });
    for (let length = 1; start + length <= days; length++) {
      const dateTo = dates[start + length] as string;
      if (dateTo > blockedAt) break;
      // A night without rent ends every longer stay from this arrival too.
      if (!stayLines.add(nights[start + length - 1] as PricedNight)) break;
      const stay = {
        dateFrom,
        dateTo,
        nights: length,
        arrivalWeekday: weekdayAt(start),
        departureWeekday: weekdayAt(start + length),
      };
      if (breaksOf(decided, stay, bookable).length > 0) continue;
      found.push({ dateFrom, dateTo, nights: length, orderLinesTotal: stayLines.total() });
    }
  }
  return found;
}
