// What replay storms cost other tenants (issue 41, finding 2). `booking serve` on SQLite, with its
// delivery worker, organization 1 holding N reservations (N events) and a webhook endpoint whose
// receiver never answers (so what is measured is the scheduling of deliveries, not their sending).
// Organization 1's admin asks for four replays of everything, back to back, while organization 2's
// client reads and writes ten times a second; then the client goes on until every replayed delivery
// exists. Reported: the other tenant's answers (503s, slowest, median), against the same client
// with no replay (the baseline, measured in the same run). Run as
// `node bench/replay-storm.mjs [--events 50000] [--runs 3]` (from a checkout whose build to measure).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { cli, commitId, MAIN, median, startServer } from './lib.mjs';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '50000' }, runs: { type: 'string', default: '3' } },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const REPLAYS = 4;
const print = (line) => process.stdout.write(`${line}\n`);

/** Organization 1: 100 chalets, N one-night stays spread over them; organization 2: one chalet. */
function document() {
  const units = 100;
  const reservations = Array.from({ length: EVENTS }, (_, i) => {
    const day = new Date(Date.UTC(2030, 0, 1) + Math.floor(i / units) * 2 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    return {
      organization: 1,
      accommodation: 1 + (i % units),
      reservationNumber: `S-${i}`,
      dateFrom: day,
      dateTo: next,
      adults: 2,
      guestName: `Guest ${i}`,
      totalAmount: '100.00',
      currency: 'EUR',
    };
  });
  return {
    organizations: [
      { id: 1, name: 'Storm', timezone: 'UTC' },
      { id: 2, name: 'Neighbour', timezone: 'UTC' },
    ],
    accommodations: [
      ...Array.from({ length: units }, (_, i) => ({
        id: 1 + i,
        organization: 1,
        title: `Chalet ${i}`,
        type: 'chalet',
        maxPersons: 4,
      })),
      { id: 1000, organization: 2, title: 'Room', type: 'room', maxPersons: 2 },
    ],
    reservations,
  };
}

/** A receiver that reads requests and never answers them. */
async function silentReceiver() {
  const server = createServer(() => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    close: () => server.closeAllConnections() || server.close(),
  };
}

async function run(withStorm) {
  const dir = mkdtempSync(join(tmpdir(), 'booking-replay-storm-'));
  const file = join(dir, 'data.json');
  writeFileSync(file, JSON.stringify(document()));
  const databaseFile = join(dir, 'booking.sqlite');
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${databaseFile}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  cli(['migrate'], env);
  cli(['import', file], env);
  const admin = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--scope', 'admin', '--json'], env),
  ).apiKey;
  const other = JSON.parse(
    cli(['credentials', 'create', '--organization', '2', '--scope', 'write', '--json'], env),
  ).apiKey;
  const receiver = await silentReceiver();
  const server = await startServer([MAIN, 'serve', '--port', '0'], env);
  try {
    return await measure(server, receiver, admin, other, databaseFile, withStorm);
  } finally {
    await server.stop();
    receiver.close();
  }
}

/** The neighbour's answers with or without the storm, on a running server. */
async function measure(server, receiver, admin, other, databaseFile, withStorm) {
  const send = (key, method, path, body) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': key, accept: 'application/json', 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
  const hook = await (await send(admin, 'POST', '/api/webhook-endpoints', { url: receiver.url })).json();
  const deliveries = new Database(databaseFile, { readonly: true });
  const scheduled = () => deliveries.prepare('select count(*) from webhook_deliveries').pluck().get();

  // The other tenant: a read and a write in turn, ten a second.
  const answers = [];
  let going = true;
  let night = 0;
  const neighbour = (async () => {
    for (let i = 0; going; i++) {
      const started = performance.now();
      const response =
        i % 2 === 0
          ? await send(other, 'GET', '/api/reservations/summaries?dateFrom=2031-01-01&dateTo=2031-12-31&limit=10')
          : await send(other, 'POST', '/api/reservations', {
              accommodation: 1000,
              dateFrom: new Date(Date.UTC(2031, 0, 1) + (night += 2) * 86_400_000).toISOString().slice(0, 10),
              dateTo: new Date(Date.UTC(2031, 0, 2) + night * 86_400_000).toISOString().slice(0, 10),
              adults: 1,
              guestName: 'Neighbour',
              totalAmount: '1.00',
              currency: 'EUR',
            });
      await response.arrayBuffer();
      answers.push({ status: response.status, ms: performance.now() - started });
      await sleep(Math.max(0, 100 - (performance.now() - started)));
    }
  })();
  await sleep(1_000);
  const replayMs = [];
  const replays = [];
  let expected = 0;
  if (withStorm) {
    for (let i = 0; i < REPLAYS; i++) {
      const started = performance.now();
      const response = await send(admin, 'POST', `/api/webhook-endpoints/${hook.id}/replay`, {
        since: '2000-01-01T00:00:00Z',
      });
      const answer = await response.json();
      replayMs.push(performance.now() - started);
      replays.push(response.status);
      if (response.status === 200) expected += answer.scheduled;
    }
    // Until the workers have made every replayed delivery (bounded: two minutes).
    for (let waited = 0; scheduled() < expected && waited < 120_000; waited += 100) await sleep(100);
  } else {
    await sleep(5_000);
  }
  await sleep(1_000);
  going = false;
  await neighbour;
  deliveries.close();
  const unavailable = answers.filter((a) => a.status === 503).length;
  return {
    requests: answers.length,
    unavailable,
    other: answers.filter((a) => a.status >= 300 && a.status !== 503).length,
    slowestMs: Math.max(...answers.map((a) => a.ms)),
    medianMs: median(answers.map((a) => a.ms)),
    replayMs,
    replays,
  };
}

print(`replay storm, ${EVENTS} events, ${REPLAYS} replays back to back, commit ${commitId()}`);
print('| run | other tenant requests | 503 | other non-2xx | slowest ms | median ms | replay answers (status, ms) |');
print('|---|---|---|---|---|---|---|');
for (let i = 0; i < RUNS; i++) {
  for (const storm of [false, true]) {
    const r = await run(storm);
    print(
      `| ${storm ? 'storm' : 'baseline'} ${i + 1} | ${r.requests} | ${r.unavailable} (${((100 * r.unavailable) / r.requests).toFixed(0)}%) | ${r.other} | ${r.slowestMs.toFixed(0)} | ${r.medianMs.toFixed(1)} | ${r.replayMs.map((ms, j) => `${r.replays[j]} ${ms.toFixed(0)}`).join(', ') || '–'} |`,
    );
  }
}
