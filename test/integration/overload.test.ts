import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';

/** Overload (issue 7): event-loop delay and memory pressure are answered 503 with Retry-After. */
describe('overload', () => {
  let database: TestDatabase;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await load(database.db, twoOrganizations);
    key = await apiKeyFor(database.db, { organizations: [1] });
  });
  afterAll(() => database.drop());

  const app = (env: Record<string, string>) => testApp(database.db, { env });
  const list = (instance: FastifyInstance) =>
    instance.inject({ method: 'GET', url: '/api/accommodations/', headers: { 'x-api-key': key } });

  it('answers 503 problem+json with Retry-After under memory pressure, while /health stays 200', async () => {
    const pressed = await app({ MAX_RSS_MB: '1' });
    // The first memory sample (every 250 ms) finds the process over 1 MB.
    await expect.poll(async () => (await list(pressed)).statusCode, { timeout: 5_000, interval: 100 }).toBe(503);
    const response = await list(pressed);
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 503, type: 'urn:booking-service:problem:service-unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pressed.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    expect((await pressed.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('answers 503 after the event loop was blocked past the limit, and 200 again once it recovers', async () => {
    const instance = await app({ MAX_EVENT_LOOP_DELAY_MS: '100' });
    // Building the app may itself have kept the loop late; the first samples after it show it on time.
    await expect.poll(async () => (await list(instance)).statusCode, { timeout: 5_000, interval: 100 }).toBe(200);
    // Handlers that hog the CPU, as pathological requests would: the loop is late again and again.
    for (let i = 0; i < 6; i++) {
      const until = Date.now() + 250;
      while (Date.now() < until) {
        // busy
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const busy = await list(instance);
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    await expect.poll(async () => (await list(instance)).statusCode, { timeout: 5_000, interval: 200 }).toBe(200);
  });
});
