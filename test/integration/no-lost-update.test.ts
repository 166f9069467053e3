import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { useApp } from '../helpers/use-database.js';

/** SPEC §9 "No lost update": concurrent writes of one organization, released together, on each database. */
const ROUNDS = 30;

describe.each(DIALECTS)('concurrent writes on %s', (dialect) => {
  const used = useApp(dialect);
  let key: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    used.app.inject({ method, url, payload, headers: { 'x-api-key': key } });
  /** A stay of two nights of its own for each round, so rounds never meet. */
  const nightsOfRound = (round: number): [string, string] => [
    addDays('2026-01-01', round * 3),
    addDays('2026-01-03', round * 3),
  ];
  const book = (dateFrom: string, dateTo: string, extra: object = {}) =>
    send('POST', '/api/reservations', {
      accommodation: 12,
      dateFrom,
      dateTo,
      adults: 2,
      guestName: 'First',
      totalAmount: '100.00',
      currency: 'EUR',
      ...extra,
    });

  it(`keeps both of two PATCHes of one reservation that change different fields (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = (await book(...nightsOfRound(round))).json();
      const url = `/api/reservations/${id}`;
      const [named, counted] = await releasedTogether([
        () => send('PATCH', url, { guestName: `Renamed ${round}` }),
        () => send('PATCH', url, { adults: 3 }),
      ]);
      expect([named?.statusCode, counted?.statusCode]).toEqual([200, 200]);
      expect((await send('GET', url)).json()).toMatchObject({ guestName: `Renamed ${round}`, adults: 3 });
    }
  });

  // PUT replaces every field PATCH may change, so "nothing lost" means: the stored record is one of
  // the two serial orders. PUT then PATCH keeps the PATCH's channel; PATCH then PUT is PUT's record
  // whole. Either way it equals the answer of the one that committed last, and each committed
  // change has one event, versions consecutive.
  it(`settles a PUT racing a PATCH of one reservation as one serial order (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [dateFrom, dateTo] = nightsOfRound(round);
      const { id } = (await book(dateFrom, dateTo)).json();
      const url = `/api/reservations/${id}`;
      const whole = {
        accommodation: 12,
        dateFrom,
        dateTo,
        adults: 4,
        children: 1,
        babies: 0,
        guestName: `Put ${round}`,
        totalAmount: '180.00',
        currency: 'EUR',
        channel: 'website',
        status: 'confirmed',
      };
      const [put, patch] = await releasedTogether([
        () => send('PUT', url, whole),
        () => send('PATCH', url, { channel: 'phone' }),
      ]);
      expect([put?.statusCode, patch?.statusCode]).toEqual([200, 200]);
      const stored = (await send('GET', url)).json();
      expect(stored).toMatchObject({ guestName: `Put ${round}`, adults: 4, children: 1, totalAmount: '180.00' });
      const patchWasLast = stored.channel === 'phone';
      expect(stored).toEqual(patchWasLast ? patch?.json() : put?.json());
      // One event per committed change, in the order they committed (migration 012).
      const events = (await send('GET', `/api/events?reservation=${id}`)).json() as { resource: { version: number } }[];
      expect(events.map((e) => e.resource.version)).toEqual([1, 2, 3]);
    }
  });

  it(`keeps both of two PATCHes of one accommodation that change different fields (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const url = '/api/accommodations/12';
      const [titled, resized] = await releasedTogether([
        () => send('PATCH', url, { title: `Chalet ${round}` }),
        () => send('PATCH', url, { maxPersons: 10 + round }),
      ]);
      expect([titled?.statusCode, resized?.statusCode]).toEqual([200, 200]);
      expect((await send('GET', url)).json()).toMatchObject({ title: `Chalet ${round}`, maxPersons: 10 + round });
    }
  });

  it(`settles a check-in racing a cancellation: one wins, the other is 409, never 5xx (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await book(...nightsOfRound(round));
      expect(created.statusCode).toBe(201);
      const url = `/api/reservations/${created.json().id}`;
      const [checkIn, cancel] = await releasedTogether([
        () => send('PATCH', url, { status: 'checked-in' }),
        () => send('DELETE', url),
      ]);
      const codes = [checkIn?.statusCode, cancel?.statusCode];
      expect(codes.toSorted()).toEqual([200, 409]);
      const stored = (await send('GET', url)).json().status;
      // The stored state is the winner's, and the loser's refusal names it as the current state.
      if (checkIn?.statusCode === 200) {
        expect(stored).toBe('checked-in');
        expect(cancel?.json()).toMatchObject({ currentStatus: 'checked-in', requestedStatus: 'cancelled' });
      } else {
        expect(stored).toBe('cancelled');
        expect(checkIn?.json()).toMatchObject({ currentStatus: 'cancelled', requestedStatus: 'checked-in' });
      }
    }
  });

  it('takes 50 mixed concurrent POST, PATCH and DELETE of one organization: no 5xx, no overlap, every success visible', async () => {
    // Five stays to change, then fifty writes at once over the same few weeks of two chalets.
    const existing: { id: number }[] = [];
    for (let i = 0; i < 5; i++)
      existing.push((await book(addDays('2026-05-01', i * 5), addDays('2026-05-04', i * 5))).json());
    const writes = Array.from({ length: 50 }, (_, i) => {
      const path = `/api/reservations/${existing[i % existing.length]?.id}`;
      const [from, to] = [addDays('2026-05-01', i % 25), addDays('2026-05-03', i % 25)];
      switch (i % 5) {
        case 0:
        case 1:
          return () => book(from, to, { accommodation: i % 2 ? 12 : 10, guestName: `New ${i}` });
        case 2:
          return () => send('PATCH', path, { dateFrom: from, dateTo: to });
        case 3:
          return () => send('PATCH', path, { guestName: `Guest ${i}` });
        default:
          return () => send('DELETE', path);
      }
    });
    const responses = await releasedTogether(writes);
    expect(responses.filter((r) => ![200, 201, 409].includes(r.statusCode)).map((r) => r.body)).toEqual([]);
    expect(responses.some((r) => r.statusCode === 201)).toBe(true);
    expect(await countDoubleBookings(used.db)).toBe(0);

    // What each success answered is what is stored: a new reservation as created; a changed one as
    // the last of the answers given for it (each answer is the record as its transaction left it).
    const answers = new Map<number, object[]>();
    for (const response of responses.filter((r) => r.statusCode < 300)) {
      // A 201 also lists the stay rules the stay breaks (SPEC §13); the record is the rest.
      const { warnings: _, ...record } = response.json();
      answers.set(record.id, [...(answers.get(record.id) ?? []), record]);
    }
    for (const [id, given] of answers) {
      const stored = (await send('GET', `/api/reservations/${id}`)).json();
      expect(given).toContainEqual(stored);
    }
  });

  it('creates once for two POSTs with one Idempotency-Key sent at once: both answer the same 201', async () => {
    for (let round = 0; round < 10; round++) {
      const [dateFrom, dateTo] = nightsOfRound(round);
      const payload = {
        accommodation: 10,
        dateFrom,
        dateTo,
        adults: 2,
        guestName: 'Twice',
        totalAmount: '1',
        currency: 'EUR',
      };
      const post = () =>
        used.app.inject({
          method: 'POST',
          url: '/api/reservations',
          payload,
          headers: { 'x-api-key': key, 'idempotency-key': `retry-${round}` },
        });
      const [a, b] = await releasedTogether([post, post]);
      expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
      expect(a?.json()).toEqual(b?.json());
      expect([a?.headers['idempotent-replayed'], b?.headers['idempotent-replayed']].toSorted()).toEqual([
        'true',
        undefined,
      ]);
    }
    const rows = await used.db.kysely
      .selectFrom('reservations')
      .select('id')
      .where('guest_name', '=', 'Twice')
      .execute();
    expect(rows).toHaveLength(10);
  });
});
