import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** SPEC §13 blocks: nights held without a reservation, under the one rule for every night. */

const booking = (overrides: Record<string, unknown> = {}) => ({
  accommodation: 10,
  dateFrom: '2025-07-10',
  dateTo: '2025-07-15',
  adults: 2,
  guestName: 'Anna de Vries',
  totalAmount: '650.00',
  currency: 'EUR',
  ...overrides,
});

const block = (overrides: Record<string, unknown> = {}) => ({
  accommodation: 10,
  dateFrom: '2025-07-20',
  dateTo: '2025-07-23',
  kind: 'maintenance',
  note: 'New roof',
  ...overrides,
});

describe.each(DIALECTS)('blocks on %s', (dialect) => {
  const used = useApp(dialect, { app: { clock: () => new Date('2025-06-15T10:00:00Z') } });
  let writer: string;
  let reader: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1] });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = writer) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key } });

  it('creates, lists, moves and removes a block, each change an event, and the nights follow it', async () => {
    const created = await send('POST', '/api/blocks', block());
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json();
    expect(created.headers.location).toBe(`/api/blocks/${record.id}`);
    expect(record).toEqual({
      id: record.id,
      organization: 1,
      accommodation: 10,
      dateFrom: '2025-07-20',
      dateTo: '2025-07-23',
      kind: 'maintenance',
      note: 'New roof',
      calendar: null,
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
    });
    // Listed for any period sharing a night with it (dateTo is the period's last night) …
    expect((await send('GET', '/api/blocks?dateFrom=2025-07-22&dateTo=2025-07-30', undefined, reader)).json()).toEqual([
      record,
    ]);
    // … and not for one that starts on its departure day, or for another accommodation.
    expect((await send('GET', '/api/blocks?dateFrom=2025-07-23&dateTo=2025-07-30')).json()).toEqual([]);
    expect((await send('GET', '/api/blocks?dateFrom=2025-07-01&dateTo=2025-07-30&accommodation=12')).json()).toEqual(
      [],
    );
    const nights = async () =>
      (
        (await send('GET', '/api/accommodations/10/availability?dateFrom=2025-07-19&dateTo=2025-07-24')).json() as {
          nights: { date: string; status: string; block: number | null }[];
        }
      ).nights.map((n) => `${n.date.slice(8)}:${n.status}${n.block ? `@${n.block}` : ''}`);
    expect(await nights()).toEqual([
      '19:free',
      `20:taken@${record.id}`,
      `21:taken@${record.id}`,
      `22:taken@${record.id}`,
      '23:free',
    ]);

    const moved = await send('PATCH', `/api/blocks/${record.id}`, { dateFrom: '2025-07-21', dateTo: '2025-07-24' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ dateFrom: '2025-07-21', dateTo: '2025-07-24', note: 'New roof' });
    // A change that changes nothing records nothing.
    expect((await send('PATCH', `/api/blocks/${record.id}`, { kind: 'maintenance' })).json()).toEqual(moved.json());
    expect(await nights()).toEqual([
      '19:free',
      '20:free',
      `21:taken@${record.id}`,
      `22:taken@${record.id}`,
      `23:taken@${record.id}`,
    ]);

    const removed = await send('DELETE', `/api/blocks/${record.id}`);
    expect(removed.json()).toEqual(moved.json());
    expect((await send('DELETE', `/api/blocks/${record.id}`)).statusCode).toBe(404);
    expect(await nights()).toEqual(['19:free', '20:free', '21:free', '22:free', '23:free']);

    const events = (await send('GET', '/api/events?types=block.created,block.updated,block.deleted')).json() as {
      type: string;
      resource: { type: string; id: number; version: number };
      data: unknown;
      changes?: string[];
    }[];
    expect(events.map((e) => [e.type, e.resource.type, e.resource.id, e.resource.version, e.changes])).toEqual([
      ['block.created', 'block', record.id, 1, undefined],
      ['block.updated', 'block', record.id, 2, ['dateFrom', 'dateTo']],
      ['block.deleted', 'block', record.id, 3, undefined],
    ]);
    expect(events[2]?.data).toEqual(moved.json());
    expect((await send('GET', '/api/events?types=block.deleted')).json()).toHaveLength(1);
  });

  it('never lets a block and a stay share a night: 409 names what holds it', async () => {
    const stay = (await send('POST', '/api/reservations', booking())).json();
    const onStay = await send('POST', '/api/blocks', block({ dateFrom: '2025-07-14', dateTo: '2025-07-16' }));
    expect(onStay.statusCode).toBe(409);
    expect(onStay.json()).toMatchObject({
      status: 409,
      heldBy: { kind: 'reservation', id: stay.id },
      conflictingReservation: stay.id,
    });
    // Arriving on the stay's departure day is no conflict.
    const after = (await send('POST', '/api/blocks', block({ dateFrom: '2025-07-15', dateTo: '2025-07-18' }))).json();
    const onBlock = await send('POST', '/api/reservations', booking({ dateFrom: '2025-07-17', dateTo: '2025-07-19' }));
    expect(onBlock.statusCode).toBe(409);
    expect(onBlock.json()).toMatchObject({ heldBy: { kind: 'block', id: after.id } });
    expect(onBlock.json().detail).toContain(`block ${after.id}`);
    // Moving a stay onto it, or another block, is refused the same way.
    const moveStay = await send('PATCH', `/api/reservations/${stay.id}`, { dateTo: '2025-07-16' });
    expect(moveStay.json()).toMatchObject({ status: 409, heldBy: { kind: 'block', id: after.id } });
    const second = (await send('POST', '/api/blocks', block({ dateFrom: '2025-07-18', dateTo: '2025-07-19' }))).json();
    const moveBlock = await send('PATCH', `/api/blocks/${second.id}`, { dateFrom: '2025-07-17' });
    expect(moveBlock.json()).toMatchObject({ status: 409, heldBy: { kind: 'block', id: after.id } });
    // A cancelled stay holds nothing: its nights may be blocked.
    await send('DELETE', `/api/reservations/${stay.id}`);
    expect(
      (await send('POST', '/api/blocks', block({ dateFrom: '2025-07-10', dateTo: '2025-07-15' }))).statusCode,
    ).toBe(201);
  });

  it('refuses bad input naming the parameter, a reader, other organizations, and changes of external blocks', async () => {
    const problems = async (body: unknown) => (await send('POST', '/api/blocks', body)).json().errors;
    expect(await problems(block({ dateTo: '2025-07-20' }))).toEqual([
      { parameter: 'dateTo', message: 'must be after dateFrom' },
    ]);
    expect((await problems(block({ kind: 'external' })))[0]).toMatchObject({ parameter: 'kind' });
    expect(await problems(block({ accommodation: 20 }))).toEqual([
      { parameter: 'accommodation', message: 'no such accommodation in this organization' },
    ]);
    expect((await problems(block({ colour: 'red' })))[0]).toMatchObject({ parameter: 'colour' });
    expect((await send('GET', '/api/blocks?dateFrom=2025-07-10&dateTo=2025-07-01')).json().errors).toEqual([
      { parameter: 'dateTo', message: 'must not be before dateFrom' },
    ]);
    expect((await send('GET', '/api/blocks?dateFrom=2025-01-01&dateTo=2026-01-02')).json().errors).toEqual([
      { parameter: 'dateTo', message: 'at most 366 nights at once' },
    ]);
    expect((await send('POST', '/api/blocks', block(), reader)).statusCode).toBe(403);

    const other = await apiKeyFor(used.db, { organizations: [2], scope: 'write' });
    const created = (await send('POST', '/api/blocks', block())).json();
    expect((await send('PATCH', `/api/blocks/${created.id}`, { note: 'x' }, other)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/blocks/${created.id}`, undefined, other)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/blocks/${created.id}`, { dateTo: '2025-07-20' })).json().errors).toEqual([
      { parameter: 'dateTo', message: 'must be after dateFrom' },
    ]);

    // An external block (SPEC §16) changes only with its calendar.
    await used.db.kysely.updateTable('blocks').set({ kind: 'external' }).where('id', '=', created.id).execute();
    expect((await send('PATCH', `/api/blocks/${created.id}`, { note: 'x' })).statusCode).toBe(409);
    expect((await send('DELETE', `/api/blocks/${created.id}`)).statusCode).toBe(409);
  });

  it('a block and a booking released together over the same nights: exactly one wins, never a 5xx', async () => {
    for (let round = 0; round < 12; round++) {
      const dateFrom = `2025-08-${String(1 + round * 2).padStart(2, '0')}`;
      const dateTo = `2025-08-${String(3 + round * 2).padStart(2, '0')}`;
      const answers = await releasedTogether([
        () => send('POST', '/api/blocks', block({ dateFrom, dateTo })),
        () => send('POST', '/api/reservations', booking({ dateFrom, dateTo })),
        () => send('POST', '/api/blocks', block({ dateFrom, dateTo, kind: 'owner' })),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    }
    const held = await sql<{ n: number }>`
      select count(*) as n from blocks b join reservations r on r.accommodation_id = b.accommodation_id
       where r.status not in ('cancelled', 'no-show') and r.date_from < b.date_to and b.date_from < r.date_to`.execute(
      used.db.kysely,
    );
    expect(Number(held.rows[0]?.n)).toBe(0);
  });

  // Only PostgreSQL has the constraint; SQLite's check is the API's, under BEGIN IMMEDIATE (above).
  if (dialect !== 'postgres') return;
  it('PostgreSQL itself refuses a block over a stay, a stay over a block and two blocks, written by SQL past the API', async () => {
    const stay = (await send('POST', '/api/reservations', booking())).json();
    const row = (dateFrom: string, dateTo: string) => ({
      organization_id: 1,
      accommodation_id: 10,
      date_from: dateFrom,
      date_to: dateTo,
      kind: 'closed' as const,
      note: null,
      calendar_id: null,
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
    });
    const refused = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: { code?: string; constraint?: string }) => `${error.code}:${error.constraint}`,
      );
    const violation = '23P01:night_holds_no_overlap';
    expect(await refused(used.db.kysely.insertInto('blocks').values(row('2025-07-14', '2025-07-16')).execute())).toBe(
      violation,
    );
    await used.db.kysely.insertInto('blocks').values(row('2025-07-15', '2025-07-17')).execute();
    expect(await refused(used.db.kysely.insertInto('blocks').values(row('2025-07-16', '2025-07-18')).execute())).toBe(
      violation,
    );
    expect(
      await refused(
        used.db.kysely.updateTable('reservations').set({ date_to: '2025-07-16' }).where('id', '=', stay.id).execute(),
      ),
    ).toBe(violation);
    // Cancelled, the stay holds nothing and a block may take its nights; back to confirmed, it is refused.
    await used.db.kysely.updateTable('reservations').set({ status: 'cancelled' }).where('id', '=', stay.id).execute();
    await used.db.kysely.insertInto('blocks').values(row('2025-07-10', '2025-07-12')).execute();
    expect(
      await refused(
        used.db.kysely.updateTable('reservations').set({ status: 'confirmed' }).where('id', '=', stay.id).execute(),
      ),
    ).toBe(violation);
    // A change of a field other than the nights leaves the holds alone.
    await used.db.kysely.updateTable('reservations').set({ guest_name: 'B.' }).where('id', '=', stay.id).execute();
    const holds = await sql<{ holder: string; n: number }>`
        select holder, count(*) as n from night_holds group by holder order by holder`.execute(used.db.kysely);
    expect(holds.rows.map((r) => [r.holder, Number(r.n)])).toEqual([['block', 2]]);
  });
});
