// `npm run bench:prices`: quotes and the original's quotations (SPEC §14) at 1,000,000 reservations
// (see bench/README.md, "Prices"). Plain JavaScript: it drives the built service (dist/) as separate
// processes, as availability.mjs does, beside the same in-run baseline (`startBaselineOf`).
//
// - the quote mix: distinct quotes (prices-data.mjs: a random organization of 200, accommodation,
//   stay, party and supplements), wrk at 50 connections, in interleaved rounds with the baseline at
//   the same count. The figure: successful quotes/s ÷ the baseline's requests/s, the median of the
//   rounds' ratios. Target ≥ 0.35 on both databases.
// - the original's quotations: 31-day windows of a random accommodation from the organizations'
//   today on, each asked once, one connection (the original's client filling a calendar), in rounds
//   of their own. The figure: p99 latency, the median of the rounds'. Target ≤ 20 ms on both.
//
// Both measured BENCH_RUNS times (3) in one invocation, the servers kept running; every figure is
// the median of the runs' (each run's itself the median of its rounds).
//
//   npm run bench:prices                                                     SQLite
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:prices
//       and PostgreSQL, in a database of its own (BENCH_POSTGRES_DATABASE, booking_bench_prices)
//       created beside that one and dropped at the end (BENCH_KEEP_DATABASE=1 keeps it)
//   BENCH_ONLY=quote or quotations                                          one of the two
//   BENCH_MAIN=<another checkout>/dist/src/main.js                           another build beside this one
//   BENCH_CPU_PROF=<directory>                                               the servers under --cpu-prof
//   BENCH_WORKERS=0                                                          without the quote mix of
//       `serve --workers 2` on PostgreSQL (measured by default beside the one process: on PostgreSQL
//       one process's event loop is the bound, where SQLite's process reads on threads of its own)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { cli, commitId, MAIN, median, paired, ROOT, startBaselineOf, startServer } from './lib.mjs';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  keyOfEveryOrganization,
  measureInterleaved,
  print,
  reservationCount,
  walk,
} from './selling-lib.mjs';
import { ORGANIZATIONS, RESERVATIONS, prepareAvailabilityData } from './availability-data.mjs';
import { PRICE_LIST, QUOTATION_DAYS, preparePriceData, quotationList, quoteList } from './prices-data.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const QUOTE_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);
const QUOTE_SECONDS = Number(process.env.BENCH_COLD_SECONDS ?? 2);
const QUOTE_CONNECTIONS = Number(process.env.BENCH_COLD_CONNECTIONS ?? 50);
const QUOTATION_ROUNDS = Number(process.env.BENCH_QUOTATION_ROUNDS ?? 5);
const QUOTATION_SECONDS = Number(process.env.BENCH_QUOTATION_SECONDS ?? 4);
const QUOTATION_CONNECTIONS = Number(process.env.BENCH_QUOTATION_CONNECTIONS ?? 1);
const QUOTE_TARGET = 0.35;
const QUOTATION_TARGET_MS = 20;
const SQLITE_URL = `sqlite:${join(ROOT, 'bench', 'data', 'prices.sqlite')}`;
const POSTGRES_DATABASE = process.env.BENCH_POSTGRES_DATABASE ?? 'booking_bench_prices';
const ONLY = process.env.BENCH_ONLY;
/** This checkout's build, and with BENCH_MAIN another one (the commit before a change), measured in the same rounds. */
const BUILDS = [['', MAIN], ...(process.env.BENCH_MAIN ? [['BENCH_MAIN', process.env.BENCH_MAIN]] : [])];
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';
const WORKERS = process.env.BENCH_WORKERS !== '0';
const PROFILE = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/**
 * BENCH_UNGUARDED=1 turns the overload guard off (MAX_EVENT_LOOP_DELAY_MS=0): a request that holds
 * the event loop past a sample of the guard makes it answer 503 to the next ones (see bench/README.md,
 * "Prices"), and wrk's latencies then mix those with the priced answers. Results go to
 * prices-unguarded.md and .json instead.
 */
const UNGUARDED = process.env.BENCH_UNGUARDED === '1';
const RESULTS = UNGUARDED ? 'prices-unguarded' : 'prices';
// The bench measures throughput, not the per-credential budget of SPEC §7: the limit is lifted.
const ENV = {
  ...process.env,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000000000',
  ...(UNGUARDED && { MAX_EVENT_LOOP_DELAY_MS: '0' }),
};

const cliOn = (args, databaseUrl) => cli(args, { ...ENV, DATABASE_URL: databaseUrl });

/** The synthetic data set, the availability bench's blocks and rules, then every organization's price list. */
async function ensureDataSet(label, databaseUrl) {
  if ((await reservationCount(databaseUrl)) < RESERVATIONS) {
    const args = ['seed', '--synthetic', '--organizations', String(ORGANIZATIONS)];
    print(`${label}: ${cliOn([...args, '--reservations', String(RESERVATIONS), '--seed', '1'], databaseUrl).trim()}`);
  }
  const added = await prepareAvailabilityData(databaseUrl);
  if (added) print(`${label}: added ${added.blocks} blocks, ${added.rules} stay rules, ${added.inactive} inactive`);
  const writer = await startServer([MAIN, 'serve', '--port', '0', '--database-url', databaseUrl], ENV);
  try {
    const started = Date.now();
    const written = await preparePriceData(
      databaseUrl,
      writer.url,
      keyOfEveryOrganization(databaseUrl, ENV, ORGANIZATIONS, 'admin'),
    );
    if (written)
      print(`${label}: wrote ${written} price records through the API in ${(Date.now() - started) / 1000} s`);
  } finally {
    await writer.stop();
  }
}

/** Checks the lists against a server: quotes priced, quotations listing stays; returns what a sample holds. */
async function probe(server, key, quotes, quotations) {
  const sample = (file, n) =>
    execFileSync('head', ['-n', String(n), file], { encoding: 'utf8' })
      .trim()
      .split('\n');
  // A 503 (the overload guard: see bench/README.md, "Prices") is asked again, a few times.
  const get = async (path) => {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });
      if (response.status === 503 && attempt < 20) {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 300));
        continue;
      }
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    }
  };
  let lines = 0;
  let priced = 0;
  let bookable = 0;
  const quoteSample = sample(quotes, 200);
  for (const path of quoteSample) {
    const q = await get(path);
    lines += q.orderLines.length;
    if (q.orderLinesTotal !== null) priced++;
    if (q.bookable) bookable++;
  }
  if (priced === 0) throw new Error('no quote of the sample is priced');
  let stays = 0;
  let empty = 0;
  const quotationSample = sample(quotations, 100);
  for (const path of quotationSample) {
    const list = await get(path);
    if (!Array.isArray(list)) throw new Error(`${path}: no array`);
    stays += list.length;
    if (list.length === 0) empty++;
  }
  if (stays === 0) throw new Error('no quotation of the sample lists a stay');
  return {
    quotePricedShare: priced / quoteSample.length,
    quoteBookableShare: bookable / quoteSample.length,
    quoteLines: lines / priced,
    quotationStays: stays / quotationSample.length,
    quotationEmptyShare: empty / quotationSample.length,
  };
}

/** The median over runs of one scenario's figures (each run's the median of its rounds). */
function overRuns(runs, index, baselineIndex) {
  const of = (key) => median(runs.map((run) => run[index][key]));
  const ratios =
    baselineIndex === undefined ? undefined : runs.map((run) => paired(run[index], run[baselineIndex]).value);
  return {
    name: runs[0][index].name,
    requestsPerSecond: of('requestsPerSecond'),
    p50: of('p50'),
    p99: of('p99'),
    highestP99: Math.max(...runs.map((run) => run[index].highestP99)),
    shedShare: of('shedShare'),
    repeatedShare: Math.max(...runs.map((run) => run[index].repeatedShare)),
    serverCpuUsPerRequest: of('serverCpuUsPerRequest'),
    databaseCpuUsPerRequest: of('databaseCpuUsPerRequest'),
    ratio: ratios && { value: median(ratios), runs: ratios },
    p99Runs: runs.map((run) => run[index].p99),
    requestsPerSecondRuns: runs.map((run) => run[index].requestsPerSecond),
    loadAverageRuns: runs.map((run) => run[index].loadAverage),
  };
}

async function main() {
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  if (process.env.BENCH_CPU_PROF) mkdirSync(process.env.BENCH_CPU_PROF, { recursive: true });
  const databases = [{ database: 'SQLite', url: SQLITE_URL }];
  const adminUrl = process.env.BENCH_POSTGRES_URL;
  if (adminUrl)
    databases.push({ database: 'PostgreSQL', url: await createPostgresDatabase(adminUrl, POSTGRES_DATABASE) });
  const servers = [];
  try {
    for (const d of databases) await ensureDataSet(d.database, d.url);
    // The organizations' today (the synthetic ones keep Europe/Amsterdam's, never behind UTC's by a
    // day): quotation windows start after it, where stays are sold.
    const today = new Date().toISOString().slice(0, 10);
    // The same data set and price list (written in one order) on both databases, so the same lists.
    const quotes = await quoteList(SQLITE_URL);
    const quotations = await quotationList(SQLITE_URL, today);
    servers.push(await startBaselineOf(SQLITE_URL, ENV));
    const baseline = {
      name: 'baseline · node:http, 100 summaries serialised per request',
      server: servers[0],
      url: servers[0].url,
      headers: {},
    };
    const quoteScenarios = [];
    const quotationScenarios = [];
    for (const d of databases) {
      const key = keyOfEveryOrganization(d.url, ENV, ORGANIZATIONS);
      for (const [build, main] of BUILDS) {
        const server = await startServer([...PROFILE, main, 'serve', '--port', '0', '--database-url', d.url], ENV);
        servers.push(server);
        if (!build) d.probe = await probe(server, key, quotes, quotations);
        const scenario = {
          server,
          url: server.url,
          headers: { 'x-api-key': key, accept: 'application/json' },
          postgres: d.database === 'PostgreSQL',
        };
        const suffix = build ? ` (${build})` : '';
        quoteScenarios.push({ ...scenario, name: `${d.database} · quote mix${suffix}`, walk: walk(quotes) });
        quotationScenarios.push({
          ...scenario,
          name: `${d.database} · quotations, ${QUOTATION_DAYS} days${suffix}`,
          walk: walk(quotations),
        });
      }
      if (WORKERS && d.database === 'PostgreSQL') {
        const args = [...PROFILE, MAIN, 'serve', '--port', '0', '--workers', '2', '--database-url', d.url];
        const server = await startServer(args, ENV);
        servers.push(server);
        quoteScenarios.push({
          server,
          url: server.url,
          headers: { 'x-api-key': key, accept: 'application/json' },
          postgres: true,
          name: `${d.database} · quote mix, --workers 2`,
          walk: walk(quotes),
        });
      }
    }
    const quoteRuns = [];
    const quotationRuns = [];
    for (let run = 1; run <= RUNS; run++) {
      print(`run ${run} of ${RUNS}`);
      if (ONLY !== 'quotations') {
        quoteRuns.push(
          await measureInterleaved([baseline, ...quoteScenarios], {
            rounds: QUOTE_ROUNDS,
            seconds: QUOTE_SECONDS,
            connections: QUOTE_CONNECTIONS,
          }),
        );
      }
      if (ONLY !== 'quote') {
        quotationRuns.push(
          await measureInterleaved(quotationScenarios, {
            rounds: QUOTATION_ROUNDS,
            seconds: QUOTATION_SECONDS,
            connections: QUOTATION_CONNECTIONS,
          }),
        );
      }
    }
    const quoteResults = quoteRuns.length
      ? quoteRuns[0].map((_, i) => overRuns(quoteRuns, i, i === 0 ? undefined : 0))
      : [];
    const quotationResults = quotationRuns.length ? quotationRuns[0].map((_, i) => overRuns(quotationRuns, i)) : [];
    write(databases, quoteResults, quotationResults, { quoteRuns, quotationRuns });
  } finally {
    for (const server of servers) await server.stop();
    if (adminUrl && !KEEP_DATABASE) await dropPostgresDatabase(adminUrl, POSTGRES_DATABASE);
  }
}

function write(databases, [baseline, ...quotes], quotations, runs) {
  const report = {
    date: new Date().toISOString(),
    commit: commitId(),
    machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
    node: process.version,
    settings: {
      runs: RUNS,
      quoteRounds: QUOTE_ROUNDS,
      quoteSeconds: QUOTE_SECONDS,
      quoteConnections: QUOTE_CONNECTIONS,
      quotationRounds: QUOTATION_ROUNDS,
      quotationSeconds: QUOTATION_SECONDS,
      quotationConnections: QUOTATION_CONNECTIONS,
      priceList: PRICE_LIST,
    },
    probes: Object.fromEntries(databases.map((d) => [d.database, d.probe])),
    baseline,
    quotes,
    quotations,
    runs,
  };
  writeFileSync(join(ROOT, 'bench', 'results', `${RESULTS}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const percent = (share) => `${(share * 100).toFixed(1)}%`;
  const list = (values, digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');
  const cpu = (r) => `${Math.round(r.serverCpuUsPerRequest)} | ${Math.round(r.databaseCpuUsPerRequest)}`;
  const probe = (d) =>
    d.probe
      ? `${d.database}: ${percent(d.probe.quotePricedShare)} of 200 sample quotes priced (${d.probe.quoteLines.toFixed(1)} lines each), ` +
        `${percent(d.probe.quoteBookableShare)} bookable; 100 sample quotations list ${d.probe.quotationStays.toFixed(1)} stays each, ` +
        `${percent(d.probe.quotationEmptyShare)} none`
      : '';
  const lines = [
    "# Prices: the quote mix and the original's quotations (SPEC §14)",
    '',
    `${report.date} · commit ${report.commit} · ${report.machine.cpu} × ${report.machine.cores} · ${report.machine.memoryGiB} GiB · Node ${report.node}. ` +
      `${RESERVATIONS.toLocaleString('en')} synthetic reservations of ${ORGANIZATIONS} organizations with the availability bench's blocks and stay rules, ` +
      `and per organization ${PRICE_LIST.components} price components, ${PRICE_LIST.supplements} supplements and ${PRICE_LIST.discounts} discounts ` +
      `(\`prices-data.mjs\`; ${databases.map((d) => d.database).join(' and ')}), one server process per database (and \`serve --workers 2\` on PostgreSQL where named)` +
      (process.env.BENCH_MAIN ? ` and build (BENCH_MAIN: ${process.env.BENCH_MAIN}).` : '.') +
      (UNGUARDED ? ' The overload guard is off (BENCH_UNGUARDED=1, MAX_EVENT_LOOP_DELAY_MS=0).' : '') +
      ` Every figure is the median of ${RUNS} runs in this invocation, each run's the median of its rounds.`,
    '',
    ...databases.filter((d) => d.probe).map((d) => `- ${probe(d)}`),
    '',
    '## Quote mix',
    '',
    ...(baseline
      ? [
          `Distinct quotes (a random organization and active accommodation, arrival 2022-01-01 … 2027-11-30, 1–14 nights, party, ` +
            `optional supplements in half), one key bound to every organization; per run ${QUOTE_ROUNDS} interleaved rounds of ${QUOTE_SECONDS} s ` +
            `with the baseline, ${QUOTE_CONNECTIONS} connections for both, each round going on down the list. Only successful answers count.`,
          '',
          '| scenario | successful req/s | p50 ms | p99 ms | ratio to baseline (runs) | 503 share | repeated share | server CPU µs/request | PostgreSQL CPU µs/request | load average per run |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
          `| ${baseline.name} | ${Math.round(baseline.requestsPerSecond)} | ${baseline.p50} | ${baseline.p99} | 1.00 | | | ${cpu(baseline)} | ${list(baseline.loadAverageRuns, 1)} |`,
          ...quotes.map(
            (s) =>
              `| ${s.name} | ${Math.round(s.requestsPerSecond)} | ${s.p50} | ${s.p99} | **${s.ratio.value.toFixed(2)}** (${list(s.ratio.runs, 2)}) | ${percent(s.shedShare)} | ${percent(s.repeatedShare)} | ${cpu(s)} | ${list(s.loadAverageRuns, 1)} |`,
          ),
          '',
        ]
      : ['Not measured in this run (BENCH_ONLY=quotations).', '']),
    "## The original's quotations",
    '',
    ...(quotations.length > 0
      ? [
          `\`GET /api/accommodations/{id}/quotations/\` for ${QUOTATION_DAYS}-day windows (dateFrom … dateTo inclusive) of a random active ` +
            `accommodation of a random organization, first day from the organizations' today + 1 to 2027-12-01, default party (2 adults), ` +
            `each asked once; ${QUOTATION_CONNECTIONS} connection, per run ${QUOTATION_ROUNDS} interleaved rounds of ${QUOTATION_SECONDS} s.`,
          '',
          '| scenario | successful req/s | p50 ms | p99 ms (median of runs) | p99 per run | highest round p99 ms | 503 share | repeated share | server CPU µs/request | PostgreSQL CPU µs/request | load average per run |',
          '|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|',
          ...quotations.map(
            (g) =>
              `| ${g.name} | ${Math.round(g.requestsPerSecond)} | ${g.p50} | **${g.p99}** | ${list(g.p99Runs, 2)} | ${g.highestP99} | ${percent(g.shedShare)} | ${percent(g.repeatedShare)} | ${cpu(g)} | ${list(g.loadAverageRuns, 1)} |`,
          ),
          '',
          "wrk's latencies are of every answer, 503s (the overload guard's, answered at once) included: with a 503 share above zero the p99 of the priced answers is higher than the one shown.",
          '',
        ]
      : ['Not measured in this run (BENCH_ONLY=quote).', '']),
    '## Targets',
    '',
    '| figure | value | target | |',
    '|---|---:|---|---|',
    ...quotes.map(
      (s) =>
        `| ${s.name} / baseline | ${s.ratio.value.toFixed(2)} | ≥ ${QUOTE_TARGET} | ${s.ratio.value >= QUOTE_TARGET ? 'met' : 'missed'} |`,
    ),
    ...quotations.map(
      (g) =>
        `| ${g.name}: p99 | ${g.p99} ms | ≤ ${QUOTATION_TARGET_MS} ms | ${g.p99 <= QUOTATION_TARGET_MS ? 'met' : 'missed'} |`,
    ),
    '',
  ];
  writeFileSync(join(ROOT, 'bench', 'results', `${RESULTS}.md`), lines.join('\n'));
  print(`\n${lines.join('\n')}\nWritten to bench/results/${RESULTS}.md and .json`);
}

await main();
