import { describe, expect, it } from 'vitest';
import { createDb, closeDb } from '../../src/db/database.js';
import { parseDatabaseUrl } from '../../src/config.js';
import { advanceReplay } from '../../src/modules/webhooks/fan-out.js';
import { testApp } from '../helpers/app.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * Replay steps (issue 41, finding 2) taken by two workers at once (on PostgreSQL each with its own
 * connection pool, as two processes have): every replayed event becomes exactly one delivery per replay, none
 * twice, none lost (PostgreSQL: a replay one worker is stepping is skipped by the other).
 */
const STAYS = 600;

describe.each(DIALECTS)('replay steps by two workers at once on %s', (dialect) => {
  const used = useDatabase(dialect, {
    data: {
      ...twoOrganizations,
      reservations: Array.from({ length: STAYS }, (_, i) => ({
        organization: 1,
        accommodation: 12,
        reservationNumber: `R-${i}`,
        dateFrom: new Date(Date.UTC(2031, 0, 1 + 2 * i)).toISOString().slice(0, 10),
        dateTo: new Date(Date.UTC(2031, 0, 2 + 2 * i)).toISOString().slice(0, 10),
        adults: 1,
        guestName: `Guest ${i}`,
        totalAmount: '1.00',
        currency: 'EUR',
      })),
    },
  });

  it('makes every replayed delivery exactly once', async () => {
    const app = await testApp(used.db, { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    const send = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { 'x-api-key': admin }, payload });
    // PostgreSQL: a pool of its own, as another process has. SQLite: the same handle (a second one in
    // this thread would wait for the first's write lock synchronously, blocking the very thread that
    // holds it); its writes queue for the one write lock either way.
    const other = dialect === 'postgres' ? createDb(parseDatabaseUrl({ value: used.url, name: 'url' })) : used.db;
    try {
      for (let round = 0; round < 3; round++) {
        const hooks: number[] = [];
        const scheduled = new Map<number, number>();
        for (let i = 0; i < 2; i++) {
          const hook = (await send('/api/webhook-endpoints', { url: `http://127.0.0.1:9/r${round}/${i}` })).json();
          hooks.push(hook.id);
          const replay = await send(`/api/webhook-endpoints/${hook.id}/replay`, { since: '2000-01-01T00:00:00Z' });
          scheduled.set(hook.id, replay.json().scheduled);
        }
        // Both workers step until neither finds a replay left (bounded: a step makes up to 250).
        for (let steps = 0; steps < 100; steps++) {
          const advanced = await releasedTogether([
            () => advanceReplay(used.db, Date.now()),
            () => advanceReplay(other, Date.now()),
          ]);
          if (!advanced.some(Boolean)) break;
        }
        expect(await used.db.kysely.selectFrom('webhook_replays').select('id').execute()).toEqual([]);
        for (const hook of hooks) {
          const rows = await used.db.kysely
            .selectFrom('webhook_deliveries')
            .select('event_id')
            .where('endpoint_id', '=', hook)
            .execute();
          expect(scheduled.get(hook)).toBeGreaterThan(STAYS);
          expect(rows).toHaveLength(scheduled.get(hook) ?? -1);
          expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
        }
      }
    } finally {
      if (other !== used.db) await closeDb(other);
    }
  }, 60_000);
});
