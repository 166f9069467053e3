import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Compression, type ContentCoding, codingFor, compress, varyOnAcceptEncoding } from './compression.js';

/**
 * Strong ETags for list responses, and 304 for a matching If-None-Match (SPEC §4). The tag covers
 * the pagination headers as well as the body: a page can stay byte-identical while the total, and
 * so its Link header, changes, and a client revalidating with 304 keeps its old headers. It covers
 * the content coding too: a strong tag names one representation, and the gzip bytes of a page are
 * another representation than its plain bytes (RFC 9110 §8.8.3).
 */

const digest = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url');

/**
 * A serialized JSON body with its hash, computed once and kept with it where bodies are cached.
 * Kept as UTF-8 bytes: a string would be encoded again (into a fresh native buffer) on every send.
 * Its compressed variants are made on first demand and kept beside the bytes, so a cached page is
 * compressed once per coding, not on every hit.
 */
export class JsonBody {
  readonly hash: string;
  readonly #variants = new Map<Compression, Promise<Buffer>>();
  #variantBytes = 0;
  #onGrow: (() => void) | undefined;

  constructor(readonly bytes: Buffer) {
    this.hash = digest(bytes);
  }

  /** Bytes held: the body and the variants made so far (what a cache of bodies counts). */
  get weight(): number {
    return this.bytes.byteLength + this.#variantBytes;
  }

  /** Called whenever a variant has been added (body-cache.ts weighs the entry again). */
  onGrow(listener: () => void): void {
    this.#onGrow = listener;
  }

  /** The body in a content coding; compressed on the first request for it, then the same bytes. */
  encoded(coding: Compression): Promise<Buffer> {
    let variant = this.#variants.get(coding);
    if (variant === undefined) {
      // Set before it settles: requests arriving meanwhile wait for this one compression.
      variant = compress(this.bytes, coding).then((bytes) => {
        this.#variantBytes += bytes.byteLength;
        this.#onGrow?.();
        return bytes;
      });
      this.#variants.set(coding, variant);
      // A failed compression is not kept: the next request tries again.
      variant.catch(() => this.#variants.delete(coding));
    }
    return variant;
  }
}

export function jsonBody(json: string): JsonBody {
  return new JsonBody(Buffer.from(json));
}

/** The tag of a body (by its hash) in a coding, together with the reply's pagination headers. */
export function entityTag(bodyHash: string, reply: FastifyReply, coding: ContentCoding = 'identity'): string {
  // Identity tags stay what they were before codings existed, so clients' stored tags still match.
  const representation = coding === 'identity' ? bodyHash : `${bodyHash}\n${coding}`;
  const header = (name: string) => String(reply.getHeader(name) ?? '');
  const headers = `${representation}\n${header('link')}\n${header('x-total-count')}`;
  return `"${digest(headers).slice(0, 32)}"`;
}

/**
 * Turns the reply into 304 Not Modified (RFC 9110 §15.4.5): it keeps what guides caches (ETag,
 * Vary, Cache-Control, Date) and the pagination headers the tag covers, and drops the metadata of
 * content it does not carry. Content-Length in a 304 would describe the 200's body, so it is left
 * out rather than sent as 0, which tells a cache that its stored page is empty.
 */
export function notModified(reply: FastifyReply): FastifyReply {
  reply.code(304);
  for (const name of ['content-type', 'content-length', 'content-encoding']) reply.removeHeader(name);
  return reply;
}

/**
 * The payload of a 304: nothing. For HEAD, Fastify's own last onSend handler gives a missing
 * payload `Content-Length: 0` (and fails on null); an empty stream it drains without a length.
 */
function noContent(request: FastifyRequest): Readable | undefined {
  return request.method === 'HEAD' ? Readable.from([]) : undefined;
}

/**
 * Sends an already serialized body in the coding the request accepts: Fastify writes a Buffer as
 * it is, and the ETag comes from the kept hash instead of hashing the body again. A matching
 * If-None-Match is answered here, before any compression runs.
 */
export async function sendJsonBody(
  reply: FastifyReply,
  body: JsonBody,
  contentType = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  const { headers } = reply.request;
  const coding = codingFor(headers['accept-encoding'], body.bytes.byteLength);
  reply.type(contentType);
  varyOnAcceptEncoding(reply);
  const tag = entityTag(body.hash, reply, coding);
  reply.header('etag', tag);
  if (matchesIfNoneMatch(headers['if-none-match'], tag)) return notModified(reply).send(noContent(reply.request));
  if (coding === 'identity') return reply.send(body.bytes);
  const bytes = await body.encoded(coding);
  return reply.header('content-encoding', coding).send(bytes);
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
 * route already did, from a kept hash) and turns a matching If-None-Match into 304. The payload
 * here is what goes on the wire (already coded by http/compression.ts when it was compressed), so
 * its digest names that representation.
 */
export async function conditionalGet(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
  let tag = reply.getHeader('etag') as string | undefined;
  if (tag === undefined) {
    tag = entityTag(digest(payload), reply);
    reply.header('etag', tag);
  }
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload;
  notModified(reply);
  return noContent(request);
}
