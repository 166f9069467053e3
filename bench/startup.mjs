// How long `booking serve` takes to listen, and what its first requests cost: the price of every
// restart, cluster worker and test server. Run as `node bench/startup.mjs [--baseline <main.js>]`:
// the baseline is another build's dist/src/main.js (say, the commit before a change, built in a
// git worktree), measured in the same run, interleaved with this one, so the ratio holds on a noisy
// machine. Without one, the baseline is a bare `node -e` (the runtime's own start).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cli, commitId, MAIN, median, startServer } from './lib.mjs';

const { values } = parseArgs({ options: { baseline: { type: 'string' }, runs: { type: 'string', default: '9' } } });
const RUNS = Number(values.runs);

const dir = mkdtempSync(join(tmpdir(), 'booking-bench-startup-'));
const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, LOG_LEVEL: 'warn' };
cli(['seed', '--demo'], env);
const key = JSON.parse(cli(['credentials', 'create', '--organization', '1', '--json'], env)).apiKey;
const headers = { 'x-api-key': key, accept: 'application/json' };
const PATHS = ['/api/accommodations/', '/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31'];

/** Milliseconds from spawn to "listening", then for each path its first and second answer. */
async function once(main) {
  const started = performance.now();
  const server = await startServer([main, 'serve', '--port', '0'], env);
  const listening = performance.now() - started;
  const requests = [];
  for (const path of PATHS) {
    for (const round of ['first', 'second']) {
      const t = performance.now();
      const response = await fetch(new URL(path, server.url), { headers });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      requests.push({ path, round, ms: performance.now() - t });
    }
  }
  await server.stop();
  return { listening, requests };
}

async function bareNode() {
  const started = performance.now();
  const script = join(dir, 'listen.mjs');
  writeFileSync(
    script,
    "import http from 'node:http'; const s = http.createServer((q, r) => r.end()).listen(0, () => console.log(`listening on http://127.0.0.1:${s.address().port}`));",
  );
  const server = await startServer([script], env);
  const listening = performance.now() - started;
  await server.stop();
  return { listening, requests: [] };
}

const print = (line) => process.stdout.write(`${line}\n`);
const runs = { this: [], baseline: [] };
for (let i = 0; i < RUNS; i++) {
  runs.this.push(await once(MAIN));
  runs.baseline.push(values.baseline ? await once(values.baseline) : await bareNode());
}

const label = values.baseline ? `baseline (${values.baseline})` : 'baseline (bare node: an http server, nothing else)';
print(`# serve start-up, ${RUNS} runs each, interleaved, median ms (commit ${commitId()}, Node ${process.version})\n`);
print('| | this build | ' + label + ' | ratio |');
print('| --- | ---: | ---: | ---: |');
const row = (name, pick) => {
  const [a, b] = [median(runs.this.map(pick)), median(runs.baseline.map(pick))];
  print(
    `| ${name} | ${a.toFixed(0)} | ${Number.isNaN(b) ? '–' : b.toFixed(0)} | ${Number.isNaN(b) ? '–' : (a / b).toFixed(2)} |`,
  );
};
row('spawn to listening', (r) => r.listening);
for (const path of PATHS)
  for (const round of ['first', 'second'])
    row(
      `${round} ${path.split('?')[0]}`,
      (r) => r.requests.find((q) => q.path === path && q.round === round)?.ms ?? NaN,
    );
