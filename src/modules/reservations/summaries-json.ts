import { type RawBuilder, sql } from 'kysely';
import { postgresJson } from '../../db/json-fields.js';
import { SUMMARY } from './summary-fields.js';

/**
 * A page of summaries serialized by the database itself, over the rows of a page (`r`, joined with
 * its accommodation `a`): byte for byte what the route's serializer (fast-json-stringify of the
 * response schema) makes of `toSummary` of the same rows. Both SQL forms are made from the
 * summary's field table (summary-fields.ts) when this module loads; how each kind of field prints
 * (strings escaped as JSON.stringify escapes them, `nights` and `totalAmount` as JavaScript computes
 * them, timestamps as the PostgreSQL type parser writes them) is in db/json-fields.ts.
 * test/integration/summaries-json.test.ts holds the bytes equal over hostile text, on both databases.
 */

/** SQLite: one object per row by json_object, the array by json_group_array, as a blob (bytes, not a string). */
const SQLITE_SUMMARY = sql.raw(SUMMARY.kind.sqlite);

/** PostgreSQL: json_build_object writes `"key" : value` (spaced), so the text is put together (db/json-fields.ts). */
const PG_SUMMARY = sql.raw(postgresJson(SUMMARY.kind));

/**
 * Whether every row of the page can be printed as above. PostgreSQL's timestamps may be `infinity`
 * (hand-written SQL; the API never stores one): `to_char` gives NULL, which would drop the whole row
 * from `string_agg` in silence. Such a page is left to the JavaScript path, which refuses it as before.
 */
export function summariesJsonComplete(dialect: 'sqlite' | 'postgres'): RawBuilder<unknown> {
  return dialect === 'sqlite'
    ? sql`1`
    : sql`coalesce(bool_and(isfinite(r.created) and isfinite(r.modified) and isfinite(coalesce(r.cancelled, r.created))), true)`;
}

/** The JSON array of the page's summaries, in the order of `column` then id (SPEC §4.2). */
export function summariesJsonArray(
  dialect: 'sqlite' | 'postgres',
  column: RawBuilder<unknown>,
): RawBuilder<Buffer | string> {
  return dialect === 'sqlite'
    ? sql`cast(json_group_array(${SQLITE_SUMMARY} order by ${column}, r.id) as blob)`
    : sql`'[' || coalesce(string_agg(${PG_SUMMARY}, ',' order by ${column}, r.id), '') || ']'`;
}
