// `node bench/compression.mjs` (after `npm run build`): what content coding costs and saves. See
// bench/README.md, Compression. Plain JavaScript: it drives the built service (dist/) as processes.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cli, commitId, MAIN, median, processTree, readProcesses, ROOT, startServer } from './lib.mjs';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// The data set of `npm run bench` (kept between runs): the first organization has ~20,000 arrivals a year.
const DATABASE_URL = `sqlite:${join(ROOT, 'bench', 'data', 'bench.sqlite')}`;
const RESERVATIONS = 1_000_000;
/** Pages per one-year period the cold scenario walks through before it moves the period on by a day. */
const COLD_PAGES = 150;
const CODINGS = ['identity', 'gzip', 'br'];

const env = { ...process.env, DATABASE_URL, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' };

function ensureDataSet() {
  let count = 0;
  try {
    count = Number(countReservations());
  } catch {
    // No schema yet: the seed creates it.
  }
  if (count >= RESERVATIONS) return;
  process.stdout.write('seeding the bench data set (1,000,000 reservations)…\n');
  cli(['seed', '--synthetic', '--organizations', '200', '--reservations', String(RESERVATIONS), '--seed', '1'], env);
}

function countReservations() {
  const script = `
    const { createDb, closeDb } = await import(${JSON.stringify(join(ROOT, 'dist/src/db/database.js'))});
    const { parseDatabaseUrl } = await import(${JSON.stringify(join(ROOT, 'dist/src/config.js'))});
    const db = createDb(parseDatabaseUrl({ value: process.env.DATABASE_URL, name: 'DATABASE_URL' }));
    const row = await db.kysely.selectFrom('reservations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    process.stdout.write(String(row.n)); await closeDb(db);`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
}

/** One GET, its status, headers and the bytes on the wire (not decoded). */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

async function wrk(url, headers, script, args = []) {
  const options = ['-t', '1', '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '-s', join(ROOT, 'bench', script)];
  for (const [name, value] of Object.entries(headers)) options.push('-H', `${name}: ${value}`);
  const { stdout } = await run('wrk', [...options, url, ...(args.length ? ['--', ...args.map(String)] : [])]);
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  if (result.non2xx > 0 || result.socketErrors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.socketErrors} errors`);
  return {
    requests: result.requests,
    requestsPerSecond: result.requests / (result.durationUs / 1e6),
    p50: result.p50Us / 1000,
  };
}

const cpuSeconds = (pids) => readProcesses().reduce((sum, p) => sum + (pids.includes(p.pid) ? p.cpuSeconds : 0), 0);

async function main() {
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  ensureDataSet();
  const key = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--name', 'bench-compression', '--json'], env),
  ).apiKey;
  const service = await startServer([MAIN, 'serve', '--port', '0'], env);
  const auth = { 'x-api-key': key, accept: 'application/json' };
  const summaries = `${service.url}/api/reservations/summaries?organization=1`;
  const page = `${summaries}&dateFrom=2024-01-01&dateTo=2024-12-31`;

  // Bytes per response in each coding.
  const sizes = [];
  for (const [name, url, headers] of [
    ['summaries, 100 items', page, auth],
    ['accommodations list', `${service.url}/api/accommodations/?organization=1`, auth],
    ['/openapi.json', `${service.url}/openapi.json`, {}],
  ]) {
    const row = { name };
    for (const coding of CODINGS) {
      const response = await get(url, { ...headers, 'accept-encoding': coding });
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      row[coding] = response.bytes.byteLength;
    }
    sizes.push(row);
  }
  const pageFile = join(ROOT, 'bench', 'data', 'page.json');
  writeFileSync(pageFile, (await get(page, auth)).bytes);

  const plugin = await startServer([join(ROOT, 'bench', 'compression-server.mjs'), 'plugin', pageFile], env);
  const kept = await startServer([join(ROOT, 'bench', 'compression-server.mjs'), 'kept', pageFile], env);
  const scenarios = CODINGS.flatMap((coding) => {
    const headers = { ...auth, 'accept-encoding': coding };
    return [
      { name: `service, hot page · ${coding}`, server: service, url: page, headers, script: 'wrk-report.lua' },
      {
        name: `service, cold pages · ${coding}`,
        server: service,
        url: summaries,
        headers,
        script: 'wrk-cold.lua',
        cold: true,
      },
      {
        name: `bare Fastify + @fastify/compress · ${coding}`,
        server: plugin,
        url: plugin.url,
        headers,
        script: 'wrk-report.lua',
      },
      {
        name: `bare Fastify + kept variants · ${coding}`,
        server: kept,
        url: kept.url,
        headers,
        script: 'wrk-report.lua',
      },
    ];
  });

  const rounds = scenarios.map(() => []);
  let coldStart = 0;
  try {
    for (const s of scenarios) if (!s.cold) await get(s.url, s.headers); // caches filled, variants made
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, s] of scenarios.entries()) {
        const pids = processTree(s.server.pid);
        const before = cpuSeconds(pids);
        const result = await wrk(s.url, s.headers, s.script, s.cold ? [coldStart, COLD_PAGES] : []);
        // The next cold run starts where this one ended: no page is asked for twice.
        if (s.cold) coldStart += result.requests + CONNECTIONS;
        rounds[i].push({ ...result, serverCpuUsPerRequest: ((cpuSeconds(pids) - before) * 1e6) / result.requests });
      }
      process.stdout.write(`round ${r + 1} of ${ROUNDS} done\n`);
    }
  } finally {
    for (const server of [service, plugin, kept]) await server.stop();
  }
  const results = scenarios.map((s, i) => ({
    name: s.name,
    requestsPerSecond: Math.round(median(rounds[i].map((r) => r.requestsPerSecond))),
    p50: median(rounds[i].map((r) => r.p50)),
    serverCpuUsPerRequest: Math.round(median(rounds[i].map((r) => r.serverCpuUsPerRequest))),
    rounds: rounds[i],
  }));

  const machine = `${cpus()[0]?.model} × ${cpus().length} · Node ${process.version}`;
  const date = new Date().toISOString();
  writeFileSync(
    join(ROOT, 'bench', 'results', 'compression-latest.json'),
    `${JSON.stringify({ date, commit: commitId(), machine, settings: { ROUNDS, SECONDS, CONNECTIONS }, sizes, results }, null, 2)}\n`,
  );
  const lines = [
    '# Compression benchmark',
    '',
    `${date} · commit ${commitId()} · ${machine}`,
    `Medians of ${ROUNDS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} connections, wrk on 127.0.0.1; SQLite, one process.`,
    '',
    '| response | identity bytes | gzip bytes | br bytes |',
    '|---|---:|---:|---:|',
    ...sizes.map((s) => `| ${s.name} | ${s.identity} | ${s.gzip} | ${s.br} |`),
    '',
    '| scenario | req/s | p50 ms | server CPU µs/request |',
    '|---|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50.toFixed(2)} | ${r.serverCpuUsPerRequest} |`),
    '',
  ];
  writeFileSync(join(ROOT, 'bench', 'results', 'compression-latest.md'), lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\nWritten to bench/results/compression-latest.md and .json\n`);
}

await main();
