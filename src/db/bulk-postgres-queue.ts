import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BULK_COLUMNS, type BulkTable } from './bulk-columns.js';
import { upsertSql } from './bulk-statements.js';
import { copyTextLine } from './copy-text.js';

/**
 * Rows gathered per table before they go to the server as one COPY: big enough that a statement's
 * round trip is lost in its work, small enough that memory holds a few batches of text however many
 * rows the load has.
 */
const PG_COPY_ROWS = 20_000;

/** Rows handed to the writer but not yet stored, beyond which `upsert` waits for the server. */
const PG_QUEUED_ROWS = 2 * PG_COPY_ROWS;

/** A statement on the load's connection. */
export type PgQuery = (
  text: string,
  parameters?: readonly unknown[],
) => Promise<pg.QueryResult<Record<string, unknown>>>;

/** COPY text of rows, a thousand lines to a string: one stream write per line would cost more than the text. */
function copyText(rows: readonly (readonly unknown[])[]): string[] {
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
export class PgLoadQueue {
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

  async add(table: BulkTable, rows: readonly (readonly unknown[])[]): Promise<void> {
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
    const columns = BULK_COLUMNS[table].join(', ');
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
