import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeRequiring, postgresServer } from '../helpers/requirements.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * A PostgreSQL connection that dies while a request is using it (the server restarts, an operator
 * terminates the backend) fails that request's query and nothing else: pg emits 'error' on a
 * checked-out client as well, and an unhandled one would take the whole process down.
 */
// PostgreSQL only (SQLite has no connection to lose); CI sets TEST_DATABASE_URL, so it runs there.
describeRequiring([postgresServer()], 'a PostgreSQL connection lost while a request holds it', () => {
  const used = useDatabase('postgres');

  it('between the queries of a held connection: the next query fails, the process lives on, the pool recovers', async () => {
    const { db } = used;
    if (db.dialect !== 'postgres') throw new Error('a PostgreSQL database was expected');
    // The pool lends this test's connection its client: watch that for the 'error' event of the loss.
    let lost: unknown;
    db.pool.once('acquire', (client: pg.PoolClient) => client.once('error', (error) => (lost = error)));
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    // Vitest reports an uncaught exception as an error of the run; record it here to assert on it.
    process.prependListener('uncaughtException', record);
    try {
      const outcome = await used.db.kysely
        .connection()
        .execute(async (connection) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
          const admin = new pg.Client({ connectionString: used.url });
          await admin.connect();
          try {
            await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
          } finally {
            await admin.end();
          }
          // The connection is checked out but idle: pg reports its loss as an 'error' event.
          await expect.poll(() => lost, { timeout: 5_000 }).toBeInstanceOf(Error);
          return sql`select 1`.execute(connection);
        })
        .then(
          () => 'completed',
          (error: unknown) => error,
        );
      // Reported while idle (had the poll above given up, its failure would be the outcome).
      expect(lost).toBeInstanceOf(Error);
      expect(outcome).toBeInstanceOf(Error);
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(used.db.kysely);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
