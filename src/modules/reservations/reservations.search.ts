import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SQLite } from '../../db/sqlite-driver.js';
import { SUMMARY_COLUMNS, toSummary } from './reservations.repository.js';
import type { ReservationSummary } from './reservations.schemas.js';

/**
 * Reservation search (SPEC §11: "search by guest name or reservation number"): the reservations
 * of one organization whose number starts with the text or whose guest name contains it, case
 * aside, latest arrival first.
 *
 * Case is folded by the database on both sides of LIKE, the same way on both dialects: PostgreSQL's
 * `lower()` folds every letter its database's LC_CTYPE knows (a UTF-8 locale, as `initdb` picks by
 * default; under the C locale it folds ASCII only), while SQLite's `lower()` (like its LIKE)
 * folds ASCII only, so on SQLite a function of our own folds with JavaScript's Unicode mapping
 * instead (a Dutch park's `Özdemir` is found by `özd` on both). No index serves a "contains"
 * match: the query walks the organization's reservations by (organization_id, date_from, id)
 * backwards and stops at `limit` hits.
 */

/** The name of the SQLite folding function; registered on each SQLite handle before its first search. */
const SQLITE_FOLD = 'booking_fold_case';
const folding = new WeakSet<SQLite.Database>();

export function foldFunction(db: Db): (value: Expression<string> | string) => RawBuilder<string> {
  if (db.dialect === 'postgres') {
    // The text is cast: lower() also takes ranges, and a parameter alone does not say which it is.
    return (value) =>
      typeof value === 'string' ? sql<string>`lower(cast(${value} as text))` : sql<string>`lower(${value})`;
  }
  if (!folding.has(db.sqlite)) {
    db.sqlite.function(SQLITE_FOLD, { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    folding.add(db.sqlite);
  }
  return (value) => sql<string>`${sql.raw(SQLITE_FOLD)}(${value})`;
}

/** `%`, `_` and the escape character itself match literally (LIKE … ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchReservations(
  db: Db,
  organizationId: number,
  text: string,
  limit: number,
): Promise<ReservationSummary[]> {
  const fold = foldFunction(db);
  const escaped = escapeLike(text);
  // ESCAPE is spelled out: SQLite has no default escape character for LIKE.
  const like = (column: 'r.reservation_number' | 'r.guest_name', pattern: string) =>
    sql<boolean>`${fold(sql.ref(column))} like ${fold(pattern)} escape '\\'`;
  const rows = await db.kysely
    .selectFrom('reservations as r')
    .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
    .select(SUMMARY_COLUMNS)
    .where('r.organization_id', '=', organizationId)
    .where((eb) => eb.or([like('r.reservation_number', `${escaped}%`), like('r.guest_name', `%${escaped}%`)]))
    .orderBy('r.date_from', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}
