// `npm run soak`: N concurrent clients for M minutes against the real built server, reading and
// writing. Reports errors (must be 0) and the server's memory over time; writes docs/soak-latest.md.
// SOAK_CLIENTS (default 20) and SOAK_MINUTES (default 2) bound it. Not part of `npm test`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli as runCli, commitId, MAIN, residentMiB, ROOT, startServer } from './lib.mjs';

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 20);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 2);
const dir = mkdtempSync(join(tmpdir(), 'booking-soak-'));
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'soak.sqlite')}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000000000',
};
const cli = (args) => runCli(args, env);

cli(['seed', '--synthetic', '--organizations', '3', '--reservations', '30000', '--seed', '7']);
const { apiKey } = JSON.parse(cli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json']));

const server = await startServer([MAIN, 'serve', '--port', '0'], env);
const baseUrl = server.url;
const headers = { 'x-api-key': apiKey, accept: 'application/json' };
const rssMiB = () => residentMiB(server.pid);

const units = (await (await fetch(`${baseUrl}/api/accommodations/`, { headers })).json()).map((a) => a.id);
const counts = { requests: 0, errors: 0, byStatus: {} };
const errors = [];
const deadline = Date.now() + MINUTES * 60_000;

async function call(method, path, body, expected) {
  counts.requests += 1;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    counts.byStatus[response.status] = (counts.byStatus[response.status] ?? 0) + 1;
    if (!expected.includes(response.status)) {
      counts.errors += 1;
      if (errors.length < 10) errors.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    }
    return response.ok ? JSON.parse(text) : undefined;
  } catch (error) {
    counts.errors += 1;
    if (errors.length < 10) errors.push(`${method} ${path}: ${error.message}`);
    return undefined;
  }
}

/** One client: reads pages, lists, availability; books a stay of its own and cancels it. */
async function client(index) {
  const unit = units[index % units.length];
  for (let round = 0; Date.now() < deadline; round++) {
    const offset = (round * 100) % 2000;
    await call(
      'GET',
      `/api/reservations/summaries?dateFrom=2024-01-01&dateTo=2024-12-31&offset=${offset}`,
      undefined,
      [200],
    );
    await call('GET', '/api/accommodations/', undefined, [200]);
    await call(
      'GET',
      `/api/accommodations/${unit}/availability?dateFrom=2030-01-01&dateTo=2030-02-01`,
      undefined,
      [200],
    );
    // Far in the future, one client per unit-week: bookings never collide, so any 409 is an error.
    const day = String(1 + (round % 20)).padStart(2, '0');
    const created = await call(
      'POST',
      '/api/reservations',
      {
        accommodation: unit,
        dateFrom: `2031-${String(1 + (index % 12)).padStart(2, '0')}-${day}`,
        dateTo: `2031-${String(1 + (index % 12)).padStart(2, '0')}-${String(Number(day) + 1).padStart(2, '0')}`,
        adults: 1,
        guestName: `Soak ${index}`,
        totalAmount: '10.00',
        currency: 'EUR',
      },
      [201],
    );
    if (created) await call('DELETE', `/api/reservations/${created.id}`, undefined, [200]);
  }
}

await new Promise((resolve) => setTimeout(resolve, 2_000));
const samples = [{ seconds: 0, rss: rssMiB() }];
const started = Date.now();
const sampler = setInterval(
  () => samples.push({ seconds: Math.round((Date.now() - started) / 1000), rss: rssMiB() }),
  5_000,
);
// Units are shared round-robin by clients beyond their count; one client per unit keeps bookings apart.
await Promise.all(Array.from({ length: Math.min(CLIENTS, units.length) }, (_, i) => client(i)));
clearInterval(sampler);
samples.push({ seconds: Math.round((Date.now() - started) / 1000), rss: rssMiB() });
await server.stop();
rmSync(dir, { recursive: true, force: true });

const first = samples[1] ?? samples[0];
const last = samples.at(-1);
const peak = Math.max(...samples.map((s) => s.rss));
const commit = commitId();
const report = [
  '# Soak test: latest result',
  '',
  `${new Date().toISOString()} · commit ${commit} · Node ${process.version} · SQLite`,
  `${Math.min(CLIENTS, units.length)} concurrent clients for ${MINUTES} min (\`npm run soak\`; SOAK_CLIENTS, SOAK_MINUTES).`,
  '',
  `- requests: ${counts.requests} (${Math.round(counts.requests / ((Date.now() - started) / 1000))}/s); by status: ${JSON.stringify(counts.byStatus)}`,
  `- errors: **${counts.errors}**${errors.length ? `\n  - ${errors.join('\n  - ')}` : ''}`,
  `- server RSS: ${samples[0].rss.toFixed(0)} MiB idle, ${first.rss.toFixed(0)} MiB after 5 s of load, ${last.rss.toFixed(0)} MiB at the end, ${peak.toFixed(0)} MiB peak; growth under load ${(last.rss - first.rss).toFixed(0)} MiB`,
  '',
  '| s | RSS MiB |',
  '|---:|---:|',
  ...samples.map((s) => `| ${s.seconds} | ${s.rss.toFixed(0)} |`),
  '',
].join('\n');
writeFileSync(join(ROOT, 'docs', 'soak-latest.md'), report);
process.stdout.write(`${report}\n`);
process.exitCode = counts.errors === 0 ? 0 : 1;
