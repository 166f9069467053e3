import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database, ReservationRow, ReservationTable } from '../../db/schema.js';
import { nextSqliteReservationId } from '../booking-flow/drafts.repository.js';
import { type Mark, preparedReadsOf } from '../../db/prepared-reads.js';
import { ownedRecords, VALUES_PER_QUERY } from '../../db/owned-rows.js';
import type { OwnedRecords } from '../organizations/organizations.service.js';
import { daysBetween } from '../../shared/dates.js';
import type { ReservationStatus } from './reservation-status.js';
import { NIGHT_HOLDING_STATUSES } from './state-machine.js';
import type { ReservationSummary } from './reservations.schemas.js';
import { summariesJsonArray, summariesJsonComplete } from './summaries-json.js';
import { SUMMARY, type SummaryRow } from './summary-fields.js';

type Conn = Kysely<Database>;

/**
 * Which reservations a summaries request selects, already resolved to stored values: a date range
 * on a date column, a stay overlap, or an instant range on a timestamp column (both ends inclusive:
 * stored timestamps have whole seconds, and an inclusive end stays inside year 9999).
 */
export type SummarySelection =
  | { kind: 'date'; column: 'date_from' | 'date_to'; from: string; to: string }
  | {
      kind: 'stay';
      from: string;
      to: string;
      /** No stay that arrives earlier can reach `from`: `from` less the organization's longest stay. */
      earliestArrival: string;
    }
  | { kind: 'instant'; column: 'created' | 'modified' | 'cancelled'; fromInclusive: string; toInclusive: string };

export interface SummaryFilter {
  organizationId: number;
  selection: SummarySelection;
  statuses?: readonly ReservationStatus[] | undefined;
  /** Only reservations modified at or after this stored timestamp (SPEC §4.2 `modifiedSince`). */
  modifiedSince?: string | undefined;
}

/** The columns `toSummary` maps: a reservation joined with its accommodation (`r`, `a`). */
export const SUMMARY_COLUMNS = SUMMARY.columns;

/** The column whose order is the result order (SPEC §4.2), with `id` after it to make it total. */
function orderColumn(selection: SummarySelection) {
  if (selection.kind === 'stay') return 'date_from' as const;
  return selection.column;
}

function applyFilter<O>(
  query: SelectQueryBuilder<Database & { r: Database['reservations'] }, 'r', O>,
  filter: SummaryFilter,
): SelectQueryBuilder<Database & { r: Database['reservations'] }, 'r', O> {
  const { selection } = filter;
  // organization_id first: every query is scoped to one organization and leads with that index column.
  let q = query.where('r.organization_id', '=', filter.organizationId);
  if (selection.kind === 'date') {
    q = q.where(`r.${selection.column}`, '>=', selection.from).where(`r.${selection.column}`, '<=', selection.to);
  } else if (selection.kind === 'stay') {
    // Occupies at least one night of the period: arrives by its last day, leaves after its first.
    // The earliest possible arrival makes it a range on (organization_id, date_from): without it the
    // index walk starts at the organization's first reservation ever.
    q = q
      .where('r.date_from', '>=', selection.earliestArrival)
      .where('r.date_from', '<=', selection.to)
      .where('r.date_to', '>', selection.from);
  } else {
    q = q
      .where(`r.${selection.column}`, '>=', selection.fromInclusive)
      .where(`r.${selection.column}`, '<=', selection.toInclusive);
  }
  if (filter.statuses && filter.statuses.length > 0) q = q.where('r.status', 'in', [...filter.statuses]);
  if (filter.modifiedSince !== undefined) q = q.where('r.modified', '>=', filter.modifiedSince);
  return q;
}

function countQuery(conn: Conn, filter: SummaryFilter) {
  return applyFilter(conn.selectFrom('reservations as r'), filter).select((eb) => eb.fn.countAll<number>().as('total'));
}

/**
 * A `date-from`, `date-to` or `stay` total without a status or modifiedSince filter, from the arrivals and
 * departures per day (migration 010): a sum over the period's days, not its reservations. A stay
 * occupies a night of `from … to` when it arrives by `to` and has not left by `from`; every stay
 * that has left by `from` arrived before it, so the total is arrivals up to `to` less departures up
 * to `from`. Undefined for any other filter.
 */
function dayCountQuery(conn: Conn, { organizationId, selection, statuses, modifiedSince }: SummaryFilter) {
  if ((statuses && statuses.length > 0) || modifiedSince !== undefined || selection.kind === 'instant') {
    return undefined;
  }
  const days = conn.selectFrom('reservation_days').where('organization_id', '=', organizationId);
  if (selection.kind === 'stay') {
    return days.where('day', '<=', selection.to).select(
      sql<number>`coalesce(sum(case when day <= ${selection.to} then arrivals else 0 end), 0)
          - coalesce(sum(case when day <= ${selection.from} then departures else 0 end), 0)`.as('total'),
    );
  }
  const counted = selection.column === 'date_from' ? 'arrivals' : 'departures';
  return days
    .where('day', '>=', selection.from)
    .where('day', '<=', selection.to)
    .select(sql<number>`coalesce(sum(${sql.ref(counted)}), 0)`.as('total'));
}

export async function countSummaries(conn: Conn, filter: SummaryFilter): Promise<number> {
  const prepared = preparedReadsOf(conn);
  if (prepared) {
    const [row] = await prepared.rows(
      `summaries-count:${shapeOf(filter)}`,
      (mark) => {
        const shape = marked(filter, mark);
        return dayCountQuery(conn, shape) ?? countQuery(conn, shape);
      },
      bindings(filter),
    );
    return Number(row?.[0]);
  }
  const row = await (dayCountQuery(conn, filter) ?? countQuery(conn, filter)).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * What makes a summaries query's SQL text differ: the selection's kind and column, how many
 * statuses, whether it filters by modification, whether it is paged. Everything else is a bound
 * value (`bindings`).
 */
function shapeOf(filter: SummaryFilter, page?: SummaryPage): string {
  const { selection } = filter;
  const column = selection.kind === 'stay' ? 'stay' : selection.column;
  const modified = filter.modifiedSince === undefined ? '' : ':modified';
  return `${column}:${filter.statuses?.length ?? 0}${modified}:${page ? 'page' : 'all'}`;
}

/** A selection's fields that choose the SQL (part of its shape); every other field is a value. */
const isShapeField = (key: string) => key === 'kind' || key === 'column';

/** The filter's (and page's) values by name: the selection's values, each status, limit and offset. */
function bindings(filter: SummaryFilter, page?: SummaryPage): Record<string, unknown> {
  const values: Record<string, unknown> = { organizationId: filter.organizationId };
  for (const [key, value] of Object.entries(filter.selection)) if (!isShapeField(key)) values[key] = value;
  filter.statuses?.forEach((status, i) => (values[`status${i}`] = status));
  if (filter.modifiedSince !== undefined) values.modifiedSince = filter.modifiedSince;
  return page ? { ...values, limit: page.limit, offset: page.offset } : values;
}

/** The same filter with a named marker in place of every value `bindings` names. */
function marked(filter: SummaryFilter, mark: Mark): SummaryFilter {
  const selection = Object.fromEntries(
    Object.keys(filter.selection).map((key) => [key, isShapeField(key) ? filter.selection[key as 'kind'] : mark(key)]),
  ) as SummarySelection;
  return {
    organizationId: mark('organizationId'),
    selection,
    statuses: filter.statuses?.map((_, i) => mark(`status${i}`)),
    modifiedSince: filter.modifiedSince === undefined ? undefined : mark('modifiedSince'),
  };
}

/** A summary in the schema's key order; summaries-json.ts writes the same JSON in SQL. */
export const toSummary: (row: SummaryRow) => ReservationSummary = SUMMARY.kind.value;

type SummaryPage = { limit: number; offset: number };

/**
 * The page's reservations joined with their accommodations, before any column is selected. A
 * deferred join: the offset is walked over the covering index (organization_id, column, id) alone,
 * and only the page's rows are read and joined. A plain OFFSET would read every skipped row.
 */
function pageRows(conn: Conn, filter: SummaryFilter, page?: SummaryPage) {
  const column = orderColumn(filter.selection);
  let ids = applyFilter(conn.selectFrom('reservations as r'), filter)
    .select('r.id')
    .orderBy(`r.${column}`)
    .orderBy('r.id');
  if (page) ids = ids.limit(page.limit).offset(page.offset);
  return conn
    .selectFrom(ids.as('p'))
    .innerJoin('reservations as r', 'r.id', 'p.id')
    .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id');
}

function summariesQuery(conn: Conn, filter: SummaryFilter, page?: SummaryPage) {
  const column = orderColumn(filter.selection);
  return pageRows(conn, filter, page).select(SUMMARY_COLUMNS).orderBy(`r.${column}`).orderBy('r.id');
}

/** A page of summaries as the route sends it: the JSON array's UTF-8 bytes, and how many items. */
export interface SummariesJson {
  json: Buffer;
  count: number;
}

/**
 * `totalShownByPage` (shared/pagination.ts) over the page's own rows, else the filter's count (a
 * subquery, run only then).
 */
function pageTotal(conn: Conn, filter: SummaryFilter, page: SummaryPage) {
  const count = dayCountQuery(conn, filter) ?? countQuery(conn, filter);
  // Each mention is a parameter of its own: compared with a bare 0, PostgreSQL would type the offset
  // int4, and offsets go up to 2^53 - 1.
  const onFirstPage = sql`cast(${page.offset} as bigint) = 0`;
  return sql<number | string>`case when count(*) < ${page.limit} and (count(*) > 0 or ${onFirstPage})
    then ${page.offset} + count(*) else ${count} end`;
}

/**
 * One page (or, without `page`, every matching item) already serialized by the database
 * (summaries-json.ts), in the order of SPEC §4.2; undefined inside a transaction (or for a page the
 * database cannot print, `summariesJsonComplete`), where `findSummaries` and the route's serializer
 * do it. On a cold page, turning every column of every row into a JavaScript value, the values
 * into summaries and the summaries into JSON cost more than reading the rows.
 *
 * With `withTotal`, the same statement also gives the total over all pages (`pageTotal`): one read
 * instead of a page and then a count (one crossing to a read thread, one round trip to PostgreSQL),
 * both from one snapshot, and no count at all for a page that is not full.
 */
export async function findSummariesJson(
  conn: Conn,
  filter: SummaryFilter,
  page?: SummaryPage,
  withTotal = false,
): Promise<(SummariesJson & { total?: number }) | undefined> {
  const prepared = preparedReadsOf(conn);
  if (!prepared) return undefined;
  const column = orderColumn(filter.selection);
  const totalToo = withTotal && page !== undefined;
  const [row] = await prepared.rows(
    `summaries-json:${shapeOf(filter, page)}${totalToo ? ':total' : ''}`,
    (mark) => {
      const shape = marked(filter, mark);
      const markedPage = page && { limit: mark('limit'), offset: mark('offset') };
      return pageRows(conn, shape, markedPage).select((eb) => [
        summariesJsonArray(prepared.dialect, sql.ref(`r.${column}`)).as('json'),
        eb.fn.countAll<number>().as('count'),
        summariesJsonComplete(prepared.dialect).as('complete'),
        ...(totalToo && markedPage ? [pageTotal(conn, shape, markedPage).as('total')] : []),
      ]);
    },
    bindings(filter, page),
  );
  if (!row?.[2]) return undefined;
  const json = row[0] as Buffer | string;
  return {
    json: typeof json === 'string' ? Buffer.from(json) : json,
    count: Number(row[1]),
    ...(totalToo ? { total: Number(row[3]) } : {}),
  };
}

/**
 * One page in the total order of SPEC §4.2 (without `page`, every matching item) as summaries: the
 * path of a read inside a transaction, or of a page the database cannot print (`findSummariesJson`).
 */
export async function findSummaries(
  conn: Conn,
  filter: SummaryFilter,
  page?: SummaryPage,
): Promise<ReservationSummary[]> {
  const rows = await summariesQuery(conn, filter, page).execute();
  return rows.map(toSummary);
}

/** One summary, only if it belongs to one of the organizations: elsewhere it does not exist for the caller. */
export async function findSummaryById(
  conn: Conn,
  organizationIds: readonly number[],
  id: number,
): Promise<ReservationSummary | undefined> {
  if (organizationIds.length === 0) return undefined;
  const row = await conn
    .selectFrom('reservations as r')
    .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
    .select(SUMMARY_COLUMNS)
    .where('r.organization_id', 'in', [...organizationIds])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row && toSummary(row);
}

/** A reservation's row with its accommodation's title: with it, `toSummary` shows the reservation as stored. */
export type ReservationRowWithTitle = ReservationRow & { accommodation_title: string };

/**
 * Reservations as `lockRecordForChange` finds them: the row read for update (PostgreSQL: the
 * reservation's row only, not its accommodation's) with its accommodation's title, so a change
 * knows the summary as it was without reading it again.
 */
const ownedReservations = ownedRecords('reservations');
export const reservationRecords: OwnedRecords<ReservationRowWithTitle> = {
  organizationOf: (conn, organizationIds, id) => ownedReservations.organizationOf(conn, organizationIds, id),
  readForUpdate(conn, organizationId, id) {
    const query = conn
      .selectFrom('reservations as r')
      .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
      .selectAll('r')
      .select('a.title as accommodation_title')
      .where('r.organization_id', '=', organizationId)
      .where('r.id', '=', id);
    return (isPostgres(conn) ? query.forUpdate('r') : query).executeTakeFirst();
  },
};

/**
 * Keeps the organization's longest stay (migration 006) at least as long as this one, in the
 * write's transaction: a `stay` query bounded by it then never misses a reservation.
 */
async function raiseLongestStay(conn: Conn, stored: Pick<ReservationRow, 'organization_id' | 'date_from' | 'date_to'>) {
  const nights = daysBetween(stored.date_from, stored.date_to);
  await conn
    .updateTable('organizations')
    .set({ longest_stay_nights: nights })
    .where('id', '=', stored.organization_id)
    .where('longest_stay_nights', '<', nights)
    .execute();
}

/**
 * Inserts a reservation and answers the row as stored (its id and every column, from RETURNING).
 * On SQLite a new id is chosen above every draft's too (drafts.repository.ts `nextDraftId`):
 * SQLite's own choice, the highest reservation id plus one, could be a live draft's, which its
 * reservation takes when placed.
 */
export async function insertReservation(conn: Conn, values: Insertable<ReservationTable>): Promise<ReservationRow> {
  const id = values.id ?? (isPostgres(conn) ? undefined : await nextSqliteReservationId(conn));
  const row = await conn
    .insertInto('reservations')
    .values(id === undefined ? values : { ...values, id })
    .returningAll()
    .executeTakeFirstOrThrow();
  await raiseLongestStay(conn, row);
  return row;
}

export async function updateReservationRow(
  conn: Conn,
  row: Pick<ReservationRow, 'organization_id' | 'id'>,
  values: Updateable<ReservationTable>,
): Promise<void> {
  const stored = await conn
    .updateTable('reservations')
    .set(values)
    .where('organization_id', '=', row.organization_id)
    .where('id', '=', row.id)
    .returning(['organization_id', 'date_from', 'date_to'])
    .executeTakeFirst();
  if (stored && (values.date_from !== undefined || values.date_to !== undefined)) await raiseLongestStay(conn, stored);
}

export interface Stay {
  organizationId: number;
  accommodationId: number;
  dateFrom: string;
  dateTo: string;
  exceptId?: number | undefined;
}

/** Night-holding reservations of the accommodation that hold any of the nights `dateFrom … dateTo − 1`. */
export function holdingReservations(conn: Conn, stay: Stay) {
  let query = conn
    .selectFrom('reservations')
    .select(['id', 'date_from', 'date_to'])
    .where('organization_id', '=', stay.organizationId)
    .where('accommodation_id', '=', stay.accommodationId)
    .where('status', 'in', [...NIGHT_HOLDING_STATUSES])
    .where('date_from', '<', stay.dateTo)
    .where('date_to', '>', stay.dateFrom);
  if (stay.exceptId !== undefined) query = query.where('id', '<>', stay.exceptId);
  return query.orderBy('date_from');
}

/**
 * A reservation that holds one of the stay's nights, if any. The night-holding stays of one
 * accommodation never overlap each other (this check, the exclusion constraint on PostgreSQL), so
 * among those that arrive before the stay departs, the one that arrives last also departs last:
 * if it leaves by the stay's arrival, every earlier one does too. One step down the
 * (accommodation_id, date_from) index, however long the accommodation's history; "any that
 * overlaps" (holdingReservations) walked every earlier stay of the unit, a cost that grew with it.
 */
export async function findOverlappingReservation(conn: Conn, stay: Stay): Promise<number | undefined> {
  let query = conn
    .selectFrom('reservations')
    .select(['id', 'date_to'])
    .where('accommodation_id', '=', stay.accommodationId)
    .where('date_from', '<', stay.dateTo)
    .where('organization_id', '=', stay.organizationId)
    .where('status', 'in', [...NIGHT_HOLDING_STATUSES]);
  if (stay.exceptId !== undefined) query = query.where('id', '<>', stay.exceptId);
  const latest = await query.orderBy('date_from', 'desc').limit(1).executeTakeFirst();
  return latest !== undefined && latest.date_to > stay.dateFrom ? latest.id : undefined;
}

/** The ids of an organization's reservations with these numbers, by number. */
export async function reservationIdsByNumber(
  conn: Conn,
  organizationId: number,
  numbers: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < numbers.length; i += VALUES_PER_QUERY) {
    const rows = await conn
      .selectFrom('reservations')
      .select(['id', 'reservation_number'])
      .where('organization_id', '=', organizationId)
      .where('reservation_number', 'in', numbers.slice(i, i + VALUES_PER_QUERY))
      .execute();
    for (const row of rows) ids.set(row.reservation_number, row.id);
  }
  return ids;
}

/** Every night-holding reservation of these accommodations (of these organizations). */
export async function heldStaysOf(
  conn: Conn,
  organizationIds: readonly number[],
  accommodationIds: readonly number[],
): Promise<{ id: number; accommodation_id: number; date_from: string; date_to: string }[]> {
  const stays = [];
  for (let i = 0; i < accommodationIds.length; i += VALUES_PER_QUERY) {
    const rows = await conn
      .selectFrom('reservations')
      .select(['id', 'accommodation_id', 'date_from', 'date_to'])
      .where('organization_id', 'in', [...organizationIds])
      .where('accommodation_id', 'in', accommodationIds.slice(i, i + VALUES_PER_QUERY))
      .where('status', 'in', [...NIGHT_HOLDING_STATUSES])
      .execute();
    stays.push(...rows);
  }
  return stays;
}
