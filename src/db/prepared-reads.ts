import type { Compilable, Kysely } from 'kysely';
import type { SQLite } from './sqlite-driver.js';
import type { Database } from './schema.js';

/**
 * Hot reads on SQLite as statements prepared once per query shape, their rows read as arrays.
 *
 * A cold summaries page spent ~10% of its CPU building and compiling the same Kysely query again,
 * and better-sqlite3 building one object per row natively costs about as much as reading the row.
 * Here a query is built once per shape with a named marker in place of every value, compiled, and
 * prepared in raw (array) mode; a run binds the request's values by name. The SQL still comes from
 * the one Kysely builder that also serves PostgreSQL, so the rules stay in one place.
 *
 * Runs hold Kysely's connection (its mutex) for the statement: the single SQLite connection may be
 * inside another caller's transaction, whose uncommitted rows a read must never see.
 */
const MARKER = '\u0000prepared:';

/** A value's place in a query shape: named markers become parameters bound at each run. */
export type Mark = (name: string) => never;

const mark: Mark = (name) => `${MARKER}${name}` as never;

interface Prepared {
  statement: SQLite.Statement;
  /** Per parameter: the name to bind, or a constant the builder put in itself. */
  parameters: ({ name: string } | { constant: unknown })[];
}

export class PreparedReads {
  readonly #kysely: Kysely<Database>;
  readonly #sqlite: SQLite.Database;
  readonly #shapes = new Map<string, Prepared>();

  constructor(kysely: Kysely<Database>, sqlite: SQLite.Database) {
    this.#kysely = kysely;
    this.#sqlite = sqlite;
  }

  /**
   * The rows (as arrays, columns in select order) of the query `build` makes for this shape, with
   * `values` bound by name. `shape` must name everything that changes the SQL text.
   */
  rows(shape: string, build: (mark: Mark) => Compilable, values: Readonly<Record<string, unknown>>) {
    const prepared = this.#prepare(shape, build, true);
    const parameters = bind(shape, prepared, values);
    return this.#kysely.connection().execute(async () => prepared.statement.all(parameters) as unknown[][]);
  }

  /** The first row, as an object, of the query `build` makes for this shape. */
  first(shape: string, build: (mark: Mark) => Compilable, values: Readonly<Record<string, unknown>>) {
    const prepared = this.#prepare(`${shape}\0objects`, build, false);
    const parameters = bind(shape, prepared, values);
    return this.#kysely.connection().execute(async () => prepared.statement.get(parameters));
  }

  #prepare(shape: string, build: (mark: Mark) => Compilable, raw: boolean): Prepared {
    let prepared = this.#shapes.get(shape);
    if (prepared) return prepared;
    const compiled = build(mark).compile();
    prepared = {
      statement: this.#sqlite.prepare(compiled.sql).raw(raw),
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
 * The first row of a one-shape query: prepared once on SQLite; elsewhere (PostgreSQL, inside a
 * transaction) the same builder run with the values themselves in place of the markers.
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

/** The prepared reads of a database's Kysely instance; none for PostgreSQL or a transaction. */
const registry = new WeakMap<Kysely<Database>, PreparedReads>();

export function registerPreparedReads(kysely: Kysely<Database>, sqlite: SQLite.Database): void {
  registry.set(kysely, new PreparedReads(kysely, sqlite));
}

export const preparedReadsOf = (conn: Kysely<Database>): PreparedReads | undefined => registry.get(conn);
