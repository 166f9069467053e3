import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { releasedTogether } from '../helpers/barrier.js';
import { basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { ROOT, type RunningProcess, runCli, startProcess } from '../helpers/processes.js';
import { describeRequiring, postgresServer, redisAt, type Requirement } from '../helpers/requirements.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * Issue 17's reference deployment, run as written: HAProxy with docs/deploy/haproxy.cfg in front of
 * two `booking serve` instances and one `booking worker`, started with the arguments and settings
 * of docs/deploy/booking@.service and booking-worker.service, on one PostgreSQL and one Redis.
 * Every client connects from an address of its own on 127.0.0.0/8, as clients on the internet
 * would; nothing leaves the machine.
 */

const HAPROXY = '/usr/sbin/haproxy';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEPLOY = join(ROOT, 'docs', 'deploy');
const haproxyInstalled: Requirement = {
  what: `HAProxy (${HAPROXY}, Debian package haproxy; .ci/run installs it)`,
  missing: existsSync(HAPROXY) ? undefined : 'not installed',
};
const redis = await redisAt(REDIS_URL);

/** A unit file's ExecStart arguments after the script, and its Environment= settings. */
function unit(name: string, instance = ''): { args: string[]; env: Record<string, string> } {
  const text = readFileSync(join(DEPLOY, name), 'utf8').replaceAll('%i', instance);
  const exec = /^ExecStart=\S+ dist\/src\/main\.js (.+)$/m.exec(text);
  if (!exec) throw new Error(`${name} has no ExecStart running dist/src/main.js`);
  const env = Object.fromEntries(
    [...text.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
  return { args: (exec[1] as string).split(/\s+/), env };
}

/** Polls `probe` until `done` holds (expect.poll is for tests, and the setup needs it too). */
async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

interface Answer {
  status: number;
  body: string;
  started: number;
  ended: number;
}

/** A client at its own loopback address, with its own keep-alive connections to the balancer. */
function client(baseUrl: string, localAddress: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  return {
    send(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
      const started = Date.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve) => {
        const request = httpRequest(
          new URL(path, baseUrl),
          {
            method,
            agent,
            localAddress,
            headers: {
              accept: 'application/json',
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...headers,
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: text, started, ended: Date.now() }),
            );
          },
        );
        request.setTimeout(40_000, () => request.destroy(new Error('no answer within 40 s')));
        // A broken connection is a failed request (status 0), counted like any other failure.
        request.on('error', () => resolve({ status: 0, body: '', started, ended: Date.now() }));
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

describeRequiring([haproxyInstalled, redis, postgresServer()], 'the reference deployment behind HAProxy', () => {
  const used = useDatabase('postgres');
  let apiKey: string;
  const ports = { listen: 0, stats: 0, one: 0, two: 0 };
  const instances: Record<'one' | 'two', RunningProcess | undefined> = { one: undefined, two: undefined };
  let worker: RunningProcess;
  let haproxy: ChildProcess;
  let haproxyLog = '';
  let env: Record<string, string>;
  let baseUrl: string;
  const clients: ReturnType<typeof client>[] = [];
  const at = (address: string) => {
    const c = client(baseUrl, address);
    clients.push(c);
    return c;
  };

  /** Each instance's state as HAProxy sees it (UP, DOWN, …), from its stats page. */
  async function serverStates(): Promise<Record<string, string>> {
    const csv = await (await fetch(`http://127.0.0.1:${ports.stats}/stats;csv`)).text();
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const status = columns.indexOf('status');
    return Object.fromEntries(
      rows
        .map((row) => row.split(','))
        .filter((cells) => cells[0] === 'booking' && cells[1]?.startsWith('booking') && cells[1] !== 'booking')
        .map((cells) => [cells[1] as string, (cells[status] ?? '').split(' ')[0] as string]),
    );
  }

  async function untilState(name: 'booking1' | 'booking2', state: 'UP' | 'DOWN', timeout = 15_000): Promise<number> {
    const started = Date.now();
    await waitFor(
      () => serverStates().catch(() => ({}) as Record<string, string>),
      (states) => states[name] === state,
      timeout,
    );
    return Date.now() - started;
  }

  /** How many requests each instance has answered (2xx) since the log was `from` long: HAProxy logs each one. */
  function servedSince(from: number): Record<'booking1' | 'booking2', number> {
    const served = { booking1: 0, booking2: 0 };
    for (const [, name] of haproxyLog.slice(from).matchAll(/ booking\/(booking[12]) \S+ 2\d\d /g)) {
      served[name as keyof typeof served] += 1;
    }
    return served;
  }
  /** Until both instances have answered `count` requests of a load since the log was `from` long. */
  const untilBothServed = (from: number, count = 10) =>
    expect
      .poll(() => Math.min(...Object.values(servedSince(from))), { timeout: 30_000, interval: 50 })
      .toBeGreaterThanOrEqual(count);

  async function startInstance(which: 'one' | 'two', extra: Record<string, string> = {}): Promise<void> {
    const port = String(ports[which]);
    const service = unit('booking@.service', port);
    const { process: instance } = await startProcess(
      process.execPath,
      [join(ROOT, 'dist', 'src', 'main.js'), ...service.args],
      /listening on http:\/\//,
      { ...service.env, ...env, ...extra },
    );
    instances[which] = instance;
  }

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'booking-haproxy-')), 'data.json');
    writeFileSync(file, JSON.stringify(twoOrganizations));
    expect((await runCli(['import', file], { DATABASE_URL: used.url })).code).toBe(0);
    const created = await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], {
      DATABASE_URL: used.url,
    });
    apiKey = JSON.parse(created.stdout).apiKey;
    rememberSecret(apiKey);

    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    baseUrl = `http://127.0.0.1:${ports.listen}`;
    env = {
      DATABASE_URL: used.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: `booking-test:${randomUUID()}:`,
      LOG_LEVEL: 'warn',
      // The load below is one test's, not a client's abuse: only the throttles under test are tight.
      RATE_LIMIT_MAX: '100000',
      AUTH_FAILURE_MAX_PER_ADDRESS: '3',
      AUTH_FAILURE_MAX: '1000',
    };
    await Promise.all([startInstance('one'), startInstance('two')]);
    const workerUnit = unit('booking-worker.service');
    ({ process: worker } = await startProcess(
      process.execPath,
      [join(ROOT, 'dist', 'src', 'main.js'), ...workerUnit.args],
      /booking worker delivering webhooks \(postgres/,
      { ...workerUnit.env, ...env },
    ));
    haproxy = spawn(HAPROXY, ['-db', '-f', join(DEPLOY, 'haproxy.cfg')], {
      env: {
        ...process.env,
        BOOKING_LISTEN: `127.0.0.1:${ports.listen}`,
        BOOKING_STATS: `127.0.0.1:${ports.stats}`,
        BOOKING_SERVER_1: `127.0.0.1:${ports.one}`,
        BOOKING_SERVER_2: `127.0.0.1:${ports.two}`,
      },
    });
    haproxy.stdout?.on('data', (d) => (haproxyLog += d));
    haproxy.stderr?.on('data', (d) => (haproxyLog += d));
    await Promise.all([untilState('booking1', 'UP'), untilState('booking2', 'UP')]);
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    haproxy?.kill('SIGTERM');
    await Promise.all([instances.one?.stop(), instances.two?.stop(), worker?.stop()]);
  });

  const headers = () => ({ 'x-api-key': apiKey });
  let nextStay = 0;
  /** A booking of its own two nights on accommodation 10: never overlaps another. */
  const ownBooking = () => {
    const day = new Date(Date.UTC(2030, 0, 1) + nextStay++ * 3 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.parse(day) + 2 * 86_400_000).toISOString().slice(0, 10);
    return {
      accommodation: 10,
      dateFrom: day,
      dateTo: to,
      adults: 2,
      guestName: 'Load',
      totalAmount: '200.00',
      currency: 'EUR',
    };
  };

  /** Reads and bookings from four clients at once until `stop` resolves; every answer is kept. */
  async function steadyLoad(
    stop: Promise<void>,
  ): Promise<{ answers: (Answer & { method: string })[]; booked: number[] }> {
    const answers: (Answer & { method: string })[] = [];
    const booked: number[] = [];
    let stopped = false;
    void stop.then(() => (stopped = true));
    await Promise.all(
      [2, 3, 4, 5].map(async (n) => {
        const c = at(`127.0.0.${n}`);
        for (let i = 0; !stopped && i < 5_000; i++) {
          const write = i % 3 === 0;
          const answer = write
            ? await c.send('POST', '/api/reservations', headers(), ownBooking())
            : await c.send('GET', '/api/accommodations/', headers());
          answers.push({ ...answer, method: write ? 'POST' : 'GET' });
          if (answer.status === 201) booked.push(JSON.parse(answer.body).id);
        }
      }),
    );
    return { answers, booked };
  }

  async function storedReservationIds(): Promise<Set<number>> {
    const rows = await used.db.kysely.selectFrom('reservations').select('id').execute();
    return new Set(rows.map((r) => r.id));
  }

  it('gives clients at different addresses separate failed-authentication throttles (TRUST_PROXY), whatever they claim', async () => {
    const [a, b] = [at('127.0.0.20'), at('127.0.0.21')];
    const wrong = (who: string) => {
      const authorization = basicHeader(who, 'wrong password');
      rememberSecret('wrong password', authorization);
      // A client's own X-Forwarded-For is dropped at the balancer: it cannot pose as another address.
      return { authorization, 'x-forwarded-for': `198.51.100.${who.length}` };
    };
    const statusesOfA: number[] = [];
    for (let i = 0; i < 4; i++)
      statusesOfA.push((await a.send('GET', '/api/accommodations/', wrong('mallory'))).status);
    expect(statusesOfA).toEqual([401, 401, 401, 429]);
    expect((await b.send('GET', '/api/accommodations/', wrong('trudy'))).status).toBe(401);
    expect((await b.send('GET', '/api/accommodations/', headers())).status).toBe(200);
  });

  it('lets exactly one of 50 overlapping bookings spread over both instances win', async () => {
    const clientsOfTheRace = Array.from({ length: 5 }, (_, i) => at(`127.0.0.${30 + i}`));
    const stay = {
      accommodation: 12,
      dateFrom: '2031-05-01',
      dateTo: '2031-05-08',
      adults: 2,
      guestName: 'Race',
      totalAmount: '700.00',
      currency: 'EUR',
    };
    const answers = await releasedTogether(
      Array.from(
        { length: 50 },
        (_, i) => () =>
          (clientsOfTheRace[i % 5] as ReturnType<typeof client>).send('POST', '/api/reservations', headers(), {
            ...stay,
            guestName: `Race ${i}`,
          }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const held = await used.db.kysely
      .selectFrom('reservations')
      .select('id')
      .where('accommodation_id', '=', 12)
      .where('date_from', '=', '2031-05-01')
      .execute();
    expect(held).toHaveLength(1);
  });

  it('restarts both instances in turn under a steady read and write load without failing a request', async () => {
    let finish: () => void = () => {};
    let since = haproxyLog.length;
    const load = steadyLoad(new Promise<void>((resolve) => (finish = resolve)));
    for (const [which, name] of [
      ['one', 'booking1'],
      ['two', 'booking2'],
    ] as const) {
      // Stopped under the load: both instances answering it (the one restarted before too).
      await untilBothServed(since);
      expect(await instances[which]?.stop()).toBe(0);
      await startInstance(which);
      await untilState(name, 'UP');
      since = haproxyLog.length;
    }
    // The load goes through the instance started last too before it ends.
    await untilBothServed(since);
    finish();
    const { answers, booked } = await load;
    const failed = answers.filter((a) => a.status !== 200 && a.status !== 201);
    expect(failed, haproxyLog.slice(-2_000)).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    expect(booked.length).toBeGreaterThan(20);
    const stored = await storedReservationIds();
    expect(booked.filter((id) => !stored.has(id))).toEqual([]);
  }, 120_000);

  it('routes around an instance killed with SIGKILL within its check interval; only requests in flight on it may fail, and no acknowledged booking is lost', async () => {
    let finish: () => void = () => {};
    const since = haproxyLog.length;
    const load = steadyLoad(new Promise<void>((resolve) => (finish = resolve)));
    // Killed under the load: both instances answering it.
    await untilBothServed(since);
    const killed = Date.now();
    instances.one?.child.kill('SIGKILL');
    await instances.one?.exited;
    // The signal takes a few milliseconds to end the process: a request sent meanwhile reached it
    // alive. Once it has been reaped, nothing more can be in flight on it.
    const dead = Date.now();
    instances.one = undefined;
    // fall 2 × inter 1 s, plus a check's own timeout: out within about 3 s.
    expect(await untilState('booking1', 'DOWN', 6_000)).toBeLessThan(5_000);
    // The load goes on, through the other instance alone, before it ends.
    const down = haproxyLog.length;
    await expect.poll(() => servedSince(down).booking2, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(25);
    finish();
    const { answers, booked } = await load;
    const failed = answers.filter((a) => a.status !== 200 && a.status !== 201);
    // At most one request per client can have been in flight at the kill, and only a booking (a GET
    // is retried on the other instance); every one of them started before the process was gone.
    expect(failed.length).toBeLessThanOrEqual(4);
    for (const f of failed) {
      expect(f.method).toBe('POST');
      expect(f.started).toBeLessThanOrEqual(dead);
    }
    expect(answers.filter((a) => a.started > killed + 100).length).toBeGreaterThan(20);
    const stored = await storedReservationIds();
    expect(booked.filter((id) => !stored.has(id))).toEqual([]);
  }, 60_000);

  it('without TRUST_PROXY, clients behind the balancer share one throttle; the per-credential budget is one for both instances', async () => {
    // Both instances again, now without TRUST_PROXY and with a budget of 10 requests per minute.
    await instances.two?.stop();
    const extra = { TRUST_PROXY: '', RATE_LIMIT_MAX: '10', REDIS_KEY_PREFIX: `booking-test:${randomUUID()}:` };
    await Promise.all([startInstance('one', extra), startInstance('two', extra)]);
    await Promise.all([untilState('booking1', 'UP'), untilState('booking2', 'UP')]);

    // Round robin alternates the instances: separate budgets would pass all 16.
    const budgeted = at('127.0.0.42');
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await budgeted.send('GET', '/api/accommodations/', headers())).status);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(6).fill(429)]);

    const [a, b] = [at('127.0.0.40'), at('127.0.0.41')];
    const wrong = (who: string) => ({ authorization: basicHeader(who, 'wrong password') });
    for (let i = 0; i < 3; i++)
      expect((await a.send('GET', '/api/accommodations/', wrong('mallory'))).status).toBe(401);
    expect((await b.send('GET', '/api/accommodations/', wrong('trudy'))).status).toBe(429);
  }, 60_000);
});
