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
  const started = Date.now();
  await vi.waitFor(
    async () => {
      const xmin = BigInt((await snapshot.execute(db.kysely)).rows[0]?.xmin ?? 0);
      if (xmin >= begunSoFar) return;
      // Past half the wait, the error (the last one is what a timeout reports) names who holds it.
      const holders = Date.now() - started > 30_000 ? await oldestTransactions(db) : '';
      throw new Error(`transactions begun before ${begunSoFar} are still running (xmin ${xmin})${holders}`);
    },
    { timeout: 60_000, interval: 20 },
  );
}

/** The server's oldest transactions that hold a transaction id: database, age, application, query. */
async function oldestTransactions(db: Db): Promise<string> {
  const { rows } = await sql<{ datname: string; age: string; application_name: string; query: string }>`
    select datname, (now() - xact_start)::text as age, application_name, left(query, 200) as query
    from pg_stat_activity where backend_xid is not null order by xact_start limit 3`.execute(db.kysely);
  return rows.map((r) => `\n  ${r.datname}, open ${r.age}, ${r.application_name}: ${r.query}`).join('');
}
