import { beforeEach, describe, expect, it } from 'vitest';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, reload, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §14 through the API: the four price records at the original's paths, the quote line by line,
 * the original's quotations, the search's totals, and §9 writes priced by their quote.
 */

type Json = Record<string, unknown> & { id: number };

describe.each(DIALECTS)('prices on %s', (dialect) => {
  // 2025-06-15 12:00 in Amsterdam (organization 1), 06:00 in New York (organization 2).
  const used = useApp(dialect, { app: { clock: () => new Date('2025-06-15T10:00:00Z') } });
  let admin: string;
  let writer: string;
  let reader: string;
  let groups: { adults: number; children: number; babies: number };

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = admin) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key } });
  const create = async (path: string, body: object): Promise<Json> => {
    const response = await send('POST', path, { organization: 1, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const parameters = (response: { json(): { errors?: { parameter: string }[] } }) =>
    (response.json().errors ?? []).map((e) => e.parameter);

  beforeEach(async () => {
    await reload(used.db, twoOrganizations);
    admin = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'admin' });
    writer = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1, 2] });
    const list = (await send('GET', '/api/age_group_specifications/?organization=1', undefined, reader)).json();
    const idOf = (category: string) => list.find((g: { category: string }) => g.category === category).id;
    groups = { adults: idOf('adult'), children: idOf('child'), babies: idOf('baby') };
  });

  it('gives every organization Adults, Children and Babies, and keeps records of each kind at both paths', async () => {
    const listed = await send('GET', '/api/age_group_specifications?organization=2', undefined, reader);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((g: Json) => [g.description, g.minAge, g.maxAge, g.category])).toEqual([
      ['Adults', 18, 120, 'adult'],
      ['Children', 3, 17, 'child'],
      ['Babies', 0, 2, 'baby'],
    ]);

    const component = await send('POST', '/api/accommodation_price_components/', {
      organization: 1,
      type: 'chalet',
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '99.5',
      dateFrom: '2025-07-01',
      dateTo: '2025-08-31',
    });
    expect(component.statusCode, component.body).toBe(201);
    const rent = component.json();
    expect(component.headers.location).toBe(`/api/accommodation_price_components/${rent.id}`);
    expect(rent).toEqual({
      id: rent.id,
      organization: 1,
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '99.50',
      dateFrom: '2025-07-01',
      dateTo: '2025-08-31',
      accommodation: null,
      type: 'chalet',
      weekdays: null,
      ageGroups: null,
      maxNights: null,
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
    });
    const supplement = await create('/api/supplements', { description: 'Dog', basis: 'night', amount: '5.00' });
    expect(supplement).toMatchObject({ required: false, maxQuantity: 1, accommodation: null, type: null });
    const discount = await create('/api/discount_specifications', {
      description: 'Long stay',
      kind: 'long-stay',
      percent: 12.5,
      minNights: 7,
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
    });
    expect(discount).toMatchObject({ percent: 12.5, minNights: 7, minDaysBeforeArrival: null });

    // Both paths, read scope; another kind's id is not found at this path.
    for (const path of ['/api/supplements', '/api/supplements/']) {
      expect((await send('GET', `${path}?organization=1`, undefined, reader)).json()).toEqual([supplement]);
    }
    expect((await send('PATCH', `/api/supplements/${rent.id}`, { amount: '1.00' })).statusCode).toBe(404);
    // Writes are for admins.
    expect(
      (await send('POST', '/api/supplements', { description: 'x', basis: 'stay', amount: '1' }, writer)).statusCode,
    ).toBe(403);

    const changed = await send('PATCH', `/api/accommodation_price_components/${rent.id}`, {
      weekdays: [5, 6],
      amount: '120.00',
    });
    expect(changed.json()).toMatchObject({ weekdays: [5, 6], amount: '120.00', description: 'Rent' });
    const unset = await send('PATCH', `/api/accommodation_price_components/${rent.id}`, { weekdays: null });
    expect(unset.json()).toMatchObject({ weekdays: null, amount: '120.00' });
    const removed = await send('DELETE', `/api/discount_specifications/${discount.id}`);
    expect(removed.json()).toEqual(discount);
    expect((await send('GET', '/api/discount_specifications?organization=1')).json()).toEqual([]);
  });

  it('names every broken parameter, refuses overlapping rents and an age group still counted', async () => {
    const rent = { description: 'Rent', kind: 'rent', basis: 'night', amount: '80.00', type: 'chalet' };
    const bad = await send('POST', '/api/accommodation_price_components', {
      organization: 1,
      ...rent,
      accommodation: 12,
      dateFrom: '2025-07-10',
      dateTo: '2025-07-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(parameters(bad).sort()).toEqual(['dateTo', 'type']);
    const unknownGroup = await send('POST', '/api/accommodation_price_components', {
      organization: 1,
      ...rent,
      kind: 'tax',
      ageGroups: [999],
      dateFrom: '2025-07-01',
      dateTo: '2025-07-10',
    });
    expect(parameters(unknownGroup)).toEqual(['ageGroups']);
    const percent = await send('POST', '/api/discount_specifications', {
      organization: 1,
      description: 'Odd',
      kind: 'last-minute',
      percent: 10.125,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-10',
    });
    expect(parameters(percent)).toEqual(['percent']);
    expect(
      parameters(await send('POST', '/api/supplements', { organization: 1, basis: 'stay', amount: '-1' })),
    ).toEqual(expect.arrayContaining(['description', 'amount']));

    // A rent is what a night costs; a price per stay is a fee. No price above 1,000,000.00.
    const perStay = await send('POST', '/api/accommodation_price_components', {
      organization: 1,
      ...rent,
      basis: 'stay',
      amount: '1000000.01',
      dateFrom: '2025-07-01',
      dateTo: '2025-07-10',
    });
    expect(parameters(perStay).sort()).toEqual(['amount', 'basis']);
    const july = await create('/api/accommodation_price_components', {
      ...rent,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
    // The same scope and weekdays over one night: which would decide is refused, not guessed.
    const overlap = await send('POST', '/api/accommodation_price_components', {
      organization: 1,
      ...rent,
      dateFrom: '2025-07-31',
      dateTo: '2025-08-31',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().conflictingComponent).toBe(july.id);
    // A weekend rent beats the plain one, another scope is another rent, and Saturdays of a period
    // holding none are no overlap (2025-08-01 … 2025-08-04 is Friday to Monday, no Wednesday).
    await create('/api/accommodation_price_components', {
      ...rent,
      weekdays: [6],
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
    await create('/api/accommodation_price_components', {
      ...rent,
      type: null,
      accommodation: 12,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
    const wednesday = await create('/api/accommodation_price_components', {
      ...rent,
      weekdays: [3],
      dateFrom: '2025-08-01',
      dateTo: '2025-08-04',
    });
    expect(
      (await send('PATCH', `/api/accommodation_price_components/${wednesday.id}`, { dateTo: '2025-08-06' })).statusCode,
    ).toBe(200);
    expect(
      (await send('PATCH', `/api/accommodation_price_components/${wednesday.id}`, { dateFrom: '2025-07-30' }))
        .statusCode,
    ).toBe(200);

    const tax = await create('/api/accommodation_price_components', {
      description: 'Tourist tax',
      kind: 'tax',
      basis: 'person-night',
      amount: '2.35',
      ageGroups: [groups.adults],
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
    });
    const counted = await send('DELETE', `/api/age_group_specifications/${groups.adults}`);
    expect(counted.statusCode).toBe(409);
    expect(counted.json().conflictingComponent).toBe(tax.id);
    expect((await send('DELETE', `/api/age_group_specifications/${groups.babies}`)).statusCode).toBe(200);
  });

  it('stores one of two overlapping rents sent at once, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const month = `2026-${String(round + 1).padStart(2, '0')}`;
      const responses = await releasedTogether(
        [12.5, 13.5].map(
          (amount) => () =>
            send('POST', '/api/accommodation_price_components', {
              organization: 1,
              accommodation: 10,
              description: 'Rent',
              kind: 'rent',
              basis: 'night',
              amount: String(amount),
              dateFrom: `${month}-01`,
              dateTo: `${month}-20`,
            }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    }
    const stored = (await send('GET', '/api/accommodation_price_components?organization=1')).json();
    expect(stored).toHaveLength(5);
  });

  it('lists what applies to an accommodation, on a day of a period, modified since, required or not; ETag and 304', async () => {
    const base = { kind: 'fee', basis: 'stay', amount: '10.00', dateFrom: '2025-07-01', dateTo: '2025-07-31' };
    const everyone = await create('/api/accommodation_price_components', { ...base, description: 'Cleaning' });
    const chalets = await create('/api/accommodation_price_components', {
      ...base,
      description: 'Gas',
      type: 'chalet',
    });
    const pitches = await create('/api/accommodation_price_components', {
      ...base,
      description: 'Power',
      type: 'pitch',
    });
    const own = await create('/api/accommodation_price_components', {
      ...base,
      description: 'Hot tub',
      accommodation: 12,
    });
    const august = await create('/api/accommodation_price_components', {
      ...base,
      description: 'August',
      dateFrom: '2025-08-01',
      dateTo: '2025-08-31',
    });
    const ids = async (query: string) =>
      (await send('GET', `/api/accommodation_price_components/?organization=1&${query}`, undefined, reader))
        .json()
        .map((r: Json) => r.id);
    expect(await ids('accommodation=12')).toEqual([everyone.id, chalets.id, own.id, august.id]);
    expect(await ids('accommodation=11')).toEqual([everyone.id, pitches.id, august.id]);
    expect(await ids('dateFrom=2025-07-31&dateTo=2025-08-01')).toHaveLength(5);
    expect(await ids('dateFrom=2025-08-02')).toEqual([august.id]);
    expect(await ids('dateTo=2025-06-30')).toEqual([]);
    expect(await ids('modifiedDateFrom=2025-06-16')).toEqual([]);
    expect(await ids('modifiedSince=2025-06-15T10:00:00Z')).toHaveLength(5);
    expect(
      parameters(await send('GET', '/api/accommodation_price_components?organization=1&accommodation=20')),
    ).toEqual(['accommodation']);

    const required = await create('/api/supplements', {
      description: 'Booking fee',
      basis: 'stay',
      amount: '15',
      required: true,
    });
    const optional = await create('/api/supplements', { description: 'Linen', basis: 'person-stay', amount: '12.5' });
    const supplements = async (query: string) =>
      (await send('GET', `/api/supplements?organization=1&${query}`)).json().map((r: Json) => r.id);
    expect(await supplements('required=true')).toEqual([required.id]);
    expect(await supplements('required=false')).toEqual([optional.id]);

    const first = await send('GET', '/api/supplements?organization=1', undefined, reader);
    const again = await used.app.inject({
      method: 'GET',
      url: '/api/supplements?organization=1',
      headers: { 'x-api-key': reader, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await send('PATCH', `/api/supplements/${optional.id}`, { maxQuantity: 4 });
    const after = await send('GET', '/api/supplements?organization=1', undefined, reader);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json()[1].maxQuantity).toBe(4);
  });

  /** A park manager's price list for organization 1 (the quote's lines below are computed from it by hand). */
  async function priceList() {
    const season = { dateFrom: '2025-07-01', dateTo: '2025-08-31' };
    const year = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };
    await create('/api/accommodation_price_components', {
      ...season,
      type: 'chalet',
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '100.00',
    });
    await create('/api/accommodation_price_components', {
      ...season,
      type: 'chalet',
      description: 'Weekend rent',
      kind: 'rent',
      basis: 'night',
      amount: '130.00',
      weekdays: [5, 6],
    });
    await create('/api/accommodation_price_components', {
      ...year,
      description: 'Final cleaning',
      kind: 'fee',
      basis: 'stay',
      amount: '75.00',
    });
    await create('/api/accommodation_price_components', {
      ...year,
      description: 'Tourist tax',
      kind: 'tax',
      basis: 'person-night',
      amount: '2.35',
      ageGroups: [groups.adults],
      maxNights: 5,
    });
    await create('/api/supplements', { description: 'Booking fee', basis: 'stay', amount: '15.00', required: true });
    const dog = await create('/api/supplements', {
      description: 'Dog',
      basis: 'night',
      amount: '5.00',
      maxQuantity: 2,
    });
    await create('/api/discount_specifications', {
      ...year,
      description: 'Long stay',
      kind: 'long-stay',
      percent: 10,
      minNights: 7,
    });
    await create('/api/discount_specifications', {
      ...year,
      description: 'Early booking',
      kind: 'early-booking',
      percent: 12.5,
      minDaysBeforeArrival: 30,
    });
    return { dog };
  }

  it('quotes a stay line by line: runs of equal rent, the largest discount, fees, supplements, capped tax', async () => {
    const { dog } = await priceList();
    // Monday 14 to Monday 21 July: Friday and Saturday are weekend nights. 29 days ahead: no early booking.
    const response = await send(
      'GET',
      `/api/quotes?organization=1&accommodation=12&dateFrom=2025-07-14&dateTo=2025-07-21&adults=2&children=1&supplements=${dog.id}:2`,
      undefined,
      reader,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      accommodation: 12,
      dateFrom: '2025-07-14',
      dateTo: '2025-07-21',
      nights: 7,
      bookable: true,
      reasons: [],
      orderLines: [
        { description: 'Rent', kind: 'rent', quantity: 4, unitAmount: '100.00', amount: '400.00' },
        { description: 'Weekend rent', kind: 'rent', quantity: 2, unitAmount: '130.00', amount: '260.00' },
        { description: 'Rent', kind: 'rent', quantity: 1, unitAmount: '100.00', amount: '100.00' },
        { description: 'Long stay', kind: 'discount', quantity: 1, unitAmount: '-76.00', amount: '-76.00' },
        { description: 'Final cleaning', kind: 'fee', quantity: 1, unitAmount: '75.00', amount: '75.00' },
        { description: 'Booking fee', kind: 'supplement', quantity: 1, unitAmount: '15.00', amount: '15.00' },
        { description: 'Dog', kind: 'supplement', quantity: 14, unitAmount: '5.00', amount: '70.00' },
        { description: 'Tourist tax', kind: 'tax', quantity: 10, unitAmount: '2.35', amount: '23.50' },
      ],
      orderLinesTotal: '867.50',
      currency: 'EUR',
    });
    // A month ahead the early booking's 12.5 % beats the long stay's 10 %; age groups by id replace the counts.
    const early = await send(
      'GET',
      `/api/quotes?organization=1&accommodation=12&dateFrom=2025-08-04&dateTo=2025-08-11&ageGroups=${groups.adults}:1`,
      undefined,
      reader,
    );
    expect(early.json().orderLines[3]).toEqual({
      description: 'Early booking',
      kind: 'discount',
      quantity: 1,
      unitAmount: '-95.00',
      amount: '-95.00',
    });
  });

  it('tells every reason a quoted stay cannot be sold, and what is wrong with the question', async () => {
    const { dog } = await priceList();
    await send('POST', '/api/stay-rules', {
      organization: 1,
      type: 'chalet',
      dateFrom: '2025-07-01',
      dateTo: '2025-08-31',
      minNights: 3,
    });
    await send(
      'POST',
      '/api/blocks',
      { organization: 1, accommodation: 10, dateFrom: '2025-07-15', dateTo: '2025-07-16', kind: 'maintenance' },
      writer,
    );
    const quoted = async (query: string) =>
      (await send('GET', `/api/quotes?organization=1&${query}`, undefined, reader)).json();
    const blocked = await quoted('accommodation=10&dateFrom=2025-07-14&dateTo=2025-07-16&adults=5');
    expect(blocked).toMatchObject({
      bookable: false,
      reasons: ['blocked', 'capacity', 'min-nights'],
      orderLinesTotal: '313.50',
    });
    // June has no rent: no lines, no total.
    expect(await quoted('accommodation=10&dateFrom=2025-06-29&dateTo=2025-07-02&adults=2')).toMatchObject({
      bookable: false,
      reasons: ['no-price'],
      orderLines: [],
      orderLinesTotal: null,
    });
    expect(
      (await send('GET', '/api/quotes?organization=1&accommodation=11&dateFrom=2025-07-14&dateTo=2025-07-21&adults=1'))
        .statusCode,
    ).toBe(409);
    expect(
      (await send('GET', '/api/quotes?organization=1&accommodation=20&dateFrom=2025-07-14&dateTo=2025-07-21&adults=1'))
        .statusCode,
    ).toBe(404);
    const wrong = async (query: string) =>
      parameters(
        await send('GET', `/api/quotes?organization=1&accommodation=12&dateFrom=2025-07-14&dateTo=2025-07-21&${query}`),
      );
    expect(await wrong('children=1')).toEqual(['adults']);
    expect(await wrong('ageGroups=999:2')).toEqual(['ageGroups']);
    expect(await wrong(`ageGroups=${groups.adults}:0`)).toEqual(['ageGroups']);
    expect(await wrong('adults=2&supplements=1:x')).toEqual(['supplements']);
    expect(await wrong(`adults=2&supplements=${dog.id}:3`)).toEqual(['supplements']);
    expect(
      parameters(
        await send('GET', '/api/quotes?organization=1&accommodation=12&dateFrom=2025-07-14&dateTo=2025-07-14&adults=2'),
      ),
    ).toEqual(['dateTo']);
  });

  it('lists the original’s quotations: every sellable stay of the window, by arrival then nights', async () => {
    await send('POST', '/api/accommodation_price_components', {
      organization: 2,
      type: 'room',
      description: 'Room',
      kind: 'rent',
      basis: 'night',
      amount: '80.00',
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
    await send(
      'POST',
      '/api/reservations',
      {
        organization: 2,
        accommodation: 20,
        dateFrom: '2025-07-03',
        dateTo: '2025-07-04',
        adults: 1,
        guestName: 'A. Guest',
        totalAmount: '80.00',
        currency: 'EUR',
      },
      writer,
    );
    const stays = async (query: string) => {
      const response = await send('GET', `/api/accommodations/20/quotations/?${query}`, undefined, reader);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .map(
          (q: { dateFrom: string; dateTo: string; nights: number; orderLinesTotal: string; currency: string }) =>
            `${q.dateFrom.slice(8)}-${q.dateTo.slice(8)} ${q.nights} ${q.orderLinesTotal} ${q.currency}`,
        );
    };
    expect(await stays('dateFrom=2025-07-01&dateTo=2025-07-06')).toEqual([
      '01-02 1 80.00 EUR',
      '01-03 2 160.00 EUR',
      '02-03 1 80.00 EUR',
      '04-05 1 80.00 EUR',
      '04-06 2 160.00 EUR',
      '05-06 1 80.00 EUR',
    ]);
    await send('POST', '/api/stay-rules', {
      organization: 2,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
      minNights: 2,
    });
    expect(await stays('dateFrom=2025-07-01&dateTo=2025-07-06')).toEqual(['01-03 2 160.00 EUR', '04-06 2 160.00 EUR']);
    // Two adults by default: three do not fit the room.
    expect(await stays('dateFrom=2025-07-01&dateTo=2025-07-06&adults=3')).toEqual([]);
    expect(
      parameters(await send('GET', '/api/accommodations/20/quotations?dateFrom=2025-07-01&dateTo=2025-09-02')),
    ).toEqual(['dateTo']);
    expect(
      (await send('GET', '/api/accommodations/12/quotations?organization=2&dateFrom=2025-07-01&dateTo=2025-07-06'))
        .statusCode,
    ).toBe(404);
  });

  it('shows each bookable stay’s total in the search, cheapest first, and no-price where a night has none', async () => {
    await priceList();
    await create('/api/accommodation_price_components', {
      accommodation: 10,
      description: 'Small chalet',
      kind: 'rent',
      basis: 'night',
      amount: '90.00',
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
    const search = async (dateFrom: string, dateTo: string) =>
      (
        await send(
          'GET',
          `/api/availability/search?organization=1&dateFrom=${dateFrom}&dateTo=${dateTo}&adults=2`,
          undefined,
          reader,
        )
      )
        .json()
        .map(
          (r: {
            accommodation: { id: number };
            reasons: string[];
            orderLinesTotal: string | null;
            currency: string | null;
          }) => [r.accommodation.id, r.reasons, r.orderLinesTotal, r.currency],
        );
    // Two Monday-to-Wednesday nights: 2 × 90 or 2 × 100, cleaning 75, booking fee 15, tax 2 × 2 × 2.35.
    expect(await search('2025-07-14', '2025-07-16')).toEqual([
      [10, [], '279.40', 'EUR'],
      [12, [], '299.40', 'EUR'],
    ]);
    // Each night takes the most specific rent valid on it: the type's on Sunday 31 August, accommodation
    // 10's own on 1 September, where accommodation 12 has none. 77 days ahead, the early booking's 12.5 %.
    await create('/api/accommodation_price_components', {
      accommodation: 10,
      description: 'Small chalet',
      kind: 'rent',
      basis: 'night',
      amount: '90.00',
      dateFrom: '2025-09-01',
      dateTo: '2025-09-30',
    });
    expect(await search('2025-08-31', '2025-09-02')).toEqual([
      [10, [], '265.65', 'EUR'],
      [12, ['no-price'], null, null],
    ]);
  });

  it('sees a stay that arrived weeks before the quoted nights, the organization named or not', async () => {
    const booked = await send(
      'POST',
      '/api/reservations',
      {
        organization: 1,
        accommodation: 12,
        dateFrom: '2025-07-01',
        dateTo: '2025-07-29',
        adults: 2,
        guestName: 'L. Lang',
        totalAmount: '1000.00',
        currency: 'EUR',
      },
      writer,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    // The organization named, and a key of organization 1 alone with none named.
    const one = await apiKeyFor(used.db, { organizations: [1] });
    for (const [key, named] of [
      [reader, 'organization=1&'],
      [one, ''],
    ] as const) {
      const reasons = async (dateFrom: string, dateTo: string) => {
        const query = `${named}accommodation=12&dateFrom=${dateFrom}&dateTo=${dateTo}&adults=2`;
        const response = await send('GET', `/api/quotes?${query}`, undefined, key);
        expect(response.statusCode, response.body).toBe(200);
        return response.json().reasons;
      };
      expect(await reasons('2025-07-27', '2025-07-30')).toContain('taken');
      expect(await reasons('2025-07-28', '2025-07-30')).toContain('taken');
      expect(await reasons('2025-07-29', '2025-07-31')).not.toContain('taken');
      expect(await reasons('2025-06-20', '2025-07-02')).toContain('taken');
    }
  });

  it('prices a §9 reservation sent without totalAmount by its quote; a given price stands', async () => {
    await priceList();
    const book = (body: object) =>
      send(
        'POST',
        '/api/reservations',
        {
          organization: 1,
          accommodation: 12,
          dateFrom: '2025-07-14',
          dateTo: '2025-07-16',
          adults: 2,
          guestName: 'J. Jansen',
          ...body,
        },
        writer,
      );
    const quoted = (
      await send('GET', '/api/quotes?organization=1&accommodation=12&dateFrom=2025-07-14&dateTo=2025-07-16&adults=2')
    ).json();
    const priced = await book({});
    expect(priced.statusCode, priced.body).toBe(201);
    expect(priced.json()).toMatchObject({ totalAmount: quoted.orderLinesTotal, currency: 'EUR' });
    expect(parameters(await book({ dateFrom: '2025-07-20', dateTo: '2025-07-22', currency: 'USD' }))).toEqual([
      'currency',
    ]);
    const given = await book({ dateFrom: '2025-07-20', dateTo: '2025-07-22', totalAmount: '199.00' });
    expect(given.json()).toMatchObject({ totalAmount: '199.00', currency: 'EUR' });
    const unpriced = await book({ dateFrom: '2025-09-01', dateTo: '2025-09-03' });
    expect(unpriced.statusCode).toBe(409);
    expect(unpriced.json().reasons).toEqual(['no-price']);
    // Refused without a trace.
    const listed = await send(
      'GET',
      '/api/reservations/summaries?organization=1&dateFrom=2025-09-01&dateTo=2025-09-30',
    );
    expect(listed.json()).toEqual([]);
  });
});
