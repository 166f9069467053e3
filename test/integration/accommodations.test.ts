import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

describe.each(DIALECTS)('GET /api/accommodations/ on %s', (dialect) => {
  const used = useApp(dialect, { data: twoOrganizations });
  let key: string;

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [1, 2] });
  });

  const get = (query: string, path = '/api/accommodations/') =>
    used.app.inject({ url: `${path}${query}`, headers: { accept: 'application/json', 'x-api-key': key } });
  const ids = (response: { json(): unknown }) => (response.json() as { id: number }[]).map((a) => a.id);

  it('returns the active accommodations of the organization ordered by id, as SPEC §2 records', async () => {
    const response = await get('?organization=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual([
      {
        id: 10,
        organization: 1,
        title: 'Chalet 10',
        type: 'chalet',
        maxPersons: 4,
        bedrooms: 2,
        active: true,
        created: '2025-01-01T00:00:00Z',
        modified: '2025-02-28T22:59:59Z',
      },
      {
        id: 12,
        organization: 1,
        title: 'Chalet 12',
        type: 'chalet',
        maxPersons: 6,
        bedrooms: 3,
        active: true,
        created: '2025-01-01T00:00:00Z',
        modified: '2025-03-01T12:00:00Z',
      },
    ]);
  });

  it('includes inactive ones on request', async () => {
    expect(ids(await get('?organization=1&includeInactive=true'))).toEqual([10, 11, 12]);
    expect(ids(await get('?organization=1&includeInactive=false'))).toEqual([10, 12]);
    const inactive = (await get('?organization=1&includeInactive=true')).json()[1];
    expect(inactive).toMatchObject({ id: 11, active: false, bedrooms: null });
  });

  it.each([
    // A date starts at midnight in the organization's zone: 2025-03-01 in Amsterdam is 2025-02-28T23:00Z.
    ['2025-03-01', [12]],
    ['2025-02-28', [10, 12]],
    ['2025-03-01T12:00:00Z', [12]],
    ['2025-03-01T12:00:00.5Z', []],
    ['2025-03-01T13:00:00+01:00', [12]],
    ['2025-03-01T12:00:01Z', []],
  ])('filters modifiedSince=%s (at or after), and so does modifiedDateFrom', async (since, expected) => {
    expect(ids(await get(`?organization=1&modifiedSince=${encodeURIComponent(since)}`))).toEqual(expected);
    // SPEC §4.1: the name the original service's published client sends.
    expect(ids(await get(`?modifiedDateFrom=${encodeURIComponent(since)}&organization=1`))).toEqual(expected);
  });

  it('refuses modifiedSince and modifiedDateFrom together, naming both', async () => {
    const response = await get('?organization=1&modifiedSince=2025-03-01&modifiedDateFrom=2025-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual([
      'modifiedSince',
      'modifiedDateFrom',
    ]);
  });

  it.each(['yesterday', '2025-02-30'])('refuses modifiedDateFrom=%s, naming modifiedDateFrom', async (since) => {
    const response = await get(`?organization=1&modifiedDateFrom=${since}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ parameter: 'modifiedDateFrom', message: expect.any(String) }]);
  });

  it('serves the path with and without the trailing slash, never with a Link header', async () => {
    const withSlash = await get('?organization=1');
    const without = await get('?organization=1', '/api/accommodations');
    expect(without.statusCode).toBe(200);
    expect(without.body).toBe(withSlash.body);
    expect(withSlash.headers.link).toBeUndefined();
    expect(Object.keys(withSlash.headers).filter((h) => h.startsWith('x-pagination'))).toEqual([]);
  });

  it('keeps organizations apart', async () => {
    expect(ids(await get('?organization=2'))).toEqual([20]);
  });

  it('names every broken parameter in one 400', async () => {
    const response = await get('?organization=0&includeInactive=maybe&modifiedSince=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const problem = response.json();
    expect(problem).toMatchObject({
      type: expect.any(String),
      title: 'Bad Request',
      status: 400,
      detail: expect.any(String),
    });
    expect(problem.errors.map((e: { parameter: string }) => e.parameter).sort()).toEqual([
      'includeInactive',
      'modifiedSince',
      'organization',
    ]);
  });

  it.each(['2025-02-30', '2025-02-30T00:00:00Z', '2025-01-01T25:00:00Z'])(
    'refuses modifiedSince=%s that is shaped right but not a real date',
    async (since) => {
      const response = await get(`?organization=1&modifiedSince=${since}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ parameter: 'modifiedSince', message: expect.any(String) }]);
    },
  );

  it('ignores unknown query parameters', async () => {
    expect(ids(await get('?organization=1&utm_source=newsletter'))).toEqual([10, 12]);
  });
  it('carries a strong ETag and answers a matching If-None-Match with 304', async () => {
    const first = await get('?organization=1');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await used.app.inject({
      url: '/api/accommodations/?organization=1',
      headers: { 'x-api-key': key, 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('?organization=1&includeInactive=true')).headers.etag).not.toBe(tag);
  });
});
