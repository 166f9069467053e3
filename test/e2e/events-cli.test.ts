import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, verifyWebhook } from '../../client/index.js';
import { DIALECTS } from '../helpers/databases.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { ROOT, runCli, startServer } from '../helpers/processes.js';
import { retryingFetch } from '../helpers/retrying-fetch.js';
import { useDatabase } from '../helpers/use-database.js';

/** The feed from outside: `booking events tail`, `booking events listen`, and the SDK's follow across a restart. */

const MAIN = join(ROOT, 'dist', 'src', 'main.js');

describe.each(DIALECTS)('the changes feed from the CLI and the SDK on %s', (dialect) => {
  const used = useDatabase(dialect);
  let env: Record<string, string>;
  let apiKey: string;

  const book = (baseUrl: string, day: number) =>
    retryingFetch(`${baseUrl}/api/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({
        accommodation: 10,
        dateFrom: `2029-03-${String(day).padStart(2, '0')}`,
        dateTo: `2029-03-${String(day + 1).padStart(2, '0')}`,
        adults: 1,
        guestName: `Guest ${day}`,
        totalAmount: '50.00',
        currency: 'EUR',
      }),
    });

  beforeAll(async () => {
    env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-events-cli-')), 'data.json');
    writeFileSync(file, JSON.stringify(twoOrganizations));
    expect((await runCli(['import', file], env)).code).toBe(0);
    apiKey = JSON.parse(
      (await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env)).stdout,
    ).apiKey;
  });

  it('tails the feed as NDJSON and forwards it as signed deliveries that verify', async () => {
    const { server, baseUrl } = await startServer([], env);
    try {
      for (const day of [1, 3, 5]) {
        const booked = await book(baseUrl, day);
        expect(booked.status, await booked.text()).toBe(201);
      }
      const tailed = await runCli(['events', 'tail', '--base-url', baseUrl, '--types', 'reservation.created'], {
        BOOKING_API_KEY: apiKey,
      });
      expect(tailed.code, tailed.stderr).toBe(0);
      const events = tailed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(events.map((e) => e.data.guestName)).toEqual(['Guest 1', 'Guest 3', 'Guest 5']);
      expect(tailed.stderr).toMatch(/^next cursor: c2_/m);

      // A receiver on this machine, checking every delivery with the SDK's verifier.
      const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
      const received: string[] = [];
      const receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk) => chunks.push(chunk));
        request.on('end', async () => {
          const event = await verifyWebhook(secret, request.headers, Buffer.concat(chunks));
          received.push(event.id);
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const port = (receiver.address() as { port: number }).port;
      const listener = spawn(
        process.execPath,
        [
          MAIN,
          'events',
          'listen',
          '--base-url',
          baseUrl,
          '--types',
          'reservation.created',
          '--secret',
          secret,
          '--forward-to',
          `http://127.0.0.1:${port}/hook`,
        ],
        { env: { ...process.env, BOOKING_API_KEY: apiKey }, cwd: ROOT },
      );
      try {
        await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
        expect((await book(baseUrl, 7)).status).toBe(201);
        await expect.poll(() => received.length, { timeout: 10_000 }).toBe(4);
        expect(received.slice(0, 3)).toEqual(events.map((e) => e.id));
      } finally {
        listener.kill('SIGINT');
        receiver.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('follows the feed through a restart of the service, missing nothing and repeating nothing', async () => {
    const first = await startServer([], env);
    const port = new URL(first.baseUrl).port;
    // The cursor is to follow every change made so far (the import, the first test's bookings).
    const listed = await retryingFetch(`${first.baseUrl}/api/accommodations/`, { headers: { 'x-api-key': apiKey } });
    const start = listed.headers.get('events-cursor') as string;
    const controller = new AbortController();
    const client = createClient({ baseUrl: first.baseUrl, apiKey }, { backoffMs: 50, maxRetryDelayMs: 500 });
    const seen: string[] = [];
    const following = (async () => {
      for await (const event of client.events.follow({
        after: start,
        wait: 2,
        reconnectMs: 100,
        signal: controller.signal,
      })) {
        seen.push((event.data as { guestName: string }).guestName);
        if (seen.length === 2) controller.abort();
      }
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) throw error;
    });
    try {
      expect((await book(first.baseUrl, 11)).status).toBe(201);
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      expect(await first.server.stop()).toBe(0);
      // The follower keeps trying while nothing listens; the service comes back on the same port.
      const second = await startServer(['--port', port], env);
      try {
        expect((await book(second.baseUrl, 13)).status).toBe(201);
        await following;
        expect(seen).toEqual(['Guest 11', 'Guest 13']);
      } finally {
        expect(await second.server.stop()).toBe(0);
      }
    } finally {
      controller.abort();
    }
  });
});
