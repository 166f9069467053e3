import { sql } from 'kysely';
import { vi } from 'vitest';
import type { Db } from '../../src/db/database.js';

/**
 * Waits until the changes feed shows every change committed before the call.
 *
 * On PostgreSQL the feed holds back a transaction's events until every transaction that began before
 * it has ended, on the whole server: its horizon is the server's oldest running transaction
 * (`pg_snapshot_xmin`), whatever database that transaction is in. Test files run side by side on one
 * server, and another file's import may keep a transaction open for seconds, so a test that reads
 * the feed right after its own writes calls this first: it waits until every transaction begun so
 * far has ended, then the feed read sees everything committed before, as it would alone. SQLite's
 * feed shows a commit at once: nothing to wait for.
 */
export async function feedCaughtUp(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return;
  const snapshot = sql<{ xmin: string; xmax: string }>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax`;
  const { rows } = await snapshot.execute(db.kysely);
  // Every transaction id below xmax had been handed out when the call was made.
  const begunSoFar = BigInt(rows[0]?.xmax ?? 0);
  // vi.waitFor, unlike expect.poll, also works in a beforeAll.
  await vi.waitFor(
    async () => {
      const xmin = BigInt((await snapshot.execute(db.kysely)).rows[0]?.xmin ?? 0);
      if (xmin < begunSoFar)
        throw new Error(`transactions begun before ${begunSoFar} are still running (xmin ${xmin})`);
    },
    { timeout: 60_000, interval: 20 },
  );
}
