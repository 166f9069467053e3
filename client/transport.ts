import { BookingApiError, BookingOriginError, problemOf } from './errors.js';

/**
 * One request with the credential, the Accept header, retries and cancellation. Only the platform:
 * `fetch`, `AbortSignal`, `URL`, `btoa`, `TextEncoder`.
 */

export type Credentials =
  | { baseUrl: string; apiKey: string }
  | { baseUrl: string; username: string; password: string }
  | { baseUrl: string; session: SessionCredential };

/**
 * The console's way in (SPEC §11): the browser sends the HttpOnly session cookie by itself, and every
 * change carries the session's CSRF token. The object is read on every request, so a page can put
 * the token of a new session into it without building another client. An empty token sends none
 * (signing in, before there is a session).
 */
export interface SessionCredential {
  csrfToken: string;
}

/** Methods that change something: with a session they need the CSRF token (SPEC §11). */
const CHANGING_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export interface ClientOptions {
  /** The fetch to use; the platform's by default. */
  fetch?: typeof fetch;
  /** How often a 429 or 503 is retried before its error is thrown; 5 by default. */
  retries?: number;
  /** Cancels every request of this client (each call may add its own signal). */
  signal?: AbortSignal;
  /** A Retry-After longer than this (in ms) is not waited for: the error is thrown. 60 s by default. */
  maxRetryDelayMs?: number;
  /** First backoff step when the server gives no Retry-After; doubled per attempt. 250 ms by default. */
  backoffMs?: number;
}

/** Statuses that say "not now" rather than "no": worth asking again after a pause. */
const RETRIABLE = new Set([429, 503]);
const MAX_BACKOFF_MS = 30_000;
/** Redirects followed per request (all within the base URL's origin). */
const MAX_REDIRECTS = 5;

function basicAuthorization(username: string, password: string): string {
  // btoa takes Latin-1: encode as UTF-8 first, as the service decodes it (SPEC §5, charset="UTF-8").
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * How long to wait before attempt `attempt + 1`: the server's Retry-After when it gave one, plus a
 * little jitter so that many clients told the same time do not return at the same instant; else
 * exponential backoff with full jitter.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterSeconds: number | undefined,
  backoffMs: number,
  random = Math.random,
): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000 + Math.floor(random() * backoffMs);
  return Math.floor(random() * Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** attempt));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    // The abort's own reason, as fetch rejects with it (an AbortError unless the caller chose one).
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class Transport {
  readonly baseUrl: URL;
  readonly #headers: Record<string, string>;
  readonly #session: SessionCredential | undefined;
  readonly #fetch: typeof fetch;
  readonly #retries: number;
  readonly #maxRetryDelayMs: number;
  readonly #backoffMs: number;
  readonly #signal: AbortSignal | undefined;

  constructor(credentials: Credentials, options: ClientOptions = {}) {
    // A trailing slash, so relative paths resolve below a base path (https://host/booking/).
    this.baseUrl = new URL(credentials.baseUrl.endsWith('/') ? credentials.baseUrl : `${credentials.baseUrl}/`);
    this.#session = 'session' in credentials ? credentials.session : undefined;
    this.#headers = {
      accept: 'application/json',
      ...('session' in credentials
        ? {} // the cookie is the credential: no key, no Basic header (API keys never reach a browser)
        : 'apiKey' in credentials
          ? { 'x-api-key': credentials.apiKey }
          : { authorization: basicAuthorization(credentials.username, credentials.password) }),
    };
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#retries = options.retries ?? 5;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.#backoffMs = options.backoffMs ?? 250;
    this.#signal = options.signal;
  }

  /** A path of the API (`api/reservations/summaries`) with its query, below the base URL. */
  url(path: string, query: Record<string, string | number | boolean | undefined> = {}): URL {
    const url = new URL(path.replace(/^\//, ''), this.baseUrl);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** The client's signal together with a call's own: either one aborts. */
  signalFor(call: AbortSignal | undefined): AbortSignal | undefined {
    if (!this.#signal || !call) return this.#signal ?? call;
    return AbortSignal.any([this.#signal, call]);
  }

  /**
   * The URL a link or redirect points at, if it is at the base URL's origin. Every request carries
   * the credential, so the client goes nowhere else, whatever a response says (a proxy's Location,
   * or a Link header a server built from a hostile query).
   */
  sameOrigin(target: string | URL, base: string | URL, via: string): URL {
    const url = new URL(target, base);
    if (url.origin !== this.baseUrl.origin) throw new BookingOriginError(url.toString(), this.baseUrl.toString(), via);
    return url;
  }

  /** The headers and cookie mode of one request: the CSRF token on changes made with a session. */
  #init(method: string, extra: Record<string, string>): RequestInit {
    const headers: Record<string, string> = { ...this.#headers, ...extra };
    if (this.#session && CHANGING_METHODS.has(method) && this.#session.csrfToken !== '') {
      headers['x-csrf-token'] = this.#session.csrfToken;
    }
    return this.#session ? { method, headers, credentials: 'same-origin' } : { method, headers };
  }

  /**
   * GET a URL; a 2xx response is returned, anything else thrown as BookingApiError. Redirects are
   * followed by hand (fetch would follow them anywhere, with X-Api-Key still attached): only within
   * the base URL's origin.
   */
  get(target: URL, signal?: AbortSignal): Promise<Response> {
    return this.request('GET', target, undefined, { signal });
  }

  /**
   * Any method, with an optional JSON body. 429 and 503 are retried for every method but a POST
   * without an Idempotency-Key (a retried POST could otherwise create twice).
   */
  async request(
    method: string,
    target: URL,
    body: unknown,
    options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const combined = this.signalFor(options.signal);
    const extra: Record<string, string> = { ...options.headers };
    if (body !== undefined) extra['content-type'] = 'application/json';
    const retriable = method !== 'POST' || Object.keys(extra).some((name) => name.toLowerCase() === 'idempotency-key');
    let url = this.sameOrigin(target, this.baseUrl, 'a request');
    for (let attempt = 0, redirects = 0; ;) {
      combined?.throwIfAborted();
      const response = await this.#fetch(url, {
        ...this.#init(method, extra),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: combined,
        redirect: 'manual',
      });
      if (response.ok) return response;
      const location = response.headers.get('location');
      if (
        method === 'GET' &&
        response.status >= 300 &&
        response.status < 400 &&
        location !== null &&
        redirects < MAX_REDIRECTS
      ) {
        await response.body?.cancel();
        url = this.sameOrigin(location, url, `a ${response.status} redirect`);
        redirects += 1;
        continue;
      }
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      const error = new BookingApiError(response.status, await problemOf(response), url.toString(), retryAfter);
      if (!retriable || !RETRIABLE.has(response.status) || attempt >= this.#retries) throw error;
      const delay = retryDelayMs(attempt, retryAfter, this.#backoffMs);
      if (delay > this.#maxRetryDelayMs) throw error;
      attempt += 1;
      await sleep(delay, combined);
    }
  }
}
