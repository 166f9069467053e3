import { describe, expect, it } from 'vitest';
import { createFeedWaker } from '../../src/modules/events/feed-waker.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { testApp } from '../helpers/app.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * The long poll's wake-up: a reader that found nothing and then waits is woken by an event that
 * committed after its read, also when it committed before the wait began.
 */
describe.each(DIALECTS)('the feed waker on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });

  it('wakes a reader for an event committed between its read and its wait', async () => {
    const app = await testApp(used.db);
    const key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    const waker = createFeedWaker(used.db);
    try {
      const seen = await used.db.kysely
        .selectFrom('events')
        .select((eb) => eb.fn.max('position').as('top'))
        .executeTakeFirstOrThrow();
      const booked = await app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: { 'x-api-key': key },
        payload: {
          accommodation: 10,
          dateFrom: '2030-01-01',
          dateTo: '2030-01-02',
          adults: 1,
          guestName: 'G',
          totalAmount: '1',
          currency: 'EUR',
        },
      });
      expect(booked.statusCode).toBe(201);
      const started = Date.now();
      await waker.wait(10_000, BigInt(seen.top ?? 0));
      // SQLite looks ten times a second; PostgreSQL's notification came before the wait, so its
      // once-a-second look is what finds it.
      expect(Date.now() - started).toBeLessThan(dialect === 'sqlite' ? 1_000 : 2_500);
    } finally {
      await waker.close();
    }
  });
});
