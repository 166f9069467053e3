import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Created, IdempotencyScope, Replay, ReplayRead } from '../modules/idempotency/idempotency.service.js';

/**
 * The HTTP side of safe retries (SPEC §9): the `Idempotency-Key` header, the fingerprint of the
 * request it names, and the 201 made of what a create answers: the record made now, the record's
 * JSON text as its key kept it (sent byte for byte), or the record read again. What the key means,
 * and its steps in a write transaction, live in modules/idempotency.
 */

/** Route `headers` schema: validated with the other parameters, so a malformed key is a 400 before the 403. */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7e]{1,255}$',
      maxLength: 255,
      description:
        '1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response',
      examples: ['channel-manager-4711'],
    }),
  ),
});

/**
 * The key's scope, with the fingerprint of the request it names: the route (as declared, so a
 * trailing slash does not make another request) and the body in canonical JSON (keys sorted), so
 * a retry that serialises the same body differently is still the same request.
 */
export function idempotencyScope(
  credentialId: number,
  key: string | undefined,
  request: { method: string; routeOptions: { url?: string | undefined }; body: unknown },
): IdempotencyScope | undefined {
  if (key === undefined) return undefined;
  const route = (request.routeOptions.url ?? '').replace(/\/+$/, '');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${route}\n${canonicalJson(request.body)}`)
    .digest('hex');
  return { credentialId, key, requestHash };
}

/** JSON with every object's keys in sorted order; arrays keep theirs. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * 201 with Location: the record created now; for a replay, the record's JSON text byte for byte as
 * it was kept the first time, or the record as it is now when its route reads it again.
 */
export function sendCreated<T>(reply: FastifyReply, outcome: Created<T> | Replay | ReplayRead<T>): FastifyReply {
  reply.code(201).header('location', outcome.location);
  if (outcome.kind === 'created') return reply.send(outcome.record);
  reply.header('idempotent-replayed', 'true');
  if (outcome.kind === 'replay-read') return reply.send(outcome.record);
  return reply
    .type('application/json; charset=utf-8')
    .serializer((b) => b as string)
    .send(outcome.storedJson);
}
