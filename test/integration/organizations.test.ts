import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, fixedClock, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** GET /api/organizations: the credential's organizations, each with its own today (SPEC §1, §11). */
describe.each(DIALECTS)('GET /api/organizations on %s', (dialect) => {
  // 02:30 UTC: already the 15th in Amsterdam (UTC+2), still the 14th in New York (UTC-4).
  const used = useApp(dialect, { data: twoOrganizations, app: { clock: fixedClock('2025-06-15T02:30:00Z') } });
  let both: string;
  let agency: string;

  beforeAll(async () => {
    both = await apiKeyFor(used.db, { organizations: [2, 1] });
    agency = await apiKeyFor(used.db, { organizations: [3] });
  });

  const get = (headers: Record<string, string>, url = '/api/organizations') =>
    used.app.inject({ url, headers: { accept: 'application/json', ...headers } });

  it('lists the bound organizations by id, with the date in each one’s time zone', async () => {
    const response = await get({ 'x-api-key': both });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual([
      { id: 1, name: 'Park', timezone: 'Europe/Amsterdam', today: '2025-06-15', currency: 'EUR' },
      { id: 2, name: 'Hotel', timezone: 'America/New_York', today: '2025-06-14', currency: 'EUR' },
    ]);
  });

  it('shows a credential only its own organizations, with and without the trailing slash', async () => {
    const expected = [{ id: 3, name: 'Agency', timezone: 'UTC', today: '2025-06-15', currency: 'EUR' }];
    expect((await get({ 'x-api-key': agency })).json()).toEqual(expected);
    expect((await get({ 'x-api-key': agency }, '/api/organizations/')).json()).toEqual(expected);
  });

  it('answers Basic credentials too, and needs no more than the read scope', async () => {
    const basic = await basicFor(used.db, `orgs-${dialect}`, { organizations: [1], scope: 'read' });
    const response = await get({ authorization: basic.authorization });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 1, name: 'Park', timezone: 'Europe/Amsterdam', today: '2025-06-15', currency: 'EUR' },
    ]);
  });

  it('needs a credential', async () => {
    const response = await get({});
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
