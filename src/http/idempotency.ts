import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type TransactionRunner, withWriteTransaction } from '../db/write-transaction.js';
import type { Clock } from '../shared/clock.js';
import { formatTimestamp } from '../shared/dates.js';
import { AppError, invalidInput } from '../shared/errors.js';

/**
 * Safe retries for POST (SPEC §9): the same Idempotency-Key with the same request within 24 hours
 * answers the first response again and creates nothing; with another request it is 422. The key
 * is stored in the same transaction as what the request creates, so both land or neither does.
 */

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyScope {
  credentialId: number;
  key: string;
  requestHash: string;
}

export interface CreatedResponse<T> {
  location: string;
  /** The new record, or the first response's body (JSON text) when this is a replay. */
  body: T | string;
  replayed: boolean;
}

export function idempotencyScope(
  credentialId: number,
  header: string | string[] | undefined,
  request: { method: string; url: string; body: unknown },
): IdempotencyScope | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw invalidInput([{ parameter: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  const path = request.url.split('?')[0];
  const requestHash = createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(request.body)}`)
    .digest('hex');
  return { credentialId: credentialId, key: header, requestHash };
}

class Replay {
  constructor(readonly stored: { location: string | null; body: string }) {}
}

async function findStored(conn: Kysely<Database>, scope: IdempotencyScope, clock: Clock) {
  const stored = await conn
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('credential_id', '=', scope.credentialId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  if (!stored || Date.parse(stored.created) <= clock().getTime() - KEY_LIFETIME_MS) return undefined;
  if (stored.request_hash !== scope.requestHash) {
    throw new AppError('unprocessable', 'This Idempotency-Key was used with a different request.');
  }
  return stored;
}

export async function idempotentCreate<T extends { id: number }>(
  db: Db,
  clock: Clock,
  scope: IdempotencyScope | undefined,
  locationOf: (record: T) => string,
  create: (run: TransactionRunner<T>) => Promise<T>,
): Promise<CreatedResponse<T>> {
  if (!scope) {
    const record = await create((work) => withWriteTransaction(db, work));
    return { location: locationOf(record), body: record, replayed: false };
  }
  const replay = (stored: { location: string | null; body: string }): CreatedResponse<T> => ({
    location: stored.location ?? '',
    body: stored.body,
    replayed: true,
  });
  try {
    const record = await create((work) =>
      withWriteTransaction(db, async (trx) => {
        const stored = await findStored(trx, scope, clock);
        if (stored) throw new Replay(stored);
        const created = await work(trx);
        // Expired entries go (this key's included, so it can be used again): the table stays small
        // without a background job.
        await trx
          .deleteFrom('idempotency_keys')
          .where('created', '<=', formatTimestamp(new Date(clock().getTime() - KEY_LIFETIME_MS)))
          .execute();
        await trx
          .insertInto('idempotency_keys')
          .values({
            credential_id: scope.credentialId,
            key: scope.key,
            request_hash: scope.requestHash,
            status_code: 201,
            location: locationOf(created),
            body: JSON.stringify(created),
            created: formatTimestamp(clock()),
          })
          .execute();
        return created;
      }),
    );
    return { location: locationOf(record), body: record, replayed: false };
  } catch (error) {
    if (error instanceof Replay) return replay(error.stored);
    // A concurrent request with the same key may have won the race (unique key, or the booking
    // it made now conflicts with ours): if its response is stored, it is ours too.
    const stored = await findStored(db.kysely, scope, clock);
    if (stored) return replay(stored);
    throw error;
  }
}

/** 201 with Location; a replayed response is sent as it was stored the first time. */
export function sendCreated<T>(reply: FastifyReply, created: CreatedResponse<T>): FastifyReply {
  reply.code(201).header('location', created.location);
  if (!created.replayed) return reply.send(created.body);
  return reply
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .serializer((b) => b as string)
    .send(created.body);
}
