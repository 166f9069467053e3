import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parseLinkHeader from 'parse-link-header';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { runCli, startServer } from '../helpers/processes.js';
import { JULY_ARRIVALS, PARK, summariesDataSet } from '../helpers/summaries-data.js';
import { useDatabase } from '../helpers/use-database.js';

describe.each(DIALECTS)('walking summaries over real HTTP on %s', (dialect) => {
  const used = useDatabase(dialect);
  const data = summariesDataSet();

  it('collects every item exactly once, in order, following Link rel="next" with a third-party parser', async () => {
    const env = { DATABASE_URL: used.url };
    const file = join(mkdtempSync(join(tmpdir(), 'booking-walk-')), 'data.json');
    writeFileSync(file, JSON.stringify(data));
    expect((await runCli(['import', file], env)).code).toBe(0);
    const created = await runCli(['credentials', 'create', '--organization', String(PARK), '--json'], env);
    const { apiKey } = JSON.parse(created.stdout);

    const expected = data.reservations
      .filter((r) => r.organization === PARK && r.dateFrom >= '2025-07-01' && r.dateFrom <= '2025-07-31')
      .sort((a, b) =>
        a.dateFrom === b.dateFrom ? (a.id as number) - (b.id as number) : a.dateFrom < b.dateFrom ? -1 : 1,
      )
      .map((r) => r.id);
    expect(expected).toHaveLength(JULY_ARRIVALS);

    const { server, baseUrl } = await startServer([], env);
    try {
      const collected: number[] = [];
      let url: string | undefined =
        `${baseUrl}/api/reservations/summaries?dateFrom=2025-07-01&dateTo=2025-07-31&referenceDate=date-from`;
      let pages = 0;
      while (url) {
        const response: Response = await fetch(url, { headers: { accept: 'application/json', 'x-api-key': apiKey } });
        expect(response.status).toBe(200);
        collected.push(...((await response.json()) as { id: number }[]).map((r) => r.id));
        pages += 1;
        const next = parseLinkHeader(response.headers.get('link'))?.next;
        url = next ? new URL(next.url, baseUrl).toString() : undefined;
      }
      expect(pages).toBe(12);
      expect(collected).toEqual(expected);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
