// `npm run bench`: the service under load, as a ratio of a baseline measured in the same run.
// See bench/README.md. Plain JavaScript: it drives the built service (dist/) as separate processes.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SQLITE_URL = `sqlite:${join(ROOT, 'bench', 'data', 'bench.sqlite')}`;
const RESERVATIONS = 1_000_000;

function cli(args, databaseUrl) {
  return execFileSync(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
}

/** Starts a process and resolves once it prints the URL it listens on. */
function start(args) {
  return new Promise((resolve, reject) => {
    // The bench measures throughput, not the per-credential budget of SPEC §7: the limit is lifted.
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match)
        resolve({
          url: match[1],
          pid: child.pid,
          stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))),
        });
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

/** Seeds the synthetic data set unless the database already holds it (it is reused between runs). */
function ensureDataSet(databaseUrl) {
  let count = 0;
  try {
    count = Number(countReservations(databaseUrl));
  } catch {
    // No schema yet: the seed below creates it.
  }
  if (count >= RESERVATIONS) return undefined;
  return cli(
    ['seed', '--synthetic', '--organizations', '200', '--reservations', String(RESERVATIONS), '--seed', '1'],
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
  });
}

async function autocannon(url, headers, seconds = SECONDS) {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(join(ROOT, 'node_modules', '.bin', 'autocannon'), [...args, url], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A process and its children (the workers of `--workers`), from /proc. */
function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // Not Linux, or the process is gone: its own figure is all there is.
  }
  return [pid, ...children.flatMap(processTree)];
}

function residentMiB(pid) {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the resident memory of a server's processes while `work` runs; the largest per process. */
async function peakResidentMiB(pid, work) {
  let peak = 0;
  const sample = () => {
    for (const p of processTree(pid)) peak = Math.max(peak, residentMiB(p));
  };
  const timer = setInterval(sample, 200);
  try {
    return { result: await work(), peakRssMiB: (sample(), Math.round(peak)) };
  } finally {
    clearInterval(timer);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(name, url, headers, serverPid) {
  // One unmeasured second first: caches filled, the password verified once, the JIT warm.
  await autocannon(url, headers, 1);
  const rounds = [];
  let peakRssMiB = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const round = serverPid
      ? await peakResidentMiB(serverPid, () => autocannon(url, headers))
      : { result: await autocannon(url, headers), peakRssMiB: undefined };
    rounds.push(round.result);
    peakRssMiB = Math.max(peakRssMiB, round.peakRssMiB ?? 0);
  }
  const result = {
    name,
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    peakRssMiB: serverPid ? peakRssMiB : undefined,
    rounds,
  };
  process.stdout.write(
    `${name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms` +
      `${serverPid ? `, peak RSS ${peakRssMiB} MiB per process` : ''}\n`,
  );
  return result;
}

async function benchDatabase(label, databaseUrl, baseline) {
  const seeded = ensureDataSet(databaseUrl);
  if (seeded) process.stdout.write(`${label}: ${seeded}\n`);
  const key = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--name', 'bench', '--json'], databaseUrl),
  ).apiKey;
  const username = `bench-${Date.now()}`;
  const basic = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--basic', username, '--json'], databaseUrl),
  );
  const basicHeader = `Basic ${Buffer.from(`${username}:${basic.password}`).toString('base64')}`;

  const server = await start([MAIN, 'serve', '--port', '0', '--database-url', databaseUrl]);
  const results = [];
  let total;
  try {
    const year = `${server.url}/api/reservations/summaries?organization=1&dateFrom=2024-01-01&dateTo=2024-12-31`;
    const probe = await fetch(year, { headers: { 'x-api-key': key } });
    total = Number(probe.headers.get('x-total-count'));
    const last = Math.floor((total - 1) / 100) * 100;
    const keyHeaders = { 'x-api-key': key, accept: 'application/json' };
    const scenarios = [
      ['summaries, one year, offset 0', year, keyHeaders],
      ['summaries, one year, offset 10,000', `${year}&offset=10000`, keyHeaders],
      [`summaries, one year, last page (offset ${last})`, `${year}&offset=${last}`, keyHeaders],
      [
        'summaries, one month',
        `${server.url}/api/reservations/summaries?organization=1&dateFrom=2024-07-01&dateTo=2024-07-31`,
        keyHeaders,
      ],
      ['summaries, one year, offset 0, Basic auth', year, { authorization: basicHeader, accept: 'application/json' }],
      ['accommodations list', `${server.url}/api/accommodations/?organization=1`, keyHeaders],
    ];
    for (const [name, url, headers] of scenarios) {
      const result = await measure(`${label} · ${name}`, url, headers, server.pid);
      results.push({ ...result, ratioToBaseline: result.requestsPerSecond / baseline.requestsPerSecond });
    }
  } finally {
    await server.stop();
  }
  // The same first page from two worker processes sharing the port (node:cluster).
  const workers = await start([MAIN, 'serve', '--port', '0', '--workers', '2', '--database-url', databaseUrl]);
  try {
    const year = `${workers.url}/api/reservations/summaries?organization=1&dateFrom=2024-01-01&dateTo=2024-12-31`;
    const result = await measure(
      `${label} · summaries, one year, offset 0, --workers 2`,
      year,
      { 'x-api-key': key, accept: 'application/json' },
      workers.pid,
    );
    results.push({ ...result, ratioToBaseline: result.requestsPerSecond / baseline.requestsPerSecond });
  } finally {
    await workers.stop();
  }
  return { total, results };
}

/**
 * The bulk paths into SQLite, each into a fresh file: the synthetic seed of the whole data set, and
 * `booking import` of an export of the bench database's first organizations (~500,000 reservations).
 */
function benchBulk() {
  const target = join(ROOT, 'bench', 'data', 'bulk.sqlite');
  const clean = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  };
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
  let imported = '';
  for (let i = 0; i < ROUNDS; i++) {
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
    seeds.push(rate(cli(seedArgs, `sqlite:${target}`)));
    clean();
    imported = cli(['import', documentFile], `sqlite:${target}`).trim();
    imports.push(rate(imported));
  }
  clean();
  const result = {
    seedReservationsPerSecond: median(seeds),
    importReservationsPerSecond: median(imports),
    importReport: imported,
    rounds: { seeds, imports },
  };
  process.stdout.write(
    `bulk: seed ${result.seedReservationsPerSecond} reservations/s, import ${result.importReservationsPerSecond} reservations/s (${imported})\n`,
  );
  return result;
}

async function main() {
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  const seeded = ensureDataSet(SQLITE_URL);
  if (seeded) process.stdout.write(`SQLite: ${seeded}\n`);

  // The baseline serves the very page the service serves for the first scenario.
  const key = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--name', 'bench', '--json'], SQLITE_URL),
  ).apiKey;
  const service = await start([MAIN, 'serve', '--port', '0', '--database-url', SQLITE_URL]);
  const page = await (
    await fetch(`${service.url}/api/reservations/summaries?organization=1&dateFrom=2024-01-01&dateTo=2024-12-31`, {
      headers: { 'x-api-key': key },
    })
  ).text();
  await service.stop();
  const pageFile = join(ROOT, 'bench', 'data', 'page.json');
  writeFileSync(pageFile, page);
  const baselineServer = await start([join(ROOT, 'bench', 'baseline-server.mjs'), pageFile]);
  const baseline = await measure('baseline · node:http, 100 summaries serialised per request', baselineServer.url, {});
  await baselineServer.stop();

  const runs = [{ database: 'SQLite', ...(await benchDatabase('SQLite', SQLITE_URL, baseline)) }];
  if (process.env.BENCH_DATABASE_URL) {
    runs.push({
      database: 'PostgreSQL',
      ...(await benchDatabase('PostgreSQL', process.env.BENCH_DATABASE_URL, baseline)),
    });
  }

  const bulk = benchBulk();

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
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
    settings: { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS },
    baseline,
    runs,
    bulk,
  };
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  const lines = [
    '# Benchmark results',
    '',
    `${report.date} · commit ${commit} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGiB} GiB · Node ${machine.node}`,
    `Medians of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, autocannon in its own process on 127.0.0.1.`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | ratio to baseline | peak RSS per process |',
    '|---|---:|---:|---:|---:|---:|',
    `| ${baseline.name} | ${Math.round(baseline.requestsPerSecond)} | ${baseline.p50} | ${baseline.p99} | 1.00 | |`,
    ...runs.flatMap((run) =>
      run.results.map(
        (r) =>
          `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.ratioToBaseline.toFixed(2)} | ${r.peakRssMiB} MiB |`,
      ),
    ),
    '',
    `Bulk loads into a fresh SQLite file (medians of ${ROUNDS}):`,
    '',
    `- \`booking seed --synthetic\`, ${RESERVATIONS.toLocaleString('en')} reservations: ${bulk.seedReservationsPerSecond.toLocaleString('en')} reservations/s`,
    `- \`booking import\` of an export (${bulk.importReport}): ${bulk.importReservationsPerSecond.toLocaleString('en')} reservations/s`,
    '',
  ];
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.md'), lines.join('\n'));
  process.stdout.write(`\nWritten to bench/results/latest.md and latest.json\n`);
}

await main();
