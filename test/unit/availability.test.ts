import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hold, SellableAccommodation } from '../../src/modules/availability/availability.repository.js';
import { availabilityGrid, searchStays, type SearchStay } from '../../src/modules/availability/availability.js';
import type { SearchReason } from '../../src/modules/availability/availability.schemas.js';
import { effectiveRules, ruleBreaks, type StayRule } from '../../src/modules/availability/stay-rules.js';
import { type Prices, quote } from '../../src/modules/prices/quote.js';
import { addDays } from '../../src/shared/dates.js';
import { parseAmount } from '../../src/shared/money.js';

/**
 * SPEC §13's search and grid as pure functions: the search's shortcuts (only the rules covering the
 * arrival, one answer per type for accommodations without rules of their own) give what asking the
 * stay rules for each accommodation with every rule gives; the grid's free nights are what counting
 * night by night gives.
 */

const TYPES = ['chalet', 'pitch', 'room'];
const DAY0 = '2027-06-01';
const today = '2027-05-20';

/** The search without shortcuts: each accommodation, every rule, its own quote; in the order §13 gives. */
function plainSearch(
  accommodations: readonly SellableAccommodation[],
  holds: readonly Hold[],
  rules: readonly StayRule[],
  stay: SearchStay,
  prices: Prices,
) {
  const results = accommodations.map((accommodation) => {
    const reasons: SearchReason[] = [];
    const held = holds.filter((h) => h.accommodationId === accommodation.id);
    if (held.some((h) => h.kind === 'reservation')) reasons.push('taken');
    if (held.some((h) => h.kind === 'block')) reasons.push('blocked');
    if (stay.adults + stay.children > accommodation.maxPersons) reasons.push('capacity');
    const target = { accommodation: accommodation.id, type: accommodation.type, ...stay };
    reasons.push(...ruleBreaks(effectiveRules(rules, target), target, today));
    const { orderLinesTotal } = quote(prices, [], { accommodation, ...stay, party: PARTY, choices: new Map(), today });
    if (orderLinesTotal === null) reasons.push('no-price');
    return { id: accommodation.id, reasons, total: reasons.length === 0 ? orderLinesTotal : null };
  });
  const bookable = results
    .filter((r) => r.total !== null)
    .sort((a, b) => (a.total ?? 0) - (b.total ?? 0) || a.id - b.id);
  return [...bookable, ...results.filter((r) => r.total === null)];
}

/** Two adults, in age group 1. */
const PARTY = new Map([[1, 2]]);

/** Rents of the organization, a type or an accommodation, some nights left without one. */
const rentArbitrary = fc.record({
  scope: fc.oneof(
    fc.constant({}),
    fc.record({ type: fc.constantFrom(...TYPES) }),
    fc.record({ accommodation: fc.integer({ min: 1, max: 8 }) }),
  ),
  from: fc.integer({ min: -5, max: 25 }),
  length: fc.integer({ min: 0, max: 30 }),
  amount: fc.integer({ min: 1, max: 20_000 }),
});

function pricesOf(rents: readonly (typeof rentArbitrary extends fc.Arbitrary<infer T> ? T : never)[]): Prices {
  return {
    ageGroups: [{ id: 1, category: 'adult' }],
    components: rents.map(({ scope, from, length, amount }, i) => ({
      id: i + 1,
      ...scope,
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount,
      dateFrom: addDays(DAY0, from),
      dateTo: addDays(DAY0, from + length),
    })),
    supplements: [],
    discounts: [],
  };
}

const accommodationArbitrary = fc.record({
  type: fc.constantFrom(...TYPES),
  maxPersons: fc.integer({ min: 1, max: 6 }),
});

const ruleArbitrary = fc.record({
  scope: fc.oneof(
    fc.constant({}),
    fc.record({ type: fc.constantFrom(...TYPES) }),
    fc.record({ accommodation: fc.integer({ min: 1, max: 8 }) }),
  ),
  from: fc.integer({ min: 0, max: 20 }),
  length: fc.integer({ min: 0, max: 20 }),
  minNights: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
  maxNights: fc.option(fc.integer({ min: 1, max: 14 }), { nil: undefined }),
  arrivalDays: fc.option(fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }), { nil: undefined }),
  minDaysBeforeArrival: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  bookable: fc.option(fc.boolean(), { nil: undefined }),
});

describe('availability search', () => {
  it('gives every accommodation the reasons and total the plain search gives it, in its order', () => {
    fc.assert(
      fc.property(
        fc.array(accommodationArbitrary, { minLength: 1, maxLength: 8 }),
        fc.array(ruleArbitrary, { maxLength: 10 }),
        fc.array(rentArbitrary, { maxLength: 8 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 5 }),
        (units, ruleParts, rents, arrival, nights, adults) => {
          const accommodations = units.map((u, i) => ({ id: i + 1, title: `${u.type} ${i + 1}`, ...u }));
          const rules: StayRule[] = ruleParts.map(({ scope, from, length, ...settings }, i) => ({
            id: i + 1,
            ...scope,
            dateFrom: addDays(DAY0, from),
            dateTo: addDays(DAY0, from + length),
            ...settings,
          }));
          const stay = {
            dateFrom: addDays(DAY0, arrival),
            dateTo: addDays(DAY0, arrival + nights),
            adults,
            children: 0,
            babies: 0,
          };
          const holds: Hold[] = [
            { accommodationId: 1, dateFrom: stay.dateFrom, dateTo: stay.dateTo, kind: 'block', id: 1 },
          ];
          const prices = pricesOf(rents);
          const found = searchStays(accommodations, holds, rules, stay, today, {
            prices,
            currency: 'EUR',
            party: PARTY,
          });
          const plain = plainSearch(accommodations, holds, rules, stay, prices);
          expect(
            found.map((r) => ({
              id: r.accommodation.id,
              reasons: r.reasons,
              total: r.orderLinesTotal === null ? null : parseAmount(r.orderLinesTotal),
            })),
          ).toEqual(plain);
          for (const r of found) expect(r.bookable).toBe(r.reasons.length === 0);
        },
      ),
    );
  });
});

describe('availability grid', () => {
  it('clips every hold to the period and counts free accommodations night by night', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom(...TYPES),
            // Each hold: days after the previous one ends, and its nights.
            stays: fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 40 })), {
              maxLength: 6,
            }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 70 }),
        (units, first, nights) => {
          const accommodations = units.map((u, i) => ({
            id: i + 1,
            title: `${u.type} ${i + 1}`,
            type: u.type,
            maxPersons: 4,
          }));
          const dateFrom = addDays(DAY0, first);
          const lastNight = addDays(dateFrom, nights - 1);
          const end = addDays(lastNight, 1);
          const all: Hold[] = units.flatMap((u, i) => {
            let day = 0;
            return u.stays.map(([gap, length], n) => {
              day += gap;
              const hold: Hold = {
                accommodationId: i + 1,
                dateFrom: addDays(DAY0, day),
                dateTo: addDays(DAY0, day + length),
                kind: n % 2 === 0 ? 'reservation' : 'block',
                id: 100 * (i + 1) + n,
              };
              day += length;
              return hold;
            });
          });
          // What the database reads: the holds with a night in the period.
          const holds = all.filter((h) => h.dateFrom < end && h.dateTo > dateFrom);
          const grid = availabilityGrid(accommodations, holds, dateFrom, lastNight);
          for (const row of grid.accommodations) {
            expect(row.held).toEqual(
              holds
                .filter((h) => h.accommodationId === row.id)
                .map((h) => ({
                  dateFrom: h.dateFrom < dateFrom ? dateFrom : h.dateFrom,
                  dateTo: h.dateTo > end ? end : h.dateTo,
                  kind: h.kind,
                  id: h.id,
                })),
            );
          }
          const days = Array.from({ length: nights }, (_, n) => addDays(dateFrom, n));
          for (const type of grid.types) {
            const ofType = accommodations.filter((a) => a.type === type.type);
            expect(type.total).toBe(ofType.length);
            expect(type.free).toEqual(
              days.map(
                (night) =>
                  ofType.filter(
                    (a) => !holds.some((h) => h.accommodationId === a.id && h.dateFrom <= night && night < h.dateTo),
                  ).length,
              ),
            );
          }
        },
      ),
    );
  });
});
