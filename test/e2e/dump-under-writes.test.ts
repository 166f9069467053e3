import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.js';
import { DIALECTS } from '../helpers/databases.js';
import { runCli, startServer } from '../helpers/processes.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * `booking dump` while the service writes (docs/OPERATIONS.md, "Moving to PostgreSQL"): each client creates an
 * accommodation and then books it, again and again. The dump reads accommodations before
 * reservations, so a dump that was not one snapshot would hold a booking of an accommodation it
 * does not hold, and `booking import` would refuse it (60,000 reservations make that window wide). Every booking acknowledged before the dump
 * started must be in it.
 */
describe.each(DIALECTS)('booking dump under a write load on %s', (dialect) => {
  const used = useDatabase(dialect);
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATABASE_URL: used.url };
    // Enough reservations that reading them takes a while after the accommodations were read.
    const seeded = await runCli(
      ['seed', '--synthetic', '--organizations', '2', '--reservations', '60000', '--seed', '7'],
      env,
    );
    expect(seeded.code, seeded.stderr).toBe(0);
  }, 60_000);

  it('is one snapshot: it imports cleanly and holds every booking acknowledged before it started', async () => {
    const created = await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env);
    const apiKey = JSON.parse(created.stdout).apiKey as string;
    rememberSecret(apiKey);
    const { server, baseUrl } = await startServer([], { ...env, WEBHOOK_WORKER: 'false', RATE_LIMIT_MAX: '100000' });
    const dir = mkdtempSync(join(tmpdir(), 'booking-dump-load-'));
    try {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify(body),
        });
        expect(response.status, await response.clone().text()).toBe(201);
        return ((await response.json()) as { id: number }).id;
      };
      const acknowledged: { id: number; at: number }[] = [];
      let next = 0;
      let stopping = false;
      // Three clients, each an accommodation and then its booking, until told to stop once the
      // dumps are done. Bounded, but far beyond what the dumps take: with 300 each, a fast write
      // path finished the load before a slow third dump started.
      const client = async () => {
        for (let i = 0; i < 5_000 && !stopping; i++) {
          const n = next++;
          const unit = await post('/api/accommodations', { title: `Load ${n}`, type: 'chalet', maxPersons: 2 });
          const id = await post('/api/reservations', {
            accommodation: unit,
            dateFrom: addDays('2030-01-01', n),
            dateTo: addDays('2030-01-03', n),
            adults: 1,
            guestName: `Guest ${n}`,
            totalAmount: '90.00',
            currency: 'EUR',
          });
          acknowledged.push({ id, at: performance.now() });
        }
      };
      const writing = Promise.all([client(), client(), client()]);
      // A failed write stops the load; its error is thrown where `writing` is awaited.
      writing.catch(() => (stopping = true));
      while (acknowledged.length < 20 && !stopping) await new Promise((resolve) => setTimeout(resolve, 20));

      const dumps: { file: string; startedAt: number }[] = [];
      for (let round = 0; round < 3; round++) {
        const file = join(dir, `dump-${round}.json`);
        const startedAt = performance.now();
        const dumped = await runCli(['dump', file], env);
        expect(dumped.code, dumped.stderr).toBe(0);
        dumps.push({ file, startedAt });
      }
      const lastStarted = (dumps.at(-1) as { startedAt: number }).startedAt;
      // The load went on while the dumps ran.
      expect(acknowledged.filter((a) => a.at > lastStarted).length).toBeGreaterThan(0);
      stopping = true;
      await writing;

      for (const { file, startedAt } of dumps) {
        const target = { DATABASE_URL: `sqlite:${join(dir, `${startedAt}.sqlite`)}` };
        const imported = await runCli(['import', file], target);
        expect(imported.code, imported.stderr).toBe(0);
        const listed = await runCli(['dump', '-'], target);
        const ids = new Set(
          (JSON.parse(listed.stdout) as { reservations: { id: number }[] }).reservations.map((r) => r.id),
        );
        const before = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id);
        expect(before.length).toBeGreaterThan(0);
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
