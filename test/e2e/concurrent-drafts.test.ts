import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { runCli, startServer } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * Visitors drafting one chalet at once (SPEC §15), half of them through each of two server
 * processes sharing one database, some of them beside phone bookings (§9): the one rule for every
 * night (§13) lets exactly one hold the nights.
 */
describe.each(DIALECTS)('drafts across two server processes on %s', (dialect) => {
  const used = useDatabase(dialect);

  it('lets exactly one of 40 overlapping drafts and bookings hold the nights', async () => {
    const env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-drafts-race-')), 'data.json');
    writeFileSync(file, JSON.stringify(twoOrganizations));
    expect((await runCli(['import', file], env)).code).toBe(0);
    const credential = async (scope: string) =>
      JSON.parse(
        (await runCli(['credentials', 'create', '--organization', '1', '--scope', scope, '--json'], env)).stdout,
      ).apiKey as string;
    const [admin, writer] = [await credential('admin'), await credential('write')];

    const [a, b] = await Promise.all([startServer([], env), startServer([], env)]);
    try {
      const headers = (key: string) => ({
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': key,
      });
      // Stays a year ahead of any day this runs on, inside the default two-year booking window.
      const year = new Date().getUTCFullYear() + 1;
      const rent = await fetch(`${a.baseUrl}/api/accommodation_price_components`, {
        method: 'POST',
        headers: headers(admin),
        body: JSON.stringify({
          description: 'Rent',
          kind: 'rent',
          basis: 'night',
          amount: '90.00',
          dateFrom: `${year}-01-01`,
          dateTo: `${year}-12-31`,
        }),
      });
      expect(rent.status).toBe(201);
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const dateFrom = `${year}-09-${String(1 + (i % 7)).padStart(2, '0')}`;
          const dateTo = `${year}-09-10`;
          const phone = i % 3 === 0;
          const body = phone
            ? { organization: 1, accommodation: 12, dateFrom, dateTo, adults: 2, guestName: `Caller ${i}` }
            : { accommodation: { id: 12 }, dateFrom, dateTo };
          return fetch(`${(i % 2 ? a : b).baseUrl}/api/reservations/?organization=1`, {
            method: 'POST',
            headers: headers(writer),
            body: JSON.stringify(body),
          });
        }),
      );
      const codes = responses.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(39);
    } finally {
      expect(await a.server.stop()).toBe(0);
      expect(await b.server.stop()).toBe(0);
    }
    expect(await countDoubleBookings(used.db)).toBe(0);
    const reservations = await used.db.kysely.selectFrom('reservations').select('id').execute();
    const drafts = await used.db.kysely.selectFrom('drafts').select('id').execute();
    expect(reservations.length + drafts.length).toBe(1);
  });
});
