import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { markEventsRecorded } from '../../db/commit-signal.js';
import type { Database, EventTable } from '../../db/schema.js';
import { decodeCursor, encodeCursor, type FeedPosition, LAST_POSITION } from './cursor.js';

type Conn = Kysely<Database>;

export async function insertEvent(trx: Conn, event: Omit<EventTable, 'position' | 'txid'>): Promise<void> {
  await trx.insertInto('events').values(event).execute();
  // Announced once the transaction has committed (db/commit-signal.ts); never if it rolls back.
  markEventsRecorded(trx, event.organization_id);
}

export interface FeedFilter {
  organizationIds: readonly number[];
  types?: readonly string[] | undefined;
  resource?: { type: 'reservation' | 'accommodation'; id: number } | undefined;
}

export interface FeedRead {
  /** The events after the position, in feed order, as their serialized bodies. */
  events: { position: FeedPosition; body: string }[];
  /**
   * Where every event visible to this read ends: on PostgreSQL, all events of transactions older
   * than the oldest one still running; on SQLite, the last position. Nothing can be added before it.
   */
  horizon: FeedPosition;
}

/** One page of the feed after `after`: page and horizon come from one statement, so from one snapshot. */
export async function readFeed(conn: Conn, filter: FeedFilter, after: FeedPosition, limit: number): Promise<FeedRead> {
  const pg = isPostgres(conn);
  const conditions = [sql`e.organization_id in (${sql.join(filter.organizationIds)})`];
  if (filter.types && filter.types.length > 0) conditions.push(sql`e.type in (${sql.join(filter.types)})`);
  if (filter.resource) {
    conditions.push(sql`e.resource_type = ${filter.resource.type} and e.resource_id = ${filter.resource.id}`);
  }
  const where = sql.join(conditions, sql` and `);
  const rows = pg
    ? await sql<{ horizon: string; txid: string | null; position: string | null; body: string | null }>`
        with w as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
        select w.xmin::text as horizon, p.txid::text as txid, p.position::text as position, p.body
        from w left join lateral (
          select e.txid, e.position, e.body from events e
          where ${where} and (e.txid, e.position) > (${String(after.txid)}::xid8, ${String(after.position)}::bigint)
            and e.txid < w.xmin
          order by e.txid, e.position limit ${limit}
        ) p on true
        order by p.txid, p.position`.execute(conn)
    : await sql<{ horizon: number; txid: number | null; position: number | null; body: string | null }>`
        -- txid is always 0 on SQLite: said here, it lets the feed index (organization_id, txid,
        -- position) hand the page over in order instead of sorting all of an organization's events.
        with w as (select coalesce(max(position), 0) as top from events)
        select w.top as horizon, 0 as txid, p.position, p.body
        from w left join (
          select e.position, e.body from events e
          where ${where} and e.txid = 0 and e.position > ${Number(after.position)}
          order by e.position limit ${limit}
        ) p on 1 = 1
        order by p.position`.execute(conn);
  const first = rows.rows[0];
  const horizonValue = BigInt(first?.horizon ?? 0);
  return {
    // PostgreSQL: every transaction below xmin has ended, so all its events are visible.
    horizon: decodeCursor(horizonCursor(conn, String(horizonValue))),
    events: rows.rows
      .filter((r) => r.position !== null && r.body !== null)
      .map((r) => ({
        position: { txid: BigInt(r.txid ?? 0), position: BigInt(r.position ?? 0) },
        body: r.body as string,
      })),
  };
}

/**
 * The feed's horizon as a column of another query (see `readFeed`): a read that selects it with
 * its data, in one statement, knows where the feed goes on from what the read shows.
 */
export function horizonColumn(conn: Conn) {
  return isPostgres(conn)
    ? sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`
    : sql<string>`(select coalesce(max(position), 0) from events)`;
}

/** The cursor a value of `horizonColumn` stands for. */
export function horizonCursor(conn: Conn, value: string | number): string {
  const raw = BigInt(value);
  return encodeCursor(isPostgres(conn) ? { txid: raw - 1n, position: LAST_POSITION } : { txid: 0n, position: raw });
}

/** Events at or before this position were pruned (retention): a cursor before it has expired. */
export async function prunedPosition(conn: Conn): Promise<FeedPosition> {
  const row = await conn
    .selectFrom('events_pruned')
    .select(['txid', 'position'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return { txid: BigInt(row?.txid ?? 0), position: BigInt(row?.position ?? 0) };
}

/** The cursor of the feed's horizon now: an `Events-Cursor` for a read that follows. */
export async function currentEventsCursor(conn: Conn): Promise<string> {
  const row = await conn.selectNoFrom(horizonColumn(conn).as('horizon')).executeTakeFirstOrThrow();
  return horizonCursor(conn, row.horizon);
}
