import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Strong ETags for list responses, and 304 for a matching If-None-Match (SPEC §4). The tag covers
 * the pagination headers as well as the body: a page can stay byte-identical while the total, and
 * so its Link header, changes, and a client revalidating with 304 keeps its old headers.
 */

const digest = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url');

/**
 * A serialized JSON body with its hash, computed once and kept with it where bodies are cached.
 * Kept as UTF-8 bytes: a string would be encoded again (into a fresh native buffer) on every send.
 */
export interface JsonBody {
  readonly bytes: Buffer;
  readonly hash: string;
}

export function jsonBody(json: string): JsonBody {
  const bytes = Buffer.from(json);
  return { bytes, hash: digest(bytes) };
}

/** The tag of a body (by its hash) together with the reply's pagination headers. */
export function entityTag(bodyHash: string, reply: FastifyReply): string {
  const headers = `${bodyHash}\n${reply.getHeader('link') ?? ''}\n${reply.getHeader('x-total-count') ?? ''}`;
  return `"${digest(headers).slice(0, 32)}"`;
}

/**
 * Sends an already serialized body: Fastify writes a Buffer as it is, and the ETag comes from the
 * kept hash instead of hashing the body again.
 */
export function sendJsonBody(reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.type('application/json; charset=utf-8');
  reply.header('etag', entityTag(body.hash, reply));
  return reply.send(body.bytes);
}

/** The route's own response serializer (fast-json-stringify of its 200 schema), as a function. */
export function serializerOf(reply: FastifyReply): (value: unknown) => string {
  return (value) => reply.serialize(value) as string;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a W/ prefix does not matter. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/**
 * An onSend hook for routes whose 200 responses are cacheable lists: tags the body (unless the
 * route already did, from a kept hash) and turns a matching If-None-Match into 304.
 */
export async function conditionalGet(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
  let tag = reply.getHeader('etag') as string | undefined;
  if (tag === undefined) {
    tag = entityTag(digest(payload), reply);
    reply.header('etag', tag);
  }
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  reply.removeHeader('content-length');
  return '';
}
