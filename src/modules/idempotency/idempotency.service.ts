import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError } from '../../shared/errors.js';
import {
  claimKey,
  forgetExpiredKey,
  type IdempotencyScope,
  storeResponse,
  sweepExpiredKeys,
} from './idempotency.repository.js';

/**
 * Safe retries for POST (SPEC §9): the same Idempotency-Key with the same request within 24 hours
 * answers the first response again and creates nothing; with another request it is 422. The key
 * is claimed and its response stored in the transaction that creates the record, so both land or
 * neither does.
 */

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_LIMIT = 100;

export type { IdempotencyScope };

/** A created record and where it lives. */
export interface Created<T> {
  location: string;
  record: T;
  /**
   * What the key keeps for a replay, when it must not be the record as shown: a webhook endpoint's
   * secret is kept sealed, as in the endpoint's own row, and opened again for the replay.
   */
  stored?: string;
}

/** What an idempotent create answers: the record it made now, or the first response stored under the key. */
export type IdempotentOutcome<T> =
  ({ replayed: false } & Created<T>) | { replayed: true; location: string; body: string };

/**
 * One step of a write transaction: runs `create` unless the key was used before. Without a key,
 * `create` simply runs.
 */
export async function idempotent<T>(
  trx: Kysely<Database>,
  clock: Clock,
  scope: IdempotencyScope | undefined,
  create: () => Promise<Created<T>>,
): Promise<IdempotentOutcome<T>> {
  if (!scope) return { replayed: false, ...(await create()) };
  const now = clock();
  const expiredAt = formatTimestamp(new Date(now.getTime() - KEY_LIFETIME_MS));
  await forgetExpiredKey(trx, scope, expiredAt);
  const stored = await claimKey(trx, scope, formatTimestamp(now));
  if (stored) {
    if (stored.requestHash !== scope.requestHash) {
      throw new AppError('unprocessable', 'This Idempotency-Key was used with a different request.');
    }
    return { replayed: true, location: stored.location ?? '', body: stored.body };
  }
  const created = await create();
  await storeResponse(trx, scope, {
    statusCode: 201,
    location: created.location,
    body: created.stored ?? JSON.stringify(created.record),
  });
  await sweepExpiredKeys(trx, expiredAt, SWEEP_LIMIT);
  return { replayed: false, ...created };
}
