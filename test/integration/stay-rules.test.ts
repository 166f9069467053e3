import { beforeEach, describe, expect, it } from 'vitest';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** SPEC §13 stay rules through the API: admins keep them, overlaps are refused, §9 writes are warned. */

describe.each(DIALECTS)('stay rules on %s', (dialect) => {
  // 2025-06-15 12:00 in Amsterdam (organization 1).
  const used = useApp(dialect, { app: { clock: () => new Date('2025-06-15T10:00:00Z') } });
  let admin: string;
  let writer: string;
  let reader: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1] });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = admin) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key } });
  const summer = { dateFrom: '2025-07-01', dateTo: '2025-08-31' };

  it('keeps an organization’s rules: every field shown, null where a rule sets nothing; a change and a removal', async () => {
    const created = await send('POST', '/api/stay-rules', {
      ...summer,
      type: 'chalet',
      minNights: 7,
      arrivalDays: [6],
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json();
    expect(created.headers.location).toBe(`/api/stay-rules/${rule.id}`);
    expect(rule).toEqual({
      id: rule.id,
      organization: 1,
      accommodation: null,
      type: 'chalet',
      ...summer,
      minNights: 7,
      maxNights: null,
      arrivalDays: [6],
      departureDays: null,
      closedToArrival: null,
      closedToDeparture: null,
      minDaysBeforeArrival: null,
      maxDaysBeforeArrival: null,
      bookable: null,
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
    });
    expect((await send('GET', '/api/stay-rules', undefined, reader)).json()).toEqual([rule]);
    // null clears a setting; a rule must keep one.
    const changed = await send('PATCH', `/api/stay-rules/${rule.id}`, { arrivalDays: null, departureDays: [6, 7] });
    expect(changed.json()).toMatchObject({ minNights: 7, arrivalDays: null, departureDays: [6, 7] });
    expect(
      (await send('PATCH', `/api/stay-rules/${rule.id}`, { minNights: null, departureDays: null })).json().errors,
    ).toEqual([{ parameter: 'minNights', message: expect.stringContaining('at least one of') }]);
    expect((await send('DELETE', `/api/stay-rules/${rule.id}`)).json()).toEqual(changed.json());
    expect((await send('GET', '/api/stay-rules')).json()).toEqual([]);
    expect((await send('DELETE', `/api/stay-rules/${rule.id}`)).statusCode).toBe(404);
  });

  it('refuses writes without the admin scope, bad rules naming the parameter, and overlaps of one scope', async () => {
    expect((await send('POST', '/api/stay-rules', { ...summer, minNights: 3 }, writer)).statusCode).toBe(403);
    const errors = async (body: unknown) => (await send('POST', '/api/stay-rules', body)).json().errors;
    expect(await errors({ ...summer, minNights: 5, maxNights: 3 })).toEqual([
      { parameter: 'maxNights', message: 'must not be below minNights' },
    ]);
    expect(await errors({ dateFrom: '2025-07-02', dateTo: '2025-07-01', minNights: 2 })).toEqual([
      { parameter: 'dateTo', message: 'must not be before dateFrom' },
    ]);
    expect(await errors({ ...summer, accommodation: 10, type: 'chalet', minNights: 2 })).toEqual([
      { parameter: 'type', message: 'a rule is for one accommodation or for a type, not both' },
    ]);
    expect(await errors({ ...summer, accommodation: 20, minNights: 2 })).toEqual([
      { parameter: 'accommodation', message: 'no such accommodation in this organization' },
    ]);
    // A bad value of a field that may be null is told what the field wants, once.
    expect(await errors({ ...summer, arrivalDays: [8] })).toEqual([
      { parameter: 'arrivalDays.0', message: 'must be <= 7' },
    ]);
    expect(await errors({ ...summer, minNights: 0 })).toEqual([{ parameter: 'minNights', message: 'must be >= 1' }]);
    expect(await errors({ ...summer, bookable: 'no' })).toEqual([
      { parameter: 'bookable', message: 'must be boolean' },
    ]);

    const first = (await send('POST', '/api/stay-rules', { ...summer, type: 'chalet', minNights: 7 })).json();
    // The same scope, overlapping periods, the same field: 409 naming the rule and the field.
    const overlap = await send('POST', '/api/stay-rules', {
      dateFrom: '2025-08-31',
      dateTo: '2025-09-30',
      type: 'chalet',
      minNights: 3,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ conflictingRule: first.id, field: 'minNights' });
    // Another field, another scope or a period after it: all fine.
    for (const body of [
      { ...summer, type: 'chalet', maxNights: 14 },
      { ...summer, type: 'pitch', minNights: 3 },
      { ...summer, accommodation: 10, minNights: 3 },
      { ...summer, minNights: 2 },
      { dateFrom: '2025-09-01', dateTo: '2025-09-30', type: 'chalet', minNights: 3 },
    ]) {
      expect((await send('POST', '/api/stay-rules', body)).statusCode, JSON.stringify(body)).toBe(201);
    }
    // A change into an overlap is refused the same way.
    const september = (await send('GET', '/api/stay-rules')).json().at(-1);
    expect((await send('PATCH', `/api/stay-rules/${september.id}`, { dateFrom: '2025-08-15' })).statusCode).toBe(409);
  });

  it('two overlapping rules written at once: exactly one is kept', async () => {
    for (let round = 0; round < 8; round++) {
      const answers = await releasedTogether([
        () => send('POST', '/api/stay-rules', { ...summer, accommodation: 12, maxNights: 10 + round }),
        () => send('POST', '/api/stay-rules', { ...summer, accommodation: 12, maxNights: 20 + round }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const kept = answers.find((a) => a.statusCode === 201)?.json();
      await send('DELETE', `/api/stay-rules/${kept.id}`);
    }
  });

  it('a §9 booking that breaks rules is kept, and its 201 lists them; one that breaks none lists nothing', async () => {
    await send('POST', '/api/stay-rules', { ...summer, type: 'chalet', minNights: 7, arrivalDays: [6] });
    const org = (await send('POST', '/api/stay-rules', { ...summer, closedToDeparture: ['2025-07-10'] })).json();
    const booking = {
      accommodation: 10,
      adults: 2,
      guestName: 'Anna',
      totalAmount: '300.00',
      currency: 'EUR',
    };
    // Thursday 3 July to Thursday 10 July: 7 nights, but not a Saturday arrival and a closed departure.
    const created = await send(
      'POST',
      '/api/reservations',
      { ...booking, dateFrom: '2025-07-03', dateTo: '2025-07-10' },
      writer,
    );
    expect(created.statusCode).toBe(201);
    const rules = (await send('GET', '/api/stay-rules')).json() as { id: number; type: string | null }[];
    const chalet = rules.find((r) => r.type === 'chalet');
    expect(created.json().warnings).toEqual([
      { rule: 'arrival-day', detail: `arrivals only on Saturday (stay rule ${chalet?.id})` },
      { rule: 'closed-to-departure', detail: `no departures on 2025-07-10 (stay rule ${org.id})` },
    ]);
    expect((await send('GET', `/api/reservations/${created.json().id}`, undefined, writer)).statusCode).toBe(200);
    // Saturday to Saturday, a week: sellable.
    const fine = await send(
      'POST',
      '/api/reservations',
      { ...booking, dateFrom: '2025-07-12', dateTo: '2025-07-19' },
      writer,
    );
    expect(fine.json().warnings).toEqual([]);
    // Without any rule, the defaults: at most 28 nights.
    const long = await send(
      'POST',
      '/api/reservations',
      { ...booking, dateFrom: '2025-09-01', dateTo: '2025-10-01' },
      writer,
    );
    expect(long.json().warnings).toEqual([{ rule: 'max-nights', detail: '30 nights, at most 28 allowed' }]);
  });
});
