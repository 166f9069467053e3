import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { markEventsRecorded } from '../../db/commit-signal.js';
import type { Database, EventTable } from '../../db/schema.js';
import type { FeedCursor, LegacyPosition } from './cursor.js';

type Conn = Kysely<Database>;

/**
 * Records an event in the write's transaction, numbered by its organization's change counter moved
 * by one (migration 012): moving it holds the organization's row until the commit, so an
 * organization's events are numbered in commit order and the counter read by anyone covers them.
 */
export async function insertEvent(trx: Conn, event: Omit<EventTable, 'position' | 'txid' | 'seq'>): Promise<void> {
  if (isPostgres(trx)) {
    // One statement, one round trip, as the insert alone was.
    await sql`
      with moved as (update organizations set version = version + 1 where id = ${event.organization_id} returning version)
      insert into events (id, organization_id, type, resource_type, resource_id, resource_version, occurred, body, seq)
      select ${event.id}, ${event.organization_id}, ${event.type}, ${event.resource_type}, ${event.resource_id},
        ${event.resource_version}, ${event.occurred}::timestamptz, ${event.body}, moved.version from moved`.execute(
      trx,
    );
  } else {
    const moved = await trx
      .updateTable('organizations')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', event.organization_id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('events')
      .values({ ...event, seq: moved.version })
      .execute();
  }
  // Announced once the transaction has committed (db/commit-signal.ts); never if it rolls back.
  markEventsRecorded(trx, event.organization_id);
}

export interface FeedFilter {
  organizationIds: readonly number[];
  types?: readonly string[] | undefined;
  resource?: { type: 'reservation' | 'accommodation'; id: number } | undefined;
}

export interface FeedEvent {
  seq: number;
  /** `evt_` + a ULID: orders events of several organizations by time. */
  id: string;
  body: string;
}

/** One organization's part of a read of the feed. */
export interface OrganizationFeed {
  /** Its events after the cursor's number, in order, at most the read's limit. */
  events: FeedEvent[];
  /**
   * Its change counter as the read saw it: every event up to it is committed and was visible, so
   * when the events above did not reach the limit, nothing up to it is left to read.
   */
  horizon: number;
}

/**
 * The events of each organization of `after` (its number for each; every organization of the
 * filter must be in it) after that number, at most `limit` each, with its counter. On PostgreSQL one
 * statement reads them all (one snapshot); on SQLite one statement per organization, each reading
 * the counter with the events (a write commits whole between statements, and each organization's
 * part stands alone).
 */
export async function readFeed(
  conn: Conn,
  filter: FeedFilter,
  after: FeedCursor,
  limit: number,
): Promise<Map<number, OrganizationFeed>> {
  const conditions = [sql`true`];
  if (filter.types && filter.types.length > 0) conditions.push(sql`e.type in (${sql.join(filter.types)})`);
  if (filter.resource) {
    conditions.push(sql`e.resource_type = ${filter.resource.type} and e.resource_id = ${filter.resource.id}`);
  }
  const where = sql.join(conditions, sql` and `);
  const organizations = [...new Set(filter.organizationIds)];
  const starts = organizations.map((id) => after.get(id) ?? 0);
  type Row = { organization_id: number; version: number; seq: number | null; id: string | null; body: string | null };
  let rows: Row[];
  if (isPostgres(conn)) {
    ({ rows } = await sql<Row>`
      select c.organization_id, o.version, e.seq, e.id, e.body
      from unnest(${organizations}::integer[], ${starts}::integer[]) as c(organization_id, after)
      join organizations o on o.id = c.organization_id
      left join lateral (
        select e.seq, e.id, e.body from events e
        where e.organization_id = c.organization_id and e.seq > c.after and ${where}
        order by e.seq limit ${limit}
      ) e on true
      order by c.organization_id, e.seq`.execute(conn));
  } else {
    rows = [];
    for (const [i, organization] of organizations.entries()) {
      const part = await sql<Row>`
        select o.id as organization_id, o.version, e.seq, e.id, e.body
        from organizations o left join (
          select e.seq, e.id, e.body from events e
          where e.organization_id = ${organization} and e.seq > ${starts[i]} and ${where}
          order by e.seq limit ${limit}
        ) e on 1 = 1
        where o.id = ${organization}
        order by e.seq`.execute(conn);
      rows.push(...part.rows);
    }
  }
  const feeds = new Map<number, OrganizationFeed>();
  for (const row of rows) {
    let feed = feeds.get(row.organization_id);
    if (!feed) feeds.set(row.organization_id, (feed = { events: [], horizon: Number(row.version) }));
    if (row.seq !== null && row.id !== null && row.body !== null) {
      feed.events.push({ seq: Number(row.seq), id: row.id, body: row.body });
    }
  }
  return feeds;
}

/** Per organization, the last event number pruning removed (a cursor before it has expired); 0 when none. */
export async function prunedSeqs(conn: Conn, organizationIds: readonly number[]): Promise<Map<number, number>> {
  const pruned = new Map(organizationIds.map((id) => [id, 0]));
  if (organizationIds.length === 0) return pruned;
  const rows = await conn
    .selectFrom('events_pruned_by_organization')
    .select(['organization_id', 'seq'])
    .where('organization_id', 'in', [...organizationIds])
    .execute();
  for (const row of rows) pruned.set(row.organization_id, Number(row.seq));
  return pruned;
}

/**
 * The feed's place now for these organizations (their change counters): an `Events-Cursor` for a
 * read that follows. Every event up to it has committed; following the feed from it yields every
 * change committed after.
 */
export async function currentCursor(conn: Conn, organizationIds: readonly number[]): Promise<FeedCursor> {
  if (organizationIds.length === 0) return new Map();
  const rows = await conn
    .selectFrom('organizations')
    .select(['id', 'version'])
    .where('id', 'in', [...organizationIds])
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.version)]));
}

/**
 * What a cursor given out before migration 012 means now, per organization: the number before its
 * first event after the old position (or its counter, when it has none), so that nothing after is
 * skipped. Undefined when events of an organization that the old cursor had not read may have been
 * pruned: no event of it at or before the position is kept, and pruning has removed some (410).
 */
export async function cursorOfLegacy(
  conn: Conn,
  organizationIds: readonly number[],
  position: LegacyPosition,
): Promise<FeedCursor | undefined> {
  const after = isPostgres(conn)
    ? sql`(e.txid, e.position) > (${String(position.txid)}::xid8, ${String(position.position)}::bigint)`
    : sql`e.position > ${Number(position.position)}`;
  const rows = await sql<{
    id: number;
    version: number;
    first_after: number | null;
    read_kept: unknown;
    pruned: unknown;
  }>`
    select o.id, o.version,
      (select min(e.seq) from events e where e.organization_id = o.id and ${after}) as first_after,
      exists (select 1 from events e where e.organization_id = o.id and not (${after})) as read_kept,
      exists (select 1 from events_pruned_by_organization p where p.organization_id = o.id) as pruned
    from organizations o where o.id in (${sql.join([...organizationIds])})`.execute(conn);
  const cursor = new Map<number, number>();
  for (const row of rows.rows) {
    if (!row.read_kept && row.pruned) return undefined;
    cursor.set(row.id, row.first_after === null ? Number(row.version) : Number(row.first_after) - 1);
  }
  return cursor;
}
