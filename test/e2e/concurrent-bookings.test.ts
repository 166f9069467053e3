import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { runCli, startServer } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

describe.each(DIALECTS)('double booking across two server processes on %s', (dialect) => {
  const used = useDatabase(dialect);

  // Every third request blocks the nights instead (SPEC §13): one rule for every night.
  it('takes exactly one of 50 overlapping bookings and blocks sent half to each process', async () => {
    const env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-race-')), 'data.json');
    writeFileSync(file, JSON.stringify(twoOrganizations));
    expect((await runCli(['import', file], env)).code).toBe(0);
    const { apiKey } = JSON.parse(
      (await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env)).stdout,
    );

    const [a, b] = await Promise.all([startServer([], env), startServer([], env)]);
    try {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const nights = {
            accommodation: 10,
            dateFrom: `2025-09-${String(1 + (i % 9)).padStart(2, '0')}`,
            dateTo: '2025-09-11',
          };
          const block = i % 3 === 0;
          return fetch(`${(i % 2 ? a : b).baseUrl}/api/${block ? 'blocks' : 'reservations'}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
            body: JSON.stringify(
              block
                ? { ...nights, kind: 'maintenance' }
                : { ...nights, adults: 2, guestName: `Racer ${i}`, totalAmount: '100.00', currency: 'EUR' },
            ),
          });
        }),
      );
      const codes = responses.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
    } finally {
      expect(await a.server.stop()).toBe(0);
      expect(await b.server.stop()).toBe(0);
    }
    expect(await countDoubleBookings(used.db)).toBe(0);
    const stored = await used.db.kysely.selectFrom('reservations').select('id').execute();
    const blocks = await used.db.kysely.selectFrom('blocks').select('id').execute();
    expect(stored.length + blocks.length).toBe(1);
  });
});
