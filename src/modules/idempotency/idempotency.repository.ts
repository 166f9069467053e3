import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Kysely<Database>;

/** One Idempotency-Key of one credential, and the fingerprint of the request that first used it. */
export interface IdempotencyScope {
  credentialId: number;
  key: string;
  requestHash: string;
}

export interface StoredKey {
  requestHash: string;
  location: string | null;
  /** The JSON text of the record the key created, as kept ('' when only its location is kept). */
  body: string;
}

/**
 * Claims the key for this transaction, or returns what is stored under it. The claim is a row
 * inserted now and completed by `storeCreated` before the commit, so no other transaction ever
 * sees it half-done. On PostgreSQL a concurrent claim of the same key waits here for the first
 * transaction to end, then finds its response (or, if it rolled back, claims the key itself).
 */
export async function claimKey(conn: Conn, scope: IdempotencyScope, now: string): Promise<StoredKey | undefined> {
  const claimed = await conn
    .insertInto('idempotency_keys')
    .values({
      credential_id: scope.credentialId,
      key: scope.key,
      request_hash: scope.requestHash,
      status_code: 0,
      location: null,
      body: '',
      created: now,
    })
    .onConflict((oc) => oc.columns(['credential_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return undefined;
  const stored = await conn
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'location', 'body'])
    .where('credential_id', '=', scope.credentialId)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  return { requestHash: stored.request_hash, location: stored.location, body: stored.body };
}

/**
 * Completes a claim with what the key created: its location and the JSON text of the record ('' to
 * keep only the location). `status_code` is the column's old name for "completed": every key
 * completed records a creation, kept as 201 as it always was.
 */
export async function storeCreated(
  conn: Conn,
  scope: IdempotencyScope,
  created: { location: string; body: string },
): Promise<void> {
  await conn
    .updateTable('idempotency_keys')
    .set({ status_code: 201, location: created.location, body: created.body })
    .where('credential_id', '=', scope.credentialId)
    .where('key', '=', scope.key)
    .execute();
}

/** Forgets this key if it expired, so it can be claimed again. */
export async function forgetExpiredKey(conn: Conn, scope: IdempotencyScope, expiredAt: string): Promise<void> {
  await conn
    .deleteFrom('idempotency_keys')
    .where('credential_id', '=', scope.credentialId)
    .where('key', '=', scope.key)
    .where('created', '<=', expiredAt)
    .execute();
}

/**
 * Deletes up to `limit` expired keys of any credential, keeping the table small without a
 * background job. On PostgreSQL it skips rows another transaction is deleting, so concurrent
 * requests never queue behind each other's sweep.
 */
export async function sweepExpiredKeys(conn: Conn, expiredAt: string, limit: number): Promise<void> {
  let expired = conn
    .selectFrom('idempotency_keys')
    .select(['credential_id', 'key'])
    .where('created', '<=', expiredAt)
    .limit(limit);
  if (isPostgres(conn)) expired = expired.forUpdate().skipLocked();
  await conn
    .deleteFrom('idempotency_keys')
    .where((eb) => eb(eb.refTuple('credential_id', 'key'), 'in', expired.$asTuple('credential_id', 'key')))
    .execute();
}
