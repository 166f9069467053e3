import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres, toDbBoolean } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { withWriteTransaction } from '../../db/write-transaction.js';
import { readFeed } from '../events/events.repository.js';
import { takePage } from '../events/feed-page.js';
import type { AttemptResult, DeliveryClient } from './delivery-client.js';
import { type EndpointRow, insertDeliveries, type NewDelivery, pauseDeliveries } from './endpoints.repository.js';
import { type Outcome, outcomeOf } from './retry-policy.js';
import { openSecret, SecretUnavailableError, signatureHeader } from './signing.js';

/**
 * The delivery steps of SPEC §10, each one short transaction: fan the feed out into deliveries,
 * claim due deliveries under a lease, record an attempt's outcome, release leases. When an attempt
 * is tried again is retry-policy.ts; pruning old events, events/event-pruning.ts.
 */

type Conn = Kysely<Database>;

const FAN_OUT_BATCH = 500;
/** Endpoints per claim statement (SQLite allows 500 terms in a compound SELECT). */
const CLAIM_ENDPOINTS_PER_QUERY = 100;
export const FAILING_DISABLE_MS = 5 * 24 * 3_600_000;

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

export function deliveryOf(endpoint: Pick<EndpointRow, 'id' | 'organization_id'>, body: string): NewDelivery {
  const { id, type } = JSON.parse(body) as { id: string; type: string };
  return { endpoint_id: endpoint.id, organization_id: endpoint.organization_id, event_id: id, event_type: type, body };
}

export interface ClaimedDelivery {
  id: number;
  endpoint_id: number;
  organization_id: number;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
}

/** What one claim asks for: see `claimDue`. */
export interface Claim {
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
  /** Per endpoint, the attempts this process is sending to it now. */
  busy: ReadonlyMap<number, number>;
  maxPerEndpoint: number;
  /** Per organization, the attempts this process is sending to its endpoints now. */
  busyOrganizations: ReadonlyMap<number, number>;
  maxPerOrganization: number;
}

/**
 * Leases due deliveries for this process: at most `limit`, at most `maxPerEndpoint` less those it
 * is already sending (`busy`) of one endpoint, at most `maxPerOrganization` less those it is
 * already sending of one organization, the oldest of each endpoint first (event order).
 * Organizations take turns: every organization's first due delivery comes before any one's second,
 * and so on (issue 41: four endpoints of one organization whose receivers never answer held every
 * slot, in id order, and another organization's delivery waited behind their whole backlog).
 * Per endpoint, its first due deliveries are one bounded range of `webhook_deliveries_due`
 * (status, endpoint_id, id): the cost follows what is claimed, not how much is pending. (A window
 * over every pending delivery made each claim read all of them: with 30,000 pending, ~40 claims a
 * second.) Two processes never hold a delivery at once; an expired lease (a crashed process) is
 * taken over like a free one.
 */
export async function claimDue(db: Db, claim: Claim): Promise<ClaimedDelivery[]> {
  if (claim.limit <= 0) return [];
  const claimed = isPostgres(db.kysely)
    ? await claimOnPostgres(db.kysely, claim)
    : await claimOnSqlite(db.kysely, claim);
  return claimed
    .map((r) => ({
      ...r,
      id: Number(r.id),
      endpoint_id: Number(r.endpoint_id),
      organization_id: Number(r.organization_id),
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

const CLAIMED_COLUMNS = ['id', 'endpoint_id', 'organization_id', 'event_id', 'event_type', 'body', 'attempts'];
// SQLite's RETURNING names the table's columns bare; PostgreSQL's must say which of the FROM's `id` it means.
const claimedColumns = (qualifier: string) => sql.join(CLAIMED_COLUMNS.map((c) => sql.ref(`${qualifier}${c}`)));
const isFree = (now: number) => sql`d.status = 'pending' and (d.lease_until is null or d.lease_until < ${now})`;

/**
 * PostgreSQL: one statement (a claim was four round trips, and under load it cost more than the
 * attempt). Rows another claim has locked are skipped; a row changed since the statement began
 * is checked again as it is locked.
 */
async function claimOnPostgres(conn: Conn, claim: Claim): Promise<ClaimedDelivery[]> {
  const { owner, now, leaseMs, limit, busy, maxPerEndpoint, busyOrganizations, maxPerOrganization } = claim;
  const { rows } = await sql<ClaimedDelivery>`
    with candidates as (
      select c.id, c.organization_id from webhook_endpoints e
      left join unnest(${[...busy.keys()]}::integer[], ${[...busy.values()]}::integer[]) as b(endpoint_id, sending)
        on b.endpoint_id = e.id
      cross join lateral (
        select d.id, d.organization_id from webhook_deliveries d
        where d.endpoint_id = e.id and d.next_attempt_at <= ${now} and ${isFree(now)}
        order by d.id
        limit greatest(0, ${maxPerEndpoint}::integer - coalesce(b.sending, 0))
        for update of d skip locked
      ) c
    ),
    due as (
      select t.id from (
        select c.id, c.organization_id, row_number() over (partition by c.organization_id order by c.id) as turn
        from candidates c
      ) t
      left join unnest(
        ${[...busyOrganizations.keys()]}::integer[], ${[...busyOrganizations.values()]}::integer[]
      ) as o(organization_id, sending) on o.organization_id = t.organization_id
      where t.turn <= ${maxPerOrganization}::integer - coalesce(o.sending, 0)
      order by t.turn, t.id
      limit ${limit}
    )
    update webhook_deliveries d set lease_owner = ${owner}, lease_until = ${now + leaseMs}
    from due where d.id = due.id
    returning ${claimedColumns('d.')}`.execute(conn);
  return rows;
}

interface Candidate {
  id: number;
  organization_id: number;
}

/** Of the candidates, what PostgreSQL's `due` picks: organizations in turns, each within its quota. */
function takingTurns(candidates: Candidate[], { limit, busyOrganizations, maxPerOrganization }: Claim): number[] {
  const taken = new Map<number, number>();
  const turns: { id: number; turn: number }[] = [];
  for (const { id, organization_id } of [...candidates].sort((a, b) => Number(a.id) - Number(b.id))) {
    const organization = Number(organization_id);
    const turn = (taken.get(organization) ?? 0) + 1;
    taken.set(organization, turn);
    if (turn <= maxPerOrganization - (busyOrganizations.get(organization) ?? 0)) turns.push({ id: Number(id), turn });
  }
  return turns
    .sort((a, b) => a.turn - b.turn || a.id - b.id)
    .slice(0, limit)
    .map((t) => t.id);
}

/** SQLite: the write lock serialises claims; candidates per endpoint, then one UPDATE. */
async function claimOnSqlite(conn: Conn, claim: Claim): Promise<ClaimedDelivery[]> {
  const { owner, now, leaseMs, busy, maxPerEndpoint } = claim;
  const quota = (endpointId: number) => maxPerEndpoint - (busy.get(endpointId) ?? 0);
  const endpointIds = (await conn.selectFrom('webhook_endpoints').select('id').orderBy('id').execute())
    .map((e) => Number(e.id))
    .filter((endpointId) => quota(endpointId) > 0);
  const candidates: Candidate[] = [];
  for (let i = 0; i < endpointIds.length; i += CLAIM_ENDPOINTS_PER_QUERY) {
    const chunk = endpointIds.slice(i, i + CLAIM_ENDPOINTS_PER_QUERY);
    const found = await sql<Candidate>`${sql.join(
      chunk.map(
        (endpointId) => sql`select * from (
          select d.id, d.organization_id from webhook_deliveries d
          where d.endpoint_id = ${endpointId} and d.next_attempt_at <= ${now} and ${isFree(now)}
          order by d.id limit ${quota(endpointId)}) c${sql.raw(String(endpointId))}`,
      ),
      sql` union all `,
    )}`.execute(conn);
    candidates.push(...found.rows);
  }
  const ids = takingTurns(candidates, claim);
  if (ids.length === 0) return [];
  const { rows } = await sql<ClaimedDelivery>`
    update webhook_deliveries as d set lease_owner = ${owner}, lease_until = ${now + leaseMs}
    where d.id in (${sql.join(ids)}) and ${isFree(now)}
    returning ${claimedColumns('')}`.execute(conn);
  return rows;
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(endpoint: EndpointRow, key: Buffer | undefined, now: number): string[] {
  const secrets = [openSecret(endpoint.secret, key, endpoint.id)];
  if (endpoint.previous_secret && (endpoint.previous_secret_until ?? 0) > now) {
    secrets.push(openSecret(endpoint.previous_secret, key, endpoint.id));
  }
  return secrets;
}

/** POSTs one event to an endpoint, signed (SPEC §10 "Delivery"). */
export async function attempt(
  client: DeliveryClient,
  endpoint: EndpointRow,
  key: Buffer | undefined,
  eventId: string,
  body: string,
  signal?: AbortSignal,
): Promise<AttemptResult> {
  const now = new Date();
  let secrets: string[];
  try {
    secrets = signingSecrets(endpoint, key, now.getTime());
  } catch (error) {
    if (error instanceof SecretUnavailableError)
      return { delivered: false, error: 'secret-unavailable', durationMs: 0 };
    throw error;
  }
  const headers = {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, eventId, now, body),
  };
  return client.post(endpoint.url, headers, body, signal);
}

/** A finished attempt, as `recordAttempts` writes it. */
export interface FinishedAttempt {
  delivery: ClaimedDelivery;
  endpointId: number;
  result: AttemptResult;
  attemptedAt: number;
}

/**
 * Writes finished attempts to the log with their consequences, all in one transaction: the
 * delivery's state (when this process still holds its lease), and the endpoint's: 410 disables it
 * (`gone`); a success clears its failing time; failure after failure for five days with no success
 * disables it (`failing`). One transaction for the attempts that finished together: on PostgreSQL
 * each commit waits for its WAL flush, and one commit per attempt held fan-out to ~400/s.
 * Locks go endpoints first, then deliveries, each in id order, as everywhere else, so two
 * processes' batches never wait on each other in a cycle.
 */
export async function recordAttempts(
  db: Db,
  owner: string | null,
  finished: readonly FinishedAttempt[],
  schedule: readonly number[],
): Promise<Outcome[]> {
  if (finished.length === 0) return [];
  const outcomes = finished.map((f) => outcomeOf(f.result, f.delivery.attempts + 1, schedule, f.attemptedAt));
  const byEndpoint = [...finished].sort((a, b) => a.endpointId - b.endpointId);
  const byDelivery = finished.map((f, i) => ({ ...f, outcome: outcomes[i] as Outcome }));
  byDelivery.sort((a, b) => a.delivery.id - b.delivery.id);
  await withWriteTransaction(db, async (trx) => {
    // Within one endpoint, in the order the attempts finished (a stable sort). A run of successes
    // (or of failures) has the effect of its first, so it is written once: one statement per
    // endpoint for a batch that all went well.
    let previous: FinishedAttempt | undefined;
    for (const f of byEndpoint) {
      const same =
        previous?.endpointId === f.endpointId &&
        healthEffect(previous.result) === healthEffect(f.result) &&
        healthEffect(f.result) !== 'gone';
      if (!same) await updateEndpointHealth(trx, f.endpointId, f.result, f.attemptedAt);
      previous = f;
    }
    await trx
      .insertInto('webhook_attempts')
      .values(
        byDelivery.map(({ delivery, result, attemptedAt, outcome }) => ({
          delivery_id: delivery.id,
          endpoint_id: delivery.endpoint_id,
          organization_id: delivery.organization_id,
          event_id: delivery.event_id,
          event_type: delivery.event_type,
          attempt: delivery.attempts + 1,
          attempted_at: attemptedAt,
          status: outcome.status,
          status_code: result.statusCode ?? null,
          error: result.error ?? null,
          duration_ms: result.durationMs,
          next_attempt_at: outcome.nextAttemptAt,
        })),
      )
      .execute();
    if (isPostgres(trx)) {
      await updateDeliveriesAtOnce(trx, owner, byDelivery);
      return;
    }
    for (const { delivery, attemptedAt, outcome } of byDelivery) {
      let update = trx
        .updateTable('webhook_deliveries')
        .set({
          attempts: delivery.attempts + 1,
          // A delivery paused meanwhile (its endpoint was disabled) stays paused unless this attempt delivered it.
          status:
            outcome.status === 'delivered'
              ? 'delivered'
              : sql<'pending'>`case when status = 'paused' then 'paused' else ${outcome.status} end`,
          next_attempt_at: outcome.nextAttemptAt ?? attemptedAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', delivery.id);
      if (owner !== null) update = update.where('lease_owner', '=', owner);
      await update.execute();
    }
  });
  return outcomes;
}

function healthEffect(result: AttemptResult): 'delivered' | 'gone' | 'failed' {
  if (result.delivered) return 'delivered';
  return result.statusCode === 410 ? 'gone' : 'failed';
}

/**
 * PostgreSQL: the deliveries' new states in one UPDATE from arrays (one statement, not one per
 * delivery), with the same rules as the per-row update of SQLite in `recordAttempts`.
 */
async function updateDeliveriesAtOnce(
  trx: Conn,
  owner: string | null,
  rows: readonly (FinishedAttempt & { outcome: Outcome })[],
): Promise<void> {
  const ids = rows.map((r) => r.delivery.id);
  const attempts = rows.map((r) => r.delivery.attempts + 1);
  const statuses = rows.map((r) => r.outcome.status);
  const next = rows.map((r) => r.outcome.nextAttemptAt ?? r.attemptedAt);
  await sql`
    update webhook_deliveries d set
      attempts = v.attempts,
      status = case when v.status = 'delivered' then 'delivered' when d.status = 'paused' then 'paused' else v.status end,
      next_attempt_at = v.next_attempt_at,
      lease_owner = null,
      lease_until = null
    from unnest(${ids}::bigint[], ${attempts}::integer[], ${statuses}::text[], ${next}::bigint[])
      as v(id, attempts, status, next_attempt_at)
    where d.id = v.id ${owner === null ? sql`` : sql`and d.lease_owner = ${owner}`}`.execute(trx);
}

/** One finished attempt (the `test` route's ping): `recordAttempts` of one. */
export async function recordAttempt(
  db: Db,
  owner: string | null,
  delivery: ClaimedDelivery,
  endpoint: Pick<EndpointRow, 'id'>,
  result: AttemptResult,
  schedule: readonly number[],
  attemptedAt: number,
): Promise<Outcome> {
  const [outcome] = await recordAttempts(
    db,
    owner,
    [{ delivery, endpointId: endpoint.id, result, attemptedAt }],
    schedule,
  );
  return outcome as Outcome;
}

async function updateEndpointHealth(trx: Conn, endpointId: number, result: AttemptResult, now: number): Promise<void> {
  if (result.delivered) {
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', '=', endpointId)
      .where('failing_since', 'is not', null)
      .execute();
    return;
  }
  if (result.statusCode === 410) {
    await disableEndpoint(trx, endpointId, 'gone', now);
    return;
  }
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
  const failing = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .where('enabled', '=', toDbBoolean(trx, true))
    .where('failing_since', '<=', now - FAILING_DISABLE_MS)
    .executeTakeFirst();
  if (failing) await disableEndpoint(trx, endpointId, 'failing', now);
}

export async function disableEndpoint(
  trx: Conn,
  endpointId: number,
  reason: 'gone' | 'failing' | 'manual',
  now: number,
) {
  await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: toDbBoolean(trx, false), disabled_reason: reason, modified: now })
    .where('id', '=', endpointId)
    .execute();
  await pauseDeliveries(trx, endpointId);
}

/** Hands leases back (a process shutting down): the deliveries are due again at once, for anyone. */
export async function releaseLeases(db: Db, owner: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.kysely
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('id', 'in', [...ids])
    .execute();
}

export async function pauseLeased(db: Db, owner: string, id: number): Promise<void> {
  await db.kysely
    .updateTable('webhook_deliveries')
    .set({ status: 'paused', lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('id', '=', id)
    .execute();
}
