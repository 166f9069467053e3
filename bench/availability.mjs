// `npm run bench:availability`: the two availability reads of SPEC §13 at 1,000,000 reservations
// (see bench/README.md, "Availability"). Plain JavaScript: it drives the built service (dist/) as
// separate processes, as run.mjs does, beside the same in-run baseline.
//
// - the search mix: distinct searches (availability-data.mjs: a random organization of 200, arrival,
//   1–14 nights, party and type), wrk at 50 connections, in interleaved rounds with the baseline at
//   the same count, as the cold summaries mix is measured. The figure: successful searches/s ÷ the
//   baseline's requests/s, the median of the rounds' ratios. Target ≥ 0.35 on SQLite; PostgreSQL's
//   is reported.
// - the park at a glance: 90-night grids of organization 1 (500 active accommodations), each first
//   night asked once, one connection (a person opening the board), in rounds of their own. The
//   figure: p99 latency, the median of the rounds'. Target ≤ 50 ms on both databases.
//
//   npm run bench:availability                                              SQLite
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:availability
//       and PostgreSQL, in a database of its own created beside that one and dropped at the end
//       (BENCH_KEEP_DATABASE=1 keeps it for the next run, which then reuses it)
//   BENCH_MAIN=<another checkout>/dist/src/main.js npm run bench:availability
//       and another build beside this one, in the same rounds (a change's before and after)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { cli, commitId, MAIN, paired, ROOT, startBaselineOf, startServer } from './lib.mjs';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  keyOfEveryOrganization,
  measureInterleaved,
  print,
  reservationCount,
  walk,
} from './selling-lib.mjs';
import {
  GRID_ACCOMMODATIONS,
  GRID_NIGHTS,
  ORGANIZATIONS,
  RESERVATIONS,
  gridList,
  prepareAvailabilityData,
  searchList,
} from './availability-data.mjs';

const SEARCH_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5);
const SEARCH_SECONDS = Number(process.env.BENCH_COLD_SECONDS ?? 2);
const SEARCH_CONNECTIONS = Number(process.env.BENCH_COLD_CONNECTIONS ?? 50);
const GRID_ROUNDS = Number(process.env.BENCH_GRID_ROUNDS ?? 5);
const GRID_SECONDS = Number(process.env.BENCH_GRID_SECONDS ?? 4);
const GRID_CONNECTIONS = Number(process.env.BENCH_GRID_CONNECTIONS ?? 1);
const SEARCH_TARGET = 0.35;
const GRID_TARGET_MS = 50;
const SQLITE_URL = `sqlite:${join(ROOT, 'bench', 'data', 'availability.sqlite')}`;
const POSTGRES_DATABASE = 'booking_bench_availability';
const ONLY = process.env.BENCH_ONLY;
/** This checkout's build, and with BENCH_MAIN another one (the commit before a change), measured in the same rounds. */
const BUILDS = [['', MAIN], ...(process.env.BENCH_MAIN ? [['BENCH_MAIN', process.env.BENCH_MAIN]] : [])];
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';
// The bench measures throughput, not the per-credential budget of SPEC §7: the limit is lifted.
const ENV = { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' };

const cliOn = (args, databaseUrl) => cli(args, { ...ENV, DATABASE_URL: databaseUrl });

/** The synthetic data set of `npm run bench` (the same seed), then the blocks, rules and lists of availability-data.mjs. */
async function ensureDataSet(label, databaseUrl) {
  if ((await reservationCount(databaseUrl)) < RESERVATIONS) {
    const args = ['seed', '--synthetic', '--organizations', String(ORGANIZATIONS)];
    print(`${label}: ${cliOn([...args, '--reservations', String(RESERVATIONS), '--seed', '1'], databaseUrl).trim()}`);
  }
  const added = await prepareAvailabilityData(databaseUrl);
  if (added) print(`${label}: added ${added.blocks} blocks, ${added.rules} stay rules, ${added.inactive} inactive`);
}

/** Checks one answer of each list: every grid 500 accommodations and 90 nights, every search an array. */
async function probe(server, key, searches, grids) {
  const first = (file) => execFileSync('head', ['-n', '1', file], { encoding: 'utf8' }).trim();
  const get = async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const grid = await get(first(grids));
  if (grid.accommodations.length !== GRID_ACCOMMODATIONS || grid.types.some((t) => t.free.length !== GRID_NIGHTS))
    throw new Error(`the grid holds ${grid.accommodations.length} accommodations, not ${GRID_ACCOMMODATIONS}`);
  const search = await get(first(searches));
  if (!Array.isArray(search)) throw new Error('the search answered no array');
  return { gridHolds: grid.accommodations.reduce((sum, a) => sum + a.held.length, 0) };
}

async function main() {
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  const databases = [{ database: 'SQLite', url: SQLITE_URL }];
  const adminUrl = process.env.BENCH_POSTGRES_URL;
  if (adminUrl)
    databases.push({ database: 'PostgreSQL', url: await createPostgresDatabase(adminUrl, POSTGRES_DATABASE) });
  const servers = [];
  try {
    for (const d of databases) await ensureDataSet(d.database, d.url);
    // The same data set on both databases, so the same lists.
    const searches = await searchList(SQLITE_URL);
    const grids = gridList();
    servers.push(await startBaselineOf(SQLITE_URL, ENV));
    const baseline = {
      name: 'baseline · node:http, 100 summaries serialised per request',
      server: servers[0],
      url: servers[0].url,
      headers: {},
    };
    const searchScenarios = [];
    const gridScenarios = [];
    for (const d of databases) {
      const key = keyOfEveryOrganization(d.url, ENV, ORGANIZATIONS);
      for (const [build, main] of BUILDS) {
        const server = await startServer([main, 'serve', '--port', '0', '--database-url', d.url], ENV);
        servers.push(server);
        d.probe = await probe(server, key, searches, grids);
        const scenario = {
          server,
          url: server.url,
          headers: { 'x-api-key': key, accept: 'application/json' },
          postgres: d.database === 'PostgreSQL',
        };
        const suffix = build ? ` (${build})` : '';
        searchScenarios.push({ ...scenario, name: `${d.database} · search mix${suffix}`, walk: walk(searches) });
        gridScenarios.push({ ...scenario, name: `${d.database} · grid, 90 nights${suffix}`, walk: walk(grids) });
      }
    }
    // BENCH_ONLY=search or grid measures one of the two (quicker while working on one).
    const [searchBaseline, ...searchResults] =
      ONLY === 'grid'
        ? [undefined]
        : await measureInterleaved([baseline, ...searchScenarios], {
            rounds: SEARCH_ROUNDS,
            seconds: SEARCH_SECONDS,
            connections: SEARCH_CONNECTIONS,
          });
    const gridResults =
      ONLY === 'search'
        ? []
        : await measureInterleaved(gridScenarios, {
            rounds: GRID_ROUNDS,
            seconds: GRID_SECONDS,
            connections: GRID_CONNECTIONS,
          });
    write(databases, searchBaseline, searchResults, gridResults);
  } finally {
    for (const server of servers) await server.stop();
    if (adminUrl && !KEEP_DATABASE) await dropPostgresDatabase(adminUrl, POSTGRES_DATABASE);
  }
}

function write(databases, baseline, searches, grids) {
  const report = {
    date: new Date().toISOString(),
    commit: commitId(),
    machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
    node: process.version,
    settings: {
      searchRounds: SEARCH_ROUNDS,
      searchSeconds: SEARCH_SECONDS,
      searchConnections: SEARCH_CONNECTIONS,
      gridRounds: GRID_ROUNDS,
      gridSeconds: GRID_SECONDS,
      gridConnections: GRID_CONNECTIONS,
    },
    baseline,
    searches: baseline ? searches.map((s) => ({ ...s, ratio: paired(s, baseline) })) : [],
    grids,
  };
  writeFileSync(join(ROOT, 'bench', 'results', 'availability.json'), `${JSON.stringify(report, null, 2)}\n`);
  const percent = (share) => `${(share * 100).toFixed(1)}%`;
  const loads = (r) => r.rounds.map((round) => round.loadAverage.toFixed(1)).join(', ');
  const cpu = (r) => `${Math.round(r.serverCpuUsPerRequest)} | ${Math.round(r.databaseCpuUsPerRequest)}`;
  const lines = [
    '# Availability: the search mix and the park at a glance (SPEC §13)',
    '',
    `${report.date} · commit ${report.commit} · ${report.machine.cpu} × ${report.machine.cores} · Node ${report.node}. ` +
      `${RESERVATIONS.toLocaleString('en')} synthetic reservations of ${ORGANIZATIONS} organizations ` +
      `(\`availability-data.mjs\`: ${databases.map((d) => d.database).join(' and ')}), one server process per database` +
      (process.env.BENCH_MAIN ? ` and build (BENCH_MAIN: ${process.env.BENCH_MAIN}).` : '.'),
    '',
    '## Search mix',
    '',
    ...(baseline
      ? [
          `Distinct searches (a random organization, arrival 2022-01-01 … 2026-09-30, 1–14 nights, party, a type in half), ` +
            `one key bound to every organization; medians of ${SEARCH_ROUNDS} interleaved rounds of ${SEARCH_SECONDS} s with the baseline, ` +
            `${SEARCH_CONNECTIONS} connections for both, each round going on down the list. Only successful answers count.`,
          '',
          '| scenario | successful req/s | p50 ms | p99 ms | ratio to baseline (rounds) | 503 share | repeated share | server CPU µs/request | PostgreSQL CPU µs/request | load average per round |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
          `| ${baseline.name} | ${Math.round(baseline.requestsPerSecond)} | ${baseline.p50} | ${baseline.p99} | 1.00 | | | ${cpu(baseline)} | ${loads(baseline)} |`,
          ...report.searches.map(
            (s) =>
              `| ${s.name} | ${Math.round(s.requestsPerSecond)} | ${s.p50} | ${s.p99} | **${s.ratio.value.toFixed(2)}** (${s.ratio.low.toFixed(2)}–${s.ratio.high.toFixed(2)}) | ${percent(s.shedShare)} | ${percent(s.repeatedShare)} | ${cpu(s)} | ${loads(s)} |`,
          ),
          '',
        ]
      : ['Not measured in this run (BENCH_ONLY=grid).', '']),
    '## The park at a glance',
    '',
    ...(grids.length > 0
      ? [
          `Organization 1's grid, ${GRID_ACCOMMODATIONS} active accommodations of six types × ${GRID_NIGHTS} nights ` +
            `(${databases.map((d) => `${d.probe.gridHolds.toLocaleString('en')} holds in the first one on ${d.database}`).join(', ')}), ` +
            `every first night from 2022-01-01 to 2027-03-31 once, shuffled; ${GRID_CONNECTIONS} connection, ` +
            `medians of ${GRID_ROUNDS} interleaved rounds of ${GRID_SECONDS} s.`,
          '',
          '| scenario | req/s | p50 ms | p99 ms (median of rounds) | highest round p99 ms | p99 per round | repeated share | server CPU µs/request | PostgreSQL CPU µs/request | load average per round |',
          '|---|---:|---:|---:|---:|---|---:|---:|---:|---|',
          ...grids.map(
            (g) =>
              `| ${g.name} | ${Math.round(g.requestsPerSecond)} | ${g.p50} | **${g.p99}** | ${g.highestP99} | ${g.rounds.map((r) => r.p99).join(', ')} | ${percent(g.repeatedShare)} | ${cpu(g)} | ${loads(g)} |`,
          ),
          '',
        ]
      : ['Not measured in this run (BENCH_ONLY=search).', '']),
    '## Targets',
    '',
    '| figure | value | target | |',
    '|---|---:|---|---|',
    ...report.searches.map((s) => {
      const sqlite = s.name.startsWith('SQLite');
      return `| ${s.name} / baseline | ${s.ratio.value.toFixed(2)} | ${sqlite ? `≥ ${SEARCH_TARGET}` : 'reported'} | ${sqlite ? (s.ratio.value >= SEARCH_TARGET ? 'met' : 'missed') : ''} |`;
    }),
    ...grids.map(
      (g) =>
        `| ${g.name}: p99 | ${g.p99} ms | ≤ ${GRID_TARGET_MS} ms | ${g.p99 <= GRID_TARGET_MS ? 'met' : 'missed'} |`,
    ),
    '',
  ];
  writeFileSync(join(ROOT, 'bench', 'results', 'availability.md'), lines.join('\n'));
  print(`\n${lines.join('\n')}\nWritten to bench/results/availability.md and availability.json`);
}

await main();
