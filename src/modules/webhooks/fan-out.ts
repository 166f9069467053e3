import type { Kysely } from 'kysely';
import { type Db, isPostgres, toDbBoolean } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { withWriteTransaction } from '../../db/write-transaction.js';
import { readFeed } from '../events/events.repository.js';
import { takePage } from '../events/feed-page.js';
import { type EndpointRow, insertDeliveries, type NewDelivery } from './endpoints.repository.js';

/**
 * How events become deliveries (SPEC §10): fan-out copies each enabled endpoint's new events, a
 * replay step copies a window of kept ones again. Each is one short transaction.
 */

type Conn = Kysely<Database>;

const FAN_OUT_BATCH = 500;

/**
 * Creates the deliveries of the events committed since each enabled endpoint's cursor, and moves
 * the cursor, in one transaction. On PostgreSQL each endpoint row is locked (SKIP LOCKED: another
 * process busy with it is left to it), so an event becomes one delivery per endpoint. Also tells
 * whether a replay waits to be scheduled (`advanceReplay`): looked for here, in the transaction the
 * worker runs anyway, not in one of its own every time.
 */
export async function fanOut(db: Db, now: number): Promise<{ created: number; replaying: boolean }> {
  return withWriteTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('enabled', '=', toDbBoolean(trx, true))
      .orderBy('id');
    if (isPostgres(trx)) query = query.forUpdate().skipLocked();
    const endpoints = await query.execute();
    let created = 0;
    for (const endpoint of endpoints) {
      const organization = endpoint.organization_id;
      const start = new Map([[organization, Number(endpoint.cursor_seq)]]);
      const types = endpoint.types ? endpoint.types.split(',') : undefined;
      const read = await readFeed(trx, { organizationIds: [organization], types }, start, FAN_OUT_BATCH);
      const { events, next } = takePage(read, start, FAN_OUT_BATCH);
      if (events.length > 0) {
        await insertDeliveries(
          trx,
          events.map((e) => deliveryOf(endpoint, e.body)),
          now,
        );
        created += events.length;
      }
      const cursor = next.get(organization) ?? start.get(organization);
      if (cursor !== Number(endpoint.cursor_seq)) {
        await trx.updateTable('webhook_endpoints').set({ cursor_seq: cursor }).where('id', '=', endpoint.id).execute();
      }
    }
    const replay = await trx.selectFrom('webhook_replays').select('id').limit(1).executeTakeFirst();
    return { created, replaying: replay !== undefined };
  });
}

/**
 * What one step of a replay schedules at most: deliveries, and event numbers looked through (a
 * window bounds the rows read when few match its types or times). On SQLite a step of 250 holds
 * the event loop ~5 ms; 1,000 back to back made other requests' median 49 ms during a storm.
 */
const REPLAY_STEP_DELIVERIES = 250;
const REPLAY_STEP_NUMBERS = 5_000;

/** What a replay covers of its endpoint's organization's events (migration 013). */
export interface ReplayRange {
  organization_id: number;
  after_seq: number;
  until_seq: number;
  /** Comma-separated; '' for every type. */
  types: string;
  since: string | null;
  until: string | null;
}

/** The events of a replay after `after_seq` up to number `to`, of its types and times. */
function replayedEvents(conn: Conn, range: ReplayRange, to: number) {
  let query = conn
    .selectFrom('events')
    .where('organization_id', '=', range.organization_id)
    .where('seq', '>', range.after_seq)
    .where('seq', '<=', to);
  if (range.types) query = query.where('type', 'in', range.types.split(','));
  if (range.since !== null) query = query.where('occurred', '>=', range.since);
  if (range.until !== null) query = query.where('occurred', '<', range.until);
  return query;
}

/** How many deliveries a replay makes, at most `max`. */
export async function countReplayed(conn: Conn, range: ReplayRange, max: number): Promise<number> {
  const row = await conn
    .selectFrom(replayedEvents(conn, range, range.until_seq).select('seq').limit(max).as('r'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One step of a replay in progress, the one that waited longest: the deliveries of its next events
 * (at most REPLAY_STEP_DELIVERIES, looking through at most REPLAY_STEP_NUMBERS event numbers), in
 * one short transaction. PostgreSQL: a replay another process is busy with is skipped. False when no
 * replay was left to advance.
 */
export async function advanceReplay(db: Db, now: number): Promise<boolean> {
  return withWriteTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('webhook_replays as r')
      .innerJoin('webhook_endpoints as w', 'w.id', 'r.endpoint_id')
      .select(['r.id', 'r.after_seq', 'r.until_seq', 'r.types', 'r.since', 'r.until', 'r.remaining', 'r.endpoint_id'])
      .select('w.organization_id')
      .orderBy('r.stepped')
      .orderBy('r.id')
      .limit(1);
    if (isPostgres(trx)) query = query.forUpdate('r').skipLocked();
    const replay = await query.executeTakeFirst();
    if (!replay) return false;
    const to = Math.min(replay.after_seq + REPLAY_STEP_NUMBERS, replay.until_seq);
    const limit = Math.min(replay.remaining, REPLAY_STEP_DELIVERIES);
    const rows = await replayedEvents(trx, replay, to)
      .select(['seq', 'id', 'type', 'body'])
      .orderBy('seq')
      .limit(limit)
      .execute();
    await insertDeliveries(
      trx,
      rows.map((row) => ({
        endpoint_id: replay.endpoint_id,
        organization_id: replay.organization_id,
        event_id: row.id,
        event_type: row.type,
        body: row.body,
      })),
      now,
    );
    // Cut by the limit: on from the last one taken; else the whole window is done.
    const reached = rows.length === limit ? Number(rows.at(-1)?.seq ?? to) : to;
    const remaining = replay.remaining - rows.length;
    if (reached >= replay.until_seq || remaining <= 0) {
      await trx.deleteFrom('webhook_replays').where('id', '=', replay.id).execute();
    } else {
      await trx
        .updateTable('webhook_replays')
        .set({ after_seq: reached, remaining, stepped: now })
        .where('id', '=', replay.id)
        .execute();
    }
    return true;
  });
}

/** The delivery of one event (its feed body) to one endpoint. */
export function deliveryOf(endpoint: Pick<EndpointRow, 'id' | 'organization_id'>, body: string): NewDelivery {
  const { id, type } = JSON.parse(body) as { id: string; type: string };
  return { endpoint_id: endpoint.id, organization_id: endpoint.organization_id, event_id: id, event_type: type, body };
}
