import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Strong ETags for list responses, and 304 for a matching If-None-Match (SPEC §4). The tag covers
 * the pagination headers as well as the body: a page can stay byte-identical while the total, and
 * so its Link header, changes, and a client revalidating with 304 keeps its old headers.
 */
export function entityTag(body: string, reply: FastifyReply): string {
  const hash = createHash('sha256').update(body);
  for (const name of ['link', 'x-total-count']) hash.update(`\n${reply.getHeader(name) ?? ''}`);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a W/ prefix does not matter. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/** An onSend hook for routes whose 200 responses are cacheable lists. */
export async function conditionalGet(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const tag = entityTag(payload, reply);
  reply.header('etag', tag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  reply.removeHeader('content-length');
  return '';
}
