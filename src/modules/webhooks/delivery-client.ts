import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { VERSION } from '../../version.js';
import { checkedAddresses, ForbiddenAddressError, isForbiddenAddress, literalAddress, type Resolver } from './ssrf.js';

/**
 * One POST of a webhook (SPEC §10): 15 s for the whole exchange, redirects not followed, the
 * receiver's body read and dropped (never stored or shown). Unless private networks are allowed,
 * the connection goes to an address that `checkedAddresses` has just approved: the request's own
 * `lookup` resolves the name, checks every answer and hands the socket exactly those addresses.
 */

export interface AttemptResult {
  delivered: boolean;
  statusCode?: number | undefined;
  /** A short error class for the log; never the receiver's words. */
  error?: string | undefined;
  /** 429/503 with Retry-After: when to try again (capped at one hour). */
  retryAfterMs?: number | undefined;
  durationMs: number;
}

export const USER_AGENT = `booking-service/${VERSION} (webhooks)`;
const RETRY_AFTER_MAX_MS = 3_600_000;

export interface DeliveryClientOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  resolver: Resolver;
  /** Concurrent connections per receiver host (per process). */
  maxSockets: number;
}

export interface DeliveryClient {
  post(url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<AttemptResult>;
  close(): void;
}

export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), RETRY_AFTER_MAX_MS);
}

export function checkingLookup(resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, resolver).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
        } else if (options.all) {
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, wanted);
        } else {
          callback(null, (wanted[0] as { address: string }).address, (wanted[0] as { family: number }).family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

export function errorClass(error: unknown): string {
  if (error instanceof ForbiddenAddressError) return 'forbidden-address';
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'dns';
    case 'ECONNREFUSED':
      return 'connection-refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection-reset';
    case 'ETIMEDOUT':
      return 'timeout';
    default:
      if (typeof code === 'string' && (code.startsWith('ERR_TLS') || code.includes('CERT'))) return 'tls';
      return 'connection-failed';
  }
}

export function createDeliveryClient(options: DeliveryClientOptions): DeliveryClient {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, timeout: options.timeoutMs };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };
  const lookup = options.allowPrivateNetworks ? undefined : checkingLookup(options.resolver);

  return {
    async post(rawUrl, headers, body, signal) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const url = new URL(rawUrl);
      const protocol = url.protocol as 'http:' | 'https:';
      if (!options.allowPrivateNetworks) {
        // A literal address never goes through `lookup`: check it here.
        const literal = literalAddress(url.hostname);
        if (protocol !== 'https:' || (literal !== undefined && isForbiddenAddress(literal))) {
          return { delivered: false, error: 'forbidden-address', durationMs: elapsed() };
        }
      }
      return new Promise<AttemptResult>((resolve) => {
        let settled = false;
        const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve({ ...result, durationMs: elapsed() });
        };
        const request = (protocol === 'https:' ? https : http).request(url, {
          method: 'POST',
          agent: agents[protocol],
          ...(lookup ? { lookup } : {}),
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': USER_AGENT,
          },
        });
        const timer = setTimeout(() => {
          request.destroy();
          finish({ delivered: false, error: 'timeout' });
        }, options.timeoutMs);
        const onAbort = () => {
          request.destroy();
          finish({ delivered: false, error: 'aborted' });
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        request.on('error', (error) => finish({ delivered: false, error: errorClass(error) }));
        request.on('response', (response) => {
          const status = response.statusCode ?? 0;
          const retryAfter =
            status === 429 || status === 503 ? parseRetryAfter(response.headers['retry-after'], Date.now()) : undefined;
          // Read to the end (so the connection can be reused), keep nothing.
          response.resume();
          response.on('error', () => finish({ delivered: false, statusCode: status, error: 'connection-reset' }));
          response.on('end', () =>
            finish(
              status >= 200 && status < 300
                ? { delivered: true, statusCode: status }
                : {
                    delivered: false,
                    statusCode: status,
                    error: status >= 300 && status < 400 ? 'redirect-not-followed' : 'http-status',
                    retryAfterMs: retryAfter,
                  },
            ),
          );
        });
        request.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
