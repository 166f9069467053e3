import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { apiResponses } from '../../src/http/api-responses.js';
import { testApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

const PROBLEM = 'application/problem+json; charset=utf-8';

describe.each(DIALECTS)('HTTP conventions on %s', (dialect) => {
  const used = useApp(dialect, { data: twoOrganizations });
  let key: string;

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [1] });
  });

  it.each([
    [undefined, 200],
    ['*/*', 200],
    ['application/*', 200],
    ['application/json', 200],
    ['text/html, application/json;q=0.1', 200],
    ['text/html', 406],
    ['application/xml', 406],
    ['application/json;q=0', 406],
  ])('answers Accept %s with %i', async (accept, status) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (accept !== undefined) headers.accept = accept;
    const response = await used.app.inject({ url: '/api/accommodations/', headers });
    expect(response.statusCode).toBe(status);
    if (status === 406) {
      expect(response.headers['content-type']).toBe(PROBLEM);
      expect(response.json()).toMatchObject({ status: 406, title: 'Not Acceptable' });
    }
  });

  it('answers an unknown path with 404 problem+json', async () => {
    const response = await used.app.inject({ url: '/api/nothing-here', headers: { 'x-api-key': key } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe(PROBLEM);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers a known path with an unknown method with 405 and Allow', async () => {
    for (const method of ['DELETE', 'PUT'] as const) {
      const response = await used.app.inject({ method, url: '/api/accommodations', headers: { 'x-api-key': key } });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST');
      expect(response.headers['content-type']).toBe(PROBLEM);
      expect(response.json()).toMatchObject({ status: 405 });
    }
  });

  const PROBE_SHAPE = { public: true, input: true, body: true };

  it('refuses bodies over 64 KiB with 413 and other media types with 415, as problem+json', async () => {
    // Documented like any route (its 200 and its body errors), so the contract check covers it too.
    const response = apiResponses({ description: 'ok', schema: Type.Object({ ok: Type.Boolean() }) }, PROBE_SHAPE);
    const probe = await appWith((app) => app.post('/probe', { schema: { response } }, async () => ({ ok: true })));
    const big = await probe.inject({
      method: 'POST',
      url: '/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(65 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toBe(PROBLEM);
    expect(big.json()).toMatchObject({ status: 413, title: 'Payload Too Large' });
    const small = await probe.inject({ method: 'POST', url: '/probe', payload: { padding: 'x'.repeat(60 * 1024) } });
    expect(small.statusCode).toBe(200);
    const xml = await probe.inject({
      method: 'POST',
      url: '/probe',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.headers['content-type']).toBe(PROBLEM);
    const badJson = await probe.inject({
      method: 'POST',
      url: '/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.headers['content-type']).toBe(PROBLEM);
  });

  it('tells browsers not to sniff any response: lists, records, problems, 304s, health', async () => {
    const headers = { 'x-api-key': key, accept: 'application/json' };
    const list = await used.app.inject({ url: '/api/accommodations/?organization=1', headers });
    const responses = [
      list,
      await used.app.inject({ url: '/api/accommodations/10', headers }),
      await used.app.inject({
        url: '/api/accommodations/?organization=1',
        headers: { ...headers, 'if-none-match': String(list.headers.etag) },
      }),
      await used.app.inject({ url: '/api/accommodations/?organization=9', headers }),
      await used.app.inject({ url: '/api/nothing-here', headers }),
      await used.app.inject({ url: '/api/accommodations/' }),
      await used.app.inject({ url: '/health' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 304, 403, 404, 401, 200]);
    for (const response of responses) expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives every response a request id, keeping a sane one sent by the client', async () => {
    const generated = await used.app.inject({ url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await used.app.inject({ url: '/health', headers: { 'x-request-id': 'sync-42' } });
    expect(kept.headers['x-request-id']).toBe('sync-42');
    const replaced = await used.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id\u0007' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\u0007');
  });

  it('serves /health and /ready without credentials', async () => {
    const health = await used.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await used.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBeUndefined();
  });

  it('turns an unexpected failure into a 500 problem without internals', async () => {
    const broken = await appWith((app) =>
      app.get('/boom', { schema: { hide: true } }, async () => {
        await sql`select * from no_such_table`.execute(used.db.kysely);
        return {};
      }),
    );
    const response = await broken.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe(PROBLEM);
    expect(response.json()).toEqual({
      type: 'urn:booking-service:problem:internal',
      title: 'Internal Server Error',
      status: 500,
      detail: 'The server could not complete the request.',
    });
    expect(response.body).not.toContain('no_such_table');
  });

  /**
   * The real app plus one route of the test's own, to reach the shared error paths. The route is
   * hidden from the API document, so its answers are checked as problems like any unknown path's.
   */
  function appWith(addRoute: (app: FastifyInstance) => unknown): Promise<FastifyInstance> {
    return testApp(used.db, { routes: (app) => void addRoute(app) });
  }
});
