import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyTextLine } from './copy-text.js';
import type { Db } from './database.js';
import { type NightHold, nightsHeldTwice, overlapKeys } from './constraint-errors.js';
import { LONGEST_STAY_SQL } from './longest-stay.js';
import { NIGHT_HOLDS_CONSTRAINT } from './migrations/014_blocks_and_stay_rules.js';
import { REBUILD_RESERVATION_DAYS_SQL } from './reservation-days.js';
import { type Database, EVENTS_CHANNEL } from './schema.js';
import { databaseErrorCode, PG_EXCLUSION_VIOLATION } from './write-transaction.js';

/**
 * Fast all-or-nothing loading for `booking import` and `booking seed`. Rows go in as arrays in a
 * table's column order, inside one transaction: prepared statements on SQLite, COPY into a staging
 * table and one upsert from it per chunk on PostgreSQL (straight COPY into a table the load found
 * empty, and for events, which are only ever added). Kysely's builder is kept for everything
 * else; here it would cost more than the insert.
 */

type TableName = keyof Database;

export interface Column {
  name: string;
  /** The column's PostgreSQL type (SQLite stores booleans as 0 and 1, converted on the way in). */
  pgType: 'integer' | 'bigint' | 'text' | 'date' | 'timestamptz' | 'boolean';
}

export const BULK_COLUMNS = {
  organizations: [
    { name: 'id', pgType: 'integer' },
    { name: 'name', pgType: 'text' },
    { name: 'timezone', pgType: 'text' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'modified', pgType: 'timestamptz' },
    /** Of its prices (migration 015). */
    { name: 'currency', pgType: 'text' },
  ],
  accommodations: [
    { name: 'id', pgType: 'integer' },
    { name: 'organization_id', pgType: 'integer' },
    { name: 'title', pgType: 'text' },
    { name: 'type', pgType: 'text' },
    { name: 'max_persons', pgType: 'integer' },
    { name: 'bedrooms', pgType: 'integer' },
    { name: 'active', pgType: 'boolean' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'modified', pgType: 'timestamptz' },
    { name: 'version', pgType: 'integer' },
  ],
  reservations: [
    { name: 'id', pgType: 'integer' },
    { name: 'organization_id', pgType: 'integer' },
    { name: 'accommodation_id', pgType: 'integer' },
    { name: 'reservation_number', pgType: 'text' },
    { name: 'status', pgType: 'text' },
    { name: 'date_from', pgType: 'date' },
    { name: 'date_to', pgType: 'date' },
    { name: 'adults', pgType: 'integer' },
    { name: 'children', pgType: 'integer' },
    { name: 'babies', pgType: 'integer' },
    { name: 'guest_name', pgType: 'text' },
    { name: 'total_amount_minor', pgType: 'bigint' },
    { name: 'currency', pgType: 'text' },
    { name: 'channel', pgType: 'text' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'modified', pgType: 'timestamptz' },
    { name: 'cancelled', pgType: 'timestamptz' },
    { name: 'version', pgType: 'integer' },
  ],
  /** Nights held without a reservation (migration 014): after the accommodations they hold. */
  blocks: [
    { name: 'id', pgType: 'integer' },
    { name: 'organization_id', pgType: 'integer' },
    { name: 'accommodation_id', pgType: 'integer' },
    { name: 'date_from', pgType: 'date' },
    { name: 'date_to', pgType: 'date' },
    { name: 'kind', pgType: 'text' },
    { name: 'note', pgType: 'text' },
    { name: 'calendar_id', pgType: 'integer' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'modified', pgType: 'timestamptz' },
    { name: 'version', pgType: 'integer' },
  ],
  stay_rules: [
    { name: 'id', pgType: 'integer' },
    { name: 'organization_id', pgType: 'integer' },
    { name: 'accommodation_id', pgType: 'integer' },
    { name: 'type', pgType: 'text' },
    { name: 'date_from', pgType: 'date' },
    { name: 'date_to', pgType: 'date' },
    { name: 'settings', pgType: 'text' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'modified', pgType: 'timestamptz' },
    { name: 'version', pgType: 'integer' },
  ],
  /** Age groups, price components, supplements and discounts (migration 015): after the accommodations they name. */
  price_records: [
    { name: 'id', pgType: 'integer' },
    { name: 'organization_id', pgType: 'integer' },
    { name: 'record', pgType: 'text' },
    { name: 'accommodation_id', pgType: 'integer' },
    { name: 'type', pgType: 'text' },
    { name: 'description', pgType: 'text' },
    { name: 'date_from', pgType: 'date' },
    { name: 'date_to', pgType: 'date' },
    { name: 'terms', pgType: 'text' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'modified', pgType: 'timestamptz' },
    { name: 'version', pgType: 'integer' },
  ],
  /** Hashes only (a dump carries no secret); bindings to organizations are written apart. */
  credentials: [
    { name: 'id', pgType: 'integer' },
    { name: 'name', pgType: 'text' },
    { name: 'type', pgType: 'text' },
    { name: 'key_prefix', pgType: 'text' },
    { name: 'key_hash', pgType: 'text' },
    { name: 'username', pgType: 'text' },
    { name: 'password_hash', pgType: 'text' },
    { name: 'scopes', pgType: 'text' },
    { name: 'compatibility_date', pgType: 'date' },
    { name: 'created', pgType: 'timestamptz' },
    { name: 'last_used', pgType: 'timestamptz' },
    { name: 'revoked', pgType: 'timestamptz' },
  ],
  /**
   * The outbox (migration 004): position and txid come from the database; `seq`, the
   * organization's counter, from the load, which holds every organization's row (migration 012).
   */
  events: [
    { name: 'id', pgType: 'text' },
    { name: 'organization_id', pgType: 'integer' },
    { name: 'type', pgType: 'text' },
    { name: 'resource_type', pgType: 'text' },
    { name: 'resource_id', pgType: 'integer' },
    { name: 'resource_version', pgType: 'integer' },
    { name: 'occurred', pgType: 'timestamptz' },
    { name: 'body', pgType: 'text' },
    { name: 'seq', pgType: 'integer' },
  ],
} as const satisfies Partial<Record<TableName, readonly Column[]>>;

export type BulkTable = keyof typeof BULK_COLUMNS;
/** One row, values in BULK_COLUMNS order; booleans as true/false (converted per dialect). */
export type BulkRow = readonly unknown[];

export interface BulkWriter {
  /** Inserts rows, or updates every column of the row with the same id (events: inserts). */
  upsert(table: BulkTable, rows: readonly BulkRow[]): Promise<void>;
  /** The highest id in the table, read inside the transaction (0 when empty). */
  maxId(table: BulkTable): Promise<number>;
  /**
   * For loads of many rows: drops the table's secondary indexes now and rebuilds them before the
   * commit, still inside the transaction. Building an index from sorted data once is many times
   * faster than updating it row by row in random order. Every constraint holds when the load
   * commits: on SQLite they are enforced throughout; on PostgreSQL, into an empty table, the keys,
   * unique constraints and foreign keys are dropped too and added back (so checked over every row)
   * before the commit, while the exclusion constraint against double bookings checks each row as it
   * arrives. On SQLite, the reservations' per-day counting triggers are set aside and the counts
   * taken afresh.
   */
  deferIndexes(table: BulkTable): Promise<void>;
}

/** A bulk load may touch any organization: every change counter moves, so no cached count survives it. */
const BUMP_ALL_VERSIONS = 'update organizations set version = version + 1';

/** Below this many rows, rebuilding indexes costs more than it saves. */
export const DEFER_INDEXES_FROM_ROWS = 50_000;

/** Negative cache_size is in KiB: 1 GiB, released when the load ends. */
const BULK_CACHE_KIB = -1_048_576;

function upsertSql(table: BulkTable, values: string): string {
  const columns = BULK_COLUMNS[table].map((c) => c.name);
  const updates = columns
    .filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  const insert = `insert into ${table} (${columns.join(', ')}) ${values}`;
  // Events are only ever added (each has a new id), so they have no key to upsert by.
  return table === 'events' ? insert : `${insert} on conflict (id) do update set ${updates}`;
}

/**
 * Rows per SQLite statement: one `run` binding 64 rows costs far less than 64 runs (better-sqlite3's
 * per-call overhead dominates a narrow insert), and 64 × 17 values stay well below SQLite's limit.
 */
const SQLITE_ROWS_PER_STATEMENT = 64;

async function withSqliteWriter(db: Extract<Db, { dialect: 'sqlite' }>, work: BulkWork) {
  const statements = new Map<string, ReturnType<typeof db.sqlite.prepare>>();
  const statementFor = (table: BulkTable, rows: number) => {
    const key = `${table}:${rows}`;
    let statement = statements.get(key);
    if (!statement) {
      const row = `(${BULK_COLUMNS[table].map(() => '?').join(', ')})`;
      statement = db.sqlite.prepare(upsertSql(table, `values ${Array(rows).fill(row).join(', ')}`));
      statements.set(key, statement);
    }
    return statement;
  };
  let loadedReservations = false;
  const writer: BulkWriter = {
    async upsert(table, rows) {
      if (table === 'reservations' && rows.length > 0) loadedReservations = true;
      const booleans = BULK_COLUMNS[table].flatMap((c, i) => (c.pgType === 'boolean' ? [i] : []));
      const values: unknown[] = [];
      const flush = () => {
        const count = values.length / BULK_COLUMNS[table].length;
        if (count > 0) statementFor(table, count).run(values);
        values.length = 0;
      };
      for (const row of rows) {
        for (let i = 0; i < row.length; i++) values.push(booleans.includes(i) ? (row[i] ? 1 : 0) : row[i]);
        if (values.length === SQLITE_ROWS_PER_STATEMENT * row.length) flush();
      }
      flush();
    },
    async maxId(table) {
      const row = db.sqlite.prepare(`select coalesce(max(id), 0) as id from ${table}`).get() as { id: number };
      return row.id;
    },
    async deferIndexes(table) {
      // Indexes behind constraints (unique, primary key) have no SQL of their own and stay.
      const indexes = db.sqlite
        .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`)
        .all(table) as { name: string; sql: string }[];
      for (const index of indexes) {
        db.sqlite.exec(`drop index ${index.name}`);
        deferredIndexes.push(index.sql);
      }
      // The per-day counts' row triggers (migration 010) cost more than the rows themselves:
      // dropped too, and the counts are taken afresh in one grouped pass before the commit.
      if (table !== 'reservations') return;
      const triggers = db.sqlite
        .prepare(
          `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'reservations' and name like 'reservation_days_%'`,
        )
        .all() as { name: string; sql: string }[];
      for (const trigger of triggers) {
        db.sqlite.exec(`drop trigger ${trigger.name}`);
        deferredDayTriggers.push(trigger.sql);
      }
    },
  };
  const deferredIndexes: string[] = [];
  const deferredDayTriggers: string[] = [];
  const restoreJournal = useRollbackJournal(db.sqlite);
  // A large page cache keeps the six reservation indexes in memory while rows arrive in random
  // index order; with the default 2 MB cache, SQLite spills pages and a million rows take minutes.
  const cacheSize = Number(db.sqlite.pragma('cache_size', { simple: true }));
  db.sqlite.pragma(`cache_size = ${BULK_CACHE_KIB}`);
  // IMMEDIATE takes the write lock up front, so a concurrent writer cannot make us fail half-way.
  db.sqlite.exec('begin immediate');
  try {
    // Kysely's queries run on this same handle, so they are inside the transaction too.
    await work(writer, db.kysely);
    for (const sql of deferredIndexes) db.sqlite.exec(sql);
    if (deferredDayTriggers.length > 0) {
      for (const sql of deferredDayTriggers) db.sqlite.exec(sql);
      db.sqlite.exec(`delete from reservation_days; ${REBUILD_RESERVATION_DAYS_SQL}`);
    }
    // Rows loaded here skipped the single writes' bookkeeping of the longest stay (migration 006).
    if (loadedReservations) db.sqlite.exec(LONGEST_STAY_SQL.sqlite);
    db.sqlite.exec(BUMP_ALL_VERSIONS);
    db.sqlite.exec('commit');
  } catch (error) {
    db.sqlite.exec('rollback');
    throw error;
  } finally {
    db.sqlite.pragma(`cache_size = ${cacheSize}`);
    restoreJournal();
  }
}

/**
 * A bulk load mostly adds new pages. The rollback journal writes them once, straight into the file
 * (it journals only pages that existed before), where WAL writes each twice: into the log, then again
 * when the log is checkpointed. Saves ~1.3 s of a million-row seed. Leaving WAL needs the database
 * to itself: with other connections open (a running server, or this process's own read threads once
 * it has read summaries: sqlite-read-pool.ts), the load stays in WAL and readers go on reading while
 * it runs. Returns what puts WAL back.
 */
function useRollbackJournal(sqlite: Extract<Db, { dialect: 'sqlite' }>['sqlite']): () => void {
  if (sqlite.pragma('journal_mode', { simple: true }) !== 'wal') return () => {};
  const busyTimeout = Number(sqlite.pragma('busy_timeout', { simple: true }));
  sqlite.pragma('busy_timeout = 0');
  try {
    sqlite.pragma('journal_mode = DELETE');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    return () => {};
  } finally {
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
  }
  return () => sqlite.pragma('journal_mode = WAL');
}

/**
 * Rows gathered per table before they go to the server as one COPY: big enough that a statement's
 * round trip is lost in its work, small enough that memory holds a few batches of text however many
 * rows the load has.
 */
const PG_COPY_ROWS = 20_000;

/** Rows handed to the writer but not yet stored, beyond which `upsert` waits for the server. */
const PG_QUEUED_ROWS = 2 * PG_COPY_ROWS;

/**
 * The pool gives up on a statement after 20 s and the server after 15 s: right for a request, too
 * short for a load, where one statement rebuilds the indexes of a million rows. A load's transaction
 * lifts the server's limit and waits this long for each statement.
 */
const LOAD_QUERY_TIMEOUT_MS = 3_600_000;

/** Rebuilding a million rows' indexes sorts in memory with this (SET LOCAL: for the load only). */
const LOAD_MAINTENANCE_WORK_MEM = '256MB';

type PgQuery = (text: string, parameters?: readonly unknown[]) => Promise<pg.QueryResult<Record<string, unknown>>>;

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

/** COPY text of rows, a thousand lines to a string: one stream write per line would cost more than the text. */
function copyText(rows: readonly BulkRow[]): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < rows.length; start += 1_000) {
    chunks.push(
      rows
        .slice(start, start + 1_000)
        .map(copyTextLine)
        .join(''),
    );
  }
  return chunks;
}

/** Sends COPY text to a COPY … FROM STDIN on `client`, honouring backpressure, and waits for the server. */
function copyChunks(client: pg.PoolClient, statement: string, chunks: readonly string[]): Promise<void> {
  return pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
}

/**
 * The load's writes, in order, on its one connection, without waiting for each: `upsert` turns rows
 * into COPY text and returns while the server still stores the batches before, so preparing the next
 * batch and storing the last overlap. Each table gathers its rows into one batch; when one is full,
 * every table's batch goes out, parents first (organizations before accommodations before
 * reservations, the order of BULK_COLUMNS), so a row never arrives before a row it references that
 * was handed over earlier. Anything else on the connection (a read, the end of the load) first waits
 * for all of it (`drain`). After a failed write every later one fails with its error, and so does
 * `drain`: the transaction is rolled back, nothing half-done is committed.
 */
class PgLoadQueue {
  readonly #client: pg.PoolClient;
  readonly #run: PgQuery;
  /** Tables whose rows COPY straight in; the others go through a staging table and an upsert. */
  readonly direct = new Set<BulkTable>(['events']);
  readonly #pending = new Map<BulkTable, { chunks: string[]; rows: number; ids: Set<unknown> }>();
  readonly #staged = new Set<BulkTable>();
  #tail: Promise<void> = Promise.resolve();
  #unfinished: { rows: number; done: Promise<void> }[] = [];
  #unfinishedRows = 0;

  constructor(client: pg.PoolClient, run: PgQuery) {
    this.#client = client;
    this.#run = run;
  }

  async add(table: BulkTable, rows: readonly BulkRow[]): Promise<void> {
    let batch = this.#pending.get(table);
    // An upsert updates a row once per statement: a row upserted again waits for the next batch.
    if (batch && !this.direct.has(table) && rows.some((row) => batch?.ids.has(row[0]))) {
      await this.#flush();
      batch = undefined;
    }
    if (!batch) this.#pending.set(table, (batch = { chunks: [], rows: 0, ids: new Set() }));
    if (!this.direct.has(table)) for (const row of rows) batch.ids.add(row[0]);
    batch.chunks.push(...copyText(rows));
    batch.rows += rows.length;
    if (batch.rows >= PG_COPY_ROWS) await this.#flush();
  }

  /** Sends what is gathered and waits until the server has stored everything handed over. */
  async drain(): Promise<void> {
    await this.#flush();
    this.#unfinished = [];
    this.#unfinishedRows = 0;
    await this.#tail;
  }

  /** Before a rollback: nothing more is sent, and what was sent has finished (or failed, already said why). */
  async abandon(): Promise<void> {
    this.#pending.clear();
    await this.#tail.catch(() => {});
  }

  async #flush(): Promise<void> {
    for (const table of Object.keys(BULK_COLUMNS) as BulkTable[]) {
      const batch = this.#pending.get(table);
      if (!batch) continue;
      this.#pending.delete(table);
      this.#enqueue(batch.rows, () => this.#store(table, batch.chunks));
    }
    while (this.#unfinishedRows > PG_QUEUED_ROWS) {
      const oldest = this.#unfinished.shift() as { rows: number; done: Promise<void> };
      this.#unfinishedRows -= oldest.rows;
      await oldest.done;
    }
  }

  #enqueue(rows: number, write: () => Promise<void>): void {
    // After a failure the chain stays rejected: later writes are skipped and fail with its error.
    const done = this.#tail.then(write);
    // Awaited by a later flush or drain; until then its failure must not count as unhandled.
    done.catch(() => {});
    this.#tail = done;
    this.#unfinished.push({ rows, done });
    this.#unfinishedRows += rows;
  }

  async #store(table: BulkTable, chunks: readonly string[]): Promise<void> {
    const columns = BULK_COLUMNS[table].map((c) => c.name).join(', ');
    if (this.direct.has(table)) return copyChunks(this.#client, `copy ${table} (${columns}) from stdin`, chunks);
    const staging = `bulk_${table}`;
    if (this.#staged.has(table)) await this.#run(`truncate ${staging}`);
    else {
      await this.#run(
        `create temporary table ${staging} on commit drop as select ${columns} from ${table} with no data`,
      );
      this.#staged.add(table);
    }
    await copyChunks(this.#client, `copy ${staging} (${columns}) from stdin`, chunks);
    await this.#run(upsertSql(table, `select ${columns} from ${staging}`));
  }
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

async function withPostgresWriter(db: Extract<Db, { dialect: 'postgres' }>, work: BulkWork) {
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
            const result = await query(`select coalesce(max(id), 0)::integer as id from ${table}`);
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
          await query(
            `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
          );
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

/**
 * What runs inside a bulk load's transaction: the writer, and the transaction itself for the reads
 * (checks, ids) that must see the same data the load writes over.
 */
type BulkWork = (writer: BulkWriter, trx: Kysely<Database>) => Promise<void>;

/**
 * Runs `work` in one transaction: everything it upserts lands, or nothing does. SQLite takes its
 * write lock before `work` starts; on PostgreSQL `work` takes the locks it needs first (an import
 * locks every organization, as single writes lock theirs).
 */
export function withBulkWriter(db: Db, work: BulkWork): Promise<void> {
  return db.dialect === 'sqlite' ? withSqliteWriter(db, work) : withPostgresWriter(db, work);
}
