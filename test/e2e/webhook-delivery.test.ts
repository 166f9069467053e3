import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { runCli, startServer } from '../helpers/processes.js';
import { type PathConfig, type ReceiverProcess, startReceiver } from '../helpers/receiver-process.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * SPEC §10 "Delivery" between real processes: `booking serve` delivers to a receiver in a process of
 * its own on 127.0.0.1, which verifies every signature with the `standardwebhooks` package against
 * the secret the API showed at the endpoint's creation.
 */

const SERVE_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  WEBHOOK_LEASE_SECONDS: '5',
};

interface Event {
  id: string;
  type: string;
  organization: number;
  resource: { type: string; id: number; version: number };
  data: { id: number };
}

describe.each(DIALECTS)('webhook delivery to a receiver process on %s', (dialect) => {
  const used = useDatabase(dialect);
  let apiKey: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  let receiver: ReceiverProcess;
  let night = 0;

  /** As an integrator's client does: a 503 (overload, SQLite's write lock) is tried again after Retry-After. */
  const request = async (method: string, path: string, body?: object) => {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
          'x-api-key': apiKey,
        },
        body: body && JSON.stringify(body),
      });
      if (response.status !== 503 || attempt === 5) return response;
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
    }
  };

  const createEndpoint = async (path: string, config: PathConfig = {}) => {
    const created = await request('POST', '/api/webhook-endpoints', {
      organization: 1,
      url: receiver.url(path),
      description: `receiver ${path}`,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const endpoint = (await created.json()) as { id: number; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await receiver.configure(path, { secret: endpoint.secret, ...config });
    return endpoint;
  };

  const book = async () => {
    night += 3;
    const from = new Date(Date.UTC(2027, 0, 1) + night * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(2027, 0, 2) + night * 86_400_000).toISOString().slice(0, 10);
    const booked = await request('POST', '/api/reservations', {
      organization: 1,
      accommodation: 12,
      dateFrom: from,
      dateTo: to,
      adults: 2,
      guestName: 'Hook Guest',
      totalAmount: '100.00',
      currency: 'EUR',
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const { id } = (await booked.json()) as { id: number };
    // On PostgreSQL the feed shows a committed event once every transaction that began before it
    // has ended (so a cursor never skips one): right after the 201 it may not be there yet.
    let events: Event[] = [];
    await expect
      .poll(
        async () => {
          const history = await request('GET', `/api/events?reservation=${id}`);
          expect(history.status).toBe(200);
          events = (await history.json()) as Event[];
          return events.map((e) => e.type);
        },
        { timeout: 10_000 },
      )
      .toEqual(['reservation.created']);
    return { id, event: events[0] as Event };
  };

  beforeAll(async () => {
    const env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-webhooks-')), 'data.json');
    writeFileSync(file, JSON.stringify(twoOrganizations));
    expect((await runCli(['import', file], env)).code).toBe(0);
    const created = await runCli(['credentials', 'create', '--organization', '1', '--scope', 'admin', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    apiKey = JSON.parse(created.stdout).apiKey;
    [receiver, server] = await Promise.all([startReceiver(), startServer([], { ...env, ...SERVE_ENV })]);
  });
  afterAll(async () => {
    if (server) expect(await server.server.stop()).toBe(0);
    await receiver?.stop();
  });

  it('delivers a booking signed, verifiable and with the headers of SPEC §10', async () => {
    await createEndpoint('/hook');
    const before = Math.floor(Date.now() / 1000);
    const { id, event } = await book();

    await expect.poll(async () => (await receiver.summary('/hook')).total, { timeout: 10_000 }).toBe(1);
    const [receipt] = await receiver.received('/hook');
    expect(receipt?.verified).toBe(true);
    expect(receipt?.status).toBe(204);
    const headers = receipt?.headers ?? {};
    expect(headers['webhook-id']).toBe(event.id);
    expect(headers['webhook-id']).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    const timestamp = Number(headers['webhook-timestamp']);
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/^booking-service\/\d+\.\d+\.\d+/);
    const body = JSON.parse(receipt?.body ?? '{}') as Event;
    expect(body).toEqual(event);
    expect(body).toMatchObject({
      type: 'reservation.created',
      organization: 1,
      resource: { type: 'reservation', id, version: 1 },
      data: { id },
    });
  });

  it('tries again after a 500, twice, and the third attempt carries the same webhook-id', async () => {
    const endpoint = await createEndpoint('/flaky', { statuses: [500, 500, 200] });
    const { event } = await book();

    await expect.poll(async () => (await receiver.summary('/flaky')).total, { timeout: 15_000 }).toBe(3);
    const receipts = await receiver.received('/flaky');
    expect(receipts.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(receipts.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    expect(receipts.every((r) => r.verified)).toBe(true);
    expect(new Set(receipts.map((r) => r.body)).size).toBe(1);
    // WEBHOOK_RETRY_SCHEDULE=1,1,1: each retry a second (±10%) after the failure, not sooner.
    for (let i = 1; i < receipts.length; i++) {
      expect((receipts[i]?.at ?? 0) - (receipts[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(850);
    }

    // The delivery log tells the same story, newest first.
    await expect
      .poll(async () => {
        const log = await request('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`);
        return ((await log.json()) as { statusCode?: number | null }[]).map((a) => a.statusCode);
      })
      .toEqual([200, 500, 500]);
    // And nothing more arrives once delivered. An absence needs a window, counted from the 200's
    // arrival: another attempt would be due at most 1.1 s after it (the schedule's 1 s + 10 %), and
    // the worker looks for due attempts every 250 ms.
    const delivered = receipts[2]?.at ?? Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, delivered + 1_500 - Date.now())));
    expect((await receiver.summary('/flaky')).total).toBe(3);
  });

  const attempts = async (endpoint: { id: number }) => {
    const log = await request('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(log.status).toBe(200);
    return (await log.json()) as { eventId: string; status: string; statusCode: number | null; error: string | null }[];
  };

  it('disables the endpoint on 410, counts a 302 as a failure without following it, and cuts a receiver that hangs at the timeout', async () => {
    const gone = await createEndpoint('/gone', { statuses: [410] });
    const moved = await createEndpoint('/moved', {
      statuses: [{ status: 302, headers: { location: receiver.url('/moved-to') } }],
    });
    // WEBHOOK_TIMEOUT_SECONDS=2: the receiver answers after 5.
    const hang = await createEndpoint('/hang', { delayMs: 5_000 });
    await receiver.configure('/moved-to', {});
    const { event } = await book();

    await expect
      .poll(async () => (await (await request('GET', `/api/webhook-endpoints/${gone.id}`)).json()) as object, {
        timeout: 10_000,
      })
      .toMatchObject({ enabled: false, disabledReason: 'gone' });
    await expect
      .poll(async () => (await attempts(moved)).at(-1), { timeout: 10_000 })
      .toMatchObject({ eventId: event.id, statusCode: 302, error: 'redirect-not-followed' });
    await expect
      .poll(async () => (await attempts(hang)).at(-1), { timeout: 10_000 })
      .toMatchObject({ eventId: event.id, statusCode: null, error: 'timeout' });

    // The receiver learns of the cut when its socket closes, a moment after the worker logged it.
    await expect.poll(async () => (await receiver.received('/hang'))[0]?.aborted, { timeout: 5_000 }).toBe(true);
    // Disabled at once: tried once, never again (the schedule would have tried after a second). The
    // 302 is a failure, tried again a second later each time: its third try, two schedule steps after
    // the first (at least 1.8 s), comes after any second try of /gone would have (at most 1.1 s).
    await expect
      .poll(async () => (await receiver.summary('/moved')).total, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    expect((await receiver.summary('/gone')).total).toBe(1);
    expect((await receiver.summary('/moved-to')).total).toBe(0);
  });

  it('waits out a Retry-After longer than the retry schedule', async () => {
    await createEndpoint('/busy', { statuses: [{ status: 429, headers: { 'retry-after': '3' } }, 204] });
    const { event } = await book();

    await expect.poll(async () => (await receiver.summary('/busy')).total, { timeout: 10_000 }).toBe(2);
    const [first, second] = await receiver.received('/busy');
    expect([first?.headers['webhook-id'], second?.headers['webhook-id']]).toEqual([event.id, event.id]);
    // The schedule says one second; the receiver asked for three.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2_900);
  });

  it('signs with the old and the new secret during a rotation, each verifiable on its own', async () => {
    const endpoint = await createEndpoint('/rotated');
    const rotated = await request('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret } = (await rotated.json()) as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    await receiver.configure('/rotated', { secret, secrets: [endpoint.secret, secret] });
    await book();

    await expect.poll(async () => (await receiver.summary('/rotated')).total, { timeout: 10_000 }).toBe(1);
    const [receipt] = await receiver.received('/rotated');
    expect(receipt?.verifiedBy).toEqual([true, true]);
    expect(receipt?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
  });
});
