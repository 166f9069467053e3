// What the selling benches (availability.mjs, prices.mjs) share: their data set's size check, a key
// for every organization, list scenarios walked by wrk in rounds interleaved with the baseline, and
// a PostgreSQL database of their own. Plain JavaScript, as lib.mjs.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cli, median, processTree, readProcesses, ROOT, wrk, wrkMix } from './lib.mjs';
import { listLength } from './cold-mix.mjs';

export const print = (line) => process.stdout.write(`${line}\n`);

/** Reservations in a database, 0 before its schema exists. */
export async function reservationCount(databaseUrl) {
  const { createDb, closeDb } = await import(join(ROOT, 'dist/src/db/database.js'));
  const { parseDatabaseUrl } = await import(join(ROOT, 'dist/src/config.js'));
  const db = createDb(parseDatabaseUrl({ value: databaseUrl, name: 'DATABASE_URL' }), { readThreads: 0 });
  try {
    const row = await db.kysely
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row.n);
  } catch {
    return 0; // no schema yet: the seed creates it
  } finally {
    await closeDb(db);
  }
}

/** A key bound to organizations 1 … `organizations`, of a scope, made with the CLI in `env`. */
export function keyOfEveryOrganization(databaseUrl, env, organizations, scope = 'read') {
  const bound = Array.from({ length: organizations }, (_, i) => ['--organization', String(i + 1)]).flat();
  const args = ['credentials', 'create', ...bound, '--name', `bench-${scope}`, '--scope', scope, '--json'];
  return JSON.parse(cli(args, { ...env, DATABASE_URL: databaseUrl })).apiKey;
}

/** A list scenario's walk: its file and the next line to ask. */
export const walk = (list) => ({ list, next: 0, length: listLength(list) });

const cpuOf = (processes, pids) => processes.reduce((sum, p) => sum + (pids.includes(p.pid) ? p.cpuSeconds : 0), 0);

/** One round of a scenario: wrk, and the CPU its server and PostgreSQL's processes used per request. */
async function round(scenario, seconds, connections) {
  const before = readProcesses();
  const serverPids = processTree(scenario.server.pid, before);
  // The baseline answers one request again and again, as in run.mjs; a list scenario walks its list.
  const result = scenario.walk
    ? await wrkMix(scenario.url, scenario.headers, seconds, connections, {
        list: scenario.walk.list,
        first: scenario.walk.next,
        // A mix far over the machine's capacity still gets a figure rather than a stop.
        timeout: '10s',
      })
    : { shedShare: 0, ...(await wrk(scenario.url, scenario.headers, seconds, connections)) };
  // On down the list past every line sent: those answered and at most one per connection still on
  // the wire. Not `issued` alone: wrk now and then asks the script for a request it does not send
  // (seen once: 2,157 lines taken up for 108 answers), which would run a list past its end.
  if (scenario.walk) {
    scenario.walk.next += Math.min(result.issued, result.answered + connections);
  }
  const after = readProcesses();
  const postgresPids = scenario.postgres ? after.filter((p) => p.name === 'postgres').map((p) => p.pid) : [];
  const perRequest = (cpuSeconds) => (cpuSeconds * 1e6) / result.requests;
  return {
    ...result,
    serverCpuUsPerRequest: perRequest(cpuOf(after, serverPids) - cpuOf(before, serverPids)),
    databaseCpuUsPerRequest: perRequest(cpuOf(after, postgresPids) - cpuOf(before, postgresPids)),
    loadAverage: loadavg()[0],
  };
}

/** Every scenario once per round, rounds in turn (run.mjs's `measureInterleaved`), after a warm-up second each. */
export async function measureInterleaved(scenarios, { rounds, seconds, connections }) {
  for (const scenario of scenarios) await round(scenario, 1, connections);
  const results = scenarios.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, scenario] of scenarios.entries()) {
      const result = await round(scenario, seconds, connections);
      results[i].push(result);
      print(
        `  ${scenario.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
      );
    }
    print(`round ${r + 1} of ${rounds} done`);
  }
  return scenarios.map((scenario, i) => {
    const of = (key) => median(results[i].map((r) => r[key]));
    const result = {
      name: scenario.name,
      requestsPerSecond: of('requestsPerSecond'),
      p50: of('p50'),
      p99: of('p99'),
      highestP99: Math.max(...results[i].map((r) => r.p99)),
      shedShare: of('shedShare'),
      serverCpuUsPerRequest: of('serverCpuUsPerRequest'),
      databaseCpuUsPerRequest: of('databaseCpuUsPerRequest'),
      loadAverage: of('loadAverage'),
      repeatedShare: scenario.walk ? Math.max(0, scenario.walk.next - scenario.walk.length) / scenario.walk.next : 0,
      rounds: results[i],
    };
    print(
      `${result.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `server ${Math.round(result.serverCpuUsPerRequest)} µs CPU/request`,
    );
    return result;
  });
}

/** The database `name` beside the one of `adminUrl`, created unless it exists (a kept one is reused); its URL. */
export async function createPostgresDatabase(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return url.href;
}

export async function dropPostgresDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
