import { type Static, type TObject, type TObjectOptions, type TProperties, type TSchema, Type } from 'typebox';
import { dayNumber } from '../shared/dates.js';
import { formatAmount } from '../shared/money.js';

/**
 * A shape that several places print, written once as an ordered table of fields (shape(), below):
 * a JSON key, its schema, and a kind over the row's columns. Each kind says in one place how its
 * value is read in JavaScript, written as JSON text by JavaScript, and written as JSON by SQLite's
 * and by PostgreSQL's SQL, byte for byte what JSON.stringify (and fast-json-stringify of the schema)
 * writes of the JavaScript value. From the table come the schema (its keys in the table's order),
 * the row-to-object mapper, the JSON text writer, both SQL forms and the select list.
 *
 * A column is named as the select list names it: `r.guest_name`, or `a.title as accommodation_title`
 * where the row's key is another than the column's.
 */

/** The row key a column's value arrives under. */
type KeyOf<C extends string> = C extends `${string} as ${infer Alias}`
  ? Alias
  : C extends `${string}.${infer Key}`
    ? Key
    : C;

/** The columns that bring a row key whose values are all of type V. */
type ColumnOf<Row, V> = {
  [K in keyof Row & string]: Row[K] extends V ? `${string}.${K}` | `${string} as ${K}` : never;
}[keyof Row & string];

/** The value a column brings in `Row`. */
type ValueOf<Row, C extends string> = Row[KeyOf<C> & keyof Row];

/**
 * A piece of JSON text: text as it stands, or an expression whose value, as text, is the JSON. The
 * same pieces are joined by PostgreSQL's `||` (SQL) and by JavaScript's `+` (source, compiled once).
 */
type Piece = { readonly text: string } | { readonly code: string };

export interface FieldKind<Row, Value, Column extends string = string> {
  /** The select list's columns it reads, in the order it reads them. */
  readonly columns: readonly Column[];
  /** Its value, as the response's object holds it. */
  readonly value: (row: Row) => Value;
  /** JavaScript: pieces of its JSON text, expressions over `row` (and the helpers `compiled` passes). */
  readonly javascript: readonly Piece[];
  /** SQLite: an expression that json_object() writes as the value. */
  readonly sqlite: string;
  /** PostgreSQL: pieces of its JSON text, SQL expressions of type text. */
  readonly postgres: readonly Piece[];
}

/** How a reader of the shape's documents (`booking import`) takes a field. */
export interface FieldInput<Schema extends TSchema = TSchema> {
  readonly schema: Schema;
  /** Listed after the reader's own properties (the order its errors are reported in). */
  readonly last?: boolean;
  /**
   * What a document for the reader carries of the field's value (`booking dump`): the value itself
   * when absent; `false`, never the field (derived); a function returning `undefined` leaves the
   * field out of that row's document (not worth a key on every row).
   */
  readonly written?: false | ((value: never) => unknown);
}

export interface Field<
  Row,
  Name extends string = string,
  Schema extends TSchema = TSchema,
  Column extends string = string,
  Input extends FieldInput | undefined = FieldInput | undefined,
> {
  readonly name: Name;
  /** The field in the response schema. */
  readonly schema: Schema;
  readonly kind: FieldKind<Row, Static<Schema>, Column>;
  /** Absent: a document read back does not give it. */
  readonly input: Input;
}

/** One field of a table: its kind's values must be what its schema states. */
export function field<
  Row,
  const Name extends string,
  Schema extends TSchema,
  Column extends string,
  Input extends FieldInput | undefined = undefined,
>(
  name: Name,
  schema: Schema,
  kind: FieldKind<Row, Static<Schema>, Column>,
  input?: Input,
): Field<Row, Name, Schema, Column, Input> {
  return { name, schema, kind, input: input as Input };
}

const sqlOf = (column: string) => column.split(' as ')[0] as string;
const keyOf = (column: string) =>
  column.includes(' as ') ? (column.split(' as ')[1] as string) : column.slice(column.indexOf('.') + 1);
const reader = (column: string) => {
  const key = keyOf(column);
  return (row: unknown) => (row as Record<string, unknown>)[key];
};
/** JavaScript: the row's value of a column (a quoted key: no name from elsewhere reaches the source). */
const jsOf = (column: string) => `row[${JSON.stringify(keyOf(column))}]`;

/** Pieces as one expression: neighbouring text joined into one literal, the rest by `join`. */
function joined(pieces: readonly Piece[], literal: (text: string) => string, join: string): string {
  const parts: string[] = [];
  let text: string | undefined;
  for (const piece of pieces) {
    if ('text' in piece) text = (text ?? '') + piece.text;
    else {
      if (text !== undefined) parts.push(literal(text));
      text = undefined;
      parts.push(piece.code);
    }
  }
  if (text !== undefined) parts.push(literal(text));
  return parts.join(join);
}

/** A SQL string literal. */
const sqlLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** PostgreSQL: pieces as one text expression. */
const postgresText = (pieces: readonly Piece[]) => joined(pieces, sqlLiteral, ' || ');

/** PostgreSQL: the JSON text of a shape (of any kind) as one text expression. */
export function postgresJson(kind: FieldKind<never, unknown>): string {
  return postgresText(kind.postgres);
}

/**
 * JavaScript: a function that writes the JSON text of a shape. Compiled once from the table, as
 * fast-json-stringify compiles the route's serializers: straight-line code reads each column by its
 * name, where a loop over the fields would read them by a variable key through a closure each, more
 * than twice the time per row (an import writes one for every reservation). Only the table's text
 * reaches the source: keys and literals are quoted by JSON.stringify.
 */
function compiled<Row>(pieces: readonly Piece[]): (row: Row) => string {
  const source = joined(pieces, (text) => JSON.stringify(text), ' + ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above: the source is the table's own.
  const make = new Function('formatAmount', 'dayNumber', `return (row) => ${source};`) as (
    format: typeof formatAmount,
    days: typeof dayNumber,
  ) => (row: Row) => string;
  return make(formatAmount, dayNumber);
}

/** `YYYY-MM-DDTHH:MM:SSZ`, as the PostgreSQL type parser writes a timestamp (database.ts). */
const pgTimestamp = (sql: string) => `to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Text that JSON writes as it stands, between quotes: dates and timestamps as stored. */
const quoted = (code: string): Piece[] => [{ text: '"' }, { code }, { text: '"' }];

/** The kinds of field, for rows of type `Row`. */
export function kindsOf<Row>() {
  return {
    integer<C extends ColumnOf<Row, number>>(column: C): FieldKind<Row, ValueOf<Row, C>, C> {
      return {
        columns: [column],
        value: reader(column) as (row: Row) => ValueOf<Row, C>,
        javascript: [{ code: jsOf(column) }],
        sqlite: sqlOf(column),
        postgres: [{ code: sqlOf(column) }],
      };
    },
    nullableInteger<C extends ColumnOf<Row, number | null>>(column: C): FieldKind<Row, ValueOf<Row, C>, C> {
      return {
        columns: [column],
        value: reader(column) as (row: Row) => ValueOf<Row, C>,
        // `+` writes null as "null".
        javascript: [{ code: jsOf(column) }],
        sqlite: sqlOf(column),
        postgres: [{ code: `coalesce(${sqlOf(column)}::text, 'null')` }],
      };
    },
    /** Any text: escaped as JSON.stringify escapes it (SQLite's json_object and PostgreSQL's to_json both do). */
    text<C extends ColumnOf<Row, string>>(column: C): FieldKind<Row, ValueOf<Row, C>, C> {
      return {
        columns: [column],
        value: reader(column) as (row: Row) => ValueOf<Row, C>,
        javascript: [{ code: `JSON.stringify(${jsOf(column)})` }],
        sqlite: sqlOf(column),
        postgres: [{ code: `to_json(${sqlOf(column)})::text` }],
      };
    },
    /** A `YYYY-MM-DD` date. */
    date<C extends ColumnOf<Row, string>>(column: C): FieldKind<Row, ValueOf<Row, C>, C> {
      return {
        columns: [column],
        value: reader(column) as (row: Row) => ValueOf<Row, C>,
        javascript: quoted(jsOf(column)),
        sqlite: sqlOf(column),
        postgres: quoted(sqlOf(column)),
      };
    },
    /** A stored timestamp: RFC 3339 UTC with whole seconds. */
    timestamp<C extends ColumnOf<Row, string>>(column: C): FieldKind<Row, ValueOf<Row, C>, C> {
      return {
        columns: [column],
        value: reader(column) as (row: Row) => ValueOf<Row, C>,
        javascript: quoted(jsOf(column)),
        sqlite: sqlOf(column),
        postgres: quoted(pgTimestamp(sqlOf(column))),
      };
    },
    nullableTimestamp<C extends ColumnOf<Row, string | null>>(column: C): FieldKind<Row, ValueOf<Row, C>, C> {
      const js = jsOf(column);
      return {
        columns: [column],
        value: reader(column) as (row: Row) => ValueOf<Row, C>,
        javascript: [{ code: `(${js} === null ? 'null' : '"' + ${js} + '"')` }],
        sqlite: sqlOf(column),
        postgres: [{ code: `coalesce(${postgresText(quoted(pgTimestamp(sqlOf(column))))}, 'null')` }],
      };
    },
    /** Integer minor units, written as `formatAmount` writes them: "412.50", "-0.05". */
    money<C extends ColumnOf<Row, number>>(column: C): FieldKind<Row, string, C> {
      const read = reader(column) as (row: Row) => number;
      const c = sqlOf(column);
      return {
        columns: [column],
        value: (row) => formatAmount(read(row)),
        javascript: quoted(`formatAmount(${jsOf(column)})`),
        sqlite: `printf('%s%d.%02d', iif(${c} < 0, '-', ''), abs(${c}) / 100, abs(${c}) % 100)`,
        postgres: [
          { text: '"' },
          { code: `case when ${c} < 0 then '-' else '' end` },
          { code: `abs(${c}) / 100` },
          { text: '.' },
          { code: `lpad((abs(${c}) % 100)::text, 2, '0')` },
          { text: '"' },
        ],
      };
    },
    /** Days from one `YYYY-MM-DD` column to another, as `daysBetween` counts them. */
    dayCount<F extends ColumnOf<Row, string>, T extends ColumnOf<Row, string>>(
      from: F,
      to: T,
    ): FieldKind<Row, number, F | T> {
      const readFrom = reader(from) as (row: Row) => string;
      const readTo = reader(to) as (row: Row) => string;
      return {
        columns: [from, to],
        value: (row) => dayNumber(readTo(row)) - dayNumber(readFrom(row)),
        javascript: [{ code: `(dayNumber(${jsOf(to)}) - dayNumber(${jsOf(from)}))` }],
        sqlite: `cast(julianday(${sqlOf(to)}) - julianday(${sqlOf(from)}) as integer)`,
        postgres: [{ code: `(${sqlOf(to)} - ${sqlOf(from)})` }],
      };
    },
  };
}

/** The table's schema properties, by key. */
type PropertiesOf<Fields extends readonly Field<never>[]> = {
  [F in Fields[number] as F['name']]: F['schema'];
};

/** The columns the table reads. */
type ColumnsOf<Fields extends readonly Field<never>[]> =
  Fields[number] extends Field<never, string, TSchema, infer C> ? C : never;

/** The row type a table's fields read. */
type RowOf<Fields extends readonly Field<never>[]> = Fields[number] extends Field<infer Row> ? Row : never;

/** A shape: the ordered fields, and all that is made from them once. */
export interface Shape<Fields extends readonly Field<never>[], Row = RowOf<Fields>> {
  readonly fields: Fields;
  readonly schema: TObject<PropertiesOf<Fields>>;
  /** The select list's columns, each once, in the order the fields first read them. */
  readonly columns: readonly ColumnsOf<Fields>[];
  /** Its JSON text, from a row: JSON.stringify of `kind.value` of the row, without the object. */
  readonly json: (row: Row) => string;
  /** As a field of another shape. */
  readonly kind: FieldKind<Row, Static<TObject<PropertiesOf<Fields>>>, ColumnsOf<Fields>>;
}

/**
 * A shape from its ordered fields. Everything is made here, once, when the module that declares
 * the shape loads: the SQL text and the JSON writer are never built per request or per row.
 */
export function shape<const Fields extends readonly Field<never>[]>(
  fields: Fields,
  options: TObjectOptions = {},
): Shape<Fields> {
  type Row = RowOf<Fields>;
  const kinds = fields.map((f) => f.kind as FieldKind<Row, unknown>);
  const names = fields.map((f) => f.name);
  const properties = Object.fromEntries(fields.map((f) => [f.name, f.schema])) as PropertiesOf<Fields>;
  const columns = [...new Set(fields.flatMap((f) => f.kind.columns))] as ColumnsOf<Fields>[];
  /** Each field's pieces after its key: `{"id":…,"reservationNumber":…}`. */
  const pieces = (of: (kind: FieldKind<Row, unknown>) => readonly Piece[]): Piece[] => [
    ...kinds.flatMap((kind, i) => [{ text: `${i === 0 ? '{' : ','}${JSON.stringify(names[i])}:` }, ...of(kind)]),
    { text: '}' },
  ];
  const value = (row: Row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < kinds.length; i++)
      object[names[i] as string] = (kinds[i] as FieldKind<Row, unknown>).value(row);
    return object as Static<TObject<PropertiesOf<Fields>>>;
  };
  const javascript = pieces((kind) => kind.javascript);
  return {
    fields,
    schema: Type.Object(properties, options),
    columns,
    json: compiled<Row>(javascript),
    kind: {
      columns,
      value,
      javascript,
      sqlite: `json_object(${fields.map((f) => `${sqlLiteral(f.name)}, ${f.kind.sqlite}`).join(', ')})`,
      postgres: pieces((kind) => kind.postgres),
    },
  };
}

/** The input properties of the fields that have one, `last` or not. */
type InputsOf<Fields extends readonly Field<never>[], Last extends boolean> = {
  [
    F in Fields[number] as F['input'] extends FieldInput
      ? F['input']['last'] extends true
        ? Last extends true
          ? F['name']
          : never
        : Last extends true
          ? never
          : F['name']
      : never
  ]: F['input'] extends FieldInput<infer S> ? S : never;
};

/** The fields a reader takes, in the order it checks them (`last` ones after its own properties). */
const inputFields = <Row>(fields: readonly Field<Row>[], last: boolean) =>
  fields.filter((f) => f.input && (f.input.last ?? false) === last);

/**
 * A row as a document the shape's reader reads back (`booking dump` for `booking import`): each
 * field it takes, in the order `inputProperties` checks them (the reader's own properties, which
 * the caller adds, would come before the `last` ones), each value as `written` gives it. Compiled
 * once, as `compiled` is: straight-line stores under constant keys, where a loop over the fields
 * made a million-row dump a third slower than a hand-written object.
 */
export function documentWriter<Row>(fields: readonly Field<Row>[]): (row: Row) => Record<string, unknown> {
  const steps = [...inputFields(fields, false), ...inputFields(fields, true)].flatMap((f) => {
    const written = f.input?.written;
    if (written === false) return [];
    const value = f.kind.value;
    return written === undefined
      ? [{ name: f.name, get: value, omittable: false }]
      : [{ name: f.name, get: (row: Row) => (written as (value: unknown) => unknown)(value(row)), omittable: true }];
  });
  const body = steps
    .map(({ name, omittable }, i) =>
      omittable
        ? `v = get[${i}](row); if (v !== undefined) d[${JSON.stringify(name)}] = v;`
        : `d[${JSON.stringify(name)}] = get[${i}](row);`,
    )
    .join(' ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is the table's own names, quoted.
  const make = new Function('get', `return (row) => { const d = {}; let v; ${body} return d; };`) as (
    get: ((row: Row) => unknown)[],
  ) => (row: Row) => Record<string, unknown>;
  return make(steps.map((s) => s.get));
}

/**
 * The properties a reader of the shape's documents checks (`booking import`): each field that has
 * an input, in the table's order, then `own` (the reader's own properties), then the `last` ones.
 */
export function inputProperties<const Fields extends readonly Field<never>[], Own extends TProperties>(
  fields: Fields,
  own: Own,
): InputsOf<Fields, false> & Own & InputsOf<Fields, true> {
  const inputs = (last: boolean) =>
    Object.fromEntries(inputFields(fields, last).map((f) => [f.name, (f.input as FieldInput).schema]));
  return { ...inputs(false), ...own, ...inputs(true) } as InputsOf<Fields, false> & Own & InputsOf<Fields, true>;
}
