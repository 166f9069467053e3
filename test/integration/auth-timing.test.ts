import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { basicFor, basicHeader, load, twoOrganizations } from '../helpers/fixtures.js';

/**
 * OWASP API2: response time must not reveal whether a username exists. 200 tries, interleaved so
 * both kinds meet the same machine noise; one database suffices (the cost is the password hash).
 */
describe('failed Basic authentication timing', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await load(database.db, twoOrganizations);
    await basicFor(database.db, 'timing-user', { organizations: [1] });
    app = await testApp(database.db);
  });
  afterAll(() => database.drop());

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

  it('costs the same median time for an unknown username as for a wrong password (within 10%, 200 tries)', async () => {
    const time = async (username: string, i: number) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: '/api/accommodations/',
        headers: { authorization: basicHeader(username, `wrong-${i}`) },
      });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 100; i++) {
      unknown.push(await time(`no-such-user-${i}`, i));
      wrong.push(await time('timing-user', i));
    }
    const [a, b] = [median(unknown), median(wrong)];
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.1);
  }, 300_000);
});
