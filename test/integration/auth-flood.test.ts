import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { Authenticator } from '../../src/modules/credentials/authenticator.js';
import * as password from '../../src/modules/credentials/password.js';
import { LogCapture, testApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, basicHeader, fixedClock, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/** The passwords whose check (one scrypt run) has ended, in the order they ended; new passwords hashed. */
const { checked, hashed } = vi.hoisted(() => ({ checked: [] as string[], hashed: { count: 0 } }));

// Counts scrypt runs (each 128 MiB and a good part of a second here) while keeping the real ones.
vi.mock('../../src/modules/credentials/password.js', async (importOriginal) => {
  const actual = await importOriginal<typeof password>();
  const verifyPassword = async (candidate: string, stored: string) => {
    const valid = await actual.verifyPassword(candidate, stored);
    checked.push(candidate);
    return valid;
  };
  const hashPassword = async (...args: Parameters<typeof actual.hashPassword>) => {
    const hash = await actual.hashPassword(...args);
    hashed.count += 1;
    return hash;
  };
  return { ...actual, verifyPassword: vi.fn(verifyPassword), hashPassword: vi.fn(hashPassword) };
});
const scryptRuns = () => vi.mocked(password.verifyPassword).mock.calls.length;

const LIST = '/api/accommodations/?organization=1';
/** The defaults of SPEC §7 / docs/OPERATIONS.md, which testApp lifts unless told. */
const FAILURE_LIMITS = { AUTH_FAILURE_MAX: '10', AUTH_FAILURE_MAX_PER_ADDRESS: '50', AUTH_FAILURE_WINDOW: '300' };

const countOf = (responses: LightMyRequestResponse[], status: number) =>
  responses.filter((response) => response.statusCode === status).length;

/** Records every statement a Kysely instance sends to its database. */
function recordingQueries(kysely: Kysely<Database>) {
  const statements: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { kysely: kysely.withPlugin(plugin), statements };
}

/**
 * Issue item 1: failed-authentication limits under parallel requests, and the password-hash queue
 * under a flood. Every request goes through `app.inject` (no network); the limits are the defaults.
 */
describe.each(DIALECTS)('failed-authentication floods on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });

  const get = (app: FastifyInstance, headers: Record<string, string>, remoteAddress: string) =>
    app.inject({ method: 'GET', url: LIST, headers, remoteAddress });
  // Floods of password checks at the service's own cost: the queue's bounds, and who waits behind
  // it, are what these tests are about (cheap test hashes would end before any queue forms).
  const floodedApp = () => testApp(used.db, { env: FAILURE_LIMITS, passwordHashing: "the service's own" });
  const realUser = (username: string) => basicFor(used.db, username, { organizations: [1] }, password.SCRYPT_PARAMS);

  it('80 parallel Basic requests for one username (79 wrong, 1 right) check at most 10 passwords; the rest are 429', async () => {
    const app = await floodedApp();
    const user = await realUser('flooded-user');
    const before = scryptRuns();

    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        get(
          app,
          { authorization: i === 40 ? user.authorization : basicHeader('flooded-user', `guess-${i}`) },
          '10.80.0.1',
        ),
      ),
    );

    const checked = countOf(responses, 401) + countOf(responses, 200);
    expect(countOf(responses, 200)).toBeLessThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(10);
    expect(scryptRuns() - before).toBe(checked);
    expect(countOf(responses, 429)).toBe(80 - checked);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 120_000);

  it('150 parallel unknown usernames from one address hash at most 50, and other clients are not kept waiting', async () => {
    const app = await floodedApp();
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const signIn = await realUser('real-user');
    const warmUp = await realUser('warm-up-user');

    // Warm-up: the app's first password check (its database connection, its code) before the flood.
    expect((await get(app, { authorization: warmUp.authorization }, '10.150.1.1')).statusCode).toBe(200);

    const before = scryptRuns();
    const flood = Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        get(app, { authorization: basicHeader(`no-such-user-${i}`, `guess-${i}`) }, '10.150.0.1'),
      ),
    );
    // The flood is under way: password checks are running.
    await expect.poll(() => scryptRuns() - before, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);

    const keyStart = performance.now();
    expect((await get(app, { 'x-api-key': key }, '10.150.0.2')).statusCode).toBe(200);
    const keyElapsed = performance.now() - keyStart;

    const floodChecksBefore = checked.filter((candidate) => candidate.startsWith('guess-')).length;
    expect((await get(app, { authorization: signIn.authorization }, '10.150.0.3')).statusCode).toBe(200);
    const floodChecksDuring = checked.filter((candidate) => candidate.startsWith('guess-')).length - floodChecksBefore;

    const responses = await flood;
    const hashedForFlood = scryptRuns() - before - 1; // less the real user's own check
    expect(keyElapsed).toBeLessThan(200);
    // The sign-in did not wait behind the flood: its check started when one of the two running for
    // the flood ended, and ran beside the other (and perhaps the one that followed it).
    expect(floodChecksDuring).toBeLessThanOrEqual(4);
    expect(hashedForFlood).toBeLessThanOrEqual(50);
    expect(countOf(responses, 401)).toBe(hashedForFlood);
    expect(countOf(responses, 401) + countOf(responses, 429) + countOf(responses, 503)).toBe(150);
    for (const refused of responses.filter((response) => response.statusCode !== 401)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 180_000);

  it("60 parallel credential creations by one tenant's admin wait in the same queue: another tenant signs in behind at most a few", async () => {
    const app = await floodedApp();
    const admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    const otherTenant = await basicFor(used.db, 'other-tenant', { organizations: [2] }, password.SCRYPT_PARAMS);
    const before = hashed.count;
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/credentials',
          headers: { 'x-api-key': admin, accept: 'application/json' },
          payload: { organization: 1, type: 'basic', username: `made-in-flood-${i}` },
          remoteAddress: '10.60.0.1',
        }),
      ),
    );
    // The flood is under way: new passwords are being hashed.
    await expect.poll(() => hashed.count - before, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);

    const hashedBefore = hashed.count;
    const signIn = await app.inject({
      method: 'GET',
      url: '/api/accommodations/?organization=2',
      headers: { authorization: otherTenant.authorization },
      remoteAddress: '10.60.0.2',
    });
    expect(signIn.statusCode).toBe(200);
    const hashedDuring = hashed.count - hashedBefore;

    const responses = await flood;
    // The sign-in's check took the next free slot (two run at once), not the 60th: before this
    // issue, creations hashed outside the queue and it waited behind all of them.
    expect(hashedDuring).toBeLessThanOrEqual(4);
    // At most 16 of one address run or wait; the others are told to come back.
    expect(countOf(responses, 201)).toBe(hashed.count - before);
    expect(countOf(responses, 201)).toBeLessThanOrEqual(16);
    expect(countOf(responses, 201) + countOf(responses, 503)).toBe(60);
    for (const refused of responses.filter((response) => response.statusCode === 503)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 180_000);
});

/** Issue item 2 (the part about usernames): a username no credential can have is a plain failure. */
describe.each(DIALECTS)('usernames no credential can have, on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });

  it.each([
    ['a NUL', 'admin\u0000'],
    ['a NUL alone', '\u0000'],
    ['a space', 'park sync'],
    ['4 KiB of text', 'u'.repeat(4096)],
  ])('with %s: 401, counted toward the limits, never an error', async (_name, username) => {
    const logs = new LogCapture();
    const app = await testApp(used.db, { logs, env: { ...FAILURE_LIMITS, AUTH_FAILURE_MAX: '3' } });
    const address = '10.2.0.1';
    const attempt = (from: string) =>
      app.inject({
        method: 'GET',
        url: LIST,
        headers: { authorization: basicHeader(username, 'whatever') },
        remoteAddress: from,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(`${address}${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(logs.text).not.toContain('unhandled error');
    expect(logs.lines.map((line) => JSON.parse(line).level as number).filter((level) => level >= 50)).toEqual([]);
  });

  it('never reaches SQL or a password hash', async () => {
    const recorder = recordingQueries(used.db.kysely);
    const authenticator = new Authenticator(recorder.kysely, fixedClock());
    const before = scryptRuns();
    for (const username of ['admin\u0000', 'a\u0000b', 'x'.repeat(65)]) {
      const authentication = await authenticator.authenticate({
        scheme: 'basic',
        basic: { username, password: 'whatever' },
      });
      expect(authentication).toBeUndefined();
    }
    expect(recorder.statements).toEqual([]);
    expect(scryptRuns()).toBe(before);
  });
});
