import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, fixedClock, load, reload, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §13 availability: the park at a glance and the search. Examples first, then a property: after
 * every write of a random sequence (bookings, cancellations, blocks, rule changes, imports, an
 * accommodation switched off and on), both answers equal a plain oracle computed from what the
 * writes returned. Both are cached under the organization's change counter, so this is also the
 * proof that no write leaves a stale answer behind.
 */

const TODAY = '2025-06-15';
const NOW = '2025-06-15T10:00:00Z';

type HoldKind = 'reservation' | 'block';
interface ModelHold {
  kind: HoldKind;
  id: number;
  accommodation: number;
  dateFrom: string;
  dateTo: string;
}
interface ModelAccommodation {
  id: number;
  title: string;
  type: string;
  maxPersons: number;
  active: boolean;
}
/** A nightly rent (SPEC §14), its amount in cents. */
interface ModelRent {
  id: number;
  accommodation: number | null;
  type: string | null;
  weekdays: number[] | null;
  cents: number;
  dateFrom: string;
  dateTo: string;
}
type Rule = Record<string, unknown> & {
  id: number;
  accommodation: number | null;
  type: string | null;
  dateFrom: string;
  dateTo: string;
};

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const nightsOf = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The stay's rent as SPEC §14 words it, in cents: each night the rent valid on it of the accommodation,
 * else of its type, else of the organization, one naming the night's weekday before one naming none;
 * null when some night has none.
 */
function rentOracle(rents: ModelRent[], accommodation: ModelAccommodation, dateFrom: string, dateTo: string) {
  let total = 0;
  for (let night = dateFrom; night < dateTo; night = addDays(night, 1)) {
    const valid = rents.filter(
      (r) => r.dateFrom <= night && night <= r.dateTo && (r.weekdays === null || r.weekdays.includes(weekday(night))),
    );
    const deciding = [
      (r: ModelRent) => r.accommodation === accommodation.id,
      (r: ModelRent) => r.accommodation === null && r.type === accommodation.type,
      (r: ModelRent) => r.accommodation === null && r.type === null,
    ]
      .map((scope) => valid.filter(scope).sort((a, b) => Number(a.weekdays === null) - Number(b.weekdays === null))[0])
      .find((r) => r !== undefined);
    if (!deciding) return null;
    total += deciding.cents;
  }
  return total;
}

/** The grid as SPEC §13 words it, night by night. */
function gridOracle(
  accommodations: ModelAccommodation[],
  holds: ModelHold[],
  from: string,
  last: string,
  type?: string,
) {
  const end = addDays(last, 1);
  const nights = Array.from({ length: nightsOf(from, end) }, (_, i) => addDays(from, i));
  const shown = accommodations.filter((a) => a.active && (type === undefined || a.type === type)).sort(byId);
  const rows = shown.map((a) => ({
    id: a.id,
    title: a.title,
    type: a.type,
    maxPersons: a.maxPersons,
    held: holds
      .filter((h) => h.accommodation === a.id && h.dateFrom < end && h.dateTo > from)
      .sort((x, y) => (x.dateFrom < y.dateFrom ? -1 : 1))
      .map((h) => ({
        dateFrom: h.dateFrom < from ? from : h.dateFrom,
        dateTo: h.dateTo > end ? end : h.dateTo,
        kind: h.kind,
        id: h.id,
      })),
  }));
  const types = [...new Set(shown.map((a) => a.type))].sort().map((t) => {
    const ofType = shown.filter((a) => a.type === t);
    return {
      type: t,
      total: ofType.length,
      free: nights.map(
        (night) =>
          ofType.filter((a) => !holds.some((h) => h.accommodation === a.id && h.dateFrom <= night && night < h.dateTo))
            .length,
      ),
    };
  });
  return { dateFrom: from, dateTo: last, accommodations: rows, types };
}

const DEFAULTS: Record<string, unknown> = {
  minNights: 1,
  maxNights: 28,
  arrivalDays: [1, 2, 3, 4, 5, 6, 7],
  departureDays: [1, 2, 3, 4, 5, 6, 7],
  closedToArrival: [],
  closedToDeparture: [],
  minDaysBeforeArrival: 0,
  maxDaysBeforeArrival: null,
  bookable: true,
};

/** The search as SPEC §13 words it: per field, the most specific rule covering the arrival that sets it. */
function searchOracle(
  accommodations: ModelAccommodation[],
  holds: ModelHold[],
  rules: Rule[],
  rents: ModelRent[],
  stay: { dateFrom: string; dateTo: string; adults: number; children: number },
  type?: string,
) {
  const shown = accommodations.filter((a) => a.active && (type === undefined || a.type === type)).sort(byId);
  const results = shown.map((a) => {
    const overlapping = holds.filter(
      (h) => h.accommodation === a.id && h.dateFrom < stay.dateTo && h.dateTo > stay.dateFrom,
    );
    const covering = rules.filter((r) => r.dateFrom <= stay.dateFrom && stay.dateFrom <= r.dateTo);
    const value = (field: string) => {
      for (const scope of [
        (r: Rule) => r.accommodation === a.id,
        (r: Rule) => r.accommodation === null && r.type === a.type,
        (r: Rule) => r.accommodation === null && r.type === null,
      ]) {
        const rule = covering.find((r) => scope(r) && r[field] !== null && r[field] !== undefined);
        if (rule) return rule[field];
      }
      return DEFAULTS[field];
    };
    const nights = nightsOf(stay.dateFrom, stay.dateTo);
    const maxDays = value('maxDaysBeforeArrival') as number | null;
    const reasons = (
      [
        ['taken', overlapping.some((h) => h.kind === 'reservation')],
        ['blocked', overlapping.some((h) => h.kind === 'block')],
        ['capacity', stay.adults + stay.children > a.maxPersons],
        ['min-nights', nights < (value('minNights') as number)],
        ['max-nights', nights > (value('maxNights') as number)],
        ['arrival-day', !(value('arrivalDays') as number[]).includes(weekday(stay.dateFrom))],
        ['departure-day', !(value('departureDays') as number[]).includes(weekday(stay.dateTo))],
        ['closed-to-arrival', (value('closedToArrival') as string[]).includes(stay.dateFrom)],
        ['closed-to-departure', (value('closedToDeparture') as string[]).includes(stay.dateTo)],
        ['too-soon', stay.dateFrom < addDays(TODAY, value('minDaysBeforeArrival') as number)],
        ['too-far', stay.dateFrom > (maxDays === null ? '2027-06-15' : addDays(TODAY, maxDays))],
        ['not-bookable', value('bookable') === false],
      ] as const
    )
      .filter(([, broken]) => broken)
      .map((broken): string => broken[0]);
    const rent = rentOracle(rents, a, stay.dateFrom, stay.dateTo);
    if (rent === null) reasons.push('no-price');
    const bookable = reasons.length === 0;
    return {
      accommodation: { id: a.id, title: a.title, type: a.type, maxPersons: a.maxPersons },
      bookable,
      reasons,
      orderLinesTotal: bookable ? euros(rent as number) : null,
      currency: bookable ? 'EUR' : null,
      rent,
    };
  });
  // Bookable ones first, the cheapest first; then the rest; each by id (`shown` is).
  return [
    ...results.filter((r) => r.bookable).sort((x, y) => (x.rent as number) - (y.rent as number)),
    ...results.filter((r) => !r.bookable),
  ].map(({ rent: _, ...result }) => result);
}

const park = {
  ...twoOrganizations,
  accommodations: [
    ...(twoOrganizations.accommodations ?? []),
    { id: 13, organization: 1, title: 'Pitch 13', type: 'pitch', maxPersons: 2, created: NOW, modified: NOW },
    { id: 14, organization: 1, title: 'Tent 14', type: 'tent', maxPersons: 3, created: NOW, modified: NOW },
  ],
};
/**
 * A park of its own for each run of the property: a new organization, whose change counter starts
 * where every new organization's does. Emptying the database and loading the same organization again
 * would set its counter back, which no real database does, and the caches would rightly keep answers
 * from an earlier run.
 */
function ownPark(run: number) {
  const organization = 100 + run;
  const units = [
    ['Chalet', 'chalet', 4],
    ['Chalet', 'chalet', 6],
    ['Pitch', 'pitch', 2],
    ['Tent', 'tent', 3],
  ] as const;
  const accommodations: ModelAccommodation[] = units.map(([title, type, maxPersons], i) => {
    const id = 1000 + run * 10 + i;
    return { id, title: `${title} ${id}`, type, maxPersons, active: true };
  });
  return {
    organization,
    accommodations,
    document: {
      organizations: [{ id: organization, name: `Park ${run}`, timezone: 'Europe/Amsterdam' }],
      accommodations: accommodations.map(({ active: _, ...a }) => ({
        ...a,
        organization,
        created: NOW,
        modified: NOW,
      })),
    },
  };
}

describe.each(DIALECTS)('availability on %s', (dialect) => {
  let now = NOW;
  const used = useApp(dialect, { app: { clock: () => new Date(now) } });
  let writer: string;
  let admin: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = writer) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key } });
  /** A nightly rent (SPEC §14) of the organization, its type or its accommodation. */
  const rent = async (
    organization: number,
    body: {
      amount: string;
      dateFrom: string;
      dateTo: string;
      type?: string;
      accommodation?: number;
      weekdays?: readonly number[];
    },
    key = admin,
  ) => {
    const answer = await send(
      'POST',
      '/api/accommodation_price_components',
      { organization, description: 'Rent', kind: 'rent', basis: 'night', ...body },
      key,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: number };
  };

  beforeEach(async () => {
    now = NOW;
    await reload(used.db, park);
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    // Every night the examples ask for has a rent: the park's own, and the chalets' in July.
    await rent(1, { amount: '80.00', dateFrom: '2025-06-01', dateTo: '2025-12-31' });
    await rent(1, { type: 'chalet', amount: '95.50', dateFrom: '2025-07-01', dateTo: '2025-07-31' });
  });
  const booking = (accommodation: number, dateFrom: string, dateTo: string, extra: Record<string, unknown> = {}) => ({
    accommodation,
    dateFrom,
    dateTo,
    adults: 1,
    guestName: 'Guest',
    totalAmount: '100.00',
    currency: 'EUR',
    ...extra,
  });

  it('the grid: holds clipped to the period, free nights per type, inactive accommodations left out', async () => {
    const stay = (await send('POST', '/api/reservations', booking(10, '2025-06-28', '2025-07-03'))).json();
    const option = (
      await send('POST', '/api/reservations', booking(12, '2025-07-04', '2025-07-06', { status: 'option' }))
    ).json();
    await send('POST', '/api/reservations', booking(12, '2025-07-01', '2025-07-03', { status: 'cancelled' }));
    const closed = (
      await send('POST', '/api/blocks', {
        accommodation: 13,
        dateFrom: '2025-07-05',
        dateTo: '2025-07-20',
        kind: 'closed',
      })
    ).json();
    const grid = await send('GET', '/api/availability?dateFrom=2025-07-01&dateTo=2025-07-07');
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.json()).toEqual({
      dateFrom: '2025-07-01',
      dateTo: '2025-07-07',
      accommodations: [
        {
          id: 10,
          title: 'Chalet 10',
          type: 'chalet',
          maxPersons: 4,
          held: [{ dateFrom: '2025-07-01', dateTo: '2025-07-03', kind: 'reservation', id: stay.id }],
        },
        {
          id: 12,
          title: 'Chalet 12',
          type: 'chalet',
          maxPersons: 6,
          held: [{ dateFrom: '2025-07-04', dateTo: '2025-07-06', kind: 'reservation', id: option.id }],
        },
        {
          id: 13,
          title: 'Pitch 13',
          type: 'pitch',
          maxPersons: 2,
          held: [{ dateFrom: '2025-07-05', dateTo: '2025-07-08', kind: 'block', id: closed.id }],
        },
        { id: 14, title: 'Tent 14', type: 'tent', maxPersons: 3, held: [] },
      ],
      types: [
        { type: 'chalet', total: 2, free: [1, 1, 2, 1, 1, 2, 2] },
        { type: 'pitch', total: 1, free: [1, 1, 1, 1, 0, 0, 0] },
        { type: 'tent', total: 1, free: [1, 1, 1, 1, 1, 1, 1] },
      ],
    });
    expect(
      (await send('GET', '/api/availability?dateFrom=2025-07-01&dateTo=2025-07-07&type=tent')).json().types,
    ).toEqual([{ type: 'tent', total: 1, free: [1, 1, 1, 1, 1, 1, 1] }]);
    const errors = async (query: string) => (await send('GET', `/api/availability?${query}`)).json().errors;
    expect(await errors('dateFrom=2025-07-02&dateTo=2025-07-01')).toEqual([
      { parameter: 'dateTo', message: 'must not be before dateFrom' },
    ]);
    expect(await errors('dateFrom=2025-01-01&dateTo=2026-01-02')).toEqual([
      { parameter: 'dateTo', message: 'at most 366 nights at once' },
    ]);
    expect((await errors('dateFrom=2025-01-01'))[0]).toMatchObject({ parameter: 'dateTo' });
  });

  it('the search: every reason, bookable ones first; parameters checked', async () => {
    await send('POST', '/api/reservations', booking(10, '2025-07-05', '2025-07-12'));
    await send('POST', '/api/blocks', {
      accommodation: 13,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-06',
      kind: 'owner',
    });
    await send(
      'POST',
      '/api/stay-rules',
      { dateFrom: '2025-07-01', dateTo: '2025-07-31', type: 'tent', minNights: 7 },
      admin,
    );
    const search = await send('GET', '/api/availability/search?dateFrom=2025-07-04&dateTo=2025-07-08&adults=3');
    expect(search.statusCode, search.body).toBe(200);
    expect(
      search
        .json()
        .map((r: { accommodation: { id: number }; bookable: boolean; reasons: string[] }) => [
          r.accommodation.id,
          r.bookable,
          r.reasons,
        ]),
    ).toEqual([
      [12, true, []],
      [10, false, ['taken']],
      [13, false, ['blocked', 'capacity']],
      [14, false, ['min-nights']],
    ]);
    // Four July nights of the chalets' rent; the others are not bookable and carry no price.
    expect(search.json()[0]).toEqual({
      accommodation: { id: 12, title: 'Chalet 12', type: 'chalet', maxPersons: 6 },
      bookable: true,
      reasons: [],
      orderLinesTotal: '382.00',
      currency: 'EUR',
    });
    expect(
      search
        .json()
        .slice(1)
        .map((r: { orderLinesTotal: unknown; currency: unknown }) => [r.orderLinesTotal, r.currency]),
    ).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    const errors = async (query: string) => (await send('GET', `/api/availability/search?${query}`)).json().errors;
    expect(await errors('dateFrom=2025-07-04&dateTo=2025-07-04&adults=1')).toEqual([
      { parameter: 'dateTo', message: 'must be after dateFrom' },
    ]);
    expect((await errors('dateFrom=2025-07-04&dateTo=2025-07-08&adults=0'))[0]).toMatchObject({ parameter: 'adults' });
    expect((await errors('dateFrom=2025-07-04&dateTo=2025-07-08'))[0]).toMatchObject({ parameter: 'adults' });
  });

  it("counts the booking window from the organization's today, in its own time zone, across a DST change", async () => {
    // 22:30 UTC on 25 October 2025: already 00:30 on the 26th in Amsterdam (whose summer time ends
    // at 01:00 UTC that night), still the 25th in New York.
    now = '2025-10-25T22:30:00Z';
    const hotelKey = await apiKeyFor(used.db, { organizations: [2], scope: 'admin' });
    const reasons = async (organization: number, dateFrom: string, dateTo: string, key: string) =>
      (
        (
          await send(
            'GET',
            `/api/availability/search?organization=${organization}&dateFrom=${dateFrom}&dateTo=${dateTo}&adults=1`,
            undefined,
            key,
          )
        ).json() as {
          reasons: string[];
        }[]
      )[0]?.reasons;
    expect(await reasons(1, '2025-10-25', '2025-10-27', writer)).toEqual(['too-soon']);
    expect(await reasons(1, '2025-10-26', '2025-10-27', writer)).toEqual([]);
    expect(await reasons(2, '2025-10-25', '2025-10-27', hotelKey)).toEqual(['no-price']);
    await rent(2, { amount: '150.00', dateFrom: '2025-10-01', dateTo: '2025-12-31' }, hotelKey);
    expect(await reasons(2, '2025-10-25', '2025-10-27', hotelKey)).toEqual([]);
    // Two days ahead at least, in New York: the 27th is the first arrival day there (Monday).
    await send(
      'POST',
      '/api/stay-rules',
      { organization: 2, dateFrom: '2025-10-01', dateTo: '2025-12-31', minDaysBeforeArrival: 2, arrivalDays: [1] },
      hotelKey,
    );
    expect(await reasons(2, '2025-10-26', '2025-10-28', hotelKey)).toEqual(['arrival-day', 'too-soon']);
    expect(await reasons(2, '2025-10-27', '2025-10-28', hotelKey)).toEqual([]);
    // At 05:00 UTC it is the 26th in New York too (01:00 there; its own change comes a week later).
    now = '2025-10-26T05:00:00Z';
    expect(await reasons(2, '2025-10-27', '2025-10-28', hotelKey)).toEqual(['too-soon']);
  });

  // Random writes, each followed by both reads, against the oracle.
  const july = fc.integer({ min: 0, max: 27 }).map((d) => addDays('2025-07-01', d));
  const stayArb = fc.record({ from: july, nights: fc.integer({ min: 1, max: 6 }) });
  const accommodationArb = fc.integer({ min: 0, max: 3 });
  const ruleArb = fc.record(
    {
      accommodation: fc.constantFrom(0, 2),
      type: fc.constantFrom('chalet', 'pitch'),
      minNights: fc.integer({ min: 1, max: 5 }),
      maxNights: fc.integer({ min: 5, max: 10 }),
      arrivalDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      departureDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      closedToArrival: fc.uniqueArray(july, { maxLength: 3 }),
      closedToDeparture: fc.uniqueArray(july, { maxLength: 3 }),
      minDaysBeforeArrival: fc.integer({ min: 0, max: 30 }),
      maxDaysBeforeArrival: fc.integer({ min: 20, max: 60 }),
      bookable: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  // Rents over the nights of 28 June … 4 August: every night a stay below may have (1 July … 2 August)
  // and a few either side. The park's own mostly covers them all, sometimes not (no-price), rarely is
  // not there at all; a weekend rent, the chalets' and the big chalet's own come and go.
  const rentDay = fc.integer({ min: -3, max: 34 }).map((d) => addDays('2025-07-01', d));
  const periodArb = fc.tuple(rentDay, rentDay).map(([a, b]) => (a < b ? [a, b] : [b, a]) as [string, string]);
  const centsArb = fc.integer({ min: 1_000, max: 30_000 });
  const rentArb = (period: fc.Arbitrary<[string, string]>) =>
    fc.option(fc.record({ cents: centsArb, period }), { nil: undefined, freq: 3 });
  const rentsArb = fc.record({
    organization: rentArb(
      fc.oneof(
        { arbitrary: fc.constant(['2025-06-28', '2025-08-04'] as [string, string]), weight: 3 },
        { arbitrary: periodArb, weight: 1 },
      ),
    ),
    weekend: rentArb(periodArb),
    chalet: rentArb(periodArb),
    bigChalet: rentArb(periodArb),
  });
  const opArb = fc.oneof(
    fc.record({
      op: fc.constant('book' as const),
      accommodation: accommodationArb,
      stay: stayArb,
      option: fc.boolean(),
    }),
    fc.record({ op: fc.constant('block' as const), accommodation: accommodationArb, stay: stayArb }),
    fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('unblock' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('move-block' as const), pick: fc.nat(), stay: stayArb }),
    fc.record({
      op: fc.constant('rule' as const),
      period: fc.tuple(july, july),
      scope: fc.constantFrom('organization', 'type', 'accommodation'),
      rule: ruleArb,
    }),
    fc.record({ op: fc.constant('unrule' as const), pick: fc.nat() }),
    // An import onto free nights, or (`onto`) onto the first night of something that holds it.
    fc.record({
      op: fc.constant('import' as const),
      accommodation: accommodationArb,
      stay: stayArb,
      onto: fc.option(fc.nat(), { nil: undefined }),
    }),
    fc.record({ op: fc.constant('toggle' as const) }),
    // A rent's new amount, and sometimes its new period.
    fc.record({
      op: fc.constant('reprice' as const),
      pick: fc.nat(),
      cents: centsArb,
      period: fc.option(periodArb, { nil: undefined }),
    }),
  );
  const queryArb = fc.record({
    grid: fc.record({
      from: july,
      nights: fc.integer({ min: 1, max: 20 }),
      type: fc.constantFrom(undefined, 'chalet', 'pitch'),
    }),
    search: fc.record({
      stay: stayArb,
      adults: fc.integer({ min: 1, max: 4 }),
      children: fc.integer({ min: 0, max: 2 }),
      type: fc.constantFrom(undefined, 'chalet', 'tent'),
    }),
  });

  let run = 0;
  it('after every write, the grid and the search equal a plain oracle over what the writes returned', async () => {
    await fc.assert(
      fc.asyncProperty(
        rentsArb,
        fc.array(fc.tuple(opArb, queryArb), { minLength: 1, maxLength: 10 }),
        async (prices, steps) => {
          const { organization, accommodations, document } = ownPark(++run);
          await load(used.db, document);
          writer = await apiKeyFor(used.db, { organizations: [organization], scope: 'write' });
          admin = await apiKeyFor(used.db, { organizations: [organization], scope: 'admin' });
          const unit = (index: number) => accommodations[index]?.id as number;
          const holds: ModelHold[] = [];
          const rules: Rule[] = [];
          const rents: ModelRent[] = [];
          for (const [name, scope] of [
            ['organization', { accommodation: null, type: null, weekdays: null }],
            ['weekend', { accommodation: null, type: null, weekdays: [5, 6] }],
            ['chalet', { accommodation: null, type: 'chalet', weekdays: null }],
            ['bigChalet', { accommodation: unit(1), type: null, weekdays: null }],
          ] as const) {
            const chosen = prices[name];
            if (!chosen) continue;
            const [dateFrom, dateTo] = chosen.period;
            const { id } = await rent(organization, {
              ...(scope.accommodation === null ? {} : { accommodation: scope.accommodation }),
              ...(scope.type === null ? {} : { type: scope.type }),
              ...(scope.weekdays === null ? {} : { weekdays: scope.weekdays }),
              amount: euros(chosen.cents),
              dateFrom,
              dateTo,
            });
            rents.push({
              id,
              ...scope,
              weekdays: scope.weekdays && [...scope.weekdays],
              cents: chosen.cents,
              dateFrom,
              dateTo,
            });
          }
          let number = 0;
          for (const [step, query] of steps) {
            const { op } = step;
            const accommodation = 'accommodation' in step ? unit(step.accommodation) : 0;
            if (op === 'book' || op === 'block') {
              const dateTo = addDays(step.stay.from, step.stay.nights);
              const answer =
                op === 'book'
                  ? await send(
                      'POST',
                      '/api/reservations',
                      booking(accommodation, step.stay.from, dateTo, step.option ? { status: 'option' } : {}),
                    )
                  : await send('POST', '/api/blocks', {
                      accommodation: accommodation,
                      dateFrom: step.stay.from,
                      dateTo,
                      kind: 'maintenance',
                    });
              const free = !holds.some(
                (h) => h.accommodation === accommodation && h.dateFrom < dateTo && h.dateTo > step.stay.from,
              );
              const inactive = op === 'book' && !accommodations.find((a) => a.id === accommodation)?.active;
              expect(answer.statusCode, answer.body).toBe(free && !inactive ? 201 : 409);
              if (answer.statusCode === 201) {
                holds.push({
                  kind: op === 'book' ? 'reservation' : 'block',
                  id: answer.json().id,
                  accommodation: accommodation,
                  dateFrom: step.stay.from,
                  dateTo,
                });
              }
            } else if (op === 'cancel' || op === 'unblock') {
              const kind = op === 'cancel' ? 'reservation' : 'block';
              const ofKind = holds.filter((h) => h.kind === kind);
              const hold = ofKind[step.pick % Math.max(1, ofKind.length)];
              if (hold) {
                const answer = await send('DELETE', `/api/${kind === 'block' ? 'blocks' : 'reservations'}/${hold.id}`);
                expect(answer.statusCode).toBe(200);
                holds.splice(holds.indexOf(hold), 1);
              }
            } else if (op === 'move-block') {
              const blocks = holds.filter((h) => h.kind === 'block');
              const hold = blocks[step.pick % Math.max(1, blocks.length)];
              if (hold) {
                const dateTo = addDays(step.stay.from, step.stay.nights);
                const answer = await send('PATCH', `/api/blocks/${hold.id}`, { dateFrom: step.stay.from, dateTo });
                const free = !holds.some(
                  (h) =>
                    h !== hold &&
                    h.accommodation === hold.accommodation &&
                    h.dateFrom < dateTo &&
                    h.dateTo > step.stay.from,
                );
                expect(answer.statusCode, answer.body).toBe(free ? 200 : 409);
                if (free) Object.assign(hold, { dateFrom: step.stay.from, dateTo });
              }
            } else if (op === 'rule') {
              const [a, b] = step.period;
              const scope = {
                accommodation: step.scope === 'accommodation' ? unit(step.rule.accommodation ?? 0) : null,
                type: step.scope === 'type' ? (step.rule.type ?? 'chalet') : null,
              };
              const { accommodation: _a, type: _t, ...settings } = step.rule;
              if (Object.keys(settings).length === 0) continue;
              const body = { ...scope, dateFrom: a < b ? a : b, dateTo: a < b ? b : a, ...settings };
              const answer = await send('POST', '/api/stay-rules', body, admin);
              const record = answer.json();
              if (answer.statusCode === 201) rules.push(record);
              else {
                expect([400, 409], answer.body).toContain(answer.statusCode);
                // 400 only for a rule that contradicts itself.
                if (answer.statusCode === 400) expect(record.errors[0].parameter).toMatch(/^max/);
              }
            } else if (op === 'unrule') {
              const rule = rules[step.pick % Math.max(1, rules.length)];
              if (rule) {
                expect((await send('DELETE', `/api/stay-rules/${rule.id}`, undefined, admin)).statusCode).toBe(200);
                rules.splice(rules.indexOf(rule), 1);
              }
            } else if (op === 'import') {
              const target = step.onto === undefined ? undefined : holds[step.onto % Math.max(1, holds.length)];
              const where = target ?? { accommodation, dateFrom: step.stay.from };
              const dateTo = addDays(where.dateFrom, target ? 1 : step.stay.nights);
              const reservationNumber = `IMP-${++number}`;
              const imported = await load(
                used.db,
                {
                  reservations: [
                    { ...booking(where.accommodation, where.dateFrom, dateTo), organization, reservationNumber },
                  ],
                },
                fixedClock(NOW),
              ).then(
                () => true,
                () => false,
              );
              const free = !holds.some(
                (h) => h.accommodation === where.accommodation && h.dateFrom < dateTo && h.dateTo > where.dateFrom,
              );
              expect(imported).toBe(free);
              if (imported) {
                const found = (await send('GET', `/api/reservations/search?q=${reservationNumber}`)).json();
                holds.push({
                  kind: 'reservation',
                  id: found[0].id,
                  accommodation: where.accommodation,
                  dateFrom: where.dateFrom,
                  dateTo,
                });
              }
            } else if (op === 'reprice') {
              const changed = rents[step.pick % Math.max(1, rents.length)];
              if (changed) {
                const [dateFrom, dateTo] = step.period ?? [changed.dateFrom, changed.dateTo];
                const answer = await send(
                  'PATCH',
                  `/api/accommodation_price_components/${changed.id}`,
                  { amount: euros(step.cents), ...(step.period ? { dateFrom, dateTo } : {}) },
                  admin,
                );
                expect(answer.statusCode, answer.body).toBe(200);
                Object.assign(changed, { cents: step.cents, dateFrom, dateTo });
              }
            } else {
              const pitch = accommodations[2] as ModelAccommodation;
              pitch.active = !pitch.active;
              expect(
                (await send('PATCH', `/api/accommodations/${pitch.id}`, { active: pitch.active })).statusCode,
              ).toBe(200);
            }

            const { grid, search } = query;
            const last = addDays(grid.from, grid.nights - 1);
            const gridUrl = `/api/availability?dateFrom=${grid.from}&dateTo=${last}${grid.type ? `&type=${grid.type}` : ''}`;
            expect((await send('GET', gridUrl)).json()).toEqual(
              gridOracle(accommodations, holds, grid.from, last, grid.type),
            );
            const stay = {
              dateFrom: search.stay.from,
              dateTo: addDays(search.stay.from, search.stay.nights),
              adults: search.adults,
              children: search.children,
            };
            const searchUrl = `/api/availability/search?dateFrom=${stay.dateFrom}&dateTo=${stay.dateTo}&adults=${stay.adults}&children=${stay.children}${search.type ? `&type=${search.type}` : ''}`;
            expect((await send('GET', searchUrl)).json()).toEqual(
              searchOracle(accommodations, holds, rules, rents, stay, search.type),
            );
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
