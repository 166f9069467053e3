import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Discount,
  percentOf,
  type PriceComponent,
  type Prices,
  quotations,
  quote,
  type QuoteRequest,
  type Supplement,
} from '../../src/modules/prices/quote.js';

/**
 * SPEC §14's quote: hand-written cases (weekends, season edges, a discount's threshold, maxNights
 * caps, supplements at their maximum, rounding of odd percentages), then a property against a
 * plain second implementation written here.
 */

const ADULTS = 1;
const CHILDREN = 2;
const BABIES = 3;
const ageGroups = [
  { id: ADULTS, category: 'adult' as const },
  { id: CHILDREN, category: 'child' as const },
  { id: BABIES, category: 'baby' as const },
];

let nextId = 100;
const rent = (amount: number, extra: Partial<PriceComponent> = {}): PriceComponent => ({
  id: nextId++,
  description: 'Rent',
  kind: 'rent',
  basis: 'night',
  amount,
  dateFrom: '2027-01-01',
  dateTo: '2027-12-31',
  ...extra,
});
const prices = (extra: Partial<Prices> = {}): Prices => ({
  ageGroups,
  components: [],
  supplements: [],
  discounts: [],
  ...extra,
});
/** Thursday 1 July 2027 for `nights` nights, two adults and a child, chalet 12, booked on 1 June. */
const request = (nights: number, extra: Partial<QuoteRequest> = {}): QuoteRequest => ({
  accommodation: { id: 12, type: 'chalet' },
  dateFrom: '2027-07-01',
  dateTo: new Date(Date.UTC(2027, 6, 1 + nights)).toISOString().slice(0, 10),
  party: new Map([
    [ADULTS, 2],
    [CHILDREN, 1],
  ]),
  choices: new Map(),
  today: '2027-06-01',
  ...extra,
});
const lines = (p: Prices, r: QuoteRequest) =>
  quote(p, [], r).orderLines.map((l) => `${l.kind} ${l.description} ${l.quantity}×${l.unitAmount}=${l.amount}`);

describe('the quote (SPEC §14)', () => {
  it.each<[string, Prices, QuoteRequest, string[]]>([
    ['one rent, a line for the run', prices({ components: [rent(10000)] }), request(3), ['rent Rent 3×10000=30000']],
    [
      'weekend nights (Friday, Saturday) at their own rent, which beats the plain one',
      prices({ components: [rent(10000), rent(15000, { weekdays: [5, 6], description: 'Weekend' })] }),
      request(4),
      ['rent Rent 1×10000=10000', 'rent Weekend 2×15000=30000', 'rent Rent 1×10000=10000'],
    ],
    [
      'a season edge inside the stay',
      prices({
        components: [
          rent(8000, { dateTo: '2027-06-30', description: 'Low' }),
          rent(12000, { dateFrom: '2027-07-01', dateTo: '2027-08-31', description: 'High' }),
        ],
      }),
      request(3, { dateFrom: '2027-06-29', dateTo: '2027-07-02' }),
      ['rent Low 2×8000=16000', 'rent High 1×12000=12000'],
    ],
    [
      "the accommodation's rent beats its type's, which beats the organization's",
      prices({ components: [rent(10000), rent(9000, { type: 'chalet' }), rent(9500, { accommodation: 12 })] }),
      request(2),
      ['rent Rent 2×9500=19000'],
    ],
    [
      'a long-stay discount from its threshold on: not at 6 nights',
      prices({
        components: [rent(10000)],
        discounts: [discount({ kind: 'long-stay', minNights: 7, percent: 10 })],
      }),
      request(6),
      ['rent Rent 6×10000=60000'],
    ],
    [
      'a long-stay discount from its threshold on: at 7 nights',
      prices({
        components: [rent(10000)],
        discounts: [discount({ kind: 'long-stay', minNights: 7, percent: 10 })],
      }),
      request(7),
      ['rent Rent 7×10000=70000', 'discount Discount 1×-7000=-7000'],
    ],
    [
      'only the largest discount',
      prices({
        components: [rent(10000)],
        discounts: [
          discount({ kind: 'long-stay', minNights: 7, percent: 10, description: 'Week' }),
          discount({ kind: 'early-booking', minDaysBeforeArrival: 28, percent: 15, description: 'Early' }),
          discount({ kind: 'last-minute', maxDaysBeforeArrival: 7, percent: 30, description: 'Late' }),
        ],
      }),
      request(7),
      ['rent Rent 7×10000=70000', 'discount Early 1×-10500=-10500'],
    ],
    [
      'an odd percentage rounded half up to the cent',
      prices({ components: [rent(3333)], discounts: [discount({ percent: 12.5 })] }),
      request(3),
      ['rent Rent 3×3333=9999', 'discount Discount 1×-1250=-1250'],
    ],
    [
      'a tax capped at 3 nights stays capped when its rate changes inside the stay',
      prices({
        components: [
          rent(10000),
          { ...rent(200), kind: 'tax', basis: 'night', description: 'Tax', dateTo: '2027-07-02', maxNights: 3 },
          { ...rent(250), kind: 'tax', basis: 'night', description: 'Tax', dateFrom: '2027-07-03', maxNights: 3 },
        ],
      }),
      request(5),
      ['rent Rent 5×10000=50000', 'tax Tax 2×200=400', 'tax Tax 1×250=250'],
    ],
    [
      "an accommodation's nightly fee replaces the organization's fee per stay of the same description",
      prices({
        components: [
          rent(10000),
          { ...rent(5000), kind: 'fee', basis: 'stay', description: 'Final cleaning' },
          { ...rent(1000), kind: 'fee', basis: 'night', description: 'Final cleaning', accommodation: 12 },
        ],
      }),
      request(3),
      ['rent Rent 3×10000=30000', 'fee Final cleaning 3×1000=3000'],
    ],
    [
      "tourist tax per adult and night, at most 3 nights; fees per stay, the accommodation's replacing the others",
      prices({
        components: [
          rent(10000),
          {
            ...rent(210),
            kind: 'tax',
            basis: 'person-night',
            description: 'Tourist tax',
            ageGroups: [ADULTS],
            maxNights: 3,
          },
          { ...rent(7500), kind: 'fee', basis: 'stay', description: 'Final cleaning' },
          { ...rent(9500), kind: 'fee', basis: 'stay', description: 'Final cleaning', accommodation: 12 },
          { ...rent(150), kind: 'fee', basis: 'person-stay', description: 'Booking fee' },
        ],
      }),
      request(5),
      [
        'rent Rent 5×10000=50000',
        'fee Final cleaning 1×9500=9500',
        'fee Booking fee 3×150=450',
        'tax Tourist tax 6×210=1260',
      ],
    ],
    [
      'required supplements always, chosen ones up to their maximum, after the fees',
      prices({
        components: [rent(10000), { ...rent(5000), kind: 'fee', basis: 'stay', description: 'Cleaning' }],
        supplements: [
          supplement({ description: 'Linen', basis: 'person-stay', amount: 1200, required: true }),
          supplement({ id: 7, description: 'Dog', basis: 'night', amount: 500, maxQuantity: 2 }),
          supplement({ id: 8, description: 'Firewood', basis: 'stay', amount: 900, maxQuantity: 5 }),
        ],
      }),
      request(3, {
        choices: new Map([
          [7, 2],
          [8, 0],
        ]),
      }),
      [
        'rent Rent 3×10000=30000',
        'fee Cleaning 1×5000=5000',
        'supplement Linen 3×1200=3600',
        'supplement Dog 6×500=3000',
      ],
    ],
  ])('%s', (_name, p, r, expected) => {
    expect(lines(p, r)).toEqual(expected);
    const result = quote(p, [], r);
    expect(result.orderLinesTotal).toBe(result.orderLines.reduce((sum, l) => sum + l.amount, 0));
  });

  it('has no price for a stay with a night no rent covers, and says so among the rules it breaks', () => {
    const result = quote(
      prices({ components: [rent(10000, { dateTo: '2027-07-01' })] }),
      [{ id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', minNights: 3 }],
      request(2),
    );
    expect(result).toEqual({
      nights: 2,
      bookable: false,
      reasons: ['min-nights', 'no-price'],
      orderLines: [],
      orderLinesTotal: null,
    });
  });

  it('takes a percentage of an amount without a float, half up', () => {
    expect([
      percentOf(9999, 12.5),
      percentOf(10001, 7.5),
      percentOf(1, 50),
      percentOf(3, 33.33),
      percentOf(2 ** 40, 0.01),
    ]).toEqual([1250, 750, 1, 1, 109951163]);
  });

  // A plain second implementation: every night and every record looked at one by one.
  const SCOPE = (r: { accommodation?: number | null; type?: string | null }, a: { id: number; type: string }) =>
    r.accommodation != null ? (r.accommodation === a.id ? 0 : -1) : r.type != null ? (r.type === a.type ? 1 : -1) : 2;
  const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  function oracleTotal(p: Prices, r: QuoteRequest): number | null {
    const nights: string[] = [];
    for (let d = r.dateFrom; d < r.dateTo; d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10))
      nights.push(d);
    const persons = (groups?: readonly number[] | null) =>
      [...r.party].filter(([g]) => !groups || groups.includes(g)).reduce((sum, [, n]) => sum + n, 0);
    const best = <
      T extends {
        id: number;
        accommodation?: number | null;
        type?: string | null;
        weekdays?: readonly number[] | null;
      },
    >(
      list: T[],
    ) =>
      list
        .filter((x) => SCOPE(x, r.accommodation) >= 0)
        .sort(
          (x, y) =>
            SCOPE(x, r.accommodation) - SCOPE(y, r.accommodation) ||
            (x.weekdays ? 0 : 1) - (y.weekdays ? 0 : 1) ||
            x.id - y.id,
        )[0];
    const covers = (c: PriceComponent, night: string) =>
      c.dateFrom <= night && night <= c.dateTo && (!c.weekdays || c.weekdays.includes(weekday(night)));
    let rentTotal = 0;
    for (const night of nights) {
      const c = best(p.components.filter((x) => x.kind === 'rent' && covers(x, night)));
      if (!c) return null;
      rentTotal += c.amount * (c.basis === 'person-night' ? persons(c.ageGroups) : 1);
    }
    let total = rentTotal;
    const daysBefore = (Date.parse(r.dateFrom) - Date.parse(r.today)) / 86_400_000;
    const discounts = p.discounts
      .filter((d) => SCOPE(d, r.accommodation) >= 0 && d.dateFrom <= r.dateFrom && r.dateFrom <= d.dateTo)
      .filter((d) => (d.minNights ?? 0) <= nights.length)
      .filter(
        (d) =>
          (d.minDaysBeforeArrival ?? -Infinity) <= daysBefore && daysBefore <= (d.maxDaysBeforeArrival ?? Infinity),
      )
      .map((d) => Math.floor((rentTotal * Math.round(d.percent * 100) + 5000) / 10000));
    total -= Math.max(0, ...discounts);
    for (const kind of ['fee', 'tax'] as const) {
      const ofKind = p.components.filter((c) => c.kind === kind);
      for (const description of new Set(ofKind.map((c) => c.description))) {
        const named = ofKind.filter((c) => c.description === description);
        const once = best(
          named.filter(
            (c) =>
              (c.basis === 'stay' || c.basis === 'person-stay') && c.dateFrom <= r.dateFrom && r.dateFrom <= c.dateTo,
          ),
        );
        // Each night's component; a night counts while fewer than its component's maxNights were
        // counted before it, whatever component priced them.
        const perNight = nights.map((night) =>
          best(named.filter((x) => (x.basis === 'night' || x.basis === 'person-night') && covers(x, night))),
        );
        const nightScope = Math.min(...perNight.flatMap((c) => (c ? [SCOPE(c, r.accommodation)] : [])));
        const onceScope = once ? SCOPE(once, r.accommodation) : Infinity;
        // Priced per stay and per night at different scopes: only the more specific counts.
        if (once && onceScope <= nightScope) {
          total += once.amount * (once.basis === 'person-stay' ? persons(once.ageGroups) : 1);
        }
        if (nightScope > onceScope) continue;
        let counted = 0;
        for (const c of perNight) {
          if (!c) continue;
          if (c.maxNights != null && counted >= c.maxNights) continue;
          counted += 1;
          total += c.amount * (c.basis === 'person-night' ? persons(c.ageGroups) : 1);
        }
      }
    }
    for (const description of new Set(p.supplements.map((s) => s.description))) {
      const s = best(p.supplements.filter((x) => x.description === description));
      if (!s) continue;
      const units = s.required ? 1 : Math.min(r.choices.get(s.id) ?? 0, s.maxQuantity);
      const perUnit = {
        stay: 1,
        night: nights.length,
        'person-stay': persons(),
        'person-night': persons() * nights.length,
      }[s.basis];
      total += s.amount * perUnit * units;
    }
    return total;
  }

  const july = fc
    .integer({ min: 0, max: 40 })
    .map((d) => new Date(Date.UTC(2027, 5, 20 + d)).toISOString().slice(0, 10));
  const scope = fc.record({
    accommodation: fc.constantFrom(null, 12, 13),
    type: fc.constantFrom(null, 'chalet', 'tent'),
  });
  const componentArb = fc
    .record({
      scope,
      kind: fc.constantFrom('rent', 'rent', 'fee', 'tax'),
      basis: fc.constantFrom('night', 'stay', 'person-night', 'person-stay'),
      description: fc.constantFrom('A', 'B'),
      amount: fc.integer({ min: 0, max: 50_000 }),
      period: fc.tuple(july, july),
      weekdays: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), {
        nil: null,
      }),
      ageGroups: fc.option(fc.uniqueArray(fc.constantFrom(ADULTS, CHILDREN, BABIES), { minLength: 1 }), { nil: null }),
      maxNights: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    })
    .map(({ scope: s, kind, basis, period: [a, b], ...rest }) => ({
      ...rest,
      ...s,
      id: nextId++,
      kind: kind as PriceComponent['kind'],
      // Rent is priced per night (a stay-wide rent would be a fee).
      basis: (kind === 'rent'
        ? basis.startsWith('person')
          ? 'person-night'
          : 'night'
        : basis) as PriceComponent['basis'],
      dateFrom: a < b ? a : b,
      dateTo: a < b ? b : a,
    }));
  const supplementArb = fc.record({
    id: fc.integer({ min: 1, max: 6 }),
    scope,
    description: fc.constantFrom('S', 'T'),
    basis: fc.constantFrom('night', 'stay', 'person-night', 'person-stay'),
    amount: fc.integer({ min: 0, max: 5_000 }),
    required: fc.boolean(),
    maxQuantity: fc.integer({ min: 1, max: 3 }),
  });
  const discountArb = fc.record({
    scope,
    kind: fc.constantFrom('long-stay', 'early-booking', 'last-minute'),
    minNights: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    minDaysBeforeArrival: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
    maxDaysBeforeArrival: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    percent: fc.integer({ min: 1, max: 5000 }).map((h) => h / 100),
    period: fc.tuple(july, july),
  });

  it('totals what a plain second implementation totals, and every line is quantity × unit amount', () => {
    fc.assert(
      fc.property(
        fc.array(componentArb, { maxLength: 8 }),
        fc.uniqueArray(supplementArb, { maxLength: 4, selector: (s) => s.id }),
        fc.array(discountArb, { maxLength: 3 }),
        july,
        fc.integer({ min: 1, max: 10 }),
        fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 })),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 4 })), { maxLength: 4 }),
        fc.constantFrom({ id: 12, type: 'chalet' }, { id: 14, type: 'tent' }),
        (components, supplements, discounts, arrival, nights, [a, c, b], choices, accommodation) => {
          const p = prices({
            components,
            supplements: supplements.map(({ scope: s, ...rest }) => ({ ...rest, ...s }) as Supplement),
            discounts: discounts.map(({ scope: s, period: [x, y], ...rest }, i) => ({
              ...rest,
              ...s,
              id: i + 1,
              description: `D${i}`,
              dateFrom: x < y ? x : y,
              dateTo: x < y ? y : x,
            })) as Discount[],
          });
          const r = request(nights, {
            accommodation,
            dateFrom: arrival,
            dateTo: new Date(Date.parse(arrival) + nights * 86_400_000).toISOString().slice(0, 10),
            party: new Map([
              [ADULTS, a],
              [CHILDREN, c],
              [BABIES, b],
            ]),
            choices: new Map(choices),
          });
          const result = quote(p, [], r);
          expect(result.orderLinesTotal).toBe(oracleTotal(p, r));
          for (const l of result.orderLines) expect(l.amount).toBe(l.quantity * l.unitAmount);
          expect(result.orderLines.every((l) => Number.isInteger(l.amount))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prices every stay of a window as quoting each one alone does, for any price list (the quotations’ shortcut)', () => {
    fc.assert(
      fc.property(
        fc.array(componentArb, { maxLength: 8 }),
        fc.uniqueArray(supplementArb, { maxLength: 3, selector: (s) => s.id }),
        fc.array(discountArb, { maxLength: 2 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 3 })), { maxLength: 2 }),
        fc.constantFrom({ id: 12, type: 'chalet' }, { id: 14, type: 'tent' }),
        (components, supplements, discounts, holds, accommodation) => {
          const p = prices({
            components,
            supplements: supplements.map(({ scope: s, ...rest }) => ({ ...rest, ...s }) as Supplement),
            discounts: discounts.map(({ scope: s, period: [x, y], ...rest }, i) => ({
              ...rest,
              ...s,
              id: i + 1,
              description: `D${i}`,
              dateFrom: x < y ? x : y,
              dateTo: x < y ? y : x,
            })) as Discount[],
          });
          const at = (n: number) => new Date(Date.UTC(2027, 5, 25 + n)).toISOString().slice(0, 10);
          const held = holds.map(([from, nights]) => ({ dateFrom: at(from), dateTo: at(from + nights) }));
          const { dateFrom: _from, dateTo: _to, ...party } = request(1, { accommodation });
          const expected = [];
          for (let a = 0; a < 14; a++) {
            for (let d = a + 1; d <= 14; d++) {
              if (held.some((h) => h.dateFrom < at(d) && h.dateTo > at(a))) continue;
              const priced = quote(p, [], { ...party, dateFrom: at(a), dateTo: at(d) });
              if (priced.orderLinesTotal !== null) {
                expected.push({
                  dateFrom: at(a),
                  dateTo: at(d),
                  nights: d - a,
                  orderLinesTotal: priced.orderLinesTotal,
                });
              }
            }
          }
          expect(quotations(p, [], party, { dateFrom: at(0), dateTo: at(14) }, held)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the original's quotations (SPEC §14)", () => {
  const weekly = prices({ components: [rent(10000), rent(15000, { weekdays: [5, 6] })] });
  const chalet = request(1);
  const window = { dateFrom: '2027-07-01', dateTo: '2027-07-12' };

  it('lists every sellable stay inside the window, by arrival then nights, around what holds nights', () => {
    // Saturday arrivals of 3 to 7 nights only; the 8th–10th held.
    const rules = [
      { id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', arrivalDays: [6], minNights: 3, maxNights: 7 },
    ];
    const found = quotations(weekly, rules, chalet, window, [{ dateFrom: '2027-07-08', dateTo: '2027-07-10' }]);
    expect(found).toEqual([
      // Saturday 3 July: to the 6th and 7th; the 8th is held, so nothing longer.
      { dateFrom: '2027-07-03', dateTo: '2027-07-06', nights: 3, orderLinesTotal: 35000 },
      { dateFrom: '2027-07-03', dateTo: '2027-07-07', nights: 4, orderLinesTotal: 45000 },
      { dateFrom: '2027-07-03', dateTo: '2027-07-08', nights: 5, orderLinesTotal: 55000 },
      // Saturday 10 July: departures by the 12th are too short.
    ]);
  });

  it('equals pricing every stay of the window one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 20 }), nights: fc.integer({ min: 1, max: 4 }) }), {
          maxLength: 3,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1 }), { nil: undefined }),
        (holds, minNights, arrivalDays) => {
          const held = holds.map((h) => ({ dateFrom: day(h.from), dateTo: day(h.from + h.nights) }));
          const rules = [{ id: 1, dateFrom: '2027-01-01', dateTo: '2027-12-31', minNights, arrivalDays }];
          const expected = [];
          for (let a = 0; a < 20; a++) {
            for (let d = a + 1; d <= 20; d++) {
              if (held.some((h) => h.dateFrom < day(d) && h.dateTo > day(a))) continue;
              const priced = quote(weekly, rules, { ...chalet, dateFrom: day(a), dateTo: day(d) });
              if (priced.bookable)
                expected.push({
                  dateFrom: day(a),
                  dateTo: day(d),
                  nights: d - a,
                  orderLinesTotal: priced.orderLinesTotal,
                });
            }
          }
          expect(quotations(weekly, rules, chalet, { dateFrom: day(0), dateTo: day(20) }, held)).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });
});

const day = (n: number) => new Date(Date.UTC(2027, 6, 1 + n)).toISOString().slice(0, 10);

function discount(extra: Partial<Discount>): Discount {
  return {
    id: nextId++,
    description: 'Discount',
    kind: 'long-stay',
    percent: 10,
    dateFrom: '2027-01-01',
    dateTo: '2027-12-31',
    ...extra,
  };
}

function supplement(extra: Partial<Supplement>): Supplement {
  return {
    id: nextId++,
    description: 'Supplement',
    basis: 'stay',
    amount: 1000,
    required: false,
    maxQuantity: 1,
    ...extra,
  };
}
