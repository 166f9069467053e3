import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database, EventTable } from '../../db/schema.js';
import type { WriteTransaction } from '../../db/write-transaction.js';
import type { FeedCursor, LegacyPosition } from './cursor.js';

type Conn = Kysely<Database>;

/**
 * Records an event in the write's transaction, numbered by its organization's change counter moved
 * by one (migration 012): moving it holds the organization's row until the commit, so an
 * organization's events are numbered in commit order and the counter read by anyone covers them.
 */
export async function insertEvent(
  trx: WriteTransaction,
  event: Omit<EventTable, 'position' | 'txid' | 'seq'>,
): Promise<void> {
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
  // Announced once the transaction has committed (db/write-transaction.ts); never if it rolls back.
  trx.eventsRecordedOf.add(event.organization_id);
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
  /** The last of its event numbers pruning removed, as the same read saw it: a start before it skipped events. */
  pruned: number;
}

/**
 * The events of each organization of the filter after its number in `after` (0 when it has none:
 * from the oldest kept), at most `limit` each, with its counter and pruning mark. On PostgreSQL one
 * statement reads them all (one snapshot); on SQLite one statement per organization, each reading
 * the counter and the mark with the events (a write commits whole between statements, and each
 * organization's part stands alone).
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
  type Row = {
    organization_id: number;
    version: number;
    pruned: number | null;
    seq: number | null;
    id: string | null;
    body: string | null;
  };
  let rows: Row[];
  if (isPostgres(conn)) {
    ({ rows } = await sql<Row>`
      select c.organization_id, o.version, p.seq as pruned, e.seq, e.id, e.body
      from unnest(${organizations}::integer[], ${starts}::integer[]) as c(organization_id, after)
      join organizations o on o.id = c.organization_id
      left join events_pruned_by_organization p on p.organization_id = c.organization_id
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
        select o.id as organization_id, o.version, p.seq as pruned, e.seq, e.id, e.body
        from organizations o
        left join events_pruned_by_organization p on p.organization_id = o.id
        left join (
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
    if (!feed) {
      feed = { events: [], horizon: Number(row.version), pruned: Number(row.pruned ?? 0) };
      feeds.set(row.organization_id, feed);
    }
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
 * skipped. Undefined when events after the old position may have been pruned: by pruning before the
 * migration (its watermark, `events_pruned`, is kept for this), or since, when no event at or
 * before the position is kept any more. (Such a cursor is sent once: the answer carries a new one.)
 */
export async function cursorOfLegacy(
  conn: Conn,
  organizationIds: readonly number[],
  position: LegacyPosition,
): Promise<FeedCursor | undefined> {
  const pg = isPostgres(conn);
  const after = (alias: string) =>
    pg
      ? sql`(${sql.ref(`${alias}.txid`)}, ${sql.ref(`${alias}.position`)}) > (${String(position.txid)}::xid8, ${String(position.position)}::bigint)`
      : sql`${sql.ref(`${alias}.position`)} > ${Number(position.position)}`;
  const watermarkAfter = pg
    ? sql`(w.txid::xid8, w.position) > (${String(position.txid)}::xid8, ${String(position.position)}::bigint)`
    : sql`w.position > ${Number(position.position)}`;
  const state = await sql<{ pruned_before: unknown; pruned_since: unknown; kept_before: unknown }>`
    select
      exists (select 1 from events_pruned w where ${watermarkAfter}) as pruned_before,
      exists (select 1 from events_pruned_by_organization) as pruned_since,
      exists (select 1 from events e where not (${after('e')})) as kept_before`.execute(conn);
  const { pruned_before: prunedBefore, pruned_since: prunedSince, kept_before: keptBefore } = state.rows[0] ?? {};
  // Pruned past the old position, before the migration or since: what followed it may be gone.
  if (prunedBefore || (prunedSince && !keptBefore)) return undefined;
  const rows = await sql<{ id: number; version: number; first_after: number | null }>`
    select o.id, o.version,
      (select min(e.seq) from events e where e.organization_id = o.id and ${after('e')}) as first_after
    from organizations o where o.id in (${sql.join([...organizationIds])})`.execute(conn);
  return new Map(
    rows.rows.map((row) => [row.id, row.first_after === null ? Number(row.version) : Number(row.first_after) - 1]),
  );
}
