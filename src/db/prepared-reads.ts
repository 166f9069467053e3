import type { Compilable, Kysely } from 'kysely';
import type pg from 'pg';
import type { SQLite } from './sqlite-driver.js';
import type { SqliteReadPool } from './sqlite-read-pool.js';
import type { Database } from './schema.js';

/**
 * Hot reads (a summaries page and count, a credential by key, an organization's state) as
 * statements prepared once per query shape.
 *
 * A cold summaries page spent ~10% of its CPU building and compiling the same Kysely query again;
 * better-sqlite3 building one object per row natively cost about as much as reading the row; and
 * PostgreSQL parsed and planned each of a request's four statements anew. Here a query is built once
 * per shape with a named marker in place of every value and compiled; a run binds the request's
 * values by name. SQLite prepares it once, in raw (array) mode; PostgreSQL as a named statement on
 * each pooled connection, rows as arrays too. The SQL still comes from the one Kysely builder of
 * the query, so the rules stay in one place.
 *
 * On SQLite a run on the main connection holds Kysely's connection (its mutex) for the statement:
 * the single connection may be inside another caller's transaction, whose uncommitted rows a read
 * must never see. Many-row reads run on connections of their own (`sqlite-read-pool.ts`). On
 * PostgreSQL a run takes a pooled connection of its own, as Kysely's reads outside a transaction do.
 */
const MARKER = '\u0000prepared:';

/** A value's place in a query shape: named markers become parameters bound at each run. */
export type Mark = (name: string) => never;

const mark: Mark = (name) => `${MARKER}${name}` as never;

/** What Kysely's `selectAll()` compiles to: `select *`, or `"table".*`. */
const SELECT_ALL = /\bselect \*|"\.\*/i;

interface Prepared {
  /** The statement's name on PostgreSQL's connections. */
  name: string;
  sql: string;
  /** The statement prepared on SQLite's main connection, at its first run there (never on PostgreSQL). */
  statement: SQLite.Statement | undefined;
  /** Per parameter: the name to bind, or a constant the builder put in itself. */
  parameters: ({ name: string } | { constant: unknown })[];
}

/** Where the statements run; on SQLite, many-row reads go to `reader`'s threads when there is one. */
type Target = { sqlite: SQLite.Database; reader?: SqliteReadPool | undefined } | { pool: pg.Pool };

export class PreparedReads {
  readonly #kysely: Kysely<Database>;
  readonly #target: Target;
  readonly #shapes = new Map<string, Prepared>();

  constructor(kysely: Kysely<Database>, target: Target) {
    this.#kysely = kysely;
    this.#target = target;
  }

  /** The database the statements run on: a query that uses one database's own functions asks. */
  get dialect(): 'sqlite' | 'postgres' {
    return 'sqlite' in this.#target ? 'sqlite' : 'postgres';
  }

  /**
   * The rows (as arrays, columns in select order) of the query `build` makes for this shape, with
   * `values` bound by name. `shape` must name everything that changes the SQL text. On SQLite they
   * are read on a read thread when the database has them (a page or a count: worth the crossing).
   */
  rows(shape: string, build: (mark: Mark) => Compilable, values: Readonly<Record<string, unknown>>) {
    return this.#run(`${shape}\0arrays`, build, values, true) as Promise<unknown[][]>;
  }

  /** The first row, as an object, of the query `build` makes for this shape (a lookup by key). */
  async first(shape: string, build: (mark: Mark) => Compilable, values: Readonly<Record<string, unknown>>) {
    const rows = await this.#run(`${shape}\0objects`, build, values, false);
    return rows[0];
  }

  /** Stops the read threads, if any. */
  async close(): Promise<void> {
    if ('sqlite' in this.#target) await this.#target.reader?.close();
  }

  async #run(
    shape: string,
    build: (mark: Mark) => Compilable,
    values: Readonly<Record<string, unknown>>,
    arrays: boolean,
  ) {
    const prepared = this.#prepare(shape, build);
    const parameters = bind(shape, prepared, values);
    if ('pool' in this.#target) {
      const query = { name: prepared.name, text: prepared.sql, values: parameters };
      const result = arrays
        ? await this.#target.pool.query({ ...query, rowMode: 'array' } as pg.QueryArrayConfig)
        : await this.#target.pool.query(query);
      return result.rows as unknown[];
    }
    if (arrays && this.#target.reader) return this.#target.reader.all(prepared.sql, parameters);
    const statement = (prepared.statement ??= this.#target.sqlite.prepare(prepared.sql).raw(arrays));
    return this.#kysely.connection().execute(async () => statement.all(parameters));
  }

  #prepare(shape: string, build: (mark: Mark) => Compilable): Prepared {
    let prepared = this.#shapes.get(shape);
    if (prepared) return prepared;
    const compiled = build(mark).compile();
    // On PostgreSQL a prepared `select *` fails on every connection that prepared it ("cached plan
    // must not change result type") once a migration adds a column, until the server restarts: a
    // server still running while `booking migrate` runs would fail its hot reads. So a shape names
    // its columns.
    if (SELECT_ALL.test(compiled.sql)) throw new Error(`prepared read ${shape}: name its columns instead of *`);
    prepared = {
      name: `booking_read_${this.#shapes.size + 1}`,
      sql: compiled.sql,
      statement: undefined,
      parameters: compiled.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARKER) ? { name: p.slice(MARKER.length) } : { constant: p },
      ),
    };
    this.#shapes.set(shape, prepared);
    return prepared;
  }
}

function bind(shape: string, prepared: Prepared, values: Readonly<Record<string, unknown>>): unknown[] {
  return prepared.parameters.map((p) => {
    if ('constant' in p) return p.constant;
    if (!(p.name in values)) throw new Error(`prepared read ${shape}: no value for ${p.name}`);
    return values[p.name];
  });
}

/**
 * The first row of a one-shape query, prepared once; inside a transaction, the same builder run
 * with the values themselves in place of the markers.
 */
export async function readFirst<R>(
  conn: Kysely<Database>,
  shape: string,
  build: (value: Mark) => Compilable<R> & { executeTakeFirst(): Promise<R | undefined> },
  values: Readonly<Record<string, unknown>>,
): Promise<R | undefined> {
  const prepared = preparedReadsOf(conn);
  if (!prepared) return build((name) => values[name] as never).executeTakeFirst();
  return (await prepared.first(shape, build, values)) as R | undefined;
}

/** The prepared reads of a database's Kysely instance; none for a transaction. */
const registry = new WeakMap<Kysely<Database>, PreparedReads>();

export function registerPreparedReads(kysely: Kysely<Database>, target: Target): void {
  registry.set(kysely, new PreparedReads(kysely, target));
}

export const preparedReadsOf = (conn: Kysely<Database>): PreparedReads | undefined => registry.get(conn);
