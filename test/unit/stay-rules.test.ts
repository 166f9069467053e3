import fc from 'fast-check';
import { addDays } from '../../src/shared/dates.js';
import { describe, expect, it } from 'vitest';
import {
  conflictingRule,
  effectiveRules,
  isoWeekday,
  ruleBreaks,
  ruleWarnings,
  scopeOf,
  STAY_RULE_FIELDS,
  type Stay,
  type StayRule,
} from '../../src/modules/availability/stay-rules.js';

/** SPEC §13 stay rules: the most specific rule decides each field; the reasons a stay breaks them. */

const chalet: Stay = { accommodation: 12, type: 'chalet', dateFrom: '2027-07-02', dateTo: '2027-07-09' };
const today = '2027-06-01';
const reasons = (rules: StayRule[], stay: Stay = chalet, on = today) =>
  ruleBreaks(effectiveRules(rules, stay), stay, on);

describe('stay rules', () => {
  it('knows ISO weekdays', () => {
    expect(['2027-07-05', '2027-07-06', '2027-07-10', '2027-07-11'].map(isoWeekday)).toEqual([1, 2, 6, 7]);
  });

  it.each<[string, StayRule[], Stay, string, string[]]>([
    ['no rule: a week, a month ahead, is sellable', [], chalet, today, []],
    ['the defaults: at most 28 nights', [], { ...chalet, dateTo: '2027-07-31' }, today, ['max-nights']],
    ['the defaults: not in the past', [], chalet, '2027-07-03', ['too-soon']],
    ['the defaults: up to two years ahead', [], chalet, '2025-07-01', ['too-far']],
    ['the defaults: exactly two years ahead is fine', [], chalet, '2025-07-02', []],
    [
      'an organization minimum of 10 nights',
      [{ id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', minNights: 10 }],
      chalet,
      today,
      ['min-nights'],
    ],
    [
      'a rule binds stays arriving in its period only',
      [{ id: 1, dateFrom: '2027-07-03', dateTo: '2027-12-31', minNights: 10 }],
      chalet,
      today,
      [],
    ],
    [
      'Friday arrivals and departures only (2 July 2027 is a Friday, 9 July too)',
      [{ id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', arrivalDays: [5], departureDays: [5] }],
      chalet,
      today,
      [],
    ],
    [
      'Saturday arrivals only',
      [{ id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', arrivalDays: [6], departureDays: [6] }],
      chalet,
      today,
      ['arrival-day', 'departure-day'],
    ],
    [
      'closed to arrival and to departure on the stay’s days',
      [
        {
          id: 1,
          dateFrom: '2027-01-01',
          dateTo: '2027-12-31',
          closedToArrival: ['2027-07-02'],
          closedToDeparture: ['2027-07-09'],
        },
      ],
      chalet,
      today,
      ['closed-to-arrival', 'closed-to-departure'],
    ],
    [
      'booking window: at least 60 days ahead, at most 20',
      [{ id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', minDaysBeforeArrival: 60, maxDaysBeforeArrival: 20 }],
      chalet,
      today,
      ['too-soon', 'too-far'],
    ],
    [
      'stop-sell',
      [{ id: 1, dateFrom: '2027-07-01', dateTo: '2027-07-31', bookable: false }],
      chalet,
      today,
      ['not-bookable'],
    ],
    [
      'the accommodation’s rule beats the type’s, which beats the organization’s, field by field',
      [
        { id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', minNights: 14, bookable: false },
        { id: 2, type: 'chalet', dateFrom: '2027-01-01', dateTo: '2027-12-31', minNights: 10, bookable: true },
        { id: 3, accommodation: 12, dateFrom: '2027-07-01', dateTo: '2027-07-31', minNights: 7 },
      ],
      chalet,
      today,
      [],
    ],
    [
      'another type’s and another accommodation’s rules do not apply',
      [
        { id: 2, type: 'tent', dateFrom: '2027-01-01', dateTo: '2027-12-31', bookable: false },
        { id: 3, accommodation: 13, dateFrom: '2027-01-01', dateTo: '2027-12-31', maxNights: 3 },
      ],
      chalet,
      today,
      [],
    ],
  ])('%s', (_name, rules, stay, on, expected) => {
    expect(reasons(rules, stay, on)).toEqual(expected);
  });

  it('names the rule that decided each field', () => {
    const rules: StayRule[] = [
      { id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', minNights: 14, maxNights: 21 },
      { id: 3, accommodation: 12, dateFrom: '2027-07-01', dateTo: '2027-07-31', minNights: 7 },
    ];
    expect(effectiveRules(rules, chalet)).toMatchObject({
      minNights: 7,
      maxNights: 21,
      decidedBy: { minNights: 3, maxNights: 1 },
    });
  });

  /** Rules over 2027 of one organization: any scope, any period, a few fields each. */
  type RuleInput = {
    accommodation: number | undefined;
    type: string | undefined;
    from: number;
    length: number;
    minNights: number | undefined;
    maxNights: number | undefined;
    bookable: boolean | undefined;
  };
  const ruleArbitrary = fc.record({
    accommodation: fc.option(fc.constantFrom(12, 13), { nil: undefined }),
    type: fc.option(fc.constantFrom('chalet', 'tent'), { nil: undefined }),
    from: fc.integer({ min: 0, max: 364 }),
    length: fc.integer({ min: 0, max: 200 }),
    minNights: fc.option(fc.integer({ min: 1, max: 14 }), { nil: undefined }),
    maxNights: fc.option(fc.integer({ min: 1, max: 28 }), { nil: undefined }),
    bookable: fc.option(fc.boolean(), { nil: undefined }),
  });
  const toRule = (r: RuleInput, id: number): StayRule => ({
    id,
    accommodation: r.accommodation,
    type: r.accommodation === undefined ? r.type : undefined,
    dateFrom: addDays('2027-01-01', r.from),
    dateTo: addDays('2027-01-01', r.from + r.length),
    minNights: r.minNights,
    maxNights: r.maxNights,
    bookable: r.bookable,
  });

  it('lets a rule of a less specific scope change no field that a more specific one sets for the stay', () => {
    fc.assert(
      fc.property(fc.array(ruleArbitrary, { maxLength: 8 }), ruleArbitrary, (list, extra) => {
        const rules = list.map(toRule);
        const before = effectiveRules(rules, chalet);
        const added = { ...toRule(extra, 99), accommodation: undefined, type: undefined };
        const after = effectiveRules([...rules, added], chalet);
        for (const field of STAY_RULE_FIELDS) {
          const decider = rules.find((rule) => rule.id === before.decidedBy[field]);
          if (decider && scopeOf(decider) !== 'organization') expect(after[field]).toEqual(before[field]);
        }
      }),
    );
  });

  it('refuses two rules of one scope over overlapping periods that set one field, and only those', () => {
    fc.assert(
      fc.property(ruleArbitrary, ruleArbitrary, (a, b) => {
        const first = toRule(a, 1);
        const second = toRule(b, 2);
        const sameScope =
          (first.accommodation ?? null) === (second.accommodation ?? null) &&
          (first.accommodation !== undefined || (first.type ?? null) === (second.type ?? null));
        const overlap = first.dateFrom <= second.dateTo && second.dateFrom <= first.dateTo;
        const shared = STAY_RULE_FIELDS.filter((f) => first[f] !== undefined && second[f] !== undefined);
        const conflict = conflictingRule([first], second);
        expect(conflict !== undefined).toBe(sameScope && overlap && shared.length > 0);
        if (conflict) expect(shared).toContain(conflict.field);
      }),
    );
  });

  it.each<[string, StayRule[], Stay, { rule: string; detail: string }[]]>([
    ['nothing broken', [], chalet, []],
    [
      'a default, said without a rule',
      [],
      { ...chalet, dateTo: '2027-08-02' },
      [{ rule: 'max-nights', detail: '31 nights, at most 28 allowed' }],
    ],
    [
      'the deciding rule named, weekdays by name',
      [
        { id: 4, dateFrom: '2027-01-01', dateTo: '2027-12-31', arrivalDays: [6, 7], minNights: 3 },
        { id: 5, type: 'chalet', dateFrom: '2027-07-01', dateTo: '2027-08-31', minNights: 14 },
      ],
      chalet,
      [
        { rule: 'min-nights', detail: '7 nights, at least 14 required (stay rule 5)' },
        { rule: 'arrival-day', detail: 'arrivals only on Saturday, Sunday (stay rule 4)' },
      ],
    ],
    [
      'closed dates, the booking window and stop-sell',
      [
        {
          id: 6,
          accommodation: 12,
          dateFrom: '2027-07-02',
          dateTo: '2027-07-02',
          closedToArrival: ['2027-07-02'],
          minDaysBeforeArrival: 45,
          bookable: false,
        },
      ],
      chalet,
      [
        { rule: 'closed-to-arrival', detail: 'no arrivals on 2027-07-02 (stay rule 6)' },
        { rule: 'too-soon', detail: 'sold at least 45 days before arrival (stay rule 6)' },
        { rule: 'not-bookable', detail: 'not for sale (stay rule 6)' },
      ],
    ],
  ])('warns of the broken rules as a §9 write lists them: %s', (_name, rules, stay, warnings) => {
    expect(ruleWarnings(effectiveRules(rules, stay), stay, today)).toEqual(warnings);
  });
});
