import http from 'node:http';
import https from 'node:https';
import { VERSION } from '../../version.js';
import { checkingLookup, errorClass } from '../webhooks/delivery-client.js';
import { isForbiddenAddress, literalAddress, type Resolver } from '../webhooks/ssrf.js';

/**
 * One GET of another channel's feed (SPEC §16): conditional (If-None-Match, If-Modified-Since),
 * 15 s for the whole exchange, at most 5 MB, and the outbound rules of §10 at every connection
 * (the same checking `lookup` as webhook deliveries: the socket goes to the addresses just
 * approved). A redirect is followed, a few times, each hop under the same rules: channels move
 * their feeds (http to https, a new host), and the hop is checked as the first request was.
 */

export const FEED_USER_AGENT = `booking-service/${VERSION} (calendar sync)`;
const MAX_REDIRECTS = 3;

export interface FeedClientOptions {
  timeoutMs: number;
  maxBytes: number;
  allowPrivateNetworks: boolean;
  resolver: Resolver;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedResponse =
  | { kind: 'read'; text: string; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified' }
  | { kind: 'failed'; error: string };

export type FeedFetcher = (url: string, validators: Validators, signal?: AbortSignal) => Promise<FeedResponse>;

export function createFeedFetcher(options: FeedClientOptions): FeedFetcher {
  const lookup = options.allowPrivateNetworks ? undefined : checkingLookup(options.resolver);
  return async (rawUrl, validators, signal) => {
    const deadline = Date.now() + options.timeoutMs;
    let url = new URL(rawUrl);
    for (let hop = 0; ; hop++) {
      if (!options.allowPrivateNetworks) {
        const literal = literalAddress(url.hostname);
        if (url.protocol !== 'https:' || (literal !== undefined && isForbiddenAddress(literal))) {
          return { kind: 'failed', error: 'forbidden-address' };
        }
      } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        return { kind: 'failed', error: 'forbidden-address' };
      }
      if (url.username !== '' || url.password !== '') return { kind: 'failed', error: 'forbidden-address' };
      const answer = await getOnce(url, validators, deadline - Date.now(), options.maxBytes, lookup, signal);
      if (answer.kind !== 'redirect') return answer;
      if (hop >= MAX_REDIRECTS) return { kind: 'failed', error: 'too-many-redirects' };
      try {
        url = new URL(answer.location, url);
      } catch {
        return { kind: 'failed', error: 'bad-redirect' };
      }
    }
  };
}

type Answer = FeedResponse | { kind: 'redirect'; location: string };

function getOnce(
  url: URL,
  validators: Validators,
  timeoutMs: number,
  maxBytes: number,
  lookup: ReturnType<typeof checkingLookup> | undefined,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  if (timeoutMs <= 0) return Promise.resolve({ kind: 'failed', error: 'timeout' });
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(answer);
    };
    const headers: Record<string, string> = {
      accept: 'text/calendar, */*;q=0.5',
      'accept-encoding': 'identity',
      'user-agent': FEED_USER_AGENT,
    };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      agent: false,
      ...(lookup ? { lookup } : {}),
      headers,
    });
    const timer = setTimeout(() => finish({ kind: 'failed', error: 'timeout' }), timeoutMs);
    const onAbort = () => finish({ kind: 'failed', error: 'aborted' });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => finish({ kind: 'failed', error: errorClass(error) }));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status === 304) return finish({ kind: 'not-modified' });
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) return finish({ kind: 'redirect', location });
      if (status < 200 || status >= 300) return finish({ kind: 'failed', error: `http-${status}` });
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return finish({ kind: 'failed', error: 'too-large' });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) finish({ kind: 'failed', error: 'too-large' });
        else chunks.push(chunk);
      });
      response.on('error', () => finish({ kind: 'failed', error: 'connection-reset' }));
      response.on('end', () =>
        finish({
          kind: 'read',
          text: Buffer.concat(chunks).toString('utf8'),
          etag: single(response.headers.etag),
          lastModified: single(response.headers['last-modified']),
        }),
      );
    });
    request.end();
  });
}

const single = (value: string | undefined) => (value === undefined || value === '' ? null : value.slice(0, 200));
