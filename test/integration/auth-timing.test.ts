import { beforeAll, describe, expect, it } from 'vitest';
import { parsePasswordHash, SCRYPT_PARAMS } from '../../src/modules/credentials/password.js';
import { apiKeyFor, basicFor, basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useApp } from '../helpers/use-database.js';

/**
 * OWASP API2: response time must not reveal whether a username exists. 60 tries, interleaved so
 * both kinds meet the same machine noise (a scrypt at this cost varies little: 30 of each give a
 * steady median, at ~0.37 s a try); one database suffices (the cost is the password hash).
 *
 * At the service's own password cost, as auth-flood's floods: every other test hashes cheaply
 * (CHEAP_PASSWORD_HASHING). The app is built as the server builds it, naming no cost, so these
 * tests also prove what production hashes at, and that its decoy costs what a real password does.
 */
describe('Basic passwords at the service’s own cost', () => {
  const used = useApp('sqlite', { data: twoOrganizations, app: { passwordHashing: "the service's own" } });

  beforeAll(async () => {
    await basicFor(used.db, 'timing-user', { organizations: [1] }, SCRYPT_PARAMS);
  });

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

  it('are hashed with scrypt N = 2^17, r = 8, p = 1 when an admin creates a Basic credential', async () => {
    const admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    const response = await used.app.inject({
      method: 'POST',
      url: '/api/credentials',
      headers: { accept: 'application/json', 'x-api-key': admin },
      payload: { organization: 1, type: 'basic', username: 'made-by-admin', scope: 'read' },
    });
    expect(response.statusCode).toBe(201);
    const { username, password } = response.json<{ username: string; password: string }>();
    // Qualified by the organization (issue 41, finding 12).
    expect(username).toBe('made-by-admin@1');
    rememberSecret(password, basicHeader(username, password));
    const { password_hash: stored } = await used.db.kysely
      .selectFrom('credentials')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(parsePasswordHash(stored as string)).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('cost the same median time for an unknown username as for a wrong password (within 10%, 60 tries)', async () => {
    const time = async (username: string, i: number) => {
      const started = performance.now();
      const response = await used.app.inject({
        method: 'GET',
        url: '/api/accommodations/',
        headers: { authorization: basicHeader(username, `wrong-${i}`) },
      });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 30; i++) {
      unknown.push(await time(`no-such-user-${i}`, i));
      wrong.push(await time('timing-user', i));
    }
    const [a, b] = [median(unknown), median(wrong)];
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.1);
  }, 300_000);
});
