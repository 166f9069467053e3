import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { BulkWork, BulkWriter } from './bulk-writer.js';
import type { BulkTable } from './bulk-columns.js';
import { PgLoadQueue, type PgQuery } from './bulk-postgres-queue.js';
import { BUMP_ALL_VERSIONS, highestIdSql } from './bulk-statements.js';
import type { Db } from './database.js';
import { type NightHold, nightsHeldTwice, overlapKeys } from './constraint-errors.js';
import { LONGEST_STAY_SQL } from './longest-stay.js';
import { NIGHT_HOLDS_CONSTRAINT } from './migrations/014_blocks_and_stay_rules.js';
import { type Database, EVENTS_CHANNEL } from './schema.js';
import { databaseErrorCode, PG_EXCLUSION_VIOLATION } from './write-transaction.js';

/**
 * The bulk writer on PostgreSQL: one connection of its own, one transaction; rows go in by COPY
 * (bulk-postgres-queue.ts), into a staging table and one upsert from it per batch, or straight into
 * a table the load found empty.
 */

/**
 * The pool gives up on a statement after 20 s and the server after 15 s: right for a request, too
 * short for a load, where one statement rebuilds the indexes of a million rows. A load's transaction
 * lifts the server's limit and waits this long for each statement.
 */
const LOAD_QUERY_TIMEOUT_MS = 3_600_000;

/** Rebuilding a million rows' indexes sorts in memory with this (SET LOCAL: for the load only). */
const LOAD_MAINTENANCE_WORK_MEM = '256MB';

/**
 * Kysely on one pooled client: the load's transaction, its COPY streams and its queries all run on
 * the connection that COPY needs to reach directly. `beforeQuery` runs before each of its statements.
 */
function kyselyOn(run: PgQuery, beforeQuery: (sql: string) => Promise<void>): Kysely<Database> {
  const connection = {
    async query(text: string, parameters: readonly unknown[]) {
      await beforeQuery(text);
      return run(text, parameters);
    },
    release() {},
  };
  const pool = { connect: async () => connection, end: async () => {} };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/**
 * What `deferIndexes` drops on PostgreSQL, in the order it is put back: the primary key and unique
 * constraints (unless a foreign key leans on them), the indexes that back no constraint, and the
 * foreign keys (checked by a trigger per row while they exist; added again, by one join over every
 * row). The exclusion constraint against double bookings (on `night_holds`, filled by the holders'
 * triggers, migration 014) stays and checks each row as it arrives:
 * its GiST index has no sorted build for these operator classes, and adding it back afterwards
 * (building the index by inserting every row, then probing it once per row) took longer than keeping
 * it: at a million rows, ~25 s of one core either way, and keeping it lets the COPY overlap with the
 * rows being prepared. It is most of a load's time (bench/pg-bulk.mjs).
 */
const DEFERRABLE_SQL = `
  select 'constraint' as kind, c.conname as name, pg_get_constraintdef(c.oid) as definition,
         case c.contype when 'p' then 0 when 'u' then 1 else 3 end as rank
    from pg_constraint c
   where c.conrelid = $1::regclass
     and (c.contype = 'f'
          or c.contype in ('p', 'u')
             and not exists (select 1 from pg_constraint r where r.contype = 'f' and r.conindid = c.conindid))
  union all
  select 'index', i.relname, pg_get_indexdef(i.oid), 2
    from pg_index x join pg_class i on i.oid = x.indexrelid
   where x.indrelid = $1::regclass
     and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
   order by rank, name`;

type TrxQuery = (text: string, parameters?: readonly unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs the load's deferred checks of `night_holds_no_overlap` (every hold of an accommodation,
 * reservations and blocks alike, migration 014). A refusal is answered as a conflict naming the
 * holds, not as the database's error: `booking import` checks the file's holds itself first, so this
 * is what it could not see (a hold of another kind, a row written by hand) or a load of `booking seed`.
 * The checks run in a savepoint, so that after a refusal the transaction can still read which holds
 * PostgreSQL's message means.
 */
async function checkNightHolds(query: TrxQuery): Promise<void> {
  await query('savepoint night_holds_check');
  try {
    await query(`set constraints ${NIGHT_HOLDS_CONSTRAINT} immediate`);
  } catch (error) {
    if (databaseErrorCode(error) !== PG_EXCLUSION_VIOLATION) throw error;
    await query('rollback to savepoint night_holds_check');
    const keys = overlapKeys(error);
    const holds: NightHold[] = [];
    for (const key of keys) {
      const { rows } = await query(
        `select holder, holder_id from night_holds
          where accommodation_id = $1 and date_from = $2 and date_to = $3 order by holder, holder_id limit 2`,
        [key.accommodation, key.dateFrom, key.dateTo],
      );
      for (const row of rows) {
        const hold = { ...key, kind: String(row.holder), id: Number(row.holder_id) };
        if (!holds.some((h) => h.kind === hold.kind && h.id === hold.id)) holds.push(hold);
      }
    }
    throw nightsHeldTwice(keys, holds);
  }
  await query('release savepoint night_holds_check');
}

export async function withPostgresWriter(db: Extract<Db, { dialect: 'postgres' }>, work: BulkWork) {
  const loaded = new Set<BulkTable>();
  const client = await db.pool.connect();
  // pg reads query_timeout per query too; its types leave it out.
  const run: PgQuery = (text, parameters = []) =>
    client.query({ text, values: [...parameters], query_timeout: LOAD_QUERY_TIMEOUT_MS } as pg.QueryConfig);
  const queue = new PgLoadQueue(client, run);
  let failed = false;
  try {
    await kyselyOn(run, (text) => (text === 'rollback' ? queue.abandon() : queue.drain()))
      .transaction()
      .execute(async (trx) => {
        const query = (text: string, parameters: readonly unknown[] = []) =>
          trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...parameters]));
        await query('set local statement_timeout = 0');
        // Double bookings are checked on what the load leaves, at its commit (migration 011): a row
        // may take nights that a later row of the same load gives up.
        await query(`set constraints ${NIGHT_HOLDS_CONSTRAINT} deferred`);
        const touched = new Set<BulkTable>();
        const deferred: string[] = [];
        const writer: BulkWriter = {
          async upsert(table, rows) {
            if (rows.length === 0) return;
            loaded.add(table);
            // Events carry text ids; their position comes from their own identity column.
            if (table !== 'events') touched.add(table);
            await queue.add(table, rows);
          },
          async maxId(table) {
            const result = await query(`select (${highestIdSql(table)})::integer as id`);
            return result.rows[0]?.id as number;
          },
          // Only into an empty table, which is then loaded by COPY straight into it: nothing there to
          // upsert over. Dropping an index locks the table (ACCESS EXCLUSIVE) until the commit, so
          // other connections' reads of it wait for the load to end, and a request's read gives up
          // after its 15 s: the trade `booking import` and `booking seed` make, as admin commands, for
          // a table that holds nothing yet. Into a table that holds rows, nothing is dropped and
          // readers go on reading the rows committed before.
          async deferIndexes(table) {
            const empty = await query(`select not exists (select 1 from ${table}) as empty`);
            if (empty.rows[0]?.empty !== true) return;
            const { rows } = await query(DEFERRABLE_SQL, [table]);
            for (const { kind, name, definition } of rows as { kind: string; name: string; definition: string }[]) {
              if (kind === 'index') {
                await query(`drop index ${name}`);
                deferred.push(definition);
              } else {
                await query(`alter table ${table} drop constraint ${name}`);
                deferred.push(`alter table ${table} add constraint ${name} ${definition}`);
              }
            }
            queue.direct.add(table);
          },
        };
        await work(writer, trx);
        await queue.drain();
        // The deferred double-booking checks run now, on what the load leaves (and must have run
        // before the table is altered below: PostgreSQL refuses to with checks pending).
        await checkNightHolds(query);
        // Rebuilt before the commit: a repeated id or reservation number, or a dangling reference,
        // fails the whole load.
        if (deferred.length > 0) await query(`set local maintenance_work_mem = '${LOAD_MAINTENANCE_WORK_MEM}'`);
        for (const statement of deferred) await query(statement);
        // Explicit ids bypass the identity sequence; move it past them so later inserts do not collide.
        for (const table of touched) {
          await query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest(${highestIdSql(table)}, 1))`);
        }
        // Rows loaded here skipped the single writes' bookkeeping of the longest stay (migration 006).
        if (touched.has('reservations')) await query(LONGEST_STAY_SQL.postgres);
        await query(BUMP_ALL_VERSIONS);
        // Feed readers waiting for events are woken at commit (a no-op when the load recorded none).
        await query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
      });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection that failed in the middle of a COPY is not handed to anyone else.
    client.release(failed);
  }
  await tidyAfterLoad(db.pool, [...loaded]);
}

/**
 * After a PostgreSQL load's commit, `VACUUM (ANALYZE)` of what it loaded. Fresh statistics: a table
 * that grew by a million rows since autovacuum last looked makes the planner sort a whole
 * organization's events for one page of the feed. And its visibility map: until a VACUUM marks the
 * new pages all-visible, an index-only scan (a page's offset walked over the covering index) still
 * reads the row of every entry it skips, and autovacuum may come late or, where an operator turned
 * it off, never.
 *
 * The load has committed, so nothing here may make it look failed: the connection is one of its own
 * without the requests' 15 s statement timeout (a VACUUM of a large table outlasts it), discarded
 * afterwards; a table that another VACUUM, an autovacuum or an index build holds is skipped rather
 * than waited for; and a failure is a warning.
 */
async function tidyAfterLoad(pool: pg.Pool, tables: readonly BulkTable[]): Promise<void> {
  if (tables.length === 0) return;
  let client: pg.PoolClient | undefined;
  try {
    client = await pool.connect();
    await client.query('set statement_timeout = 0');
    for (const table of tables) {
      await client.query({
        text: `vacuum (analyze, skip_locked) ${table}`,
        query_timeout: LOAD_QUERY_TIMEOUT_MS,
      } as pg.QueryConfig);
    }
  } catch (error) {
    process.emitWarning(`the load is committed, but VACUUM after it failed: ${(error as Error).message}`);
  } finally {
    client?.release(true);
  }
}
