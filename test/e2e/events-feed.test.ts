import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parseLinkHeader from 'parse-link-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.js';
import { DIALECTS } from '../helpers/databases.js';
import { feedCaughtUp } from '../helpers/feed.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { runCli, startServer } from '../helpers/processes.js';
import { retryingFetch } from '../helpers/retrying-fetch.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * SPEC §10 across processes: writers in two server processes, a reader following the feed from a
 * third. On PostgreSQL transactions commit out of the order of their positions; the reader must
 * still see every event exactly once.
 */

interface FeedEvent {
  id: string;
  resource: { id: number; version: number };
}

describe.each(DIALECTS)('the changes feed across server processes on %s', (dialect) => {
  const used = useDatabase(dialect);
  let apiKey: string;
  let servers: Awaited<ReturnType<typeof startServer>>[];

  const request = (server: number, method: string, path: string, body?: object) =>
    retryingFetch(`${servers[server]?.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
      body: body && JSON.stringify(body),
    });

  beforeAll(async () => {
    const env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-feed-')), 'data.json');
    writeFileSync(file, JSON.stringify(twoOrganizations));
    expect((await runCli(['import', file], env)).code).toBe(0);
    const created = await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env);
    apiKey = JSON.parse(created.stdout).apiKey;
    servers = await Promise.all([startServer([], env), startServer([], env), startServer([], env)]);
  });
  afterAll(async () => {
    for (const { server } of servers ?? []) expect(await server.stop()).toBe(0);
  });

  it('shows a reader in a third process every event of concurrent writers exactly once, in version order', async () => {
    // The reader starts after the import: it is to see the writers' events only.
    await feedCaughtUp(used.db);
    const start = (await request(2, 'GET', '/api/events?limit=1000')).headers.get('events-cursor') as string;
    const seen: FeedEvent[] = [];
    let writing = true;
    const reader = (async () => {
      let url = `/api/events?limit=50&wait=1&after=${start}`;
      // Bounded: the writers take a few seconds; the reader stops once they are done and it is drained.
      for (let page = 0; page < 2_000; page++) {
        const response = await request(2, 'GET', url);
        expect(response.status, await response.clone().text()).toBe(200);
        const items = (await response.json()) as FeedEvent[];
        seen.push(...items);
        url = parseLinkHeader(response.headers.get('link'))?.next?.url as string;
        if (!writing && items.length === 0) return;
      }
    })();

    const ids: number[] = [];
    let changes = 0;
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const server = i % 2;
        const booked = await request(server, 'POST', '/api/reservations', {
          accommodation: i % 2 ? 10 : 12,
          dateFrom: addDays('2027-01-01', i * 3),
          dateTo: addDays('2027-01-02', i * 3),
          adults: 1,
          guestName: `Writer ${i}`,
          totalAmount: '10.00',
          currency: 'EUR',
        });
        expect(booked.status, await booked.clone().text()).toBe(201);
        const { id } = (await booked.json()) as { id: number };
        ids.push(id);
        changes += 1;
        for (let round = 0; round < 3; round++) {
          const patched = await request(1 - server, 'PATCH', `/api/reservations/${id}`, {
            guestName: `Writer ${i}.${round}`,
          });
          expect(patched.status, await patched.clone().text()).toBe(200);
          changes += 1;
        }
      }),
    );
    // Every write has committed: once the feed shows them all, the reader's next empty page means drained.
    await feedCaughtUp(used.db);
    writing = false;
    await reader;

    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen).toHaveLength(changes);
    for (const id of ids) {
      expect(seen.filter((e) => e.resource.id === id).map((e) => e.resource.version)).toEqual([1, 2, 3, 4]);
    }
  });

  it('answers a long poll within a second of a commit made through another process, woken by it, not by a timer', async () => {
    // Readers also look again on a timer (every second on PostgreSQL, 100 ms on SQLite), started when
    // they begin to wait. The write comes right after the poll's read, so a wake by the timer alone
    // would take most of a second on PostgreSQL. Woken by the commit (NOTIFY), it takes a round trip or two.
    const lags: number[] = [];
    for (let round = 0; round < 7; round++) {
      // The horizon now, as a snapshot read gives it: past every change made before.
      await feedCaughtUp(used.db);
      const cursor = (await request(2, 'GET', '/api/accommodations/')).headers.get('events-cursor') as string;
      let settled = false;
      const waiting = request(2, 'GET', `/api/events?after=${cursor}&wait=20`).finally(() => (settled = true));
      // The poll waiting before the write: the same read without `wait`, sent to the same process
      // after it, has answered, so the poll has read the feed too, and is held.
      expect(await (await request(2, 'GET', `/api/events?after=${cursor}`)).json()).toEqual([]);
      expect(settled).toBe(false);
      const committed = Date.now();
      const booked = await request(0, 'POST', '/api/reservations', {
        accommodation: 10,
        dateFrom: addDays('2028-01-01', round * 3),
        dateTo: addDays('2028-01-03', round * 3),
        adults: 1,
        guestName: 'Late',
        totalAmount: '10.00',
        currency: 'EUR',
      });
      expect(booked.status).toBe(201);
      const answer = await waiting;
      lags.push(Date.now() - committed);
      expect(((await answer.json()) as FeedEvent[]).map((e) => e.resource.id)).toEqual([
        ((await booked.json()) as { id: number }).id,
      ]);
    }
    expect(Math.max(...lags), `lags ${lags.join(', ')} ms`).toBeLessThan(1_000);
    const median = [...lags].sort((a, b) => a - b)[3] as number;
    expect(median, `lags ${lags.join(', ')} ms`).toBeLessThan(250);
  });
});
