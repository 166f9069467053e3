import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Negotiator from 'negotiator';

/**
 * Content codings of responses (RFC 9110 §8.4, §12.5.3): `br`, `gzip` or none, chosen from the
 * request's Accept-Encoding. List bodies are kept compressed with their cached bytes (etag.ts,
 * body-cache.ts) and never compressed twice; every other JSON body (problem+json errors, records,
 * the API document) is compressed as it is sent, by the hook below. Platform zlib rather than
 * @fastify/compress: the plugin compresses on every send, which costs a hot page several times
 * what serving it costs (bench/README.md, Compression).
 */

export type ContentCoding = 'br' | 'gzip' | 'identity';
export type Compression = Exclude<ContentCoding, 'identity'>;

/**
 * Bodies smaller than this are sent as they are: below ~1 KB a coding saves a few hundred bytes
 * at most, less than the packet it still needs, and costs a compression per response.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Offered in this order at equal weight: br is ~13% smaller than gzip on our JSON at the same cost
 * (bench/README.md). `x-gzip` is gzip by another name (RFC 9110 §8.4.1.3); identity is always there.
 */
const OFFERED = ['br', 'gzip', 'x-gzip', 'identity'];

/** negotiator 1.x takes the server's order for ties; @types/negotiator (0.6) does not know it yet. */
type EncodingWithPreference = (available: string[], options: { preferred: string[] }) => string | undefined;

/**
 * The coding to answer with. Accept-Encoding's weights, `*` and `q=0` are read by `negotiator`. When
 * nothing offered is acceptable (`identity;q=0` alone, `*;q=0`), the body goes out uncoded all the
 * same: RFC 9110 §12.5.3 allows that, and a body the client may still read serves it better than a
 * 406 it cannot act on.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  // Without `preferred`, a tie (`gzip, br`, `*`) would go to the client's order or to identity.
  const chosen = (negotiator.encoding as EncodingWithPreference).call(negotiator, OFFERED, { preferred: OFFERED });
  if (chosen === 'br') return 'br';
  return chosen === 'gzip' || chosen === 'x-gzip' ? 'gzip' : 'identity';
}

/** The coding of a body of `size` bytes for this request: none below the threshold. */
export function codingFor(acceptEncoding: string | undefined, size: number): ContentCoding {
  return size < COMPRESSION_THRESHOLD_BYTES ? 'identity' : negotiateCoding(acceptEncoding);
}

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);

/**
 * Compresses in libuv's thread pool, off the event loop. The settings are the measured sweet spot
 * for a 40 KB page (bench/README.md): gzip level 6 and brotli quality 5 each take ~0.5 ms; brotli's
 * best quality (11) saves another 14% but takes ~100 ms, which every page after a write would pay.
 */
export function compress(bytes: Buffer, coding: Compression): Promise<Buffer> {
  if (coding === 'gzip') return gzip(bytes, { level: 6 });
  return brotliCompress(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/**
 * Vary: Accept-Encoding on every response whose body could have been coded, whatever was chosen for
 * this one: a cache must not hand the gzip page to a client that did not ask for it (RFC 9110 §12.5.5).
 */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'Accept-Encoding');
    return;
  }
  const current = String(vary);
  const names = current.split(',').map((name) => name.trim().toLowerCase());
  if (!names.includes('accept-encoding') && !names.includes('*')) reply.header('vary', `${current}, Accept-Encoding`);
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);

/**
 * Compresses every JSON body not coded yet (problem+json errors, records, the API document), as it
 * is sent. A body the route already coded (a kept list variant) is left alone; so are streams (the
 * /docs files) and bodiless answers (204, 304).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || !isJson(reply.getHeader('content-type'))) {
      return payload;
    }
    varyOnAcceptEncoding(reply);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const coding = codingFor(request.headers['accept-encoding'], bytes.byteLength);
    if (coding === 'identity') return payload;
    reply.header('content-encoding', coding);
    return compress(bytes, coding);
  });
}
