// A key of many organizations against a key of one (issue 20, item 4): the same cached summaries
// page of organization 1, asked with a key bound to organization 1 alone and with a key bound to
// all 200, in interleaved rounds against one server. The figure is the ratio of their requests per
// second (median of the rounds' ratios); 1.0 means the binding list costs nothing.
//
//   npm run build && node bench/many-organizations.mjs
//   BENCH_MAIN=/path/to/another/checkout/dist/src/main.js node bench/many-organizations.mjs   # another build, same run
//
// Writes bench/results/many-organizations.md.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MAIN, ROOT, commitId, median, startServer } from './lib.mjs';

const run = promisify(execFile);
const ORGANIZATIONS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;
const builds = [['this checkout', MAIN], ...(process.env.BENCH_MAIN ? [['BENCH_MAIN', process.env.BENCH_MAIN]] : [])];

const cliOf = (main, env) => async (args) =>
  (await run(process.execPath, [main, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' }))
    .stdout;

/** A database of 200 organizations, a key of organization 1 and a key of all of them, and a server on it. */
async function prepare(name, main) {
  const env = { DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'bench-orgs-')), 'db.sqlite')}` };
  const cli = cliOf(main, env);
  await cli([
    'seed',
    '--synthetic',
    '--organizations',
    String(ORGANIZATIONS),
    '--reservations',
    '40000',
    '--seed',
    '1',
  ]);
  const keyOf = async (organizations) =>
    JSON.parse(
      await cli(['credentials', 'create', ...organizations.flatMap((o) => ['--organization', String(o)]), '--json']),
    ).apiKey;
  const one = await keyOf([1]);
  const many = await keyOf(Array.from({ length: ORGANIZATIONS }, (_, i) => i + 1));
  const server = await startServer([main, 'serve', '--port', '0'], {
    ...process.env,
    ...env,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
  });
  return { name, server, keys: { 'key of 1 organization': one, [`key of ${ORGANIZATIONS} organizations`]: many } };
}

async function requestsPerSecond(url, key) {
  const args = [
    '-j',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    '-H',
    `x-api-key=${key}`,
    '-H',
    'accept=application/json',
  ];
  const { stdout } = await run(join(ROOT, 'node_modules', '.bin', 'autocannon'), [...args, url], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const PATH = '/api/reservations/summaries?organization=1&dateFrom=2024-01-01&dateTo=2024-12-31';

const targets = [];
for (const [name, main] of builds) targets.push(await prepare(name, main));
const samples = new Map();
try {
  for (const target of targets)
    for (const key of Object.values(target.keys)) await requestsPerSecond(`${target.server.url}${PATH}`, key); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      for (const [label, key] of Object.entries(target.keys)) {
        const id = `${target.name}|${label}`;
        samples.set(id, [...(samples.get(id) ?? []), await requestsPerSecond(`${target.server.url}${PATH}`, key)]);
      }
    }
  }
} finally {
  for (const target of targets) await target.server.stop();
}

const rows = targets.map((target) => {
  const [one, many] = Object.keys(target.keys).map((label) => samples.get(`${target.name}|${label}`));
  const ratio = median(many.map((m, i) => m / one[i]));
  return `| ${target.name} | ${Math.round(median(one))} | ${Math.round(median(many))} | **${ratio.toFixed(2)}** |`;
});
const report = `# A key of ${ORGANIZATIONS} organizations against a key of one

Commit ${commitId()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. SQLite, one server process,
autocannon with ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; \`GET ${PATH}\` (a cached page).

| build | key of 1: req/s | key of ${ORGANIZATIONS}: req/s | ratio (median of rounds) |
|---|---|---|---|
${rows.join('\n')}
`;
writeFileSync(join(ROOT, 'bench', 'results', 'many-organizations.md'), report);
process.stdout.write(report);
