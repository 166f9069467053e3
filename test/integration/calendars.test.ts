import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { convertIcsCalendar } from 'ts-ics';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimDueCalendars, fetchCalendar } from '../../src/modules/calendars/calendar-worker.js';
import { createFeedFetcher } from '../../src/modules/calendars/feed-client.js';
import { dumpDatabase } from '../../src/modules/data/dump.service.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import { feedStays } from '../../src/modules/calendars/ical.js';
import { addDays } from '../../src/shared/dates.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.js';
import { apiKeyFor, load, reload, twoOrganizations } from '../helpers/fixtures.js';
import { testApp } from '../helpers/app.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §16 through the API and the worker's steps: the export feed behind its token, and other
 * channels' feeds (fixtures shaped like Airbnb's, Booking.com's and Vrbo's exports) served from
 * 127.0.0.1 and read into external blocks, with vanished and re-issued UIDs, conflicts and failures.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ical/${name}.ics`, import.meta.url), 'utf8');
const POLL_MS = 900_000;
const feed = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const allDay = (uid: string, from: string, to: string, summary = 'Reserved') =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270601T080000Z',
    `DTSTART;VALUE=DATE:${from.replaceAll('-', '')}`,
    `DTEND;VALUE=DATE:${to.replaceAll('-', '')}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ].join('\r\n');

describe.each(DIALECTS)('calendar sync on %s', (dialect) => {
  let now = new Date('2027-06-01T10:00:00Z');
  const clock = () => now;
  const used = useApp(dialect, { app: { clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } } });
  let server: FeedServer;
  let admin: string;
  let writer: string;
  let reader: string;
  const fetcher = createFeedFetcher({
    timeoutMs: 15_000,
    maxBytes: 5 * 2 ** 20,
    allowPrivateNetworks: true,
    resolver: async () => [],
  });

  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    now = new Date('2027-06-01T10:00:00Z');
    await reload(used.db, twoOrganizations);
    admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1] });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = admin) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key } });

  /** One interval on, then every due calendar fetched, as a worker would. */
  const poll = async () => {
    now = new Date(now.getTime() + POLL_MS);
    const claimed = await claimDueCalendars(used.db, {
      owner: 'test',
      now: now.getTime(),
      leaseMs: 60_000,
      limit: 100,
    });
    for (const calendar of claimed) await fetchCalendar(used.db, clock, fetcher, calendar, 'test', POLL_MS);
    return claimed.length;
  };
  const subscribe = async (path: string, name: string, accommodation = 10) => {
    const created = await send('POST', `/api/accommodations/${accommodation}/calendars`, {
      url: `${server.origin}${path}`,
      name,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number };
  };
  const calendars = async (accommodation = 10) =>
    (await send('GET', `/api/accommodations/${accommodation}/calendars`, undefined, reader)).json() as {
      id: number;
      name: string;
      events: number;
      lastFetched: string | null;
      lastSuccess: string | null;
      lastError: string | null;
      stale: boolean;
      conflicts: unknown[];
    }[];
  const externalBlocks = async () =>
    (
      (
        await send('GET', '/api/blocks?dateFrom=2027-05-01&dateTo=2027-12-31&accommodation=10', undefined, reader)
      ).json() as {
        id: number;
        dateFrom: string;
        dateTo: string;
        kind: string;
        note: string | null;
        calendar: number | null;
      }[]
    ).filter((b) => b.kind === 'external');
  const nights = async () => (await externalBlocks()).map((b) => `${b.dateFrom}/${b.dateTo}`);
  const book = async (dateFrom: string, dateTo: string, extra: Record<string, unknown> = {}) => {
    const created = await send(
      'POST',
      '/api/reservations',
      {
        accommodation: 10,
        dateFrom,
        dateTo,
        adults: 2,
        guestName: 'Anna de Vries',
        totalAmount: '650.00',
        currency: 'EUR',
        ...extra,
      },
      writer,
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number };
  };

  describe('the export', () => {
    const rotate = async (accommodation = 10) => {
      const answer = await send('POST', `/api/accommodations/${accommodation}/ical-token`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json() as { url: string; path: string; accommodation: number };
      rememberSecret(body.path.slice('/ical/'.length, -'.ics'.length));
      return body;
    };

    it('serves the accommodation’s holds at its secret address, and a new address stops the old one at once', async () => {
      const reservation = await book('2027-07-03', '2027-07-10');
      await book('2027-08-01', '2027-08-03', { status: 'option' });
      const cancelled = await book('2027-09-01', '2027-09-05');
      expect((await send('DELETE', `/api/reservations/${cancelled.id}`, undefined, writer)).statusCode).toBe(200);
      const block = (
        await send(
          'POST',
          '/api/blocks',
          { accommodation: 10, dateFrom: '2027-07-10', dateTo: '2027-07-12', kind: 'owner', note: 'Family' },
          writer,
        )
      ).json() as { id: number };
      // Outside the window: more than 30 days ago, and more than two years ahead.
      await book('2027-04-20', '2027-04-25');
      await book('2029-06-02', '2029-06-05');

      const first = await rotate();
      expect(first.accommodation).toBe(10);
      expect(first.path).toMatch(/^\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(first.url).toBe(`http://localhost:80${first.path}`);
      // No credential, and a calendar client's Accept.
      const served = await used.app.inject({ method: 'GET', url: first.path, headers: { accept: 'text/calendar' } });
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(served.headers['cache-control']).toBe('no-cache');
      const text = served.body;
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(text).not.toContain('Anna');
      expect(text).toContain(`UID:reservation-${reservation.id}@booking-service`);
      expect(text).toContain(`UID:block-${block.id}@booking-service`);
      expect(feedStays(text, 'Europe/Amsterdam').map((s) => `${s.dateFrom}/${s.dateTo}`)).toEqual([
        '2027-07-03/2027-07-10',
        '2027-07-10/2027-07-12',
        '2027-08-01/2027-08-03',
      ]);
      const summaries = text.split('\r\n').filter((l) => l.startsWith('SUMMARY:'));
      expect(summaries).toEqual(['SUMMARY:Reserved', 'SUMMARY:Not available', 'SUMMARY:Reserved']);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      // The ETag comes back as 304, with no body; a change gives another tag.
      const tag = served.headers.etag as string;
      const again = await used.app.inject({ method: 'GET', url: first.path, headers: { 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await book('2027-10-01', '2027-10-04');
      const changed = await used.app.inject({ method: 'GET', url: first.path, headers: { 'if-none-match': tag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);

      const second = await rotate();
      expect(second.path).not.toBe(first.path);
      expect((await used.app.inject({ method: 'GET', url: first.path })).statusCode).toBe(404);
      expect((await used.app.inject({ method: 'GET', url: second.path })).statusCode).toBe(200);
      for (const url of ['/ical/nothing.ics', `/ical/${'A'.repeat(43)}.ics`, '/ical/x']) {
        expect((await used.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });

    it('gives back exactly the held nights of random reservations and blocks, read by ical.js and by ts-ics', async () => {
      const { path } = await rotate();
      // The window: holds with a night from 30 days before the organization's today (2027-06-01)
      // up to the night before the same day two years on.
      const [windowStart, windowEnd] = ['2027-05-02', '2029-06-01'];
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              gap: fc.integer({ min: 0, max: 90 }),
              nights: fc.integer({ min: 1, max: 30 }),
              holder: fc.constantFrom('confirmed', 'option', 'cancelled', 'no-show', 'checked-out', 'block'),
            }),
            { maxLength: 14 },
          ),
          async (holds) => {
            await used.db.kysely.deleteFrom('blocks').execute();
            await used.db.kysely.deleteFrom('reservations').execute();
            let day = '2027-04-01';
            const written = holds.map((h, i) => {
              const dateFrom = addDays(day, h.gap);
              day = addDays(dateFrom, h.nights);
              return { ...h, i, dateFrom, dateTo: day };
            });
            await load(used.db, {
              reservations: written
                .filter((h) => h.holder !== 'block')
                .map((h) => ({
                  reservationNumber: `P-${h.i}`,
                  organization: 1,
                  accommodation: 10,
                  dateFrom: h.dateFrom,
                  dateTo: h.dateTo,
                  adults: 1,
                  guestName: `Guest ${h.i}`,
                  totalAmount: '1.00',
                  currency: 'EUR',
                  status: h.holder as 'confirmed',
                })),
              blocks: written
                .filter((h) => h.holder === 'block')
                .map((h) => ({
                  organization: 1,
                  accommodation: 10,
                  dateFrom: h.dateFrom,
                  dateTo: h.dateTo,
                  kind: 'closed' as const,
                })),
            });
            await used.db.kysely
              .updateTable('organizations')
              .set({ version: sql`version + 1` })
              .where('id', '=', 1)
              .execute();
            const held = written
              .filter(
                (h) => !['cancelled', 'no-show'].includes(h.holder) && h.dateFrom < windowEnd && h.dateTo > windowStart,
              )
              .map((h) => `${h.dateFrom}/${h.dateTo}`);
            const text = (await used.app.inject({ method: 'GET', url: path })).body;
            expect(feedStays(text, 'Europe/Amsterdam').map((s) => `${s.dateFrom}/${s.dateTo}`)).toEqual(held);
            const independent = (convertIcsCalendar(undefined, text).events ?? []).map((e) => {
              expect([e.start.type, e.end?.type, e.summary]).toEqual([
                'DATE',
                'DATE',
                e.uid.startsWith('block') ? 'Not available' : 'Reserved',
              ]);
              return `${e.start.date.toISOString().slice(0, 10)}/${e.end?.date.toISOString().slice(0, 10)}`;
            });
            expect(independent).toEqual(held);
          },
        ),
        { numRuns: 15 },
      );
    });

    it('needs the admin scope to make an address, and one of the credential’s accommodations', async () => {
      expect((await send('POST', '/api/accommodations/10/ical-token', undefined, writer)).statusCode).toBe(403);
      expect((await send('POST', '/api/accommodations/20/ical-token')).statusCode).toBe(404);
    });

    it('leaves out blocks imported from other channels, so no channel gets its own stays back', async () => {
      server.set('/loop.ics', fixture('airbnb'));
      await subscribe('/loop.ics', 'Airbnb');
      await poll();
      expect(await nights()).toHaveLength(2);
      const { path } = await rotate();
      const text = (await used.app.inject({ method: 'GET', url: path })).body;
      expect(feedStays(text, 'Europe/Amsterdam')).toEqual([]);
    });
  });

  describe('subscriptions', () => {
    it('reads Airbnb’s, Booking.com’s and Vrbo’s feeds into external blocks, never taking summaries for names', async () => {
      server.set('/airbnb.ics', fixture('airbnb'));
      server.set('/booking.ics', fixture('booking'));
      server.set('/vrbo.ics', fixture('vrbo'));
      const airbnb = await subscribe('/airbnb.ics', 'Airbnb');
      const booking = await subscribe('/booking.ics', 'Booking.com');
      const vrbo = await subscribe('/vrbo.ics', 'Vrbo');
      expect(await poll()).toBe(3);

      const blocks = await externalBlocks();
      expect(blocks.map((b) => [b.dateFrom, b.dateTo, b.note, b.calendar])).toEqual([
        ['2027-07-03', '2027-07-10', 'Airbnb', airbnb.id],
        ['2027-07-14', '2027-07-16', 'Airbnb', airbnb.id],
        ['2027-07-20', '2027-07-24', 'Booking.com', booking.id],
        // 16:00 in Chicago on the 26th is 23:00 in Amsterdam; the cancelled stay is not there.
        ['2027-07-26', '2027-07-30', 'Vrbo', vrbo.id],
      ]);
      const listed = await calendars();
      expect(listed.map((c) => [c.name, c.events, c.lastSuccess, c.lastError, c.stale, c.conflicts])).toEqual([
        ['Airbnb', 2, '2027-06-01T10:15:00Z', null, false, []],
        ['Booking.com', 1, '2027-06-01T10:15:00Z', null, false, []],
        ['Vrbo', 1, '2027-06-01T10:15:00Z', null, false, []],
      ]);
      const everything = JSON.stringify(await used.db.kysely.selectFrom('blocks').selectAll().execute());
      for (const words of ['Maria', 'Jansen', 'Not available', 'CLOSED', '1234'])
        expect(everything).not.toContain(words);

      // An external block changes only with its calendar.
      const one = blocks[0] as { id: number };
      expect((await send('DELETE', `/api/blocks/${one.id}`, undefined, writer)).statusCode).toBe(409);
      // Unsubscribing removes its blocks, and only its own.
      const removed = await send('DELETE', `/api/accommodations/10/calendars/${airbnb.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await nights()).toEqual(['2027-07-20/2027-07-24', '2027-07-26/2027-07-30']);
      expect((await send('DELETE', `/api/accommodations/10/calendars/${airbnb.id}`)).statusCode).toBe(404);
    });

    it('asks conditionally: an unchanged feed is a 304, read as the same events', async () => {
      server.set('/same.ics', feed(allDay('s1', '2027-07-03', '2027-07-05')));
      await subscribe('/same.ics', 'Airbnb');
      await poll();
      await poll();
      await poll();
      const requests = server.requests('/same.ics');
      expect(requests.map((r) => r.status)).toEqual([200, 304, 304]);
      expect(requests[0]?.ifNoneMatch).toBeUndefined();
      expect(await nights()).toEqual(['2027-07-03/2027-07-05']);
      expect((await calendars())[0]?.lastSuccess).toBe('2027-06-01T10:45:00Z');
    });

    it('removes a vanished UID only after two successful fetches without it, and a failing feed keeps its blocks', async () => {
      server.set('/gone.ics', feed(allDay('a', '2027-07-03', '2027-07-05'), allDay('b', '2027-07-10', '2027-07-12')));
      await subscribe('/gone.ics', 'Vrbo');
      await poll();
      expect(await nights()).toEqual(['2027-07-03/2027-07-05', '2027-07-10/2027-07-12']);

      server.set('/gone.ics', { status: 503 });
      await poll();
      await poll();
      expect(await nights()).toEqual(['2027-07-03/2027-07-05', '2027-07-10/2027-07-12']);
      expect((await calendars())[0]).toMatchObject({ lastError: 'http-503', lastSuccess: '2027-06-01T10:15:00Z' });

      server.set('/gone.ics', feed(allDay('a', '2027-07-03', '2027-07-05')));
      await poll();
      expect(await nights()).toEqual(['2027-07-03/2027-07-05', '2027-07-10/2027-07-12']);
      expect((await calendars())[0]).toMatchObject({ lastError: null });
      await poll();
      expect(await nights()).toEqual(['2027-07-03/2027-07-05']);
    });

    it('keeps the stay when a channel issues a new UID with the same dates', async () => {
      server.set('/reissue.ics', feed(allDay('old-uid', '2027-07-03', '2027-07-05')));
      await subscribe('/reissue.ics', 'Vrbo');
      await poll();
      const [before] = await externalBlocks();
      server.set('/reissue.ics', feed(allDay('new-uid', '2027-07-03', '2027-07-05')));
      await poll();
      await poll();
      await poll();
      expect(await externalBlocks()).toEqual([before]);
      const known = await used.db.kysely.selectFrom('calendar_events').select('uid').execute();
      expect(known).toEqual([{ uid: 'new-uid' }]);
      // A new UID with other dates is another stay.
      server.set('/reissue.ics', feed(allDay('third-uid', '2027-07-04', '2027-07-05')));
      await poll();
      await poll();
      expect(await nights()).toEqual(['2027-07-04/2027-07-05']);
    });

    it('records a conflict once across many polls, lists it, and stores the stay once the nights are free', async () => {
      const reservation = await book('2027-07-04', '2027-07-06');
      server.set(
        '/clash.ics',
        feed(allDay('clash', '2027-07-03', '2027-07-05'), allDay('fine', '2027-07-10', '2027-07-12')),
      );
      const calendar = await subscribe('/clash.ics', 'Booking.com');
      for (let i = 0; i < 4; i++) await poll();
      expect(await nights()).toEqual(['2027-07-10/2027-07-12']);
      const conflict = {
        uid: 'clash',
        dateFrom: '2027-07-03',
        dateTo: '2027-07-05',
        heldBy: { kind: 'reservation', id: reservation.id },
      };
      expect((await calendars())[0]?.conflicts).toEqual([conflict]);
      const events = async () =>
        (
          (await send('GET', '/api/events?types=calendar.conflict', undefined, reader)).json() as {
            type: string;
            resource: { type: string; id: number; version: number };
            data: unknown;
          }[]
        ).map((e) => [e.resource, e.data]);
      const recorded = [
        { type: 'calendar', id: calendar.id, version: 2 },
        { id: calendar.id, organization: 1, accommodation: 10, name: 'Booking.com', ...conflict },
      ];
      expect(await events()).toEqual([recorded]);

      // The channel moves its stay: a new conflict, recorded once more.
      server.set(
        '/clash.ics',
        feed(allDay('clash', '2027-07-05', '2027-07-07'), allDay('fine', '2027-07-10', '2027-07-12')),
      );
      await poll();
      await poll();
      expect(await events()).toHaveLength(2);
      // The stay here is cancelled: the next fetch stores the channel's stay, and the conflict is gone.
      expect((await send('DELETE', `/api/reservations/${reservation.id}`, undefined, writer)).statusCode).toBe(200);
      await poll();
      expect(await nights()).toEqual(['2027-07-05/2027-07-07', '2027-07-10/2027-07-12']);
      expect((await calendars())[0]?.conflicts).toEqual([]);
      expect(await events()).toHaveLength(2);
    });

    it('never lets an imported stay and a booking made here at the same moment hold one night twice', async () => {
      server.set('/race.ics', feed(allDay('race', '2027-07-03', '2027-07-06')));
      const calendar = await subscribe('/race.ics', 'Airbnb');
      for (let round = 0; round < 5; round++) {
        const [, response] = await releasedTogether<unknown>([
          () => poll(),
          () =>
            send(
              'POST',
              '/api/reservations',
              {
                accommodation: 10,
                dateFrom: '2027-07-05',
                dateTo: '2027-07-08',
                adults: 2,
                guestName: 'Anna de Vries',
                totalAmount: '1.00',
                currency: 'EUR',
              },
              writer,
            ),
        ]);
        const booked = response as Awaited<ReturnType<typeof send>>;
        const blocks = await externalBlocks();
        const listed = (await calendars())[0];
        if (booked.statusCode === 201) {
          // The booking came first: the feed's stay is a conflict, not a block.
          expect(blocks).toEqual([]);
          expect(listed?.conflicts).toEqual([
            {
              uid: 'race',
              dateFrom: '2027-07-03',
              dateTo: '2027-07-06',
              heldBy: { kind: 'reservation', id: booked.json().id },
            },
          ]);
          expect((await send('DELETE', `/api/reservations/${booked.json().id}`, undefined, writer)).statusCode).toBe(
            200,
          );
        } else {
          // The import came first: the booking is refused, naming the block.
          expect(booked.statusCode, booked.body).toBe(409);
          expect(blocks.map((b) => b.id)).toEqual([booked.json().heldBy.id]);
        }
        // Either way, back to no stay on either side for the next round.
        expect((await send('DELETE', `/api/accommodations/10/calendars/${calendar.id}`)).statusCode).toBe(200);
        const again = await subscribe('/race.ics', 'Airbnb');
        calendar.id = again.id;
      }
    });

    it('moves with booking dump and import: subscriptions with what they read, feeds by their hash only', async () => {
      const reservation = await book('2027-07-04', '2027-07-06');
      server.set(
        '/moved.ics',
        feed(allDay('clash', '2027-07-03', '2027-07-05'), allDay('stay', '2027-07-10', '2027-07-12')),
      );
      const calendar = await subscribe('/moved.ics', 'Booking.com');
      await poll();
      const token = (await send('POST', '/api/accommodations/10/ical-token')).json() as { path: string };
      rememberSecret(token.path.slice('/ical/'.length, -'.ics'.length));
      const before = await calendars();
      const blocksBefore = await externalBlocks();
      let text = '';
      await dumpDatabase(used.db, async (piece) => {
        text += piece;
      });
      expect(text).not.toContain(token.path.slice('/ical/'.length, -'.ics'.length));
      const dumped = JSON.parse(text) as { calendars: unknown[]; icalFeeds: unknown[] };
      expect(dumped.calendars).toHaveLength(1);
      expect(dumped.icalFeeds).toEqual([
        {
          accommodation: 10,
          organization: 1,
          tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
          created: '2027-06-01T10:15:00Z',
        },
      ]);

      await emptyDatabase(used.db);
      await importDocument(used.db, clock, dumped);
      await used.db.kysely
        .updateTable('organizations')
        .set({ version: sql`version + 50000` })
        .execute();
      admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
      reader = await apiKeyFor(used.db, { organizations: [1] });
      writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
      // The same stays and conflict; fetched again at once, the feed makes nothing new and tells nothing again.
      const after = await calendars();
      expect(after.map((c) => [c.id, c.name, c.conflicts])).toEqual(before.map((c) => [c.id, c.name, c.conflicts]));
      expect(await externalBlocks()).toEqual(blocksBefore);
      const conflictEvents = async () =>
        (await send('GET', '/api/events?types=calendar.conflict,block.created', undefined, reader)).json() as unknown[];
      const eventsBefore = (await conflictEvents()).length;
      expect(await poll()).toBe(1);
      expect(await externalBlocks()).toEqual(blocksBefore);
      expect(await conflictEvents()).toHaveLength(eventsBefore);
      // The channels' address still serves the feed; the calendar (and its blocks) can be removed.
      const served = await used.app.inject({ method: 'GET', url: token.path });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain(`UID:reservation-${reservation.id}@booking-service`);
      // A new subscription gets an id after the imported ones.
      const again = await subscribe('/moved.ics', 'Again');
      expect(again.id).toBeGreaterThan(calendar.id);
      expect((await send('DELETE', `/api/accommodations/10/calendars/${again.id}`)).statusCode).toBe(200);
      expect((await send('DELETE', `/api/accommodations/10/calendars/${calendar.id}`)).statusCode).toBe(200);
      expect(await externalBlocks()).toEqual([]);
    });

    it('writes nothing for a process whose lease expired and was taken over: the feed counts once', async () => {
      server.set('/slow.ics', feed(allDay('a', '2027-07-03', '2027-07-05')));
      await subscribe('/slow.ics', 'Vrbo');
      now = new Date(now.getTime() + 1_000);
      const [mine] = await claimDueCalendars(used.db, {
        owner: 'slow',
        now: now.getTime(),
        leaseMs: 60_000,
        limit: 10,
      });
      // Nobody else may take it while the lease holds …
      expect(
        await claimDueCalendars(used.db, { owner: 'other', now: now.getTime() + 59_000, leaseMs: 60_000, limit: 10 }),
      ).toEqual([]);
      // … and anybody may once it has run out.
      now = new Date(now.getTime() + 61_000);
      const [theirs] = await claimDueCalendars(used.db, {
        owner: 'other',
        now: now.getTime(),
        leaseMs: 60_000,
        limit: 10,
      });
      expect(theirs?.id).toBe(mine?.id);
      await fetchCalendar(used.db, clock, fetcher, mine as never, 'slow', POLL_MS);
      expect(await nights()).toEqual([]);
      expect((await calendars())[0]?.lastFetched).toBeNull();
      await fetchCalendar(used.db, clock, fetcher, theirs as never, 'other', POLL_MS);
      expect(await nights()).toEqual(['2027-07-03/2027-07-05']);
      const created = (await send('GET', '/api/events?types=block.created', undefined, reader)).json() as unknown[];
      expect(created).toHaveLength(1);
    });

    it('refuses feeds outside the outbound rules at creation, without sending anything', async () => {
      const strict = await testApp(used.db, { clock });
      for (const url of [
        `${server.origin}/strict.ics`,
        'https://127.0.0.1/x.ics',
        'https://user:pw@example.com/x.ics',
        'ftp://example.com/x',
      ]) {
        const refused = await strict.inject({
          method: 'POST',
          url: '/api/accommodations/10/calendars',
          headers: { 'x-api-key': admin },
          payload: { url, name: 'Airbnb' },
        });
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual(['url']);
      }
      expect(server.requests('/strict.ics')).toEqual([]);
      // And a fetch refuses them at the connection too, should one be stored.
      const strictFetcher = createFeedFetcher({
        timeoutMs: 15_000,
        maxBytes: 1000,
        allowPrivateNetworks: false,
        resolver: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      expect(await strictFetcher(`${server.origin}/strict.ics`, { etag: null, lastModified: null })).toEqual({
        kind: 'failed',
        error: 'forbidden-address',
      });
      expect(await strictFetcher('https://feeds.example/strict.ics', { etag: null, lastModified: null })).toEqual({
        kind: 'failed',
        error: 'forbidden-address',
      });
      expect(server.requests('/strict.ics')).toEqual([]);
    });

    it('checks its input: scope, body and accommodation', async () => {
      expect(
        (await send('POST', '/api/accommodations/10/calendars', { url: `${server.origin}/x.ics`, name: 'A' }, writer))
          .statusCode,
      ).toBe(403);
      const bad = await send('POST', '/api/accommodations/10/calendars', { url: '', name: 'A', extra: 1 });
      expect(bad.statusCode).toBe(400);
      expect(
        (await send('POST', '/api/accommodations/20/calendars', { url: `${server.origin}/x.ics`, name: 'A' }))
          .statusCode,
      ).toBe(404);
      expect((await send('GET', '/api/accommodations/20/calendars', undefined, reader)).statusCode).toBe(404);
    });

    it('fails a feed larger than its limit, and one that is not iCalendar, keeping the blocks', async () => {
      const small = createFeedFetcher({
        timeoutMs: 15_000,
        maxBytes: 100,
        allowPrivateNetworks: true,
        resolver: async () => [],
      });
      server.set('/big.ics', feed(allDay('a', '2027-07-03', '2027-07-05'), allDay('b', '2027-07-06', '2027-07-08')));
      expect(await small(`${server.origin}/big.ics`, { etag: null, lastModified: null })).toEqual({
        kind: 'failed',
        error: 'too-large',
      });
      server.set('/html.ics', feed(allDay('a', '2027-07-03', '2027-07-05')));
      await subscribe('/html.ics', 'Airbnb');
      await poll();
      server.set('/html.ics', '<html><body>Maintenance</body></html>');
      await poll();
      expect(await nights()).toEqual(['2027-07-03/2027-07-05']);
      expect((await calendars())[0]?.lastError).toBe('not-icalendar');
    });
  });
});
