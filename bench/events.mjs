// The write path with events, and the changes feed (issue 15's performance figures).
//
//   node bench/events.mjs                    SQLite; with BENCH_DATABASE_URL=postgres://…/postgres, PostgreSQL too
//   BENCH_BASELINE_ROOT=/path/to/checkout    also measure that checkout's built service (the main before
//                                            events) in the same rounds: the "before" of the write figure
//
// Writes: a fresh database, 40 accommodations, one server process; 8 clients book back-to-back
// stays on their own accommodations through HTTP for BENCH_SECONDS (default 5) per round,
// BENCH_ROUNDS (default 5) rounds, this checkout and the baseline interleaved. Feed: an import of
// BENCH_FEED_EVENTS reservations (default 1,000,000 on SQLite, 200,000 on PostgreSQL) records as many
// events; one follower walks them through GET /api/events?limit=1000. Results go to
// bench/results/events-latest.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { URL } from 'node:url';
import pg from 'pg';
import { commitId, removeDatabaseFiles, ROOT, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLIENTS = 8;
const UNITS = 40;
const BASELINE = process.env.BENCH_BASELINE_ROOT;
const PG_ADMIN = process.env.BENCH_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'booking-bench-events-'));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A fresh database of the dialect: a URL for the service. */
async function freshDatabase(dialect, name) {
  if (dialect === 'sqlite') {
    const file = join(work, `${name}.sqlite`);
    removeDatabaseFiles(file);
    return `sqlite:${file}`;
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

function run(root, args, env) {
  return execFileSync(process.execPath, [join(root, 'dist', 'src', 'main.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

/** Organization 1 with UNITS accommodations, and a write key. */
function prepare(root, url, reservations = []) {
  const file = join(work, 'units.json');
  writeFileSync(
    file,
    JSON.stringify({
      organizations: [{ id: 1, name: 'Bench Park', timezone: 'Europe/Amsterdam' }],
      accommodations: Array.from({ length: UNITS }, (_, i) => ({
        id: i + 1,
        organization: 1,
        title: `Unit ${i + 1}`,
        type: 'chalet',
        maxPersons: 4,
      })),
      reservations,
    }),
  );
  run(root, ['import', file], { DATABASE_URL: url });
  return JSON.parse(
    run(root, ['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], { DATABASE_URL: url }),
  ).apiKey;
}

/** Bookings per second through HTTP: each client books the next free nights of its own units. */
async function measureWrites(root, dialect, label) {
  const url = await freshDatabase(dialect, `bench_events_${label}`);
  const apiKey = prepare(root, url);
  const server = await startServer([join(root, 'dist', 'src', 'main.js'), 'serve', '--port', '0'], {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  });
  try {
    let booked = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; Date.now() < deadline; n++) {
          const unit = 1 + client * (UNITS / CLIENTS) + (n % (UNITS / CLIENTS));
          const day = new Date(Date.UTC(2030, 0, 1) + Math.floor(n / (UNITS / CLIENTS)) * 2 * 86_400_000);
          const from = day.toISOString().slice(0, 10);
          const to = new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10);
          const response = await fetch(`${server.url}/api/reservations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
            body: JSON.stringify({
              accommodation: unit,
              dateFrom: from,
              dateTo: to,
              adults: 2,
              guestName: `Bench ${n}`,
              totalAmount: '100.00',
              currency: 'EUR',
            }),
          });
          await response.arrayBuffer();
          if (response.status === 201) booked++;
        }
      }),
    );
    return booked / SECONDS;
  } finally {
    await server.stop();
  }
}

/** Events per second read by one follower walking the whole feed. */
async function measureFeed(dialect, count) {
  const url = await freshDatabase(dialect, 'bench_events_feed');
  const reservations = Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2030, 0, 1) + Math.floor(i / UNITS) * 2 * 86_400_000);
    return {
      reservationNumber: `F-${i}`,
      organization: 1,
      accommodation: 1 + (i % UNITS),
      dateFrom: day.toISOString().slice(0, 10),
      dateTo: new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10),
      adults: 2,
      guestName: `Guest ${i}`,
      totalAmount: '100.00',
      currency: 'EUR',
    };
  });
  const apiKey = prepare(ROOT, url, reservations);
  const server = await startServer([join(ROOT, 'dist', 'src', 'main.js'), 'serve', '--port', '0'], {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  });
  try {
    const started = performance.now();
    let read = 0;
    let next = `${server.url}/api/events?limit=1000`;
    for (;;) {
      const response = await fetch(next, {
        headers: {
          accept: 'application/json',
          'accept-encoding': process.env.BENCH_ENCODING ?? 'identity',
          'x-api-key': apiKey,
        },
      });
      const page = await response.json();
      read += page.length;
      if (page.length < 1000) break;
      next = `${server.url}/api/events?limit=1000&after=${response.headers.get('events-cursor')}`;
    }
    return { read, perSecond: read / ((performance.now() - started) / 1000) };
  } finally {
    await server.stop();
  }
}

const dialects = PG_ADMIN ? ['sqlite', 'postgres'] : ['sqlite'];
const lines = [
  `# Events bench (${new Date().toISOString().slice(0, 10)}, commit ${commitId()}, Node ${process.version})`,
  '',
];
lines.push(
  `Writes: ${CLIENTS} clients booking through HTTP, ${SECONDS} s × ${ROUNDS} rounds, medians; bookings per second.`,
  '',
);
lines.push('| database | this checkout | baseline | ratio |', '|---|---|---|---|');
for (const dialect of dialects) {
  const now = [];
  const before = [];
  for (let round = 0; round < ROUNDS; round++) {
    now.push(await measureWrites(ROOT, dialect, 'now'));
    if (BASELINE) before.push(await measureWrites(BASELINE, dialect, 'before'));
    process.stderr.write(
      `${dialect} round ${round + 1}: ${now.at(-1).toFixed(0)}/s${BASELINE ? ` vs ${before.at(-1).toFixed(0)}/s` : ''}\n`,
    );
  }
  const ratios = before.map((b, i) => now[i] / b);
  lines.push(
    `| ${dialect} | ${median(now).toFixed(0)}/s | ${BASELINE ? `${median(before).toFixed(0)}/s` : '–'} | ${BASELINE ? median(ratios).toFixed(2) : '–'} |`,
  );
}
lines.push(
  '',
  'Feed: one follower walking every event with limit=1000.',
  '',
  '| database | events | events per second |',
  '|---|---|---|',
);
for (const dialect of dialects) {
  const count = Number(process.env.BENCH_FEED_EVENTS ?? (dialect === 'sqlite' ? 1_000_000 : 200_000));
  const { read, perSecond } = await measureFeed(dialect, count);
  lines.push(`| ${dialect} | ${read} | ${perSecond.toFixed(0)} |`);
}
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'events-latest.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
