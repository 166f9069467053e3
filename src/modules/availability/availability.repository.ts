import { type Kysely, sql } from 'kysely';
import { type Mark, preparedReadsOf } from '../../db/prepared-reads.js';
import type { Database } from '../../db/schema.js';
import { addDays } from '../../shared/dates.js';
import { NIGHT_HOLDING_STATUSES } from '../reservations/state-machine.js';
import type { HolderKind } from './night-holds.js';

type Conn = Kysely<Database>;

/** An active accommodation, as availability shows it. */
export interface SellableAccommodation {
  id: number;
  title: string;
  type: string;
  maxPersons: number;
}

export async function activeAccommodations(conn: Conn, organizationId: number): Promise<SellableAccommodation[]> {
  const rows = await conn
    .selectFrom('accommodations')
    .select(['id', 'title', 'type', 'max_persons'])
    .where('organization_id', '=', organizationId)
    // A literal: better-sqlite3 cannot bind booleans (accommodations.repository.ts).
    .where('active', '=', sql<boolean>`true`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, maxPersons: r.max_persons }));
}

/** Something holding nights `dateFrom … dateTo − 1` of an accommodation. */
export interface Hold {
  accommodationId: number;
  dateFrom: string;
  dateTo: string;
  kind: HolderKind;
  id: number;
}

/**
 * Every hold of the organization on a night of `from … to − 1` (`to` a departure day), ordered by
 * accommodation and arrival. Reservations are bounded below by the organization's longest stay, as
 * `stay` summaries are (migration 006): a range on (organization_id, date_from), not a walk from
 * its first reservation ever.
 *
 * Outside a transaction a prepared read (prepared-reads.ts), built once, whose one value is the
 * holds as a JSON array of arrays written by the database: on SQLite it runs on a read thread, and
 * one string crosses back where a park's 90 nights (~5,000 holds) as rows cost ~10 ms to copy; as
 * Kysely's row objects on the main thread they were about half a grid's server time.
 */
export async function holdsOfPeriod(
  conn: Conn,
  organizationId: number,
  period: { from: string; to: string; longestStayNights: number },
): Promise<Hold[]> {
  return readHolds(conn, 'availability-holds', { organizationId, ...periodValues(period) });
}

/**
 * What holds one accommodation's nights in `from … to − 1`, by arrival: for a quote or the
 * original's quotations. The same prepared read with the accommodation named: the index on
 * (accommodation_id, date_from, date_to) reads a range, and neither database parses or plans it
 * again per request.
 */
export function holdsOfAccommodation(
  conn: Conn,
  organizationId: number,
  accommodationId: number,
  period: { from: string; to: string; longestStayNights: number },
): Promise<Hold[]> {
  return readHolds(conn, 'accommodation-holds', { organizationId, accommodationId, ...periodValues(period) });
}

const periodValues = (period: { from: string; to: string; longestStayNights: number }) => ({
  from: period.from,
  to: period.to,
  earliestArrival: addDays(period.from, -period.longestStayNights),
});

type HoldValues = ReturnType<typeof periodValues> & { organizationId: number; accommodationId?: number };

async function readHolds(conn: Conn, name: string, values: HoldValues): Promise<Hold[]> {
  const one = values.accommodationId !== undefined;
  const prepared = preparedReadsOf(conn);
  if (!prepared) {
    const marked = holdsQuery(conn, (key) => values[key as keyof HoldValues] as never, one);
    return await marked.orderBy('accommodationId').orderBy('dateFrom').execute();
  }
  const [row] = await prepared.rows(
    name,
    (mark) => conn.selectFrom(holdsQuery(conn, mark, one).as('h')).select(holdsJsonArray(prepared.dialect).as('holds')),
    values,
  );
  return (JSON.parse(String(row?.[0])) as [number, string, string, HolderKind, number][]).map(
    ([accommodationId, dateFrom, dateTo, kind, id]) => ({ accommodationId, dateFrom, dateTo, kind, id }),
  );
}

/** Holds of the organization's period; with `one`, of the accommodation `accommodationId` only. */
function holdsQuery(conn: Conn, value: Mark, one: boolean) {
  const reservations = conn
    .selectFrom('reservations')
    .select([
      'accommodation_id as accommodationId',
      'date_from as dateFrom',
      'date_to as dateTo',
      sql<HolderKind>`'reservation'`.as('kind'),
      'id',
    ])
    .where('organization_id', '=', value('organizationId'))
    .$if(one, (q) => q.where('accommodation_id', '=', value('accommodationId')))
    .where('date_from', '>=', value('earliestArrival'))
    .where('date_from', '<', value('to'))
    .where('date_to', '>', value('from'))
    .where('status', 'in', [...NIGHT_HOLDING_STATUSES]);
  const blocks = conn
    .selectFrom('blocks')
    .select([
      'accommodation_id as accommodationId',
      'date_from as dateFrom',
      'date_to as dateTo',
      sql<HolderKind>`'block'`.as('kind'),
      'id',
    ])
    .where('organization_id', '=', value('organizationId'))
    .$if(one, (q) => q.where('accommodation_id', '=', value('accommodationId')))
    .where('date_from', '<', value('to'))
    .where('date_to', '>', value('from'));
  return reservations.unionAll(blocks);
}

/** `[[accommodationId, dateFrom, dateTo, kind, id], …]` of the holds `h`, by accommodation and arrival, as text. */
function holdsJsonArray(dialect: 'sqlite' | 'postgres') {
  const hold = sql`h."accommodationId", h."dateFrom", h."dateTo", h.kind, h.id`;
  const order = sql`h."accommodationId", h."dateFrom"`;
  return dialect === 'sqlite'
    ? sql<string>`json_group_array(json_array(${hold}) order by ${order})`
    : sql<string>`coalesce(json_agg(json_build_array(${hold}) order by ${order}), '[]')::text`;
}
