import { type RawBuilder, sql } from 'kysely';

/**
 * A page of summaries serialized by the database itself, over the rows of a page (`r`, joined with
 * its accommodation `a`): byte for byte what the route's serializer (fast-json-stringify of the
 * response schema) makes of `toSummary` of the same rows. Keys in the schema's order; strings
 * escaped as JSON.stringify escapes them (SQLite's json_quote and PostgreSQL's to_json both do);
 * `nights` and `totalAmount` computed as `daysBetween` and `formatAmount` compute them; timestamps
 * as the PostgreSQL type parser writes them (database.ts). test/integration/summaries-json.test.ts
 * holds the bytes equal over hostile text, on both databases.
 */

/** SQLite: one object per row by json_object, the array by json_group_array, as a blob (bytes, not a string). */
const SQLITE_SUMMARY = sql`json_object(
  'id', r.id,
  'reservationNumber', r.reservation_number,
  'organization', r.organization_id,
  'accommodation', json_object('id', r.accommodation_id, 'title', a.title),
  'status', r.status,
  'dateFrom', r.date_from,
  'dateTo', r.date_to,
  'nights', cast(julianday(r.date_to) - julianday(r.date_from) as integer),
  'adults', r.adults,
  'children', r.children,
  'babies', r.babies,
  'guestName', r.guest_name,
  'name', r.guest_name,
  'guest', r.guest_id,
  'totalAmount', printf('%s%d.%02d', iif(r.total_amount_minor < 0, '-', ''),
                        abs(r.total_amount_minor) / 100, abs(r.total_amount_minor) % 100),
  'currency', r.currency,
  'channel', r.channel,
  'created', r.created,
  'modified', r.modified,
  'cancelled', r.cancelled)`;

/** PostgreSQL: json_build_object writes `"key" : value` (spaced), so the text is put together here. */
const pgTimestamp = (column: RawBuilder<unknown>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const PG_SUMMARY = sql`'{"id":' || r.id
  || ',"reservationNumber":' || to_json(r.reservation_number)::text
  || ',"organization":' || r.organization_id
  || ',"accommodation":{"id":' || r.accommodation_id || ',"title":' || to_json(a.title)::text || '}'
  || ',"status":' || to_json(r.status)::text
  || ',"dateFrom":"' || r.date_from || '","dateTo":"' || r.date_to || '"'
  || ',"nights":' || (r.date_to - r.date_from)
  || ',"adults":' || r.adults || ',"children":' || r.children || ',"babies":' || r.babies
  || ',"guestName":' || to_json(r.guest_name)::text
  || ',"name":' || to_json(r.guest_name)::text || ',"guest":' || coalesce(r.guest_id::text, 'null')
  || ',"totalAmount":"' || case when r.total_amount_minor < 0 then '-' else '' end
     || abs(r.total_amount_minor) / 100 || '.' || lpad((abs(r.total_amount_minor) % 100)::text, 2, '0') || '"'
  || ',"currency":' || to_json(r.currency)::text
  || ',"channel":' || to_json(r.channel)::text
  || ',"created":"' || ${pgTimestamp(sql`r.created`)} || '"'
  || ',"modified":"' || ${pgTimestamp(sql`r.modified`)} || '"'
  || ',"cancelled":' || coalesce('"' || ${pgTimestamp(sql`r.cancelled`)} || '"', 'null')
  || '}'`;

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
