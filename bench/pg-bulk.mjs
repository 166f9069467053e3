// A million-reservation bulk load into PostgreSQL (issue 20, item 5): `booking seed --synthetic
// --organizations 200 --reservations 1000000 --seed 1` into a fresh database, as many rounds as
// BENCH_ROUNDS (3), reservations per second as the seed prints it (its load alone: the migrations
// before it are not timed; the ANALYZE after the commit is). Median of the rounds.
//
//   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/pg-bulk.mjs
//   BENCH_MAIN=/path/to/another/checkout/dist/src/main.js …   # another build too, rounds interleaved
//   BENCH_RESERVATIONS=200000 …                                  # another size
//
// Each round gets a database of its own (created, then dropped). Writes bench/results/pg-bulk.md.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { URL } from 'node:url';
import pg from 'pg';
import { MAIN, ROOT, commitId } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 1_000_000);
const builds = [['this checkout', MAIN], ...(process.env.BENCH_MAIN ? [['BENCH_MAIN', process.env.BENCH_MAIN]] : [])];

async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One seed into a fresh database: seconds and reservations/s as printed, and the machine's load after it. */
async function round(main, index) {
  const name = `pg_bulk_bench_${process.pid}_${index}`;
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const args = [
      'seed',
      '--synthetic',
      '--organizations',
      '200',
      '--reservations',
      String(RESERVATIONS),
      '--seed',
      '1',
    ];
    const output = execFileSync(process.execPath, [main, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString() },
      encoding: 'utf8',
    });
    const match = /in ([\d.]+) s \((\d+) reservations\/s\)/.exec(output);
    if (!match) throw new Error(`unexpected output: ${output}`);
    return { seconds: Number(match[1]), rate: Number(match[2]), load: loadavg()[0] };
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const results = new Map(builds.map(([name]) => [name, []]));
let index = 0;
for (let r = 1; r <= ROUNDS; r++) {
  for (const [name, main] of builds) {
    const result = await round(main, index++);
    results.get(name).push(result);
    process.stdout.write(
      `round ${r}, ${name}: ${result.seconds} s, ${result.rate} reservations/s (load average ${result.load.toFixed(2)})\n`,
    );
  }
}

const lines = [
  `# PostgreSQL bulk load (${new Date().toISOString().slice(0, 10)}, commit ${commitId()}, Node ${process.version}, ${cpus().length} cores)`,
  '',
  `\`booking seed --synthetic --organizations 200 --reservations ${RESERVATIONS} --seed 1\` into a fresh database, ${ROUNDS} rounds${builds.length > 1 ? ', builds interleaved' : ''}.`,
  '',
  '| build | seconds per round | reservations/s per round | median reservations/s | load average after each round |',
  '|---|---|---|---|---|',
  ...builds.map(([name]) => {
    const rounds = results.get(name);
    return `| ${name} | ${rounds.map((x) => x.seconds).join(', ')} | ${rounds.map((x) => x.rate).join(', ')} | **${median(rounds.map((x) => x.rate))}** | ${rounds.map((x) => x.load.toFixed(2)).join(', ')} |`;
  }),
  '',
  'Goal: ≥ 100,000 reservations/s.',
  '',
];
writeFileSync(join(ROOT, 'bench', 'results', 'pg-bulk.md'), lines.join('\n'));
process.stdout.write(lines.join('\n'));
