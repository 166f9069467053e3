import type { FastifyInstance } from 'fastify';
import { onTestFinished, TestRunner } from 'vitest';
import type { Db } from '../../src/db/database.js';

/**
 * The apps `testApp` built that are still open, each with the database it uses, so that no test has
 * to close its app by hand (fastify/demo's `build(t)` registers `t.after(() => app.close())`):
 *
 * - an app built inside a test (or its `beforeEach`) closes when that test finishes;
 * - an app built in a `beforeAll` closes when its database is dropped (`TestDatabase.drop()` closes
 *   the database's apps first, so an app never outlives its database, whatever order hooks run in);
 * - any other app closes at the end of its test file (test/setup/close-apps.ts).
 *
 * Closing twice is harmless: Fastify's `close()` on a closed app resolves at once, its onClose hooks
 * having run once (test/integration/self-closing-apps.test.ts shows it), so a test may still close
 * an app early, e.g. to assert on what closing does.
 */
const openApps = new Map<FastifyInstance, Db>();

/** Called by `testApp` for each app it builds, before the app is ready (it adds an onClose hook). */
export function closeAutomatically(app: FastifyInstance, db: Db): void {
  openApps.set(app, db);
  app.addHook('onClose', async () => {
    openApps.delete(app);
  });
  if (TestRunner.getCurrentTest()) onTestFinished(() => app.close());
}

/** Closes the open apps on `db`, or every open app when no database is given. */
export async function closeOpenApps(db?: Db): Promise<void> {
  const apps = [...openApps].filter(([, appDb]) => db === undefined || appDb === db).map(([app]) => app);
  await Promise.all(apps.map((app) => app.close()));
}
