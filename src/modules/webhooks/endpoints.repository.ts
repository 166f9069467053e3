import type { Kysely, Selectable } from 'kysely';
import { isPostgres, toDbBoolean } from '../../db/database.js';
import type { Database, WebhookEndpointTable } from '../../db/schema.js';

type Conn = Kysely<Database>;
export type EndpointRow = Selectable<WebhookEndpointTable>;

export async function insertEndpoint(
  trx: Conn,
  values: Omit<
    EndpointRow,
    'id' | 'enabled' | 'disabled_reason' | 'previous_secret' | 'previous_secret_until' | 'failing_since'
  >,
): Promise<number> {
  const row = await trx.insertInto('webhook_endpoints').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The endpoint when it belongs to one of the organizations (else undefined: a 404 for the caller). */
export function findEndpoint(conn: Conn, organizations: readonly number[], id: number, lock = false) {
  const query = conn
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', 'in', [...organizations]);
  return (lock && isPostgres(conn) ? query.forUpdate() : query).executeTakeFirst();
}

export function listEndpoints(conn: Conn, organizations: readonly number[]) {
  return conn
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organization_id', 'in', [...organizations])
    .orderBy('id')
    .limit(1000)
    .execute();
}

export async function updateEndpointRow(
  trx: Conn,
  id: number,
  values: Partial<Omit<EndpointRow, 'id'>>,
): Promise<void> {
  const { enabled, ...rest } = values;
  await trx
    .updateTable('webhook_endpoints')
    .set({ ...rest, ...(enabled === undefined ? {} : { enabled: toDbBoolean(trx, Boolean(enabled)) }) })
    .where('id', '=', id)
    .execute();
}

export async function deleteEndpointRow(trx: Conn, id: number): Promise<void> {
  await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
  await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** A disabled endpoint's pending deliveries wait (`paused`) and go on when it is enabled again. */
export async function pauseDeliveries(trx: Conn, endpointId: number): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'paused' })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

export async function resumeDeliveries(trx: Conn, endpointId: number, now: number): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'paused')
    .execute();
}

export interface NewDelivery {
  endpoint_id: number;
  organization_id: number;
  event_id: string;
  event_type: string;
  body: string;
}

export async function insertDeliveries(trx: Conn, deliveries: readonly NewDelivery[], now: number): Promise<void> {
  for (let i = 0; i < deliveries.length; i += 200) {
    await trx
      .insertInto('webhook_deliveries')
      .values(
        deliveries
          .slice(i, i + 200)
          .map((d) => ({ ...d, status: 'pending' as const, attempts: 0, next_attempt_at: now, created: now })),
      )
      .execute();
  }
}

export function listAttempts(
  conn: Conn,
  endpointId: number,
  filter: { status?: string | undefined; after?: number | undefined; limit: number },
) {
  let query = conn.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId);
  if (filter.status) query = query.where('status', '=', filter.status as 'delivered');
  if (filter.after !== undefined) query = query.where('id', '<', filter.after);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
