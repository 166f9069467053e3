import { describe, expect, it, vi } from 'vitest';
import { RedisStore } from '../../src/http/rate-limit/stores.js';
import * as password from '../../src/modules/credentials/password.js';
import { testApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

const LIST = '/api/accommodations/?organization=1';

// Counts password checks (scrypt runs) while keeping the real verification.
vi.mock('../../src/modules/credentials/password.js', async (importOriginal) => {
  const actual = await importOriginal<typeof password>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const scryptRuns = () => vi.mocked(password.verifyPassword).mock.calls.length;

describe.each(DIALECTS)('rate limits (SPEC §7) on %s', (dialect) => {
  const used = useApp(dialect, {
    data: twoOrganizations,
    app: {
      env: {
        RATE_LIMIT_MAX: '3',
        RATE_LIMIT_WINDOW: '60',
        AUTH_FAILURE_MAX: '3',
        AUTH_FAILURE_MAX_PER_ADDRESS: '6',
        AUTH_FAILURE_WINDOW: '300',
      },
    },
  });

  const get = (headers: Record<string, string>, remoteAddress = '127.0.0.1', url = LIST) =>
    used.app.inject({ method: 'GET', url, headers, remoteAddress });

  it('announces the budget on every authenticated response and answers 429 with Retry-After past it', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await get({ 'x-api-key': key }));
    // An error response of an authenticated request counts and carries the fields too.
    const invalid = await get({ 'x-api-key': key }, '127.0.0.1', '/api/accommodations/?organization=x');
    const extra = await get({ 'x-api-key': key });

    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const response of [...responses, invalid, extra]) {
      expect(response.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
    }
    const remaining = responses.map((r) => /^"default";r=(\d+);t=(\d+)$/.exec(String(r.headers.ratelimit)));
    expect(remaining.map((m) => Number(m?.[1]))).toEqual([2, 1, 0]);
    for (const match of remaining) expect(Number(match?.[2])).toBeGreaterThan(0);

    expect(invalid.statusCode).toBe(429);
    expect(extra.statusCode).toBe(429);
    expect(extra.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(extra.json()).toMatchObject({ status: 429, type: 'urn:booking-service:problem:rate-limited' });
    const retryAfter = Number(extra.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(extra.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('keeps a budget per credential: one spent key does not limit another', async () => {
    const spent = await apiKeyFor(used.db, { organizations: [1] });
    const other = await apiKeyFor(used.db, { organizations: [1] });
    for (let i = 0; i < 4; i++) await get({ 'x-api-key': spent });
    expect((await get({ 'x-api-key': spent })).statusCode).toBe(429);
    expect((await get({ 'x-api-key': other })).statusCode).toBe(200);
  });

  it('does not announce a budget to unauthenticated requests or public endpoints', async () => {
    const refused = await get({}, '10.0.0.9');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['ratelimit-policy']).toBeUndefined();
    expect((await used.app.inject({ method: 'GET', url: '/health' })).headers.ratelimit).toBeUndefined();
  });

  it('throttles a username after failed passwords, before its password is checked: the right one gets 429 too', async () => {
    const user = await basicFor(used.db, 'throttled-user', { organizations: [1] });
    const wrong = basicHeader('throttled-user', 'not-the-password');
    const address = '10.0.0.1';
    for (let i = 0; i < 3; i++) expect((await get({ authorization: wrong }, address)).statusCode).toBe(401);

    const before = scryptRuns();
    const refused = await get({ authorization: user.authorization }, '10.0.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refusal came before any hash.
    expect(scryptRuns() - before).toBe(0);
    // Another user from another address is not affected.
    const other = await basicFor(used.db, 'other-user', { organizations: [1] });
    expect((await get({ authorization: other.authorization }, '10.0.0.3')).statusCode).toBe(200);
  });

  it('throttles an address after failed attempts with any credential, API keys included', async () => {
    const address = '10.0.0.4';
    for (let i = 0; i < 6; i++) {
      const attempt: Record<string, string> =
        i % 2 === 0 ? { 'x-api-key': 'bk_wrong' } : { authorization: basicHeader(`nobody-${i}`, 'x') };
      expect((await get(attempt, address)).statusCode).toBe(401);
    }
    const key = await apiKeyFor(used.db, { organizations: [1] });
    expect((await get({ 'x-api-key': key }, address)).statusCode).toBe(429);
    expect((await get({ 'x-api-key': key }, '10.0.0.5')).statusCode).toBe(200);
  });

  it('lets requests through, without a remaining count, while the Redis store is unreachable', async () => {
    const unreachable = await testApp(used.db, {
      env: { RATE_LIMIT_MAX: '1' },
      rateLimitStore: new RedisStore('redis://127.0.0.1:9', 'booking-test:unreachable:'),
    });
    const key = await apiKeyFor(used.db, { organizations: [1] });
    for (let i = 0; i < 3; i++) {
      const response = await unreachable.inject({ method: 'GET', url: LIST, headers: { 'x-api-key': key } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-policy']).toBe('"default";q=1;w=60');
      expect(response.headers.ratelimit).toBeUndefined();
    }
  });
});
