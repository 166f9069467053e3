import fc from 'fast-check';
import parseLinkHeader from 'parse-link-header';
import { beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/modules/data/import.service.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, fixedClock, load, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** SPEC §10: the outbox and the feed, through the API, on each database. */

interface FeedEvent {
  id: string;
  type: string;
  organization: number;
  resource: { type: string; id: number; version: number };
  data: Record<string, unknown> & { id: number };
  changes?: string[];
  previous?: Record<string, unknown>;
}

const booking = (overrides: Record<string, unknown> = {}) => ({
  accommodation: 10,
  dateFrom: '2025-07-10',
  dateTo: '2025-07-15',
  adults: 2,
  guestName: 'Anna',
  totalAmount: '650.00',
  currency: 'EUR',
  status: 'option',
  ...overrides,
});

describe.each(DIALECTS)('events on %s', (dialect) => {
  const used = useApp(dialect, { app: { clock: fixedClock('2025-06-15T10:00:00Z') } });
  let key: string;

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    // The fixtures' own import records events too; each test starts with an empty feed.
    await used.db.kysely.deleteFrom('events').execute();
    key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    used.app.inject({ method, url, payload: payload as never, headers: { 'x-api-key': key } });

  /** Every event after `after`, following `next` with pages of `limit`: all committed before the call. */
  async function feed(after?: string, limit = 1000): Promise<{ events: FeedEvent[]; cursor: string }> {
    const events: FeedEvent[] = [];
    let url = `/api/events?limit=${limit}${after ? `&after=${after}` : ''}`;
    for (let page = 0; page < 10_000; page++) {
      const response = await send('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json() as FeedEvent[];
      events.push(...items);
      const next = parseLinkHeader(response.headers.link as string)?.next;
      expect(next).toBeDefined();
      expect(response.headers['events-cursor']).toBe(next?.after);
      if (items.length < limit) return { events, cursor: next?.after as string };
      url = next?.url as string;
    }
    throw new Error('the feed never ended');
  }

  it('records exactly one event per change, in order, with the record, its changes and its version', async () => {
    const { warnings: _, ...created } = (await send('POST', '/api/reservations', booking())).json();
    const path = `/api/reservations/${created.id}`;
    const renamed = (await send('PATCH', path, { guestName: 'Anna B.' })).json();
    expect((await send('PATCH', path, { guestName: 'Anna B.' })).statusCode).toBe(200); // changes nothing
    const moved = (await send('PATCH', path, { dateFrom: '2025-07-11', dateTo: '2025-07-16' })).json();
    const confirmed = (await send('PATCH', path, { status: 'confirmed' })).json();
    expect((await send('POST', '/api/reservations', booking({ dateFrom: '2025-07-12' }))).statusCode).toBe(409);
    expect((await send('PATCH', path, { status: 'checked-out' })).statusCode).toBe(409);
    expect((await send('PATCH', path, { dateTo: '2025-07-01' })).statusCode).toBe(400);
    const cancelled = (await send('DELETE', path)).json();
    expect((await send('DELETE', path)).statusCode).toBe(200); // already cancelled: nothing changes
    const unit = (await send('POST', '/api/accommodations/', { title: 'Lodge', type: 'lodge', maxPersons: 4 })).json();
    const retitled = (await send('PATCH', `/api/accommodations/${unit.id}`, { title: 'Lodge 2', bedrooms: 2 })).json();
    const deactivated = (await send('DELETE', `/api/accommodations/${unit.id}`)).json();

    const { events } = await feed();
    expect(events.map((e) => [e.type, e.resource.id, e.resource.version])).toEqual([
      ['reservation.created', created.id, 1],
      ['reservation.updated', created.id, 2],
      ['reservation.updated', created.id, 3],
      ['reservation.updated', created.id, 4],
      ['reservation.cancelled', created.id, 5],
      ['accommodation.created', unit.id, 1],
      ['accommodation.updated', unit.id, 2],
      ['accommodation.deactivated', unit.id, 3],
    ]);
    expect(events.map((e) => e.data)).toEqual([
      created,
      renamed,
      moved,
      confirmed,
      cancelled,
      unit,
      retitled,
      deactivated,
    ]);
    expect(events.map((e) => [e.changes, e.previous])).toEqual([
      [undefined, undefined],
      // `name` is the same text as guestName (SPEC §2): a summary field, so it changes with it.
      [['guestName', 'name'], { guestName: 'Anna', name: 'Anna' }],
      [['dateFrom', 'dateTo'], { dateFrom: '2025-07-10', dateTo: '2025-07-15' }],
      [['status'], { status: 'option' }],
      [['status', 'cancelled'], { status: 'confirmed', cancelled: null }],
      [undefined, undefined],
      [['title', 'bedrooms'], { title: 'Lodge', bedrooms: null }],
      [['active'], { active: true }],
    ]);
    for (const event of events) {
      expect(event.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(event).toMatchObject({ organization: 1, occurred: '2025-06-15T10:00:00Z' });
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('records the changes of an import, and nothing for an import that changes nothing', async () => {
    const document = {
      accommodations: [{ id: 30, organization: 1, title: 'Tent 30', type: 'tent', maxPersons: 2 }],
      reservations: [
        {
          reservationNumber: 'IMP-1',
          organization: 1,
          accommodation: 30,
          dateFrom: '2025-08-01',
          dateTo: '2025-08-03',
          adults: 1,
          guestName: 'Imported',
          totalAmount: '80.00',
          currency: 'EUR',
        },
      ],
    };
    await importDocument(used.db, fixedClock('2025-06-16T00:00:00Z'), document);
    const first = await feed();
    expect(first.events.map((e) => [e.type, e.resource.version])).toEqual([
      ['accommodation.created', 1],
      ['reservation.created', 1],
    ]);
    const stored = (await send('GET', `/api/reservations/${first.events[1]?.resource.id}`)).json();
    expect(first.events[1]?.data).toEqual(stored);

    await importDocument(used.db, fixedClock('2025-06-17T00:00:00Z'), document);
    expect((await feed(first.cursor)).events).toEqual([]);

    const changed = structuredClone(document);
    (changed.reservations[0] as { status?: string }).status = 'cancelled';
    await importDocument(used.db, fixedClock('2025-06-18T00:00:00Z'), changed);
    const third = await feed(first.cursor);
    expect(third.events.map((e) => [e.type, e.resource.version, e.changes])).toEqual([
      ['reservation.cancelled', 2, ['status', 'modified', 'cancelled'].filter((f) => f !== 'modified')],
    ]);
  });

  it('gives the same sequence walked one event at a time and a thousand at a time', async () => {
    for (let i = 0; i < 7; i++) {
      await send('POST', '/api/reservations', booking({ dateFrom: `2025-09-0${i + 1}`, dateTo: `2025-09-0${i + 2}` }));
    }
    const { events: byOne } = await feed(undefined, 1);
    const { events: byThousand } = await feed(undefined, 1000);
    expect(byOne.map((e) => e.id)).toEqual(byThousand.map((e) => e.id));
    expect(byOne).toHaveLength(7);
  });

  it('filters by type and by record, and answers an empty page with the cursor to resume from', async () => {
    const a = (await send('POST', '/api/reservations', booking())).json();
    const b = (await send('POST', '/api/reservations', booking({ accommodation: 12 }))).json();
    await send('PATCH', `/api/reservations/${a.id}`, { adults: 3 });
    const ofA = (await send('GET', `/api/events?reservation=${a.id}`)).json() as FeedEvent[];
    expect(ofA.map((e) => [e.type, e.resource.id])).toEqual([
      ['reservation.created', a.id],
      ['reservation.updated', a.id],
    ]);
    const updates = (await send('GET', '/api/events?types=reservation.updated')).json() as FeedEvent[];
    expect(updates.map((e) => e.resource.id)).toEqual([a.id]);
    const { cursor } = await feed();
    const empty = await send('GET', `/api/events?after=${cursor}`);
    expect(empty.json()).toEqual([]);
    // The empty page's resume point: the organization's counter as the read saw it, which writes
    // that recorded no event also move, so it may lie past the cursor given, but never past an
    // event still to come.
    const resume = parseLinkHeader(empty.headers.link as string)?.next?.after as string;
    expect(resume).toMatch(/^c2_/);
    await send('PATCH', `/api/reservations/${b.id}`, { adults: 1 });
    for (const from of [cursor, resume]) {
      expect(
        ((await send('GET', `/api/events?after=${from}`)).json() as FeedEvent[]).map((e) => e.resource.id),
      ).toEqual([b.id]);
    }
  });

  it('answers a malformed cursor with 400 naming after, and one older than what is kept with 410', async () => {
    const malformed = await send('GET', '/api/events?after=not-a-cursor');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ parameter: 'after', message: 'is not a cursor from this feed' }]);
    const { cursor: early } = await feed();
    await send('POST', '/api/reservations', booking());
    const { cursor: later } = await feed(early);
    // Retention moved past the early cursor (what pruning does): the first event after it is gone.
    const [first] = (await send('GET', `/api/events?after=${early}`)).json() as FeedEvent[];
    const removed = await used.db.kysely
      .selectFrom('events')
      .select('seq')
      .where('id', '=', first?.id as string)
      .executeTakeFirstOrThrow();
    await used.db.kysely
      .insertInto('events_pruned_by_organization')
      .values({ organization_id: 1, seq: removed.seq })
      .execute();
    // The later cursor is past what was pruned: still good.
    expect((await send('GET', `/api/events?after=${later}`)).statusCode).toBe(200);
    const gone = await send('GET', `/api/events?after=${early}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(gone.json()).toMatchObject({ type: 'urn:booking-service:problem:cursor-expired', status: 410 });
    expect(gone.json().detail).toMatch(/Events-Cursor/);
    await used.db.kysely.deleteFrom('events_pruned_by_organization').execute();
  });

  it('holds an empty answer until an event commits, then answers at once', async () => {
    const { cursor } = await feed();
    const started = Date.now();
    let settled = false;
    const waiting = send('GET', `/api/events?after=${cursor}&wait=20`).finally(() => (settled = true));
    // The same read without `wait`, sent after it: once this one has answered, the first has read the
    // feed too, and is held.
    expect((await send('GET', `/api/events?after=${cursor}`)).json()).toEqual([]);
    expect(settled).toBe(false);
    const created = (await send('POST', '/api/reservations', booking())).json();
    const answered = await waiting;
    expect((answered.json() as FeedEvent[]).map((e) => e.resource.id)).toEqual([created.id]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('carries an Events-Cursor on the lists and the record from which the feed shows every later change', async () => {
    const concurrentWrites = fc.array(
      fc.record({ kind: fc.constantFrom('book', 'rename', 'cancel'), index: fc.nat(5) }),
      {
        minLength: 4,
        maxLength: 14,
      },
    );
    await fc.assert(
      fc.asyncProperty(concurrentWrites, fc.nat(13), async (writes, snapshotAt) => {
        await used.db.kysely.deleteFrom('events').execute();
        await used.db.kysely.deleteFrom('reservations').execute();
        // Changed by hand: move the change counter, as docs/OPERATIONS.md asks, so no cached page survives.
        await used.db.kysely
          .updateTable('organizations')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .execute();
        const ids: number[] = [];
        const run = async (write: { kind: string; index: number }, i: number) => {
          const target = ids[write.index % Math.max(1, ids.length)];
          if (write.kind === 'book' || target === undefined) {
            const response = await send(
              'POST',
              '/api/reservations',
              booking({
                accommodation: 12,
                dateFrom: `2026-0${1 + (i % 9)}-01`,
                dateTo: `2026-0${1 + (i % 9)}-0${2 + Math.floor(i / 9)}`,
              }),
            );
            if (response.statusCode === 201) ids.push(response.json().id);
          } else if (write.kind === 'rename') {
            await send('PATCH', `/api/reservations/${target}`, { guestName: `Guest ${i}` });
          } else {
            await send('DELETE', `/api/reservations/${target}`);
          }
        };
        // The snapshot is taken while the writes are in flight.
        let snapshot: { cursor: string; items: FeedEvent['data'][] } | undefined;
        await Promise.all([
          ...writes.map((w, i) => run(w, i)),
          (async () => {
            for (let i = 0; i < snapshotAt % (writes.length + 1); i++) await Promise.resolve();
            const list = await send(
              'GET',
              '/api/reservations/summaries?dateFrom=2026-01-01&dateTo=2026-12-31&limit=100',
            );
            snapshot = { cursor: list.headers['events-cursor'] as string, items: list.json() };
          })(),
        ]);
        // A consumer: the snapshot, then every event after its cursor, newer versions winning.
        const state = new Map<number, FeedEvent['data']>((snapshot?.items ?? []).map((r) => [r.id, r]));
        for (const event of (await feed(snapshot?.cursor)).events) state.set(event.resource.id, event.data);
        const now = (
          await send('GET', '/api/reservations/summaries?dateFrom=2026-01-01&dateTo=2026-12-31&limit=100')
        ).json();
        expect([...state.values()].sort((a, b) => a.id - b.id)).toEqual(
          now.sort((a: { id: number }, b: { id: number }) => a.id - b.id),
        );
      }),
      { numRuns: 15 },
    );
  });

  it("tells a tenant nothing of another organization's writes: its cursors stay as they were", async () => {
    // Issue 41, finding 11: a cursor was one position over every organization's events, so a
    // tenant watching its own Events-Cursor counted everyone's writes.
    const other = await apiKeyFor(used.db, { organizations: [2], scope: 'write' });
    const cursors = async () => [
      (await send('GET', '/api/events')).headers['events-cursor'],
      (await send('GET', '/api/accommodations/')).headers['events-cursor'],
    ];
    const before = await cursors();
    for (let i = 0; i < 3; i++) {
      const booked = await used.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: { 'x-api-key': other },
        payload: booking({ accommodation: 20, dateFrom: `2025-08-0${1 + 2 * i}`, dateTo: `2025-08-0${2 + 2 * i}` }),
      });
      expect(booked.statusCode).toBe(201);
    }
    expect(await cursors()).toEqual(before);
    await send('POST', '/api/reservations', booking());
    const [feedCursor, listCursor] = await cursors();
    expect(feedCursor).not.toBe(before[0]);
    expect(listCursor).toBe(feedCursor);
  });

  it('follows several organizations in one feed, each once and in its order, and one named later from its oldest kept event', async () => {
    const both = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'write' });
    const as = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      used.app.inject({ method, url, payload: payload as never, headers: { 'x-api-key': both } });
    const book = async (organization: 1 | 2, day: number) => {
      const booked = await as('POST', '/api/reservations', {
        ...booking({ accommodation: organization === 1 ? 10 : 20 }),
        organization,
        dateFrom: `2025-09-${String(day).padStart(2, '0')}`,
        dateTo: `2025-09-${String(day + 1).padStart(2, '0')}`,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return booked.json().id as number;
    };
    const made = [await book(1, 1), await book(2, 1), await book(2, 3), await book(1, 3), await book(2, 5)];
    // Walked one event a page: every event of both once, in the order they were written.
    const walked: number[] = [];
    let url = '/api/events?limit=1';
    for (let page = 0; page < 20; page++) {
      const response = await as('GET', url);
      const items = response.json() as FeedEvent[];
      walked.push(...items.map((e) => e.resource.id));
      url = parseLinkHeader(response.headers.link as string)?.next?.url as string;
      if (items.length === 0) break;
    }
    expect(walked).toEqual(made);
    // Organization 1's cursor, given to a read of both: organization 2 from its oldest event.
    const one = await as('GET', '/api/events?organization=1');
    const cursor = one.headers['events-cursor'] as string;
    const fromOne = (await as('GET', `/api/events?after=${cursor}`)).json() as FeedEvent[];
    expect(fromOne.map((e) => e.resource.id)).toEqual([made[1], made[2], made[4]]);
    // And a cursor of both, read for organization 1 alone, keeps organization 2's place.
    const late = await book(2, 7);
    const onlyOne = await as('GET', `/api/events?organization=1&after=${cursor}`);
    expect(onlyOne.json()).toEqual([]);
    const again = (await as('GET', `/api/events?after=${onlyOne.headers['events-cursor']}`)).json() as FeedEvent[];
    expect(again.map((e) => e.resource.id)).toEqual([made[1], made[2], made[4], late]);
  });

  it('asks a credential of more than 1,000 organizations to name one: a cursor holds at most 1,000', async () => {
    const many = Array.from({ length: 1_001 }, (_, i) => ({ id: 100 + i, name: `Park ${i}`, timezone: 'UTC' }));
    await load(used.db, { organizations: many });
    const key = await apiKeyFor(used.db, { organizations: many.map((o) => o.id) });
    const all = await used.app.inject({ url: '/api/events', headers: { 'x-api-key': key } });
    expect(all.statusCode).toBe(400);
    expect(all.json().errors).toEqual([
      { parameter: 'organization', message: 'is required for a credential of more than 1000 organizations' },
    ]);
    const one = await used.app.inject({ url: '/api/events?organization=100', headers: { 'x-api-key': key } });
    expect(one.statusCode).toBe(200);
  });
});
