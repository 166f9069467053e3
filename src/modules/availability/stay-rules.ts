import { addDays, addYears, daysBetween } from '../../shared/dates.js';

/**
 * Stay rules (SPEC §13): which stays may be sold. Pure: the rules of an organization in, the rule
 * that decides each field for one stay out, and every reason the stay breaks them. The search,
 * quotations, the booking flow and the `warnings` of a §9 write all ask here, so a rule means one
 * thing everywhere.
 */

/** What a rule may set; a rule sets some of them. */
export interface StayRuleSettings {
  minNights?: number | undefined;
  maxNights?: number | undefined;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  arrivalDays?: readonly number[] | undefined;
  departureDays?: readonly number[] | undefined;
  closedToArrival?: readonly string[] | undefined;
  closedToDeparture?: readonly string[] | undefined;
  /** Days from the organization's today. */
  minDaysBeforeArrival?: number | undefined;
  maxDaysBeforeArrival?: number | undefined;
  bookable?: boolean | undefined;
}

export type StayRuleField = keyof StayRuleSettings;

export const STAY_RULE_FIELDS = [
  'minNights',
  'maxNights',
  'arrivalDays',
  'departureDays',
  'closedToArrival',
  'closedToDeparture',
  'minDaysBeforeArrival',
  'maxDaysBeforeArrival',
  'bookable',
] as const satisfies readonly StayRuleField[];

/** A rule: for stays arriving from `dateFrom` to `dateTo` (inclusive) of its scope. */
export interface StayRule extends StayRuleSettings {
  id: number;
  /** One accommodation; else every accommodation of `type`; else the whole organization. */
  accommodation?: number | null | undefined;
  type?: string | null | undefined;
  dateFrom: string;
  dateTo: string;
}

/** A rule as a request body or an import record states it: a setting that is null is not set. */
export type StatedRule = { [F in StayRuleField]?: StayRuleSettings[F] | null } & {
  accommodation?: number | null | undefined;
  type?: string | null | undefined;
  dateFrom: string;
  dateTo: string;
};

/** Only the settings a rule sets: null and absent alike are "not set". */
export function settingsSet(stated: { [F in StayRuleField]?: StayRuleSettings[F] | null }): StayRuleSettings {
  return Object.fromEntries(STAY_RULE_FIELDS.flatMap((f) => (stated[f] == null ? [] : [[f, stated[f]]])));
}

/** A stated rule as the functions below take it. */
export function stayRuleOf(stated: StatedRule, id: number): StayRule {
  return {
    ...settingsSet(stated),
    id,
    accommodation: stated.accommodation ?? null,
    type: stated.type ?? null,
    dateFrom: stated.dateFrom,
    dateTo: stated.dateTo,
  };
}

/** From the most specific: the first scope that sets a field decides it. */
export type StayRuleScope = 'accommodation' | 'type' | 'organization';
const SCOPES: readonly StayRuleScope[] = ['accommodation', 'type', 'organization'];

export function scopeOf(rule: Pick<StayRule, 'accommodation' | 'type'>): StayRuleScope {
  if (rule.accommodation !== undefined && rule.accommodation !== null) return 'accommodation';
  if (rule.type !== undefined && rule.type !== null) return 'type';
  return 'organization';
}

/** Without any rule: 1 to 28 nights, any weekday, bookable from today up to two years ahead. */
export const DEFAULT_SETTINGS = {
  minNights: 1,
  maxNights: 28,
  arrivalDays: [1, 2, 3, 4, 5, 6, 7],
  departureDays: [1, 2, 3, 4, 5, 6, 7],
  closedToArrival: [],
  closedToDeparture: [],
  minDaysBeforeArrival: 0,
  /** Undefined: up to the same date two years after today. */
  maxDaysBeforeArrival: undefined,
  bookable: true,
} as const satisfies StayRuleSettings;

export type EffectiveRules = Omit<Required<StayRuleSettings>, 'maxDaysBeforeArrival'> & {
  maxDaysBeforeArrival: number | undefined;
  /** Per field, the rule that decided it (absent: the default). */
  decidedBy: Partial<Record<StayRuleField, number>>;
};

/** What a stay is, for the rules: where and when. */
export interface Stay {
  accommodation: number;
  type: string;
  dateFrom: string;
  dateTo: string;
}

function applies(rule: StayRule, stay: Stay, scope: StayRuleScope): boolean {
  if (scopeOf(rule) !== scope || stay.dateFrom < rule.dateFrom || stay.dateFrom > rule.dateTo) return false;
  return scope === 'accommodation'
    ? rule.accommodation === stay.accommodation
    : scope === 'type'
      ? rule.type === stay.type
      : true;
}

/** Each field as the most specific rule covering the stay's arrival sets it, or its default. */
export function effectiveRules(rules: readonly StayRule[], stay: Stay): EffectiveRules {
  // The rules covering the arrival, per scope in the rules' order: one pass over the organization's
  // rules, not one per field and scope (which was the largest part of a quote's own time).
  const covering = SCOPES.map((scope) => rules.filter((r) => applies(r, stay, scope)));
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const decidedBy: Partial<Record<StayRuleField, number>> = {};
  for (const field of STAY_RULE_FIELDS) {
    for (const inScope of covering) {
      const rule = inScope.find((r) => r[field] !== undefined);
      if (rule) {
        settings[field] = rule[field];
        decidedBy[field] = rule.id;
        break;
      }
    }
  }
  return { ...(settings as Omit<EffectiveRules, 'decidedBy'>), decidedBy };
}

export const STAY_RULE_REASONS = [
  'min-nights',
  'max-nights',
  'arrival-day',
  'departure-day',
  'closed-to-arrival',
  'closed-to-departure',
  'too-soon',
  'too-far',
  'not-bookable',
] as const;
export type StayRuleReason = (typeof STAY_RULE_REASONS)[number];

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first and last arrival the booking window allows, counted from the organization's `today`. */
export function bookingWindow(rules: EffectiveRules, today: string): { earliest: string; latest: string } {
  return {
    earliest: addDays(today, rules.minDaysBeforeArrival),
    latest: rules.maxDaysBeforeArrival === undefined ? addYears(today, 2) : addDays(today, rules.maxDaysBeforeArrival),
  };
}

/** A stay with what the rules ask of its dates worked out: the original's quotations ask 465 of them at once. */
export interface StayFacts {
  dateFrom: string;
  dateTo: string;
  nights: number;
  arrivalWeekday: number;
  departureWeekday: number;
}

/** Every rule the stay breaks, in the order of STAY_RULE_REASONS, without any date arithmetic. */
export function breaksOf(
  rules: EffectiveRules,
  stay: StayFacts,
  window: { earliest: string; latest: string },
): StayRuleReason[] {
  const broken: Record<StayRuleReason, boolean> = {
    'min-nights': stay.nights < rules.minNights,
    'max-nights': stay.nights > rules.maxNights,
    'arrival-day': !rules.arrivalDays.includes(stay.arrivalWeekday),
    'departure-day': !rules.departureDays.includes(stay.departureWeekday),
    'closed-to-arrival': rules.closedToArrival.includes(stay.dateFrom),
    'closed-to-departure': rules.closedToDeparture.includes(stay.dateTo),
    'too-soon': stay.dateFrom < window.earliest,
    'too-far': stay.dateFrom > window.latest,
    'not-bookable': !rules.bookable,
  };
  return STAY_RULE_REASONS.filter((reason) => broken[reason]);
}

/**
 * Every rule the stay breaks, in the order of STAY_RULE_REASONS. `today` is the organization's
 * calendar date (the `…BeforeArrival` bounds count from it).
 */
export function ruleBreaks(rules: EffectiveRules, stay: Stay, today: string): StayRuleReason[] {
  const facts = {
    dateFrom: stay.dateFrom,
    dateTo: stay.dateTo,
    nights: daysBetween(stay.dateFrom, stay.dateTo),
    arrivalWeekday: isoWeekday(stay.dateFrom),
    departureWeekday: isoWeekday(stay.dateTo),
  };
  return breaksOf(rules, facts, bookingWindow(rules, today));
}

/**
 * The first stored rule a new or changed one may not stand beside, and the field they share: the
 * same scope (the same accommodation, the same type, or both the whole organization), overlapping
 * arrival periods, and a field both set (SPEC §13: 409). Undefined when it may.
 */
export function conflictingRule(
  stored: readonly StayRule[],
  candidate: StayRule,
): { rule: StayRule; field: StayRuleField } | undefined {
  const scope = scopeOf(candidate);
  for (const rule of stored) {
    if (rule.id === candidate.id || scopeOf(rule) !== scope) continue;
    if (scope === 'accommodation' && rule.accommodation !== candidate.accommodation) continue;
    if (scope === 'type' && rule.type !== candidate.type) continue;
    if (rule.dateFrom > candidate.dateTo || candidate.dateFrom > rule.dateTo) continue;
    const field = STAY_RULE_FIELDS.find((f) => rule[f] !== undefined && candidate[f] !== undefined);
    if (field) return { rule, field };
  }
  return undefined;
}

/** A rule a stay breaks, said for a person: what a §9 write's `warnings` list (SPEC §13). */
export interface StayRuleWarning {
  rule: StayRuleReason;
  detail: string;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const weekdays = (days: readonly number[]) => days.map((d) => WEEKDAY_NAMES[d - 1]).join(', ');

/** Each broken rule with the value that decided it, and the rule that set it (if not the default). */
export function ruleWarnings(rules: EffectiveRules, stay: Stay, today: string): StayRuleWarning[] {
  const nights = daysBetween(stay.dateFrom, stay.dateTo);
  const details: Record<StayRuleReason, [StayRuleField, string]> = {
    'min-nights': ['minNights', `${count(nights, 'night')}, at least ${rules.minNights} required`],
    'max-nights': ['maxNights', `${count(nights, 'night')}, at most ${rules.maxNights} allowed`],
    'arrival-day': ['arrivalDays', `arrivals only on ${weekdays(rules.arrivalDays)}`],
    'departure-day': ['departureDays', `departures only on ${weekdays(rules.departureDays)}`],
    'closed-to-arrival': ['closedToArrival', `no arrivals on ${stay.dateFrom}`],
    'closed-to-departure': ['closedToDeparture', `no departures on ${stay.dateTo}`],
    'too-soon': ['minDaysBeforeArrival', `sold at least ${count(rules.minDaysBeforeArrival, 'day')} before arrival`],
    'too-far': [
      'maxDaysBeforeArrival',
      rules.maxDaysBeforeArrival === undefined
        ? 'sold at most two years before arrival'
        : `sold at most ${count(rules.maxDaysBeforeArrival, 'day')} before arrival`,
    ],
    'not-bookable': ['bookable', 'not for sale'],
  };
  return ruleBreaks(rules, stay, today).map((reason) => {
    const [field, detail] = details[reason];
    const by = rules.decidedBy[field];
    return { rule: reason, detail: by === undefined ? detail : `${detail} (stay rule ${by})` };
  });
}
