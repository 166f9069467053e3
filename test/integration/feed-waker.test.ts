import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { closeDb, createDb } from '../../src/db/database.js';
import { encodeCursor } from '../../src/modules/events/cursor.js';
import { currentCursor } from '../../src/modules/events/events.repository.js';
import { createFeedWaker } from '../../src/modules/events/feed-waker.js';
import { testApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * The long poll's wake-up (SPEC §10, issue 41 finding 5): a reader that found nothing and then
 * waits is woken by an event of its organizations that committed after its read, also when it
 * committed before the wait began, by this process or another; never by another organization's
 * events; and idle readers cost the database nothing each, however many wait.
 */
describe.each(DIALECTS)('the feed waker on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });
  let night = 0;

  /** A booking of organization `organization` through the app: one event of it, committed. */
  async function book(app: Awaited<ReturnType<typeof testApp>>, organization: 1 | 2) {
    const key = await apiKeyFor(used.db, { organizations: [organization], scope: 'write' });
    night += 2;
    const from = new Date(Date.UTC(2030, 0, 1 + night)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(2030, 0, 2 + night)).toISOString().slice(0, 10);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'x-api-key': key },
      payload: {
        accommodation: organization === 1 ? 10 : 20,
        dateFrom: from,
        dateTo: to,
        adults: 1,
        guestName: 'G',
        totalAmount: '1',
        currency: 'EUR',
      },
    });
    expect(booked.statusCode).toBe(201);
  }

  /** Where a reader's read of both organizations ends now. */
  const horizon = () => currentCursor(used.db.kysely, [1, 2]);

  /** Milliseconds until the wait ended. */
  const timed = async (waiting: Promise<void>) => {
    const started = Date.now();
    await waiting;
    return Date.now() - started;
  };

  it('wakes a reader for an event committed between its read and its wait', async () => {
    const app = await testApp(used.db);
    const waker = createFeedWaker(used.db);
    try {
      const seen = await horizon();
      await book(app, 1);
      // SQLite looks ten times a second; PostgreSQL's notification came before the wait, so its
      // once-a-second look is what finds it.
      expect(await timed(waker.wait(10_000, seen, undefined, [1]))).toBeLessThan(dialect === 'sqlite' ? 1_000 : 2_500);
    } finally {
      await waker.close();
    }
  });

  it("wakes the readers of the committing organization, in this process and another, and not another organization's", async () => {
    const app = await testApp(used.db);
    // Another process: its own pool (on PostgreSQL, its own listening connection), so only the
    // database tells it of this process's commits.
    const elsewhere = createDb(parseDatabaseUrl({ value: used.url, name: 'url' }));
    const here = createFeedWaker(used.db);
    const there = createFeedWaker(elsewhere);
    try {
      const seen = await horizon();
      const waits = [
        timed(here.wait(1_500, seen, undefined, [1])),
        timed(there.wait(3_000, seen, undefined, [1])),
        timed(here.wait(1_500, seen, undefined, [2])),
        timed(there.wait(1_500, seen, undefined, [2])),
      ];
      // Both wakers wait (PostgreSQL: listening) before the commit.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await book(app, 1);
      const [hereOne, thereOne, hereTwo, thereTwo] = await Promise.all(waits);
      expect(hereOne).toBeLessThan(1_000);
      expect(thereOne).toBeLessThan(2_500);
      // Organization 2's readers slept through organization 1's commit, to the end of their wait.
      expect(hereTwo).toBeGreaterThanOrEqual(1_450);
      expect(thereTwo).toBeGreaterThanOrEqual(1_450);
    } finally {
      await here.close();
      await there.close();
      await closeDb(elsewhere);
    }
  });

  // PostgreSQL's readers used to look again every second each; SQLite's never did.
  if (dialect === 'postgres')
    it('keeps fifty idle long polls from querying the database each second: one look a second for all of them', async () => {
      const app = await testApp(used.db);
      const key = await apiKeyFor(used.db, { organizations: [2] });
      const cursor = encodeCursor(await currentCursor(used.db.kysely, [2]));
      // Every statement of the app takes a connection from its pool: counted as they are taken.
      let statements = 0;
      const counting = () => statements++;
      const pool = used.db.dialect === 'postgres' ? used.db.pool : undefined;
      const polls = Array.from({ length: 50 }, () =>
        app.inject({ url: `/api/events?organization=2&after=${cursor}&wait=6`, headers: { 'x-api-key': key } }),
      );
      // The polls have read and are waiting.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      pool?.on('acquire', counting);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      pool?.off('acquire', counting);
      // The waker's one look a second. Before: fifty reads a second, one per waiting poll.
      expect(statements).toBeGreaterThanOrEqual(1);
      expect(statements).toBeLessThanOrEqual(6);
      for (const response of await Promise.all(polls)) expect(response.statusCode).toBe(200);
    });
});
