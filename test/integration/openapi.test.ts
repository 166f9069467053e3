import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isWellFormedApiKey } from '../../src/modules/credentials/api-key.js';
import { testApp } from '../helpers/app.js';
import { isConsolePage, isDocsUi } from '../helpers/contract.js';
import { apiKeyFor, basicFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp, useDatabase } from '../helpers/use-database.js';

/**
 * The document at /openapi.json (issue 5): valid OpenAPI 3.1, clean under Spectral's OpenAPI and
 * OWASP rulesets, complete (every route, status, header and security scheme), and free of secrets.
 * That each response matches it is checked on every request of the suite (helpers/contract.ts).
 */

const run = promisify(execFile);
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { examples?: unknown[] }>; securitySchemes: Record<string, unknown> };
};

describe('the OpenAPI document', () => {
  const used = useDatabase('sqlite', { data: twoOrganizations });
  let app: FastifyInstance;
  let text: string;
  let document: Document;
  let secrets: string[];

  beforeAll(async () => {
    // Credentials exist before the document is served: none of their secrets may end up in it. (So
    // the app is built here, after them, not by useApp: testApp makes the app's document as it builds it.)
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const basic = await basicFor(used.db, 'docs-reader', { organizations: [1] });
    secrets = [key, basic.password, basic.authorization];
    app = await testApp(used.db);
    const response = await app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    text = response.body;
    document = JSON.parse(text) as Document;
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('passes Spectral with the OpenAPI and OWASP rulesets, hints included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'booking-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, text);
      const spectral = join(process.cwd(), 'node_modules', '.bin', 'spectral');
      const { stdout } = await run(spectral, ['lint', '-r', '.spectral.mjs', '-f', 'json', '-F', 'hint', '-q', file], {
        cwd: process.cwd(),
      }).catch((error: { stdout?: string; message: string }) => ({ stdout: error.stdout ?? error.message }));
      const findings = JSON.parse(stdout || '[]') as { code: string; message: string; path: string[] }[];
      expect(findings.map((f) => `${f.code} at ${f.path.join('/')}: ${f.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('describes every route the app serves, each with an id, a summary and its security', () => {
    const documented = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const served = app.routeTable.routes
      // The console's pages (SPEC §11) are a web application, not operations of the API.
      .filter((route) => route.method !== 'HEAD' && !isDocsUi(route.url) && !isConsolePage(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThanOrEqual(14);
    expect([...documented].sort()).toEqual([...new Set(served)].sort());

    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary, where).toBeTruthy();
      // The console's sign-in is how a browser gets a credential: it needs none.
      const secured = path.startsWith('/api/') && where !== 'post /api/session';
      // Empty security means public; absent means the document's default: API key or Basic.
      expect([where, operation.security], where).toEqual([where, secured ? undefined : []]);
    }
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
      basic: expect.objectContaining({ type: 'http', scheme: 'basic' }),
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: '__Host-booking-session' }),
    });
    expect((document as unknown as { security: unknown }).security).toEqual([
      { apiKey: [] },
      { basic: [] },
      { session: [] },
    ]);
  });

  it('gives every /api/ operation its errors as problem+json, with the headers each carries', () => {
    for (const { path, method, operation } of operations().filter((o) => o.path.startsWith('/api/'))) {
      const where = `${method} ${path}`;
      // The console's session reads no parameters: nothing to answer 400 to.
      const readsNothing = path === '/api/session' && method === 'get';
      for (const status of ['400', '401', '403', '406', '429', '500', '503'].filter(
        (s) => !readsNothing || s !== '400',
      )) {
        expect(Object.keys(operation.responses[status]?.content ?? {}), `${where} ${status}`).toEqual([
          'application/problem+json',
        ]);
      }
      // A failed console sign-in gets no WWW-Authenticate (a browser would open its own password
      // dialog), and before any credential there is no quota to announce.
      const signIn = where === 'post /api/session';
      expect(Object.keys(operation.responses['401']?.headers ?? {})).toEqual(signIn ? [] : ['WWW-Authenticate']);
      expect(Object.keys(operation.responses['429']?.headers ?? {})).toEqual(
        expect.arrayContaining(signIn ? ['Retry-After'] : ['Retry-After', 'RateLimit', 'RateLimit-Policy']),
      );
      // A 503 after the request was counted (a full password-hash queue) also announces the quota.
      expect(Object.keys(operation.responses['503']?.headers ?? {})).toEqual(
        signIn ? ['Retry-After'] : ['Retry-After', 'RateLimit', 'RateLimit-Policy'],
      );
      const success = operation.responses['200'] ?? operation.responses['201'] ?? operation.responses['204'];
      expect(Object.keys(success?.headers ?? {}), where).toEqual(
        expect.arrayContaining(signIn ? ['Set-Cookie'] : ['RateLimit', 'RateLimit-Policy']),
      );
    }
  });

  it('documents pagination, entity tags and 304 on the summaries, and the rules of each parameter', () => {
    const summaries = document.paths['/api/reservations/summaries']?.get as Operation;
    const paging = ['Link', 'X-Pagination-Next', 'X-Pagination-Last', 'X-Pagination-Prev', 'X-Pagination-First'];
    expect(Object.keys(summaries.responses['200']?.headers ?? {})).toEqual(
      expect.arrayContaining([...paging, 'X-Total-Count', 'ETag']),
    );
    expect(summaries.responses['304']?.content).toBeUndefined();
    expect(Object.keys(summaries.responses['304']?.headers ?? {})).toEqual(expect.arrayContaining(['ETag']));

    const parameter = (name: string) => summaries.parameters?.find((p) => p.name === name && p.in === 'query');
    // A date, or an RFC 3339 timestamp whose date is taken (SPEC §4.2): the shape, validity beside.
    for (const name of ['dateFrom', 'dateTo']) {
      expect(parameter(name)).toMatchObject({ required: true, schema: { type: 'string', maxLength: 40 } });
      const shape = new RegExp(parameter(name)?.schema.pattern as string);
      expect(['2025-07-01', '2025-07-01T00:00:00Z', '2025-07-01T23:30:00-05:00'].every((v) => shape.test(v))).toBe(
        true,
      );
      expect(['01-07-2025', '2025-07-01T00:00', 'today'].some((v) => shape.test(v))).toBe(false);
    }
    expect(parameter('modifiedDateFrom')?.schema.pattern).toBe(parameter('modifiedSince')?.schema.pattern);
    expect(parameter('limit')).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 100 } });
    expect(parameter('offset')).toMatchObject({ schema: { type: 'integer', minimum: 0 } });
    expect(parameter('referenceDate')?.schema.enum).toEqual([
      'date-from',
      'date-to',
      'stay',
      'created',
      'modified',
      'cancelled',
    ]);
    expect(parameter('status')?.schema.pattern).toContain('checked-in');
    expect(parameter('organization')).toMatchObject({ schema: { type: 'integer', minimum: 1 } });

    const accommodations = document.paths['/api/accommodations/']?.get as Operation;
    expect(Object.keys(accommodations.responses['200']?.headers ?? {})).not.toContain('Link');
    const create = document.paths['/api/reservations']?.post as Operation;
    expect(Object.keys(create.responses['201']?.headers ?? {})).toEqual(
      expect.arrayContaining(['Location', 'Idempotent-Replayed']),
    );
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['409', '413', '415', '422']));
  });

  it('has realistic examples that satisfy their own schemas, and no secrets', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(document as object, 'openapi');
    for (const name of ['ReservationSummary', 'Accommodation', 'Problem']) {
      const examples = document.components.schemas[name]?.examples ?? [];
      expect(examples.length, name).toBeGreaterThan(0);
      const validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
      for (const example of examples) expect([name, validate(example), validate.errors]).toEqual([name, true, null]);
    }
    // Booleans, not the text: a failure must not print the whole document.
    for (const secret of secrets) expect(text.includes(secret)).toBe(false);
    // Nothing in it passes for a real key, not even an example.
    for (const candidate of text.match(/bk_[A-Za-z0-9]+/g) ?? []) expect(isWellFormedApiKey(candidate)).toBe(false);
  });
});

describe('the interactive reference at /docs', () => {
  const used = useApp('sqlite');

  it.each(['/docs', '/docs/'])(
    '%s is an HTML page whose scripts and styles this server serves itself',
    async (page) => {
      const response = await used.app.inject({ url: page, headers: { accept: 'text/html,*/*;q=0.8' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      const assets = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
      expect(assets.length).toBeGreaterThanOrEqual(4);
      for (const asset of assets) {
        // Offline: every asset comes from this server, none from a CDN.
        const url = new URL(asset, `http://booking.local${page}`);
        expect(url.host).toBe('booking.local');
        const fetched = await used.app.inject({ url: url.pathname });
        expect([asset, fetched.statusCode]).toEqual([asset, 200]);
        expect(fetched.body.length).toBeGreaterThan(0);
      }
      // The page loads this service's document.
      const initializer = await used.app.inject({ url: '/docs/static/swagger-initializer.js' });
      expect(initializer.body).toContain('/openapi.json');
    },
  );
});
