import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SQLite } from '../../src/db/sqlite-driver.js';
import { addDays } from '../../src/shared/dates.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { runCli, startServer } from '../helpers/processes.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * `booking backup` (issue 17): an online copy of a SQLite database while the service writes, with
 * no sqlite3 binary. The copy opens as a sound database holding every booking that was
 * acknowledged before the backup started.
 */
describe('booking backup on SQLite', () => {
  const used = useDatabase('sqlite', { data: twoOrganizations });
  let dir: string;
  let env: Record<string, string>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'booking-backup-'));
    env = { DATABASE_URL: used.url };
  });

  it('copies a database under a write load, holding every write acknowledged before it started', async () => {
    const created = await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env);
    const apiKey = JSON.parse(created.stdout).apiKey as string;
    rememberSecret(apiKey);
    // Up to 1,600 bookings in well under a minute: the load is not what the budget is for.
    const { server, baseUrl } = await startServer([], { ...env, RATE_LIMIT_MAX: '1000000' });
    try {
      const acknowledged: { id: number; at: number }[] = [];
      let next = 0;
      let stopping = false;
      // Four clients booking two-night stays one after another, until told to stop (bounded).
      const client = async (lane: number) => {
        for (let i = 0; i < 400 && !stopping; i++) {
          const n = next++;
          const response = await fetch(`${baseUrl}/api/reservations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
            body: JSON.stringify({
              accommodation: lane % 2 ? 10 : 12,
              dateFrom: addDays('2026-01-01', n * 2),
              dateTo: addDays('2026-01-02', n * 2),
              adults: 1,
              guestName: `Guest ${n}`,
              totalAmount: '90.00',
              currency: 'EUR',
            }),
          });
          expect(response.status).toBe(201);
          acknowledged.push({ id: ((await response.json()) as { id: number }).id, at: performance.now() });
        }
      };
      const writing = Promise.all([0, 1, 2, 3].map(client));
      while (acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 20));

      const file = join(dir, 'copy.sqlite');
      const startedAt = performance.now();
      const backup = await runCli(['backup', file], env);
      const writesDuringBackup = acknowledged.filter((a) => a.at > startedAt).length;
      stopping = true;
      await writing;

      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/Backed up .* \(\d+ pages\)/);
      // The load went on while the backup ran: it was taken online.
      expect(writesDuringBackup).toBeGreaterThan(0);
      const copy = new SQLite(file, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const ids = new Set(
          (copy.prepare('select id from reservations').all() as { id: number }[]).map((row) => row.id),
        );
        const before = acknowledged.filter((a) => a.at < startedAt);
        expect(before.length).toBeGreaterThanOrEqual(100);
        expect(before.filter((a) => !ids.has(a.id))).toEqual([]);
      } finally {
        copy.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('refuses to overwrite a file', async () => {
    const file = join(dir, 'taken.sqlite');
    writeFileSync(file, 'keep me');
    const result = await runCli(['backup', file], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/exists already/);
  });

  it('on PostgreSQL says to use pg_dump and exits non-zero, writing nothing', async () => {
    const file = join(dir, 'pg.sqlite');
    const result = await runCli(['backup', file], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/anything' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/pg_dump/);
    expect(existsSync(file)).toBe(false);
  });
});
