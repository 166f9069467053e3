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
 * neither does. A route whose record must be read again for a replay (`ReplayByReading`) keeps only
 * its location under the key.
 */

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_LIMIT = 100;

export type { IdempotencyScope };

/** A created record and where it lives. */
export interface Created<T> {
  location: string;
  record: T;
}

/**
 * How a replay answers, when not with the first response as stored. `reread` reads the record at
 * the stored location again, in the replay's transaction, and the key keeps nothing but that
 * location: for a record whose first response must not be kept or would go stale — a webhook
 * endpoint shows its secret, which a rotation replaces, and it can be deleted (issue 41). It throws
 * the replay's problem (404) when the record is gone.
 */
export interface ReplayByReading<T> {
  reread: (location: string) => Promise<T>;
}

/**
 * What an idempotent create answers: the record it made now; or, for a key used before, the first
 * response as stored (`body`), or the record read again (`record`) under `ReplayByReading`.
 */
export type IdempotentOutcome<T> =
  | ({ replayed: false } & Created<T>)
  | { replayed: true; location: string; body: string }
  | { replayed: true; location: string; record: T };

/**
 * One step of a write transaction: runs `create` unless the key was used before. Without a key,
 * `create` simply runs.
 */
export async function idempotent<T>(
  trx: Kysely<Database>,
  clock: Clock,
  scope: IdempotencyScope | undefined,
  create: () => Promise<Created<T>>,
  replay?: ReplayByReading<T>,
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
    const location = stored.location ?? '';
    // Read again even when the key holds a body (stored before its route read replays again).
    if (replay) return { replayed: true, location, record: await replay.reread(location) };
    return { replayed: true, location, body: stored.body };
  }
  const created = await create();
  await storeResponse(trx, scope, {
    statusCode: 201,
    location: created.location,
    // Read again on a replay: only the location is kept.
    body: replay ? '' : JSON.stringify(created.record),
  });
  await sweepExpiredKeys(trx, expiredAt, SWEEP_LIMIT);
  return { replayed: false, ...created };
}
