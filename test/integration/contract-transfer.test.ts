import { gzipSync } from 'node:zlib';
import type { FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useApp } from '../helpers/use-database.js';

/**
 * The contract check's rules on transfer (test/helpers/contract.ts) must be able to fail too: a 304
 * with content metadata, a coded body without Vary, and a coded body that does not decode to what
 * the document describes. Probe routes of this test's own answer that way on purpose, one each;
 * no database rows are involved (the app needs one to start).
 */
describe('the contract check of codings and 304', () => {
  const documented: FastifySchema = {
    response: {
      200: {
        description: 'ok',
        type: 'object',
        properties: { ok: { type: 'boolean' } },
        required: ['ok'],
        additionalProperties: false,
      },
      304: { description: 'Not Modified', type: 'null' },
    },
  };
  const coded = (body: unknown) => gzipSync(Buffer.from(JSON.stringify(body)));

  const used = useApp('sqlite', {
    app: {
      routes: (instance) => {
        instance.get('/transfer-probe/coded', { schema: documented }, async (_request, reply) =>
          reply
            .type('application/json')
            .header('content-encoding', 'gzip')
            .header('vary', 'Accept-Encoding')
            .send(coded({ ok: true })),
        );
        instance.get('/transfer-probe/not-modified', { schema: documented }, async (_request, reply) =>
          reply.code(304).send(),
        );
        instance.get('/transfer-probe/304-with-type', { schema: documented }, async (_request, reply) =>
          reply.code(304).type('application/json').send(''),
        );
        instance.get('/transfer-probe/coded-without-vary', { schema: documented }, async (_request, reply) =>
          reply
            .type('application/json')
            .header('content-encoding', 'gzip')
            .send(coded({ ok: true })),
        );
        instance.get('/transfer-probe/coded-wrong-body', { schema: documented }, async (_request, reply) =>
          reply
            .type('application/json')
            .header('content-encoding', 'gzip')
            .header('vary', 'Accept-Encoding')
            .send(coded({ ok: 'yes' })),
        );
      },
    },
  });

  const get = (path: string) => used.app.inject({ method: 'GET', url: `/transfer-probe/${path}` });

  it('lets a coded body that decodes to the document, and a bare 304, through', async () => {
    expect((await get('coded')).statusCode).toBe(200);
    expect((await get('not-modified')).statusCode).toBe(304);
  });

  it.each([
    ['304-with-type', '304 carries content-type: application/json'],
    ['304-with-type', '304 carries content-length: 0'],
    ['coded-without-vary', '200 is coded (gzip) but Vary does not name Accept-Encoding'],
    ['coded-wrong-body', '200 body: data/ok must be boolean'],
  ])('reports a violation: %s', async (path, violation) => {
    const rejected = await get(path).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(rejected).toBeInstanceOf(Error);
    expect((rejected as Error).message).toContain(violation);
  });
});
