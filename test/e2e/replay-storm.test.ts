import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.js';
import { runCli, startServer } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * Issue 41, finding 2: a replay read up to 100,000 events and inserted their deliveries in one
 * write transaction on the request's event loop; four back to back by one tenant's admin made
 * other tenants' reads and writes answer 503 (the server's overload guard, on as in production).
 * Now the request records the replay and the delivery worker schedules it a window at a time.
 * SQLite: one write lock and one event loop, where a long write hurt everyone.
 */

const EVENTS = 40_000;
const REPLAYS = 3;
const UNITS = 100;

/** Organization 1 with EVENTS one-night stays (one event each); organization 2 with one room. */
const storm = {
  organizations: [
    { id: 1, name: 'Storm', timezone: 'UTC' },
    { id: 2, name: 'Neighbour', timezone: 'UTC' },
  ],
  accommodations: [
    ...Array.from({ length: UNITS }, (_, i) => ({
      id: 1 + i,
      organization: 1,
      title: `Chalet ${i}`,
      type: 'chalet',
      maxPersons: 4,
    })),
    { id: 1000, organization: 2, title: 'Room', type: 'room', maxPersons: 2 },
  ],
  reservations: Array.from({ length: EVENTS }, (_, i) => ({
    organization: 1,
    accommodation: 1 + (i % UNITS),
    reservationNumber: `S-${i}`,
    dateFrom: addDays('2030-01-01', 2 * Math.floor(i / UNITS)),
    dateTo: addDays('2030-01-02', 2 * Math.floor(i / UNITS)),
    adults: 2,
    guestName: `Guest ${i}`,
    totalAmount: '100.00',
    currency: 'EUR',
  })),
};

describe('replays beside other tenants on SQLite', () => {
  const used = useDatabase('sqlite');
  let server: Awaited<ReturnType<typeof startServer>>;
  // Takes every request and never answers: what is measured is the scheduling, not the sending.
  const silent = createServer(() => {});
  const keys = { admin: '', neighbour: '' };

  beforeAll(async () => {
    const env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-storm-')), 'data.json');
    writeFileSync(file, JSON.stringify(storm));
    expect((await runCli(['import', file], env)).code).toBe(0);
    const create = async (organization: number, scope: string) =>
      JSON.parse(
        (
          await runCli(
            ['credentials', 'create', '--organization', String(organization), '--scope', scope, '--json'],
            env,
          )
        ).stdout,
      ).apiKey as string;
    keys.admin = await create(1, 'admin');
    keys.neighbour = await create(2, 'write');
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    // The overload guard as in production (startServer turns it off for other tests).
    server = await startServer([], { ...env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', MAX_EVENT_LOOP_DELAY_MS: '1000' });
  }, 120_000);
  afterAll(async () => {
    expect(await server?.server.stop()).toBe(0);
    silent.closeAllConnections();
    silent.close();
  });

  const send = (key: string, method: string, path: string, body?: object) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, accept: 'application/json', 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });

  it("answers another tenant's reads and writes while one tenant's admin replays everything three times", async () => {
    const port = (silent.address() as { port: number }).port;
    const created = await send(keys.admin, 'POST', '/api/webhook-endpoints', { url: `http://127.0.0.1:${port}/hook` });
    expect(created.status).toBe(201);
    const hook = (await created.json()) as { id: number };

    const statuses: number[] = [];
    let going = true;
    let night = 0;
    const neighbour = (async () => {
      // Bounded: the replays end within the test's time.
      for (let i = 0; going && i < 3_000; i++) {
        const response =
          i % 2 === 0
            ? await send(keys.neighbour, 'GET', '/api/reservations/summaries?dateFrom=2031-01-01&dateTo=2031-12-31')
            : await send(keys.neighbour, 'POST', '/api/reservations', {
                accommodation: 1000,
                dateFrom: addDays('2031-01-01', (night += 2)),
                dateTo: addDays('2031-01-02', night),
                adults: 1,
                guestName: 'Neighbour',
                totalAmount: '1.00',
                currency: 'EUR',
              });
        await response.arrayBuffer();
        statuses.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const replays: number[] = [];
    let scheduled = 0;
    const stormStarted = Date.now();
    try {
      for (let i = 0; i < REPLAYS; i++) {
        const response = await send(keys.admin, 'POST', `/api/webhook-endpoints/${hook.id}/replay`, {
          since: '2000-01-01T00:00:00Z',
        });
        replays.push(response.status);
        if (response.status === 200) scheduled += ((await response.json()) as { scheduled: number }).scheduled;
      }
      // Every replayed delivery is made, by the worker, while the neighbour goes on.
      await expect
        .poll(
          async () =>
            Number(
              (
                await used.db.kysely
                  .selectFrom('webhook_deliveries')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          { timeout: 90_000, interval: 500 },
        )
        .toBe(scheduled);
      // The neighbour's view of at least ten seconds from the first replay, however fast that went.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, stormStarted + 10_000 - Date.now())));
    } finally {
      going = false;
      await neighbour;
    }

    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    expect(replays).toEqual(Array(REPLAYS).fill(200));
    // Each replay: every event of organization 1, its stays' and its chalets' (the import's).
    expect(scheduled).toBe(REPLAYS * (EVENTS + UNITS));
  }, 150_000);
});
