// `npm run bench`: the service under load, as a ratio of a baseline measured in the same run.
// See bench/README.md. Plain JavaScript: it drives the built service (dist/) as separate processes.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  cli,
  commitId,
  MAIN,
  paired,
  processTree,
  readProcesses,
  readSelf,
  removeDatabaseFiles,
  residentMiB,
  ROOT,
  startBaselineOf,
  startServer,
  wrk,
  wrkMix,
} from './lib.mjs';
import { COLD_REQUESTS, coldMix, listItems, listLength } from './cold-mix.mjs';

const run = promisify(execFile);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The cold mix walks its list over fewer, shorter rounds: each request must be one never asked before. */
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);
const COLD_SECONDS = Number(process.env.BENCH_COLD_SECONDS ?? 2);
/**
 * The issue measured its cold mix with wrk and 50 connections (integrators walking their lists at the
 * same hour): so does the cold mix here, its baseline rounds included. The hot scenarios keep theirs.
 */
const COLD_CONNECTIONS = Number(process.env.BENCH_COLD_CONNECTIONS ?? 50);
const ORGANIZATIONS = 200;
/**
 * BENCH_SCALE=10m: the cold mix at 10,000,000 reservations against the same mix at 1,000,000, in
 * the same rounds (its own data file; results in results/scale-10m.md). Otherwise the usual run.
 */
const SCALE_10M = process.env.BENCH_SCALE === '10m';
const dataSet = (reservations) => ({
  reservations,
  url: `sqlite:${join(ROOT, 'bench', 'data', reservations === 1_000_000 ? 'bench.sqlite' : `bench-${reservations}.sqlite`)}`,
});
const SQLITE_URL = dataSet(1_000_000).url;
const RESERVATIONS = 1_000_000;
const BULK_ROUNDS = 3;
/** wrk (C, one thread) when installed: it costs the shared two cores far less than autocannon. */
const LOAD = process.env.BENCH_LOAD ?? (commandExists('wrk') ? 'wrk' : 'autocannon');

function commandExists(command) {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk answers --version with exit code 1; only a missing command is "not installed".
    return error.code !== 'ENOENT';
  }
}

/** The CLI against one database. */
const cliOn = (args, databaseUrl) => cli(args, { ...process.env, DATABASE_URL: databaseUrl });

// The bench measures throughput, not the per-credential budget of SPEC §7: the limit is lifted.
const BENCH_ENV = { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' };
const start = (args) => startServer(args, BENCH_ENV);

/** Seeds the synthetic data set unless the database already holds it (it is reused between runs). */
function ensureDataSet(databaseUrl, reservations = RESERVATIONS) {
  let count = 0;
  try {
    count = Number(countReservations(databaseUrl));
  } catch {
    // No schema yet: the seed below creates it.
  }
  if (count >= reservations) return undefined;
  return cliOn(
    [
      'seed',
      '--synthetic',
      '--organizations',
      String(ORGANIZATIONS),
      '--reservations',
      String(reservations),
      '--seed',
      '1',
    ],
    databaseUrl,
  ).trim();
}

/** Reservations in the data set, read through the service's own database layer. */
function countReservations(databaseUrl) {
  const script = `
    const { createDb, closeDb } = await import(${JSON.stringify(join(ROOT, 'dist/src/db/database.js'))});
    const { parseDatabaseUrl } = await import(${JSON.stringify(join(ROOT, 'dist/src/config.js'))});
    const db = createDb(parseDatabaseUrl({ value: process.env.DATABASE_URL, name: 'DATABASE_URL' }));
    const row = await db.kysely.selectFrom('reservations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    process.stdout.write(String(row.n)); await closeDb(db);`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    // A data set not made yet fails here ("no such table"), and the caller seeds it: no stack trace.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

async function autocannon(url, headers, seconds, connections) {
  const args = ['-j', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(join(ROOT, 'node_modules', '.bin', 'autocannon'), [...args, url], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const load = (url, headers, seconds, connections, cold = undefined) => {
  if (cold) return wrkMix(url, headers, seconds, connections, cold);
  return LOAD === 'wrk' ? wrk(url, headers, seconds, connections) : autocannon(url, headers, seconds, connections);
};

/**
 * The next line of a cold scenario's list to ask, moved on past what a round issued. Items served
 * per second count the items of as many lines from the round's first as were answered successfully:
 * answers come back about in list order, and with a 503 or 429 share the lines shed are not known
 * one by one (the shares are reported beside the figure).
 */
function coldLoad(scenario, seconds, connections) {
  return async () => {
    const { list, next, items } = scenario.cold;
    const result = await load(scenario.url, scenario.headers, seconds, connections, { list, first: next });
    let served = 0;
    for (let i = 0; i < result.requests; i++) served += items[(next + i) % items.length];
    scenario.cold.next += result.issued;
    return { ...result, itemsPerSecond: served / result.seconds };
  };
}

/** What a cold scenario walks: its list, the items of each line, and the next line to ask. */
const coldList = (list) => ({ list, next: 0, length: listLength(list), items: listItems(list) });

/** CPU seconds used by some processes, from one reading of /proc (a process not in it counts 0). */
const cpuOf = (processes, pids) => processes.reduce((sum, p) => sum + (pids.includes(p.pid) ? p.cpuSeconds : 0), 0);

/** The PostgreSQL processes in a reading of /proc (its backends serve the bench). */
const postgresPids = (processes) => processes.filter((p) => p.name === 'postgres').map((p) => p.pid);

/** Samples the resident memory of a server's processes while `work` runs; the largest per process. */
async function peakResidentMiB(pids, work) {
  let peak = 0;
  let peakAnon = 0;
  const sample = () => {
    for (const p of pids) {
      peak = Math.max(peak, residentMiB(p));
      peakAnon = Math.max(peakAnon, residentMiB(p, 'RssAnon'));
    }
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await work();
    sample();
    return { result, peakRssMiB: Math.round(peak), peakAnonMiB: Math.round(peakAnon) };
  } finally {
    clearInterval(timer);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One measured round of a scenario: throughput, latency, the server's memory and CPU, and the load's CPU. */
async function round(scenario, seconds, connections) {
  // /proc is read once before and once after: walking it during the round would take CPU from it.
  const before = readProcesses();
  const serverPids = processTree(scenario.server.pid, before);
  const loadCpu = readSelf().childrenCpuSeconds;
  const work = scenario.cold
    ? coldLoad(scenario, seconds, connections)
    : () => load(scenario.url, scenario.headers, seconds, connections);
  const { result, peakRssMiB, peakAnonMiB } = await peakResidentMiB(serverPids, work);
  const after = readProcesses();
  // PostgreSQL's backends are those alive at the end: one the pool opened during the round counts
  // whole (its idle connections close after 10 s, so a server measured once a round starts with
  // none); one that exited during the round is left out.
  const databasePids = scenario.postgres ? postgresPids(after) : [];
  const perRequest = (seconds) => (seconds * 1e6) / result.requests;
  return {
    ...result,
    peakRssMiB,
    peakAnonMiB,
    serverCpuUsPerRequest: perRequest(cpuOf(after, serverPids) - cpuOf(before, serverPids)),
    // The load generator has exited by now: its CPU is among this process's reaped children's.
    loadCpuUsPerRequest: perRequest(readSelf().childrenCpuSeconds - loadCpu),
    databaseCpuUsPerRequest: perRequest(cpuOf(after, databasePids) - cpuOf(before, databasePids)),
  };
}

/**
 * Every scenario once per round, rounds in turn (not all rounds of one scenario, then the next):
 * the shared machine's speed drifts over minutes, and interleaving spreads that drift over all
 * scenarios alike, so their ratios hold even when whole runs differ.
 */
async function measureInterleaved(
  scenarios,
  { rounds: roundCount = ROUNDS, seconds = SECONDS, connections = CONNECTIONS } = {},
) {
  // Caches filled, JIT warm; a cold scenario's warm-up takes the first lines of its list.
  for (const scenario of scenarios) {
    if (scenario.cold) await coldLoad(scenario, 1, connections)();
    else await load(scenario.url, scenario.headers, 1, connections);
  }
  const rounds = scenarios.map(() => []);
  for (let r = 0; r < roundCount; r++) {
    for (const [i, scenario] of scenarios.entries()) rounds[i].push(await round(scenario, seconds, connections));
    process.stdout.write(`round ${r + 1} of ${roundCount} done\n`);
  }
  return scenarios.map((scenario, i) => {
    const of = (key) => median(rounds[i].map((r) => r[key]));
    const result = {
      name: scenario.name,
      requestsPerSecond: of('requestsPerSecond'),
      p50: of('p50'),
      p99: of('p99'),
      peakRssMiB: Math.max(...rounds[i].map((r) => r.peakRssMiB)),
      peakAnonMiB: Math.max(...rounds[i].map((r) => r.peakAnonMiB)),
      serverCpuUsPerRequest: of('serverCpuUsPerRequest'),
      loadCpuUsPerRequest: of('loadCpuUsPerRequest'),
      databaseCpuUsPerRequest: of('databaseCpuUsPerRequest'),
      ...(scenario.cold
        ? {
            itemsPerSecond: of('itemsPerSecond'),
            shedShare: of('shedShare'),
            limitedShare: of('limitedShare'),
            // Of all requests the scenario issued (warm-up included), those past the list's end.
            repeatedShare: Math.max(0, scenario.cold.next - scenario.cold.length) / scenario.cold.next,
          }
        : {}),
      rounds: rounds[i],
    };
    process.stdout.write(
      `${result.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `server ${Math.round(result.serverCpuUsPerRequest)} µs CPU/request, peak RSS ${result.peakRssMiB} MiB\n`,
    );
    return result;
  });
}

/** A new API key bound to every organization of the data set: what the cold mix asks with. */
function keyOfEveryOrganization(databaseUrl) {
  const organizations = Array.from({ length: ORGANIZATIONS }, (_, i) => ['--organization', String(i + 1)]).flat();
  return JSON.parse(cliOn(['credentials', 'create', ...organizations, '--name', 'bench-all', '--json'], databaseUrl))
    .apiKey;
}

/** The credentials and servers of one database, and its scenarios (not yet measured). */
async function prepareDatabase(label, databaseUrl) {
  const seeded = ensureDataSet(databaseUrl);
  if (seeded) process.stdout.write(`${label}: ${seeded}\n`);
  const key = JSON.parse(
    cliOn(['credentials', 'create', '--organization', '1', '--name', 'bench', '--json'], databaseUrl),
  ).apiKey;
  const username = `bench-${Date.now()}`;
  const basic = JSON.parse(
    cliOn(['credentials', 'create', '--organization', '1', '--basic', username, '--json'], databaseUrl),
  );
  const basicHeader = `Basic ${Buffer.from(`${username}:${basic.password}`).toString('base64')}`;
  const manyKey = keyOfEveryOrganization(databaseUrl);
  const list = await coldMix(databaseUrl);
  const phpList = await coldMix(databaseUrl, COLD_REQUESTS, 34, 'php-client');

  const server = await start([MAIN, 'serve', '--port', '0', '--database-url', databaseUrl]);
  // The same service as two worker processes sharing one port (node:cluster).
  const workers = await start([MAIN, 'serve', '--port', '0', '--workers', '2', '--database-url', databaseUrl]);
  const year = (base) => `${base}/api/reservations/summaries?organization=1&dateFrom=2024-01-01&dateTo=2024-12-31`;
  const probe = await fetch(year(server.url), { headers: { 'x-api-key': key } });
  const total = Number(probe.headers.get('x-total-count'));
  const last = Math.floor((total - 1) / 100) * 100;
  const keyHeaders = { 'x-api-key': key, accept: 'application/json' };
  const scenario = (name, target, url, headers = keyHeaders) => ({
    postgres: databaseUrl.startsWith('postgres'),
    name: `${label} · ${name}`,
    server: target,
    url,
    headers,
  });
  return {
    total,
    servers: [server, workers],
    scenarios: [
      scenario('summaries, one year, offset 0', server, year(server.url)),
      scenario('summaries, one year, offset 10,000', server, `${year(server.url)}&offset=10000`),
      scenario(`summaries, one year, last page (offset ${last})`, server, `${year(server.url)}&offset=${last}`),
      scenario(
        'summaries, one month',
        server,
        `${server.url}/api/reservations/summaries?organization=1&dateFrom=2024-07-01&dateTo=2024-07-31`,
      ),
      scenario('summaries, one year, offset 0, Basic auth', server, year(server.url), {
        authorization: basicHeader,
        accept: 'application/json',
      }),
      scenario('accommodations list', server, `${server.url}/api/accommodations/?organization=1`),
      scenario('summaries, one year, offset 0, --workers 2', workers, year(workers.url)),
      scenario(`summaries, one year, offset 0, key of ${ORGANIZATIONS} organizations`, server, year(server.url), {
        'x-api-key': manyKey,
        accept: 'application/json',
      }),
    ],
    coldScenarios: [
      ...[server, workers].map((target) => ({
        ...scenario(`cold mix${target === workers ? ', --workers 2' : ''}`, target, target.url, {
          'x-api-key': manyKey,
          accept: 'application/json',
        }),
        cold: coldList(list),
      })),
      // After the two above (`targets` reads them by position): the PHP client's requests (issue 34).
      {
        ...scenario('cold mix as the PHP client asks (timestamps, modifiedDateFrom)', server, server.url, {
          'x-api-key': manyKey,
          accept: '*/*',
        }),
        cold: coldList(phpList),
      },
    ],
  };
}

/**
 * The bulk paths into SQLite, each into a fresh file: the synthetic seed of the whole data set, and
 * `booking import` of an export of the bench database's first organizations (~500,000 reservations).
 */
function benchBulk() {
  const target = join(ROOT, 'bench', 'data', 'bulk.sqlite');
  const clean = () => removeDatabaseFiles(target);
  const rate = (output) => Number(/\((\d+) reservations\/s\)/.exec(output)?.[1]);
  const documentFile = join(ROOT, 'bench', 'data', 'import.json');
  if (!existsSync(documentFile)) {
    execFileSync(process.execPath, [
      join(ROOT, 'bench', 'import-document.mjs'),
      SQLITE_URL.slice(7),
      documentFile,
      '500000',
    ]);
  }
  const seeds = [];
  const imports = [];
  const floors = [];
  let imported = '';
  for (let i = 0; i < BULK_ROUNDS; i++) {
    floors.push(
      JSON.parse(execFileSync(process.execPath, [join(ROOT, 'bench', 'bulk-floor.mjs'), target], { encoding: 'utf8' })),
    );
    clean();
    const seedArgs = [
      'seed',
      '--synthetic',
      '--organizations',
      '200',
      '--reservations',
      String(RESERVATIONS),
      '--seed',
      '1',
    ];
    seeds.push(rate(cliOn(seedArgs, `sqlite:${target}`)));
    clean();
    imported = cliOn(['import', documentFile], `sqlite:${target}`).trim();
    imports.push(rate(imported));
  }
  clean();
  const floor = (key) => median(floors.map((f) => f[key]));
  const result = {
    seedReservationsPerSecond: median(seeds),
    importReservationsPerSecond: median(imports),
    importReport: imported,
    floor: {
      reservationsPerSecond: floor('reservationsPerSecond'),
      insertSeconds: floor('insertSeconds'),
      indexSeconds: floor('indexSeconds'),
      commitSeconds: floor('commitSeconds'),
    },
    rounds: { seeds, imports, floors },
  };
  process.stdout.write(
    `bulk: seed ${result.seedReservationsPerSecond} reservations/s, import ${result.importReservationsPerSecond} reservations/s (${imported}), SQLite alone ${result.floor.reservationsPerSecond} reservations/s\n`,
  );
  return result;
}

/** The issue's targets, each as a ratio of two figures of this run. */
function targets(runs, baseline, coldBaseline) {
  const list = [];
  for (const { database, results, cold } of runs) {
    const sqlite = database === 'SQLite';
    const add = (name, { value, low, high }, goal, isTarget = sqlite) =>
      list.push({
        name: `${database}: ${name}`,
        value,
        spread: low === undefined ? '' : `${low.toFixed(2)}–${high.toFixed(2)}`,
        goal: isTarget ? `≥ ${goal}` : 'for reference',
        met: isTarget ? value >= goal : undefined,
      });
    const [coldOne, coldWorkers] = cold;
    add(
      `cold mix / baseline, ${COLD_CONNECTIONS} connections (successful answers only)`,
      paired(coldOne, coldBaseline),
      sqlite ? 0.35 : 0.25,
      true,
    );
    add('cold mix, --workers 2 / baseline', paired(coldWorkers, coldBaseline), undefined, false);
    if (results.length === 0) continue; // BENCH_ONLY=cold
    const find = (part) => results.find((r) => r.name.includes(part));
    const offset0 = find('summaries, one year, offset 0');
    const workers = find('--workers 2');
    const ratio = (part) => paired(find(part), offset0);
    // The issue's targets are set for SQLite; PostgreSQL's are its shares of the baseline and the
    // many-organization key. Its other ratios are shown for reference.
    add('offset 0 / baseline', paired(offset0, baseline), sqlite ? 0.5 : 0.25, true);
    add('offset 10,000 / offset 0', ratio('offset 10,000'), 0.8);
    add('last page / offset 0', ratio('last page'), 0.8);
    add('Basic auth / API key', ratio('Basic auth'), 0.9);
    add('--workers 2 / one process', ratio('--workers 2'), 1.6);
    add(`key of ${ORGANIZATIONS} organizations / key of one`, ratio('key of'), 0.95, true);
    // The most two processes can reach here: every request costs the server's CPU, PostgreSQL's and
    // the load generator's, and all of them share the machine's cores.
    const perRequest = workers.serverCpuUsPerRequest + workers.databaseCpuUsPerRequest + workers.loadCpuUsPerRequest;
    add(
      '--workers 2 / one process at most on this machine (cores ÷ CPU per request of server, PostgreSQL and load generator)',
      { value: (cpus().length * 1e6) / perRequest / offset0.requestsPerSecond },
      undefined,
      false,
    );
    // The hot scenarios (the earlier issue's target); the cold mix maps much more of the file.
    const rss = Math.max(...results.map((r) => r.peakRssMiB));
    list.push({
      name: `${database}: peak RSS per process, MiB`,
      value: rss,
      spread: '',
      goal: '< 200 MB (190.7 MiB)',
      met: rss < 200e6 / 2 ** 20,
    });
  }
  list.push({
    name: 'baseline (req/s)',
    value: baseline.requestsPerSecond,
    spread: '',
    goal: 'for reference',
    met: undefined,
  });
  return list;
}

/** The baseline, serving the very page the service serves for the first scenario (organization 1's 2024, offset 0). */
const startBaseline = () => startBaselineOf(SQLITE_URL, BENCH_ENV);

/**
 * BENCH_SCALE=10m: the same cold mix (same seed, so the same organizations, periods and reference
 * dates; pages drawn among those that exist) against 1,000,000 and 10,000,000 reservations, one
 * server process each, in the same interleaved rounds with the baseline. Cost must not grow with the
 * data: the figure is successful req/s at 10M ÷ at 1M. Writes results/scale-10m.md and .json.
 */
async function scaleRun() {
  const sets = [dataSet(1_000_000), dataSet(10_000_000)];
  const servers = [];
  const scenarios = [];
  const baselineServer = await startBaseline();
  servers.push(baselineServer);
  try {
    for (const { reservations, url } of sets) {
      const seeded = ensureDataSet(url, reservations);
      if (seeded) process.stdout.write(`${reservations}: ${seeded}\n`);
      const key = keyOfEveryOrganization(url);
      const list = await coldMix(url);
      const server = await start([MAIN, 'serve', '--port', '0', '--database-url', url]);
      servers.push(server);
      scenarios.push({
        name: `cold mix, ${reservations.toLocaleString('en')} reservations`,
        server,
        url: server.url,
        headers: { 'x-api-key': key, accept: 'application/json' },
        cold: coldList(list),
      });
    }
    const baselineScenario = {
      name: 'baseline · node:http',
      server: baselineServer,
      url: baselineServer.url,
      headers: {},
    };
    const [baseline, small, large] = await measureInterleaved([baselineScenario, ...scenarios], {
      rounds: COLD_ROUNDS,
      seconds: COLD_SECONDS,
      connections: COLD_CONNECTIONS,
    });
    const ratio = paired(large, small);
    // The same requests find fuller pages in the larger set: the cost per item served says whether a
    // request's cost grows with the data beyond the size of its answer.
    const perItem = paired(large, small, 'itemsPerSecond');
    const report = {
      date: new Date().toISOString(),
      commit: commitId(),
      node: process.version,
      baseline,
      small,
      large,
      ratio,
      perItem,
    };
    writeFileSync(join(ROOT, 'bench', 'results', 'scale-10m.json'), `${JSON.stringify(report, null, 2)}\n`);
    const percent = (share) => `${(share * 100).toFixed(1)}%`;
    const row = (r) =>
      `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${Math.round(r.itemsPerSecond)} | ${(r.itemsPerSecond / r.requestsPerSecond).toFixed(1)} | ${r.p50} | ${r.p99} | ${paired(r, baseline).value.toFixed(2)} | ${percent(r.shedShare)} | ${percent(r.limitedShare)} | ${percent(r.repeatedShare)} | ${Math.round(r.serverCpuUsPerRequest)} | ${r.peakRssMiB} MiB (${r.peakAnonMiB} MiB) |`;
    writeFileSync(
      join(ROOT, 'bench', 'results', 'scale-10m.md'),
      [
        '# The cold mix at 10,000,000 reservations (BENCH_SCALE=10m)',
        '',
        `${report.date} · commit ${report.commit} · Node ${report.node} · ${cpus().length} cores. SQLite, one server process per data set (200 organizations each), ${COLD_REQUESTS.toLocaleString('en')} distinct requests per list, medians of ${COLD_ROUNDS} interleaved rounds of ${COLD_SECONDS} s, ${COLD_CONNECTIONS} connections, successful answers only.`,
        '',
        '| scenario | successful req/s | items/s | items per answer | p50 ms | p99 ms | ratio to baseline | 503 share | 429 share | repeated share | server CPU µs/request | peak RSS (anonymous) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        `| ${baseline.name} | ${Math.round(baseline.requestsPerSecond)} | | 100 | ${baseline.p50} | ${baseline.p99} | 1.00 | | | | ${Math.round(baseline.serverCpuUsPerRequest)} | ${baseline.peakRssMiB} MiB (${baseline.peakAnonMiB} MiB) |`,
        row(small),
        row(large),
        '',
        `**10M ÷ 1M: ${ratio.value.toFixed(2)}** (rounds ${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}); target ≥ 0.8: ${ratio.value >= 0.8 ? 'met' : 'missed'}.`,
        '',
        `Per item served (items/s, 10M ÷ 1M): ${perItem.value.toFixed(2)} (rounds ${perItem.low.toFixed(2)}–${perItem.high.toFixed(2)}). The same requests find fuller pages at 10M (items per answer above).`,
        '',
      ].join('\n'),
    );
    process.stdout.write(
      `10M / 1M: ${ratio.value.toFixed(2)} per request, ${perItem.value.toFixed(2)} per item; written to bench/results/scale-10m.md\n`,
    );
  } finally {
    for (const server of servers) await server.stop();
  }
}

async function main() {
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  const seeded = ensureDataSet(SQLITE_URL);
  if (seeded) process.stdout.write(`SQLite: ${seeded}\n`);

  const baselineServer = await startBaseline();

  const databases = [{ database: 'SQLite', ...(await prepareDatabase('SQLite', SQLITE_URL)) }];
  if (process.env.BENCH_DATABASE_URL) {
    databases.push({
      database: 'PostgreSQL',
      ...(await prepareDatabase('PostgreSQL', process.env.BENCH_DATABASE_URL)),
    });
  }
  // Every server runs for the whole measurement; an idle one costs nothing but memory.
  const baselineScenario = {
    name: 'baseline · node:http, 100 summaries serialised per request',
    server: baselineServer,
    url: baselineServer.url,
    headers: {},
  };
  let measured;
  let coldMeasured;
  try {
    // BENCH_ONLY=cold measures the cold mix alone (quicker while working on the request path).
    measured =
      process.env.BENCH_ONLY === 'cold'
        ? [await measureInterleaved([baselineScenario], { rounds: 1, seconds: 1 })].flat()
        : await measureInterleaved([baselineScenario, ...databases.flatMap((d) => d.scenarios)]);
    coldMeasured = await measureInterleaved([baselineScenario, ...databases.flatMap((d) => d.coldScenarios)], {
      rounds: COLD_ROUNDS,
      seconds: COLD_SECONDS,
      connections: COLD_CONNECTIONS,
    });
  } finally {
    for (const server of [baselineServer, ...databases.flatMap((d) => d.servers)]) await server.stop();
  }
  const [baseline, ...results] = measured;
  const [coldBaseline, ...coldResults] = coldMeasured;
  const runOf = (database, scenarios, measuredResults, reference) =>
    measuredResults
      .filter((r) => scenarios.some((s) => s.name === r.name))
      .map((r) => ({ ...r, ratioToBaseline: paired(r, reference).value }));
  const runs = databases.map(({ database, total, scenarios, coldScenarios }) => ({
    database,
    total,
    results: runOf(database, scenarios, results, baseline),
    cold: runOf(database, coldScenarios, coldResults, coldBaseline),
  }));

  // BENCH_BULK=0 leaves the bulk loads out (for quicker runs while working on the request path).
  const bulk = process.env.BENCH_BULK === '0' ? undefined : benchBulk();

  const commit = commitId();
  const machine = {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  const report = {
    date: new Date().toISOString(),
    commit,
    machine,
    settings: {
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      coldConnections: COLD_CONNECTIONS,
      load: LOAD,
    },
    baseline,
    coldBaseline,
    runs,
    bulk,
  };
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  const cpu = (r) =>
    [r.serverCpuUsPerRequest, r.databaseCpuUsPerRequest, r.loadCpuUsPerRequest].map(Math.round).join(' | ');
  const row = (r) =>
    `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${(r.ratioToBaseline ?? 1).toFixed(2)} | ${cpu(r)} | ${r.peakRssMiB} MiB (${r.peakAnonMiB} MiB) |`;
  const percent = (share) => (share === undefined ? '' : `${(share * 100).toFixed(1)}%`);
  const coldRow = (r) =>
    `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${(r.ratioToBaseline ?? 1).toFixed(2)} | ${percent(r.shedShare)} | ${percent(r.limitedShare)} | ${percent(r.repeatedShare)} | ${cpu(r)} | ${r.peakRssMiB} MiB (${r.peakAnonMiB} MiB) |`;
  const lines = [
    '# Benchmark results',
    '',
    `${report.date} · commit ${commit} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGiB} GiB · Node ${machine.node}`,
    `Medians of ${ROUNDS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} connections, ${LOAD} in its own process on 127.0.0.1.`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | ratio to baseline | server CPU µs/request | PostgreSQL CPU µs/request | load generator CPU µs/request | peak RSS per process (anonymous) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(baseline),
    ...runs.flatMap((run) => run.results.map(row)),
    '',
    '## Cold mix',
    '',
    `${COLD_REQUESTS.toLocaleString('en')} distinct requests (\`cold-mix.mjs\`: random organization of ${ORGANIZATIONS}, calendar month or year, referenceDate date-from / date-to / stay / modified, a random existing page), one key bound to every organization; medians of ${COLD_ROUNDS} interleaved rounds of ${COLD_SECONDS} s with the baseline, ${COLD_CONNECTIONS} connections for both, each round going on down the list. Only successful answers count; the shares of 503 (shed under overload) and 429 answers, and of requests past the list's end (asked a second time), are beside them.`,
    '',
    '| scenario | successful req/s | p50 ms | p99 ms | ratio to baseline | 503 share | 429 share | repeated share | server CPU µs/request | PostgreSQL CPU µs/request | load generator CPU µs/request | peak RSS per process (anonymous) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    coldRow(coldBaseline),
    ...runs.flatMap((run) => run.cold.map(coldRow)),
    '',
    '## Targets',
    '',
    '| figure | median of the rounds | rounds | target | |',
    '|---|---:|---|---|---|',
    ...targets(runs, baseline, coldBaseline).map(
      ({ name, value, spread, goal, met }) =>
        `| ${name} | ${value.toFixed(2)} | ${spread} | ${goal} | ${met === undefined ? '' : met ? 'met' : 'missed'} |`,
    ),
    '',
    ...(bulk
      ? [
          `Bulk loads into a fresh SQLite file (medians of ${BULK_ROUNDS}):`,
          '',
          `- SQLite alone (\`bench/bulk-floor.mjs\`: the same schema and settings, rows from a recursive CTE, no JavaScript per row), ${RESERVATIONS.toLocaleString('en')} reservations: ${bulk.floor.reservationsPerSecond.toLocaleString('en')} reservations/s (insert ${bulk.floor.insertSeconds} s, index builds ${bulk.floor.indexSeconds} s, commit ${bulk.floor.commitSeconds} s)`,
          `- \`booking seed --synthetic\`, ${RESERVATIONS.toLocaleString('en')} reservations: ${bulk.seedReservationsPerSecond.toLocaleString('en')} reservations/s (${(bulk.seedReservationsPerSecond / bulk.floor.reservationsPerSecond).toFixed(2)} of SQLite alone)`,
          `- \`booking import\` of an export (${bulk.importReport}): ${bulk.importReservationsPerSecond.toLocaleString('en')} reservations/s (${(bulk.importReservationsPerSecond / bulk.floor.reservationsPerSecond).toFixed(2)} of SQLite alone)`,
          `- Target ≥ 200,000 reservations/s: ${Math.min(bulk.seedReservationsPerSecond, bulk.importReservationsPerSecond) >= 200_000 ? 'met' : 'missed'}${bulk.floor.reservationsPerSecond < 200_000 ? ' (SQLite alone stays below it on this machine)' : ''}`,
          '',
        ]
      : ['Bulk loads not measured in this run (BENCH_BULK=0).', '']),
  ];
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.md'), lines.join('\n'));
  process.stdout.write(`\nWritten to bench/results/latest.md and latest.json\n`);
}

await (SCALE_10M ? scaleRun() : main());
