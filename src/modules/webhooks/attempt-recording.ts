import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres, toDbBoolean } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { withWriteTransaction } from '../../db/write-transaction.js';
import type { AttemptResult } from './delivery-client.js';
import type { ClaimedDelivery } from './delivery-claims.js';
import { type EndpointRow, pauseDeliveries } from './endpoints.repository.js';
import { type Outcome, outcomeOf } from './retry-policy.js';

/**
 * What a finished attempt leaves behind (SPEC §10): its line in the attempt log, its delivery's new
 * state, and its endpoint's health (a 410 or five days of failures disable the endpoint). When the
 * delivery is tried again is retry-policy.ts.
 */

type Conn = Kysely<Database>;

/** Failure after failure this long, with no success, disables an endpoint (`failing`). */
export const FAILING_DISABLE_MS = 5 * 24 * 3_600_000;

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
