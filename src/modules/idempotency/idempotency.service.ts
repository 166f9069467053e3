import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError } from '../../shared/errors.js';
import {
  claimKey as claimKeyRow,
  forgetExpiredKey,
  type IdempotencyScope,
  storeCreated,
  sweepExpiredKeys,
} from './idempotency.repository.js';

/**
 * Safe retries for POST (SPEC §9): the same Idempotency-Key with the same request within 24 hours
 * answers the first response again and creates nothing; with another request it is 422. Two steps
 * of the create's write transaction, after the organization's lock (the lock order of
 * ARCHITECTURE "Write path"): `claimKey` before the work answers a replay or lets it go on, and
 * `rememberCreated` after it keeps what it created, so the key and the record land together or
 * not at all. A route whose record must be read again for a replay keeps only its location
 * (`rememberLocation`).
 *
 * What is kept is the record as data (its JSON text) and where it lives; the response it becomes
 * is the route's (http/idempotency.ts `sendCreated`).
 */

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_LIMIT = 100;

type Conn = Kysely<Database>;

export type { IdempotencyScope };

/** A record a write created now, and where it lives. */
export interface Created<T> {
  kind: 'created';
  location: string;
  record: T;
}

/**
 * The key was used before with this request: where its record lives, and the record's JSON text as
 * it was kept the first time ('' when only the location was kept).
 */
export interface Replay {
  kind: 'replay';
  location: string;
  storedJson: string;
}

/** A replay answered by the record as it is now, read again at the key's location. */
export interface ReplayRead<T> {
  kind: 'replay-read';
  location: string;
  record: T;
}

/** The key is this transaction's (or there is none): the work goes on, and `remember…` completes it. */
export interface NewClaim {
  kind: 'new';
  /** The key claimed, undefined without one; keys created at or before `expiredAt` have expired. */
  key: { scope: IdempotencyScope; expiredAt: string } | undefined;
}

export type KeyClaim = NewClaim | Replay;

/**
 * Claims the key in the write's transaction, after its organization's lock: a replay of a request
 * seen before, or the go-ahead (without a key, always). 422 when the key was used with another
 * request. On PostgreSQL a concurrent claim of the same key by another organization's write waits
 * here for the first transaction to end.
 */
export async function claimKey(trx: Conn, clock: Clock, scope: IdempotencyScope | undefined): Promise<KeyClaim> {
  if (!scope) return { kind: 'new', key: undefined };
  const now = clock();
  const expiredAt = formatTimestamp(new Date(now.getTime() - KEY_LIFETIME_MS));
  await forgetExpiredKey(trx, scope, expiredAt);
  const stored = await claimKeyRow(trx, scope, formatTimestamp(now));
  if (!stored) return { kind: 'new', key: { scope, expiredAt } };
  if (stored.requestHash !== scope.requestHash) {
    throw new AppError('unprocessable', 'This Idempotency-Key was used with a different request.');
  }
  return { kind: 'replay', location: stored.location ?? '', storedJson: stored.body };
}

/** Completes the claim with the record the work created, kept as its JSON text; answers the creation. */
export async function rememberCreated<T>(trx: Conn, claim: NewClaim, location: string, record: T): Promise<Created<T>> {
  await remember(trx, claim, location, JSON.stringify(record));
  return { kind: 'created', location, record };
}

/** Completes the claim with the location of what the work created, and nothing of the record. */
export async function rememberLocation(trx: Conn, claim: NewClaim, location: string): Promise<void> {
  await remember(trx, claim, location, '');
}

async function remember(trx: Conn, claim: NewClaim, location: string, body: string): Promise<void> {
  if (!claim.key) return;
  await storeCreated(trx, claim.key.scope, { location, body });
  await sweepExpiredKeys(trx, claim.key.expiredAt, SWEEP_LIMIT);
}
