import { beforeEach, describe, expect, it } from 'vitest';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, load, reload, twoOrganizations } from '../helpers/fixtures.js';
import { SESSION_COOKIE } from '../../src/http/auth.js';
import { sweepExpiredDrafts } from '../../src/modules/booking-flow/drafts.service.js';
import { dumpDatabase } from '../../src/modules/data/dump.service.js';
import { LogCapture } from '../helpers/app.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §3 and §15 through the API: the original's booking flow (draft, configure, place), the one
 * rule for every night with drafts among the holders, expiry by the app's clock, and the content
 * type and digit-string leniency exactly as far as §15 allows it.
 */

type Json = Record<string, unknown> & { id: number };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const START = Date.parse('2025-06-15T10:00:00Z');

describe.each(DIALECTS)('the booking flow on %s', (dialect) => {
  let now = START;
  const logs = new LogCapture();
  const used = useApp(dialect, { app: { clock: () => new Date(now), logs } });
  let admin: string;
  let writer: string;
  let reader: string;
  let groups: { adults: number; children: number; babies: number };
  let dog: number;

  const send = (method: Method, url: string, body?: unknown, key = writer) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key } });
  const parameters = (response: { json(): { errors?: { parameter: string }[] } }) =>
    (response.json().errors ?? []).map((e) => e.parameter);
  const draft = async (accommodation: number | string = 12, dateFrom = '2025-07-05', dateTo = '2025-07-08') => {
    const response = await send('POST', '/api/reservations/?organization=1', {
      accommodation: { id: accommodation },
      dateFrom,
      dateTo,
    });
    expect(response.statusCode, response.body).toBe(201);
    // No Location: no GET reads a draft.
    expect(response.headers.location).toBeUndefined();
    return response.json() as Json & { token: string; expires: string; orderLinesTotal: string };
  };

  beforeEach(async () => {
    now = START;
    await reload(used.db, twoOrganizations);
    admin = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'admin' });
    writer = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1, 2] });
    const list = (await send('GET', '/api/age_group_specifications/?organization=1', undefined, reader)).json();
    const idOf = (category: string) => list.find((g: { category: string }) => g.category === category).id;
    groups = { adults: idOf('adult'), children: idOf('child'), babies: idOf('baby') };
    const priced = [
      { description: 'Rent', kind: 'rent', basis: 'night', amount: '100.00', type: 'chalet' },
      { description: 'Cleaning', kind: 'fee', basis: 'stay', amount: '50.00' },
      { description: 'Tourist tax', kind: 'tax', basis: 'person-night', amount: '1.50', ageGroups: [groups.adults] },
    ];
    for (const component of priced) {
      const made = await send(
        'POST',
        '/api/accommodation_price_components',
        { organization: 1, ...component, dateFrom: '2025-01-01', dateTo: '2025-12-31' },
        admin,
      );
      expect(made.statusCode, made.body).toBe(201);
    }
    const supplement = await send(
      'POST',
      '/api/supplements',
      { organization: 1, description: 'Dog', basis: 'night', amount: '5.00', maxQuantity: 2 },
      admin,
    );
    dog = supplement.json().id;
  });

  it('drafts, configures and places a stay in three steps, at the price the draft showed', async () => {
    const made = await draft();
    expect(made).toEqual({
      id: made.id,
      token: made.token,
      status: 'draft',
      accommodation: { id: 12, title: 'Chalet 12' },
      dateFrom: '2025-07-05',
      dateTo: '2025-07-08',
      expires: '2025-06-15T10:20:00Z',
      orderLines: [
        { description: 'Rent', kind: 'rent', quantity: 3, unitAmount: '100.00', amount: '300.00' },
        { description: 'Cleaning', kind: 'fee', quantity: 1, unitAmount: '50.00', amount: '50.00' },
        { description: 'Tourist tax', kind: 'tax', quantity: 6, unitAmount: '1.50', amount: '9.00' },
      ],
      orderLinesTotal: '359.00',
      currency: 'EUR',
    });
    // ≥ 128 bits, and never stored as sent.
    expect(Buffer.from(made.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await used.db.kysely.selectFrom('drafts').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(made.token);

    // A draft is no reservation: in no summary, search, single read or event.
    const summaries = await send(
      'GET',
      '/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31',
    );
    expect(summaries.json()).toEqual([]);
    expect((await send('GET', `/api/reservations/${made.id}`)).statusCode).toBe(404);
    expect(
      (
        await send(
          'GET',
          '/api/events?organization=1&types=reservation.created,reservation.updated,reservation.cancelled',
        )
      ).json(),
    ).toEqual([]);

    now += 5 * 60_000;
    const configured = await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, {
      ageGroupLines: [
        { quantity: 2, ageGroupSpecification: { id: groups.adults } },
        { quantity: '1', ageGroupSpecification: { id: String(groups.children) } },
        { quantity: 0, ageGroupSpecification: { id: groups.babies } },
      ],
      supplementOrderLines: [{ quantity: '1', supplement: { id: dog } }],
    });
    expect(configured.statusCode, configured.body).toBe(200);
    expect(configured.json()).toMatchObject({
      id: made.id,
      token: made.token,
      status: 'draft',
      expires: '2025-06-15T10:25:00Z',
      orderLinesTotal: '374.00',
    });
    expect(configured.json().orderLines).toContainEqual({
      description: 'Dog',
      kind: 'supplement',
      quantity: 3,
      unitAmount: '5.00',
      amount: '15.00',
    });

    // Prices change between configuring and placing: the draft's price stands.
    const rents = (await send('GET', '/api/accommodation_price_components?organization=1', undefined, reader)).json();
    const rent = rents.find((c: Json) => c.kind === 'rent');
    await send('PATCH', `/api/accommodation_price_components/${rent.id}`, { amount: '180.00' }, admin);

    const placed = await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, {
      guest: {
        firstName: 'Anna',
        surname: 'de Vries',
        email: 'anna@example.com',
        phoneNumber: '',
        address: '',
        addressNo: '',
        postalCode: '',
        locality: '',
        country: 'NL',
        locale: 'nl',
      },
      source: 'web',
      confirmed: true,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const reservation = placed.json();
    expect(reservation).toMatchObject({
      id: made.id,
      organization: 1,
      accommodation: { id: 12, title: 'Chalet 12' },
      status: 'confirmed',
      dateFrom: '2025-07-05',
      dateTo: '2025-07-08',
      nights: 3,
      adults: 2,
      children: 1,
      babies: 0,
      guestName: 'Anna de Vries',
      name: 'Anna de Vries',
      totalAmount: '374.00',
      currency: 'EUR',
      channel: 'web',
    });
    expect((await send('GET', `/api/reservations/${made.id}`, undefined, reader)).json()).toEqual(reservation);
    // The guest record (an empty field is one not given).
    expect(typeof reservation.guest).toBe('number');
    const guest = await send('GET', `/api/guests/${reservation.guest}`, undefined, reader);
    expect(guest.json()).toMatchObject({
      firstName: 'Anna',
      surname: 'de Vries',
      email: 'anna@example.com',
      phoneNumber: null,
      country: 'NL',
      locale: 'nl',
    });
    const lines = await send('GET', `/api/reservations/${made.id}/order-lines`, undefined, reader);
    expect(lines.statusCode).toBe(200);
    expect(lines.json()).toEqual(configured.json().orderLines);
    const events = (
      await send(
        'GET',
        '/api/events?organization=1&types=reservation.created,reservation.updated,reservation.cancelled',
        undefined,
        reader,
      )
    ).json();
    expect(events.map((e: Json) => [e.type, (e.resource as Json).id])).toEqual([['reservation.created', made.id]]);
    expect(events[0].data).toEqual(reservation);

    // Placed once: the token now answers 409; a reservation made otherwise has no order lines.
    const again = await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, {
      guest: { surname: 'X' },
    });
    expect(again.statusCode).toBe(409);
    const other = await send('POST', '/api/reservations', {
      organization: 1,
      accommodation: 10,
      dateFrom: '2025-07-05',
      dateTo: '2025-07-08',
      adults: 2,
      guestName: 'Phone',
      totalAmount: '10.00',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().id).not.toBe(made.id);
    expect((await send('GET', `/api/reservations/${other.json().id}/order-lines`)).json()).toEqual([]);
    // The token rode in URLs the service logged: never as sent.
    expect(logs.text).toContain(`/api/reservations/${made.id}/place?token=`);
    expect(logs.text).not.toContain(made.token);
  });

  it('places an option when not confirmed, and counts babies apart from beds', async () => {
    const made = await draft();
    await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, {
      ageGroupLines: [
        { quantity: 1, ageGroupSpecification: { id: groups.adults } },
        { quantity: 1, ageGroupSpecification: { id: groups.babies } },
      ],
    });
    const placed = await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, {
      guest: { firstName: '', surname: 'Jansen' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({
      status: 'option',
      adults: 1,
      children: 0,
      babies: 1,
      guestName: 'Jansen',
      channel: 'api',
    });
    // A returning guest (the same e-mail address, case aside) is the same guest record.
    const first = await draft(10, '2025-08-01', '2025-08-03');
    const second = await draft(10, '2025-08-10', '2025-08-12');
    const guestOf = async (d: { id: number; token: string }, email: string) =>
      (
        await send('PUT', `/api/reservations/${d.id}/place?token=${d.token}`, {
          guest: { surname: 'Smit', email },
        })
      ).json().guest;
    expect(await guestOf(first, 'smit@example.com')).toBe(await guestOf(second, 'Smit@Example.com'));
  });

  it('opens a draft by its token alone: wrong, missing, another organization’s or expired is 404', async () => {
    const made = await draft();
    const guest = { guest: { surname: 'Jansen' } };
    const configure = { ageGroupLines: [{ quantity: 1, ageGroupSpecification: { id: groups.adults } }] };
    expect((await send('PUT', `/api/reservations/${made.id}?token=wrong`, configure)).statusCode).toBe(404);
    expect((await send('PUT', `/api/reservations/${made.id}`, configure)).statusCode).toBe(404);
    expect((await send('PUT', `/api/reservations/${made.id}/place`, guest)).statusCode).toBe(404);
    expect((await send('PUT', `/api/reservations/${made.id}/place?token=x${made.token}`, guest)).statusCode).toBe(404);
    const otherOrganization = await apiKeyFor(used.db, { organizations: [2], scope: 'write' });
    const elsewhere = await send(
      'PUT',
      `/api/reservations/${made.id}/place?token=${made.token}`,
      guest,
      otherOrganization,
    );
    expect(elsewhere.statusCode).toBe(404);
    // Reading scope is not enough to change one.
    expect(
      (await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, guest, reader)).statusCode,
    ).toBe(403);

    now += 20 * 60_000;
    expect((await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, configure)).statusCode).toBe(404);
    expect((await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, guest)).statusCode).toBe(404);
  });

  it('holds the nights under the one rule: reservations, blocks and other drafts are refused', async () => {
    const made = await draft(12, '2025-07-05', '2025-07-08');
    const reservation = await send('POST', '/api/reservations', {
      organization: 1,
      accommodation: 12,
      dateFrom: '2025-07-07',
      dateTo: '2025-07-09',
      adults: 2,
      guestName: 'Phone',
    });
    expect(reservation.statusCode).toBe(409);
    expect(reservation.json().heldBy).toEqual({ kind: 'draft', id: made.id });
    const block = await send('POST', '/api/blocks', {
      organization: 1,
      accommodation: 12,
      dateFrom: '2025-07-04',
      dateTo: '2025-07-06',
      kind: 'maintenance',
    });
    expect(block.statusCode).toBe(409);
    const second = await send('POST', '/api/reservations?organization=1', {
      accommodation: { id: 12 },
      dateFrom: '2025-07-06',
      dateTo: '2025-07-07',
    });
    expect(second.statusCode).toBe(409);
    // The departure day is the next arrival day.
    await draft(12, '2025-07-08', '2025-07-10');

    // Availability sees a booking in progress as taken, and not as a reservation.
    const search = await send(
      'GET',
      '/api/availability/search?organization=1&dateFrom=2025-07-05&dateTo=2025-07-06&adults=2',
      undefined,
      reader,
    );
    expect(search.json().find((r: { accommodation: Json }) => r.accommodation.id === 12).reasons).toEqual(['taken']);
    const grid = await send(
      'GET',
      '/api/availability?organization=1&dateFrom=2025-07-05&dateTo=2025-07-05',
      undefined,
      reader,
    );
    const chalet = grid.json().accommodations.find((a: Json) => a.id === 12);
    expect(chalet.held).toEqual([{ dateFrom: '2025-07-05', dateTo: '2025-07-06', kind: 'draft', id: made.id }]);

    // Expired, it holds nothing: the next read and the next write go on as if it never was.
    now += 21 * 60_000;
    const later = await send(
      'GET',
      '/api/availability?organization=1&dateFrom=2025-07-05&dateTo=2025-07-05',
      undefined,
      reader,
    );
    expect(later.json().accommodations.find((a: Json) => a.id === 12).held).toEqual([]);
    const booked = await send('POST', '/api/reservations', {
      organization: 1,
      accommodation: 12,
      dateFrom: '2025-07-05',
      dateTo: '2025-07-10',
      adults: 2,
      guestName: 'Phone',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await used.db.kysely.selectFrom('drafts').select('id').execute()).toEqual([]);
  });

  it('shows each draft in cached reads while it lives, and none after: no write marks an expiry', async () => {
    const held = async () => {
      const grid = await send(
        'GET',
        '/api/availability?organization=1&dateFrom=2025-07-05&dateTo=2025-07-05',
        undefined,
        reader,
      );
      expect(grid.statusCode, grid.body).toBe(200);
      return (grid.json().accommodations as (Json & { held: { id: number }[] })[]).flatMap((a) =>
        a.held.map((h) => `${a.id}:${h.id}`),
      );
    };
    const taken = async (accommodation: number) => {
      const quote = await send(
        'GET',
        `/api/quotes?organization=1&accommodation=${accommodation}&dateFrom=2025-07-05&dateTo=2025-07-08&adults=2`,
        undefined,
        reader,
      );
      expect(quote.statusCode, quote.body).toBe(200);
      return (quote.json().reasons as string[]).includes('taken');
    };
    // Read (and so cached) before any draft: each draft's write must show at once.
    expect(await held()).toEqual([]);
    expect(await taken(12)).toBe(false);
    const first = await draft(12);
    expect(await held()).toEqual([`12:${first.id}`]);
    expect(await taken(12)).toBe(true);
    now += 10 * 60_000;
    const second = await draft(10);
    expect((await held()).sort()).toEqual([`10:${second.id}`, `12:${first.id}`].sort());
    // The first expires while the second lives, then the second; nothing is written in between.
    now += 10 * 60_000 + 1_000;
    expect(await held()).toEqual([`10:${second.id}`]);
    expect(await taken(12)).toBe(false);
    expect(await taken(10)).toBe(true);
    now += 10 * 60_000;
    expect(await held()).toEqual([]);
    expect(await taken(10)).toBe(false);
  });

  it('sweeps the drafts that expired, and only those, by the clock', async () => {
    const old = await draft(12, '2025-07-05', '2025-07-08');
    now += 10 * 60_000;
    const live = await draft(10, '2025-07-05', '2025-07-08');
    now += 10 * 60_000;
    // At its expiry instant a draft holds nothing any more.
    expect(await sweepExpiredDrafts(used.db, new Date(now))).toBe(1);
    const left = await used.db.kysely.selectFrom('drafts').select('id').execute();
    expect(left.map((d) => d.id)).toEqual([live.id]);
    expect(left.map((d) => d.id)).not.toContain(old.id);
    expect(await sweepExpiredDrafts(used.db, new Date(now))).toBe(0);
  });

  it('dumps a reservation’s order lines with it, and imports them back; drafts are not dumped', async () => {
    const made = await draft();
    const live = await draft(10);
    await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, { guest: { surname: 'Jansen' } });
    let text = '';
    await dumpDatabase(used.db, async (piece) => {
      text += piece;
    });
    const dumped = JSON.parse(text) as { reservations: (Json & { orderLines?: unknown[] })[] };
    expect(Object.keys(dumped)).not.toContain('drafts');
    expect(dumped.reservations.map((r) => r.id)).toEqual([made.id]);
    expect(dumped.reservations.map((r) => r.id)).not.toContain(live.id);
    const lines = (await send('GET', `/api/reservations/${made.id}/order-lines`, undefined, reader)).json();
    expect(dumped.reservations[0]?.orderLines).toEqual(lines);

    // Imported, the file's lines replace the stored ones; a record without them keeps them.
    const [record] = dumped.reservations;
    await load(used.db, { reservations: [{ ...record, orderLines: [...lines].reverse() }] } as never);
    const reloaded = await send('GET', `/api/reservations/${made.id}/order-lines`, undefined, reader);
    expect(reloaded.json()).toEqual([...lines].reverse());
    const { orderLines: _kept, ...withoutLines } = record as Json & { orderLines?: unknown };
    await load(used.db, { reservations: [{ ...withoutLines, guestName: 'Jansen-Smit' }] } as never);
    expect((await send('GET', `/api/reservations/${made.id}/order-lines`, undefined, reader)).json()).toEqual(
      [...lines].reverse(),
    );
  });

  it('keeps booking import off a live draft’s nights, and clears an expired one out of its way', async () => {
    const made = await draft(12, '2025-07-05', '2025-07-08');
    const stay = {
      reservationNumber: 'IMPORTED-1',
      organization: 1,
      accommodation: 12,
      dateFrom: '2025-07-06',
      dateTo: '2025-07-09',
      adults: 2,
      guestName: 'From another system',
      totalAmount: '300.00',
      currency: 'EUR',
    };
    const refused = await load(used.db, { reservations: [stay] } as never).catch((error: unknown) => error);
    expect(String((refused as Error).message ?? refused)).toMatch(/reservations\[0\]|draft/);
    expect(JSON.stringify(refused)).toContain(`draft ${made.id}`);
    expect(await used.db.kysely.selectFrom('reservations').select('id').execute()).toEqual([]);

    now += 21 * 60_000;
    await load(used.db, { reservations: [stay] } as never, () => new Date(now));
    const stored = await used.db.kysely.selectFrom('reservations').select('reservation_number').execute();
    expect(stored).toEqual([{ reservation_number: 'IMPORTED-1' }]);
    expect(await used.db.kysely.selectFrom('drafts').select('id').execute()).toEqual([]);
  });

  it('refuses a stay the stay rules forbid with their reasons, and a party too large with capacity', async () => {
    const rule = await send(
      'POST',
      '/api/stay-rules',
      { organization: 1, dateFrom: '2025-07-01', dateTo: '2025-07-31', minNights: 7 },
      admin,
    );
    expect(rule.statusCode, rule.body).toBe(201);
    const refused = await send('POST', '/api/reservations/?organization=1', {
      accommodation: { id: 12 },
      dateFrom: '2025-07-05',
      dateTo: '2025-07-08',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reasons).toEqual(['min-nights']);
    const noPrice = await send('POST', '/api/reservations/?organization=1', {
      accommodation: { id: 12 },
      dateFrom: '2026-01-05',
      dateTo: '2026-01-08',
    });
    expect(noPrice.statusCode).toBe(409);
    expect(noPrice.json().reasons).toContain('no-price');

    const made = await draft(10, '2025-08-01', '2025-08-09');
    const crowd = await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, {
      ageGroupLines: [{ quantity: 5, ageGroupSpecification: { id: groups.adults } }],
    });
    expect(crowd.statusCode).toBe(409);
    expect(crowd.json().reasons).toEqual(['capacity']);
  });

  it('names the broken parameter of a draft, and keeps §9 bodies as they were', async () => {
    const made = await draft();
    const unknownGroup = await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, {
      ageGroupLines: [{ quantity: 1, ageGroupSpecification: { id: 99999 } }],
    });
    expect(unknownGroup.statusCode).toBe(400);
    expect(parameters(unknownGroup)).toEqual(['ageGroupLines']);
    const unknownSupplement = await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, {
      supplementOrderLines: [{ quantity: 1, supplement: { id: 99999 } }],
    });
    expect(parameters(unknownSupplement)).toEqual(['supplementOrderLines']);
    const tooMany = await send('PUT', `/api/reservations/${made.id}?token=${made.token}`, {
      supplementOrderLines: [{ quantity: 3, supplement: { id: dog } }],
    });
    expect(parameters(tooMany)).toEqual(['supplementOrderLines']);
    // Digit strings are ids and quantities only: nothing else is coerced.
    const coerced = await send('PUT', `/api/reservations/${made.id}/place?token=${made.token}`, {
      guest: { surname: 'Jansen' },
      confirmed: 'true',
    });
    expect(coerced.statusCode).toBe(400);
    expect(parameters(coerced)).toEqual(['confirmed']);
    const signed = await send('POST', '/api/reservations?organization=1', {
      accommodation: { id: '-12' },
      dateFrom: '2025-07-05',
      dateTo: '2025-07-08',
    });
    expect(signed.statusCode).toBe(400);
    const badDates = await send('POST', '/api/reservations?organization=1', {
      accommodation: { id: 12 },
      dateFrom: '2025-02-30',
      dateTo: '2025-07-08T00:00:00Z',
    });
    expect(parameters(badDates)).toEqual(['dateFrom']);
    // §9's own complaints, only its own fields.
    const nine = await send('POST', '/api/reservations', {
      organization: 1,
      accommodation: 12,
      dateFrom: '2025-07-05',
    });
    expect(nine.statusCode).toBe(400);
    expect(parameters(nine).sort()).toEqual(['adults', 'dateTo', 'guestName']);
  });

  it('lets exactly one of two visitors drafting one chalet at once hold it, every time', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      // Overlapping stays, each night of one of them also wanted by the other.
      const dateFrom = `2025-08-${String(1 + attempt * 2).padStart(2, '0')}`;
      const dateTo = `2025-08-${String(4 + attempt * 2).padStart(2, '0')}`;
      const body = { accommodation: { id: 12 }, dateFrom, dateTo };
      const answers = await releasedTogether([
        () => send('POST', '/api/reservations?organization=1', body),
        () => send('POST', '/api/reservations/?organization=1', body),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const held = await used.db.kysely.selectFrom('drafts').select('id').where('date_from', '=', dateFrom).execute();
      expect(held).toHaveLength(1);
      // Let it expire, so the next round's nights are free of it.
      now += 21 * 60_000;
    }
  });

  it('lets a draft and a reservation of the same nights at once not both in', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const day = String(1 + attempt * 3).padStart(2, '0');
      const [drafted, booked] = await releasedTogether([
        () =>
          send('POST', '/api/reservations?organization=1', {
            accommodation: { id: 10 },
            dateFrom: `2025-09-${day}`,
            dateTo: `2025-09-${String(3 + attempt * 3).padStart(2, '0')}`,
          }),
        () =>
          send('POST', '/api/reservations', {
            organization: 1,
            accommodation: 10,
            dateFrom: `2025-09-${day}`,
            dateTo: `2025-09-${String(2 + attempt * 3).padStart(2, '0')}`,
            adults: 2,
            guestName: 'Phone',
          }),
      ]);
      expect([drafted?.statusCode, booked?.statusCode].sort()).toEqual([201, 409]);
    }
  });

  it('reads a form-labelled body as JSON on the three routes with a key or Basic, and nowhere else', async () => {
    const basic = (await basicFor(used.db, 'channel', { organizations: [1], scope: 'write' })).authorization;
    const form = (url: string, method: Method, body: unknown, headers: Record<string, string>) =>
      used.app.inject({
        method,
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const made = await form(
      '/api/reservations/?organization=1',
      'POST',
      { accommodation: { id: '12' }, dateFrom: '2025-07-05T00:00:00Z', dateTo: '2025-07-08T00:00:00Z' },
      { authorization: basic },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, token } = made.json();
    expect(made.json()).toMatchObject({ dateFrom: '2025-07-05', dateTo: '2025-07-08' });
    const configured = await form(
      `/api/reservations/${id}?token=${token}`,
      'PUT',
      { ageGroupLines: [{ quantity: '2', ageGroupSpecification: { id: groups.adults } }], supplementOrderLines: [] },
      { 'x-api-key': writer },
    );
    expect(configured.statusCode, configured.body).toBe(200);
    const placed = await form(
      `/api/reservations/${id}/place?token=${token}`,
      'PUT',
      { guest: { firstName: 'Piet', surname: 'Jansen' }, source: 'office' },
      { authorization: basic },
    );
    expect(placed.statusCode, placed.body).toBe(200);

    // Every other route keeps refusing the type.
    const block = await form(
      '/api/blocks',
      'POST',
      { organization: 1, accommodation: 10, dateFrom: '2025-09-01', dateTo: '2025-09-02', kind: 'owner' },
      { 'x-api-key': writer },
    );
    expect(block.statusCode).toBe(415);
    const patch = await form(`/api/reservations/${id}`, 'PATCH', { guestName: 'X' }, { 'x-api-key': writer });
    expect(patch.statusCode).toBe(415);
    expect(patch.headers['content-type']).toMatch(/^application\/problem\+json/);

    // A console session never: even from the console's own origin with its CSRF token, a form is
    // refused (a page elsewhere could post one with the browser's cookie); JSON goes through.
    const clerk = await basicFor(used.db, 'clerk', { organizations: [1], scope: 'write' });
    const signIn = await used.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'clerk', password: clerk.password }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === SESSION_COOKIE);
    const session = {
      cookie: `${SESSION_COOKIE}=${cookie?.value}`,
      'sec-fetch-site': 'same-origin',
      'x-csrf-token': (signIn.json() as { csrfToken: string }).csrfToken,
    };
    const stay = { accommodation: { id: 10 }, dateFrom: '2025-09-01', dateTo: '2025-09-03' };
    const refused = await form('/api/reservations/?organization=1', 'POST', stay, session);
    expect(refused.statusCode).toBe(415);
    expect(await used.db.kysely.selectFrom('drafts').select('id').where('accommodation_id', '=', 10).execute()).toEqual(
      [],
    );
    const asJson = await used.app.inject({
      method: 'POST',
      url: '/api/reservations/?organization=1',
      headers: { ...session, 'content-type': 'application/json' },
      payload: JSON.stringify(stay),
    });
    expect(asJson.statusCode, asJson.body).toBe(201);
  });
});
