import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db, Dialect } from '../../src/db/database.js';
import type { ImportDocument } from '../../src/modules/data/import.schemas.js';
import { testApp } from './app.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { load } from './fixtures.js';

export interface UsedDatabase {
  readonly database: TestDatabase;
  readonly db: Db;
  /** A DATABASE_URL for child processes (CLI, server) to open the same database. */
  readonly url: string;
}

export interface UsedApp extends UsedDatabase {
  readonly app: FastifyInstance;
}

/**
 * The database of the tests of the enclosing `describe` (or file), in one line: made before them
 * from the run's migrated template with `data` loaded, dropped after them (closing its apps first).
 * Its parts are read inside hooks and tests, once the `beforeAll` this registers has run; the
 * caller's own `beforeAll`s, registered after this call, run after it.
 */
export function useDatabase(dialect: Dialect, { data }: { data?: ImportDocument } = {}): UsedDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    if (data) await load(database.db, data);
  });
  afterAll(() => database?.drop());
  const made = (): TestDatabase => {
    if (!database) throw new Error('the database is made in a beforeAll: read it inside a hook or a test');
    return database;
  };
  return {
    get database() {
      return made();
    },
    get db() {
      return made().db;
    },
    get url() {
      return made().url;
    },
  };
}

/** `useDatabase`, and the app on it (`testApp` with `app`'s options), built once the data is loaded. */
export function useApp(
  dialect: Dialect,
  options: { data?: ImportDocument; app?: Parameters<typeof testApp>[1] } = {},
): UsedApp {
  const used = useDatabase(dialect, options);
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await testApp(used.db, options.app);
  });
  // The database's getters, and one more.
  return Object.defineProperty(used, 'app', {
    enumerable: true,
    get() {
      if (!app) throw new Error('the app is built in a beforeAll: read it inside a hook or a test');
      return app;
    },
  }) as UsedApp;
}
