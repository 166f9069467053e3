import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { VALUES_PER_QUERY } from '../../db/owned-rows.js';
import type { Database } from '../../db/schema.js';
import { ERASED_GUEST_NAME } from './guests.schemas.js';

/**
 * The copies of a guest's name that the service keeps beside the guest record (ARCHITECTURE
 * "Personal data has one owner"), and how erasure reaches each of them. A reservation shows its
 * guest's name as `guestName` and `name`; every other copy is a reservation as it was written out
 * at some moment:
 *
 * - the events of the guest's reservations (`data` and `previous`, events.body);
 * - webhook deliveries of those events, queued or done (webhook_deliveries.body: the event's bytes);
 * - first responses kept under an Idempotency-Key (idempotency_keys.body, by the location of the
 *   reservation it created).
 *
 * The guest record's other personal fields (e-mail, phone, address) are never copied into a
 * reservation, an event or a response other than the guest's own. Caches of bodies are kept under
 * the organization's change counter, which the erasure's lock and events move.
 */

type Conn = Kysely<Database>;

/** The fields of a reservation record that show its guest's name. */
const NAME_FIELDS = ['guestName', 'name'] as const;

/** The record with its guest's name erased; the same object when it shows none. */
function erasedRecord(record: unknown): { value: unknown; changed: boolean } {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return { value: record, changed: false };
  const fields = record as Record<string, unknown>;
  const present = NAME_FIELDS.filter((f) => f in fields && fields[f] !== ERASED_GUEST_NAME);
  if (present.length === 0) return { value: record, changed: false };
  return { value: { ...fields, ...Object.fromEntries(present.map((f) => [f, ERASED_GUEST_NAME])) }, changed: true };
}

/** A reservation event's JSON with the guest's name erased from `data` and `previous`; undefined when it has none. */
export function erasedEventBody(body: string): string | undefined {
  const event = JSON.parse(body) as Record<string, unknown>;
  const data = erasedRecord(event.data);
  const previous = erasedRecord(event.previous);
  if (!data.changed && !previous.changed) return undefined;
  return JSON.stringify({
    ...event,
    data: data.value,
    ...(event.previous === undefined ? {} : { previous: previous.value }),
  });
}

/** A stored reservation response with the guest's name erased; undefined when it shows none. */
export function erasedResponseBody(body: string): string | undefined {
  if (body === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const erased = erasedRecord(parsed);
  return erased.changed ? JSON.stringify(erased.value) : undefined;
}

/**
 * PostgreSQL: holds the delivery workers' hands off the organization's events until the erasure
 * commits. Fan-out and replay steps lock their endpoint or replay row while they copy event bodies
 * into deliveries (webhooks/fan-out.ts); a step that already read a body finishes first (its
 * deliveries are then scrubbed with the rest), one that starts later skips the locked rows and
 * reads the scrubbed bodies next time. SQLite needs nothing: BEGIN IMMEDIATE serializes them.
 */
export async function holdDeliveryCopies(trx: Conn, organizationId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select id from webhook_endpoints where organization_id = ${organizationId} order by id for update`.execute(
    trx,
  );
  await sql`
    select r.id from webhook_replays r join webhook_endpoints w on w.id = r.endpoint_id
     where w.organization_id = ${organizationId} order by r.id for update of r`.execute(trx);
}

/**
 * Erases the guest's name from every kept copy of these reservations of the organization: their
 * events, those events' webhook deliveries, and idempotent first responses that created them.
 */
export async function eraseNameCopies(
  trx: Conn,
  organizationId: number,
  reservationIds: readonly number[],
): Promise<void> {
  for (let i = 0; i < reservationIds.length; i += VALUES_PER_QUERY) {
    const ids = reservationIds.slice(i, i + VALUES_PER_QUERY);
    const events = await trx
      .selectFrom('events')
      .select(['id', 'body'])
      .where('resource_type', '=', 'reservation')
      .where('resource_id', 'in', ids)
      .where('organization_id', '=', organizationId)
      .execute();
    for (const event of events) {
      const body = erasedEventBody(event.body);
      if (body === undefined) continue;
      await trx.updateTable('events').set({ body }).where('id', '=', event.id).execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({ body })
        .where('organization_id', '=', organizationId)
        .where('event_id', '=', event.id)
        .execute();
    }
    const kept = await trx
      .selectFrom('idempotency_keys')
      .select(['credential_id', 'key', 'body'])
      .where(
        'location',
        'in',
        ids.map((id) => `/api/reservations/${id}`),
      )
      .execute();
    for (const row of kept) {
      const body = erasedResponseBody(row.body);
      if (body === undefined) continue;
      await trx
        .updateTable('idempotency_keys')
        .set({ body })
        .where('credential_id', '=', row.credential_id)
        .where('key', '=', row.key)
        .execute();
    }
  }
}
