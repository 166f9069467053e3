import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.js';
import { load } from '../helpers/fixtures.js';
import { type RunningProcess, startProcess } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * SPEC §16 between real processes: two `booking worker`s on one database fetch each subscribed
 * feed once per CALENDAR_POLL_SECONDS between them (a lease per calendar, SKIP LOCKED), never two
 * fetches of one feed at once or closer than the interval, and each feed's events become its
 * blocks once.
 */

const MAIN = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));
const CALENDARS = 12;
const POLL_SECONDS = 2;
const RUN_MS = 9_000;

const feed = (uid: string, day: number) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20300101T000000Z',
    `DTSTART;VALUE=DATE:203007${String(day).padStart(2, '0')}`,
    `DTEND;VALUE=DATE:203007${String(day + 2).padStart(2, '0')}`,
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe.each(DIALECTS)('calendar fetches by two workers on %s', (dialect) => {
  const used = useDatabase(dialect);
  let server: FeedServer;
  const running: RunningProcess[] = [];

  beforeAll(async () => {
    server = await startFeedServer();
    await load(used.db, {
      organizations: [{ id: 1, name: 'Feed Park', timezone: 'Europe/Amsterdam' }],
      accommodations: Array.from({ length: CALENDARS }, (_, i) => ({
        id: i + 1,
        organization: 1,
        title: `Unit ${i + 1}`,
        type: 'chalet',
        maxPersons: 4,
      })),
    });
  });
  afterAll(async () => {
    for (const process of running) await process.stop();
    await server?.close();
  });

  // On SQLite the two processes share the file's one write lock, which serialises their claims.
  it('fetches each feed once per interval between them, and makes each feed’s blocks once', async () => {
    const now = Date.now();
    for (let i = 1; i <= CALENDARS; i++) {
      server.set(`/feed-${i}.ics`, feed(`stay-${i}`, 1 + (i % 20)));
      await used.db.kysely
        .insertInto('calendars')
        .values({
          organization_id: 1,
          accommodation_id: i,
          name: 'Airbnb',
          url: `${server.origin}/feed-${i}.ics`,
          created: '2030-01-01T00:00:00Z',
          modified: '2030-01-01T00:00:00Z',
          next_fetch_at: now,
        })
        .execute();
    }
    const env = {
      DATABASE_URL: used.url,
      CALENDAR_POLL_SECONDS: String(POLL_SECONDS),
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'warn',
    };
    const started = Date.now();
    const workers = await Promise.all(
      [1, 2].map(() => startProcess(process.execPath, [MAIN, 'worker'], /booking worker delivering webhooks/, env)),
    );
    running.push(...workers.map((w) => w.process));
    await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    for (const worker of workers) await worker.process.stop();
    const stopped = Date.now();

    for (let i = 1; i <= CALENDARS; i++) {
      const requests = server.requests(`/feed-${i}.ics`);
      const times = requests.map((r) => r.at);
      // Within the run, one fetch per interval: no more than the intervals it spans, and not far fewer.
      expect(times.length, `feed ${i}`).toBeLessThanOrEqual(Math.ceil((stopped - started) / (POLL_SECONDS * 1000)) + 1);
      expect(times.length, `feed ${i}`).toBeGreaterThanOrEqual(2);
      for (let k = 1; k < times.length; k++) {
        expect((times[k] as number) - (times[k - 1] as number), `feed ${i}`).toBeGreaterThanOrEqual(
          POLL_SECONDS * 1000 - 50,
        );
      }
      // After the first, every fetch is conditional (and answered 304).
      expect(
        requests.slice(1).every((r) => r.status === 304),
        `feed ${i}`,
      ).toBe(true);
    }
    const blocks = await used.db.kysely
      .selectFrom('blocks')
      .select(['accommodation_id', 'calendar_id', 'kind'])
      .orderBy('accommodation_id')
      .execute();
    expect(blocks).toHaveLength(CALENDARS);
    expect(new Set(blocks.map((b) => b.accommodation_id)).size).toBe(CALENDARS);
    const events = await used.db.kysely
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'block.created')
      .execute();
    expect(events).toHaveLength(CALENDARS);
    const calendars = await used.db.kysely.selectFrom('calendars').select(['last_error', 'lease_owner']).execute();
    expect(calendars.every((c) => c.last_error === null && c.lease_owner === null)).toBe(true);
  });
});
