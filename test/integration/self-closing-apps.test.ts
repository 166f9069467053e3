import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * `testApp` apps close by themselves (test/helpers/open-apps.ts), so tests carry no `app.close()`:
 * shown here, since a leak would only show as a hung or noisy run.
 */
describe('apps built by testApp', () => {
  const used = useDatabase('sqlite');
  const closed: string[] = [];
  /** An app that notes its closing, and whether its database still answered then. */
  const noting = (name: string, db = used.database) =>
    testApp(db.db, {
      routes: (app) =>
        app.addHook('onClose', async () => {
          const answered = await sql`select 1`.execute(db.db.kysely).then(
            () => 'open',
            () => 'closed',
          );
          closed.push(`${name} (database ${answered})`);
        }),
    });

  it('close when the test that built them finishes', async () => {
    const app = await noting('in a test');
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(closed).toEqual([]);
  });

  it('(so the app of the test before this one is closed)', () => {
    expect(closed).toEqual(['in a test (database open)']);
  });

  describe('built before the tests', () => {
    let own: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      own = await createTestDatabase('sqlite');
      app = await noting('before the tests', own);
    });

    it('stay open through the tests and close, first, when their database is dropped', async () => {
      expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
      closed.length = 0;
      await own.drop();
      expect(closed).toEqual(['before the tests (database open)']);
    });
  });

  it('may be closed twice, even at once: onClose runs once', async () => {
    closed.length = 0;
    const app = await noting('twice');
    await Promise.all([app.close(), app.close()]);
    await app.close();
    expect(closed).toEqual(['twice (database open)']);
  });

  it('(and a third time when its test finished, harmlessly)', () => {
    expect(closed).toEqual(['twice (database open)']);
  });
});
