import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLite } from '../../src/db/sqlite-driver.js';
import { anonymousResidentBytes, ownResidentBytes } from '../../src/http/own-memory.js';
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

  it('does not count the pages of a database file mapped into the process as memory pressure', async () => {
    // SQLite maps the file into each connection (one per read thread), and RSS counts every mapping:
    // 300 MiB of a file read through a memory map, with the limit 150 MiB above what the process holds.
    const dir = mkdtempSync(join(tmpdir(), 'booking-mapped-'));
    const file = new SQLite(join(dir, 'mapped.sqlite'));
    try {
      file.pragma('mmap_size = 1073741824');
      file.exec(`create table blobs (b blob);
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)
        insert into blobs select randomblob(1048576) from n`);
      const limitMiB = Math.round(ownResidentBytes() / 2 ** 20) + 150;
      const instance = await app({ MAX_RSS_MB: String(limitMiB) });
      file.prepare('select max(substr(b, -4)) from blobs').get();
      expect(process.memoryUsage.rss() / 2 ** 20).toBeGreaterThan(limitMiB);
      // Two memory samples (every 250 ms) later, requests are still answered.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await list(instance)).statusCode).toBe(200);
      expect((await instance.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    } finally {
      file.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not count the time the app took to start as overload: the first request after it is answered', async () => {
    // Start-up that keeps the loop busy for 600 ms (on a loaded machine, loading modules and compiling
    // every schema does), ended just before the app is ready.
    const startingSlowly = (instance: FastifyInstance) =>
      instance.register(async () => {
        const until = Date.now() + 600;
        while (Date.now() < until) {
          // busy
        }
      });
    const instance = await testApp(database.db, { env: { MAX_EVENT_LOOP_DELAY_MS: '100' }, routes: startingSlowly });
    // One turn of the timers, so the overload check has taken its sample of that start-up.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await list(instance)).statusCode).toBe(200);
  });

  it('answers 503 after the event loop was blocked past the limit, and 200 again once it recovers', async () => {
    const instance = await app({ MAX_EVENT_LOOP_DELAY_MS: '100' });
    // The runner's own loop may be late (this process ran other test files); wait until it is on time.
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

describe('the memory a process holds itself', () => {
  it.each([
    ['Name:\tnode\nVmRSS:\t  152992 kB\nRssAnon:\t  102156 kB\nRssFile:\t   50836 kB\n', 102156 * 1024],
    ['RssAnon:\t       0 kB\n', 0],
    ['VmRSS:\t  152992 kB\n', undefined],
    ['', undefined],
  ])('RssAnon of %j is %s bytes', (status, bytes) => {
    expect(anonymousResidentBytes(status)).toBe(bytes);
  });

  it('is this process own resident memory, within its whole resident set', () => {
    const own = ownResidentBytes();
    expect(own).toBeGreaterThan(10 * 2 ** 20);
    expect(own).toBeLessThanOrEqual(process.memoryUsage.rss());
  });
});
