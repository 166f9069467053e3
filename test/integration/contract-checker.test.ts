import type { FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useApp } from '../helpers/use-database.js';

/**
 * The contract check (test/helpers/contract.ts) must itself be able to fail: every `app.inject` of a
 * test app rejects when the response contradicts `/openapi.json`. Routes of this test's own, which
 * the document describes (or, hidden, does not), answer against it on purpose, one way each.
 */
describe('the OpenAPI contract check of every injected response', () => {
  /** A documented operation: 200 with `{ ok: boolean }` and an integer X-Total-Count, nothing else. */
  const documented: FastifySchema = {
    response: {
      200: {
        description: 'ok',
        type: 'object',
        properties: { ok: { type: 'boolean' } },
        required: ['ok'],
        additionalProperties: false,
        headers: { 'X-Total-Count': { type: 'integer', minimum: 0 } },
      },
    },
  };

  const used = useApp('sqlite', {
    app: {
      routes: (instance) => {
        instance.get('/contract-probe/conforming', { schema: documented }, async (_request, reply) => {
          reply.header('x-total-count', '3');
          return { ok: true };
        });
        instance.get('/contract-probe/undocumented-status', { schema: documented }, async (_request, reply) =>
          reply.code(202).send({ ok: true }),
        );
        // A string payload is sent as is: the response serializer cannot mend the body.
        instance.get('/contract-probe/wrong-body', { schema: documented }, async (_request, reply) =>
          reply.type('application/json').send('{"ok":"yes","extra":1}'),
        );
        instance.get('/contract-probe/no-body', { schema: documented }, async (_request, reply) => reply.send());
        instance.get('/contract-probe/wrong-media-type', { schema: documented }, async (_request, reply) =>
          reply.type('text/plain').send('ok'),
        );
        instance.get('/contract-probe/undeclared-header', { schema: documented }, async (_request, reply) => {
          reply.header('etag', '"v1"');
          return { ok: true };
        });
        instance.get('/contract-probe/wrong-header-value', { schema: documented }, async (_request, reply) => {
          reply.header('x-total-count', 'many');
          return { ok: true };
        });
        instance.get('/contract-probe/hidden', { schema: { hide: true } }, async () => ({ ok: true }));
        instance.get('/contract-probe/hidden-error', { schema: { hide: true } }, async (_request, reply) =>
          reply.code(418).type('text/plain').send('teapot'),
        );
      },
    },
  });

  const get = (path: string) => used.app.inject({ method: 'GET', url: `/contract-probe/${path}` });

  it('lets a response that matches the document through', async () => {
    const response = await get('conforming');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['x-total-count']).toBe('3');
  });

  it.each([
    ['undocumented-status', '202 is not documented for GET /contract-probe/undocumented-status'],
    ['wrong-body', '200 body: data must NOT have additional properties, data/ok must be boolean'],
    ['no-body', '200 has an empty body; documented: application/json'],
    ['wrong-media-type', '200 answered text/plain, documented: application/json'],
    ['undeclared-header', '200 carries etag, which the document does not declare for it'],
    ['wrong-header-value', '200 header x-total-count: data must be integer'],
    ['hidden', 'GET /contract-probe/hidden is not in the document'],
    ['hidden-error', 'an undocumented route answered 418 text/plain'],
  ])('reports a violation: %s', async (path, violation) => {
    const rejected = await get(path).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(rejected).toBeInstanceOf(Error);
    const { message } = rejected as Error;
    expect(message).toContain(`response to GET /contract-probe/${path} contradicts /openapi.json:`);
    expect(message).toContain(violation);
  });
});
