// What idle long polls cost PostgreSQL (issue 41, finding 5): `booking serve` on a database of its
// own, N long polls of the feed of organization 2 (`wait=30`) that nothing wakes, and PostgreSQL's
// transactions per second on that database, against the same server with no poll open (the
// baseline, measured in the same run), and with writes of organization 1 at 10 a second beside
// them. Run as `node bench/idle-waiters.mjs [--waiters 100] [--database-url postgres://…/postgres]`.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cli, commitId, MAIN, startServer } from './lib.mjs';

const { values } = parseArgs({
  options: {
    waiters: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const WAITERS = Number(values.waiters);
const SECONDS = Number(values.seconds);
const admin = new pg.Client({ connectionString: values['database-url'] });
await admin.connect();
const name = `booking_bench_waiters_${randomBytes(4).toString('hex')}`;
await admin.query(`create database ${name}`);
const url = new URL(values['database-url']);
url.pathname = `/${name}`;
const env = { ...process.env, DATABASE_URL: url.href, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' };
const print = (line) => process.stdout.write(`${line}\n`);

try {
  cli(['migrate'], env);
  cli(['seed', '--demo'], env);
  const read = JSON.parse(cli(['credentials', 'create', '--organization', '2', '--json'], env)).apiKey;
  const write = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env),
  ).apiKey;
  const server = await startServer([MAIN, 'serve', '--port', '0'], env);
  const stats = new pg.Client({ connectionString: url.href });
  await stats.connect();
  const transactions = async () => {
    await stats.query('select pg_stat_force_next_flush()');
    const { rows } = await stats.query(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0].n);
  };
  const perSecond = async () => {
    // What started has read, and its statistics have reached pg_stat_database: a backend reports a
    // transaction's at its end only once a second at most, the rest when idle ten seconds later.
    await sleep(12_000);
    const before = await transactions();
    const started = performance.now();
    await sleep(SECONDS * 1_000);
    const after = await transactions();
    // This measurement's own two statements per reading are left in: they are the same in each row.
    return (after - before) / ((performance.now() - started) / 1_000);
  };
  const headers = (key) => ({ 'x-api-key': key, accept: 'application/json' });
  // The end of organization 2's feed: every event the demo data made has been read.
  let cursor = '';
  for (;;) {
    const after = cursor ? `&after=${cursor}` : '';
    const page = await fetch(new URL(`/api/events?organization=2&limit=1000${after}`, server.url), {
      headers: headers(read),
    });
    const events = await page.json();
    cursor = page.headers.get('events-cursor');
    if (events.length === 0) break;
  }
  const accommodations = await (
    await fetch(new URL('/api/accommodations/?organization=1', server.url), { headers: headers(write) })
  ).json();

  const idle = await perSecond();
  const abort = new AbortController();
  const polls = Array.from({ length: WAITERS }, async () => {
    while (!abort.signal.aborted) {
      await fetch(new URL(`/api/events?organization=2&after=${cursor}&wait=30`, server.url), {
        headers: headers(read),
        signal: abort.signal,
      })
        .then(async (r) => {
          if (r.status !== 200) throw new Error(`a poll answered ${r.status}: ${await r.text()}`);
          await r.arrayBuffer();
        })
        .catch((error) => {
          if (!abort.signal.aborted) throw error;
        });
    }
  });
  const waiting = await perSecond();
  let night = 0;
  const writing = (async () => {
    while (!abort.signal.aborted) {
      night += 1;
      const day = new Date(Date.UTC(2031, 0, 1) + night * 86_400_000 * 2).toISOString().slice(0, 10);
      const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
      await fetch(new URL('/api/reservations', server.url), {
        method: 'POST',
        headers: { ...headers(write), 'content-type': 'application/json' },
        body: JSON.stringify({
          accommodation: accommodations[night % accommodations.length].id,
          dateFrom: day,
          dateTo: next,
          adults: 1,
          guestName: 'Bench',
          totalAmount: '1.00',
          currency: 'EUR',
        }),
      }).catch(() => {});
      await sleep(100);
    }
  })();
  const waitingAndWriting = await perSecond();
  abort.abort();
  await Promise.all([...polls, writing]);
  await stats.end();
  await server.stop();

  print(
    `# PostgreSQL transactions per second, ${WAITERS} idle long polls (commit ${commitId()}, Node ${process.version})\n`,
  );
  print('| | transactions/s |');
  print('| --- | ---: |');
  print(`| server idle, no poll (baseline) | ${idle.toFixed(1)} |`);
  print(`| ${WAITERS} idle polls of organization 2 | ${waiting.toFixed(1)} |`);
  print(`| the same, and organization 1 writing 10 bookings/s | ${waitingAndWriting.toFixed(1)} |`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
