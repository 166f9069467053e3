// Webhook fan-out: how fast one `booking serve` process delivers, and how long an event waits.
//
//   node bench/webhooks-fanout.mjs                      SQLite; with BENCH_DATABASE_URL=postgres://…/postgres, PostgreSQL too
//   BENCH_EVENTS=10000 BENCH_ENDPOINTS=3                 the defaults
//   BENCH_PROFILE=1                                      also write a CPU profile of the serve process (--cpu-prof) to bench/results/
//
// A fresh database with 40 accommodations; one `booking serve` (its delivery worker with the default
// settings: 64 attempts at once, 16 per endpoint) and BENCH_ENDPOINTS receivers, each its own process on
// 127.0.0.1 (test/helpers/webhook-receiver.mjs: verifies each signature, answers 204 at once). The
// endpoints are created, then `booking import` of BENCH_EVENTS reservations records as many events;
// every event goes to every endpoint. Measured from the moment the import process has exited (every
// event committed: a conservative start, since the earlier chunks commit sooner):
//   - deliveries per second: BENCH_EVENTS × BENCH_ENDPOINTS ÷ (last receipt − import end); and over the
//     delivering span only (last receipt − first receipt);
//   - lag from commit to receipt: receipt time − import end, p50 / p99 / max over every delivery.
// Results go to bench/results/webhooks-latest.md.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';
import pg from 'pg';
import { cli, commitId, MAIN, processTree, readProcesses, removeDatabaseFiles, ROOT, startServer } from './lib.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === '1';
const PG_ADMIN = process.env.BENCH_DATABASE_URL;
const UNITS = 40;
const GOAL = 1_000;
const work = mkdtempSync(join(tmpdir(), 'booking-bench-webhooks-'));
const RECEIVER = join(ROOT, 'test', 'helpers', 'webhook-receiver.mjs');

async function freshDatabase(dialect) {
  if (dialect === 'sqlite') {
    const file = join(work, 'webhooks.sqlite');
    removeDatabaseFiles(file);
    return `sqlite:${file}`;
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query('drop database if exists bench_webhooks with (force)');
  await admin.query('create database bench_webhooks');
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = '/bench_webhooks';
  return url.toString();
}

function startReceiver() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RECEIVER], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /receiver listening on (\d+)/.exec(output);
      if (match)
        resolve({
          base: `http://127.0.0.1:${match[1]}`,
          stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))),
        });
    });
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
  });
}

/** A 503 (the server under pressure, SQLite's write lock) is tried again after its Retry-After. */
const json = async (url, init) => {
  let response = await fetch(url, init);
  for (let attempt = 1; response.status === 503 && attempt < 10; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
    response = await fetch(url, init);
  }
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const cpuOf = (pid) => {
  const processes = readProcesses();
  const tree = new Set(processTree(pid, processes));
  return processes.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.cpuSeconds, 0);
};

async function measure(dialect) {
  const url = await freshDatabase(dialect);
  const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
  const units = join(work, 'units.json');
  writeFileSync(
    units,
    JSON.stringify({
      organizations: [{ id: 1, name: 'Bench Park', timezone: 'Europe/Amsterdam' }],
      accommodations: Array.from({ length: UNITS }, (_, i) => ({
        id: i + 1,
        organization: 1,
        title: `Unit ${i + 1}`,
        type: 'chalet',
        maxPersons: 4,
      })),
    }),
  );
  cli(['import', units], env);
  const apiKey = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--scope', 'admin', '--json'], env),
  ).apiKey;
  const reservations = join(work, 'reservations.json');
  writeFileSync(
    reservations,
    JSON.stringify({
      reservations: Array.from({ length: EVENTS }, (_, i) => {
        const day = Date.UTC(2030, 0, 1) + Math.floor(i / UNITS) * 2 * 86_400_000;
        return {
          reservationNumber: `W-${i}`,
          organization: 1,
          accommodation: 1 + (i % UNITS),
          dateFrom: new Date(day).toISOString().slice(0, 10),
          dateTo: new Date(day + 86_400_000).toISOString().slice(0, 10),
          adults: 2,
          guestName: `Guest ${i}`,
          totalAmount: '100.00',
          currency: 'EUR',
        };
      }),
    }),
  );
  const profileDir = join(work, `profile-${dialect}`);
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, startReceiver));
  const server = await startServer(
    [...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), MAIN, 'serve', '--port', '0'],
    { ...env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_MAX: '100000000' },
  );
  try {
    for (const receiver of receivers) {
      const { secret } = await json(`${server.url}/api/webhook-endpoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ organization: 1, url: `${receiver.base}/hook` }),
      });
      await json(`${receiver.base}/_config/hook`, { method: 'PUT', body: JSON.stringify({ secret }) });
    }
    const cpuBefore = cpuOf(server.pid);
    const importStarted = Date.now();
    cli(['import', reservations], env);
    const importEnded = Date.now();
    const deadline = Date.now() + 600_000;
    for (;;) {
      const counts = await Promise.all(receivers.map((r) => json(`${r.base}/_received/hook?summary`)));
      if (counts.every((c) => c.distinct >= EVENTS)) break;
      if (Date.now() > deadline) throw new Error(`not delivered after 10 minutes: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cpuSeconds = cpuOf(server.pid) - cpuBefore;
    const receipts = (await Promise.all(receivers.map((r) => json(`${r.base}/_received/hook`)))).flat();
    const unverified = receipts.filter((r) => !r.verified).length;
    const at = receipts.map((r) => r.at).sort((a, b) => a - b);
    const lags = at.map((t) => t - importEnded);
    const first = at[0];
    const last = at.at(-1);
    const deliveries = EVENTS * ENDPOINTS;
    return {
      dialect,
      importSeconds: (importEnded - importStarted) / 1000,
      firstBeforeImportEnd: importEnded - first,
      deliveries,
      receipts: receipts.length,
      unverified,
      perSecondFromImportEnd: deliveries / ((last - importEnded) / 1000),
      perSecondSpan: deliveries / ((last - first) / 1000),
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags.at(-1),
      cpuMsPerDelivery: (cpuSeconds * 1000) / deliveries,
    };
  } finally {
    await server.stop();
    await Promise.all(receivers.map((r) => r.stop()));
    if (PROFILE) {
      for (const file of readdirSync(profileDir)) {
        renameSync(join(profileDir, file), join(ROOT, 'bench', 'results', `webhooks-${dialect}.cpuprofile`));
      }
    }
  }
}

const results = [];
for (const dialect of PG_ADMIN ? ['sqlite', 'postgres'] : ['sqlite']) {
  const result = await measure(dialect);
  process.stderr.write(`${JSON.stringify(result)}\n`);
  results.push(result);
}
const lines = [
  `# Webhooks fan-out bench (${new Date().toISOString().slice(0, 10)}, commit ${commitId()}, Node ${process.version})`,
  '',
  `${EVENTS} events (one \`booking import\`) to ${ENDPOINTS} endpoints on 127.0.0.1 receivers, one \`booking serve\``,
  `process delivering. Lag: receipt − the end of the import. Goal: ≥ ${GOAL} deliveries/s.`,
  '',
  '| database | import s | deliveries | deliveries/s from import end | deliveries/s first→last receipt | lag p50 ms | lag p99 ms | lag max ms | serve CPU ms/delivery | goal met |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.dialect} | ${r.importSeconds.toFixed(1)} | ${r.receipts} (${r.unverified} unverified) | ${r.perSecondFromImportEnd.toFixed(0)} | ${r.perSecondSpan.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.cpuMsPerDelivery.toFixed(2)} | ${r.perSecondFromImportEnd >= GOAL ? 'yes' : 'no'} |`,
  ),
];
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'webhooks-latest.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
