import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { RateLimitSettings } from '../../config.js';
import { AppError } from '../../shared/errors.js';
import type { RateLimitStore, WindowCount } from './stores.js';

const POLICY = 'default';

function tooManyRequests(detail: string, count: WindowCount): AppError {
  return new AppError('rate-limited', detail, { headers: { 'retry-after': String(count.resetSeconds) } });
}

/**
 * Applies the limits through a store (memory, or Redis shared by instances). The budget is
 * announced with the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers), which
 * `@fastify/rate-limit` does not write: `RateLimit-Policy: "default";q=600;w=60` and
 * `RateLimit: "default";r=<remaining>;t=<seconds to reset>`.
 *
 * When the store fails (Redis away), requests are let through and the failure is logged: a
 * rate limiter that turned an outage of Redis into an outage of the API would do more harm.
 */
export class RateLimiter {
  readonly #store: RateLimitStore;
  readonly #settings: RateLimitSettings;
  readonly #log: FastifyBaseLogger;
  readonly #policy: string;
  #lastStoreWarning = 0;

  constructor(store: RateLimitStore, settings: RateLimitSettings, log: FastifyBaseLogger) {
    this.#store = store;
    this.#settings = settings;
    this.#log = log;
    this.#policy = `"${POLICY}";q=${settings.max};w=${settings.windowSeconds}`;
  }

  /** Counts one request of a credential; 429 past its budget. Sets the RateLimit fields either way. */
  async consume(credentialId: number, reply: FastifyReply): Promise<void> {
    reply.header('ratelimit-policy', this.#policy);
    const count = await this.#safely(() => this.#store.hit(`credential:${credentialId}`, this.#settings.windowSeconds));
    if (!count) return;
    const remaining = Math.max(0, this.#settings.max - count.count);
    reply.header('ratelimit', `"${POLICY}";r=${remaining};t=${count.resetSeconds}`);
    if (count.count > this.#settings.max) {
      throw tooManyRequests(
        `This credential has used its ${this.#settings.max} requests per ${this.#settings.windowSeconds} s; try again in ${count.resetSeconds} s.`,
        count,
      );
    }
  }

  /** Before any credential is checked (and any password hashed): 429 for an address or username that failed too often. */
  async assertAuthenticationAllowed(address: string, username: string | undefined): Promise<void> {
    const { authFailuresPerAddress, authFailuresPerUsername } = this.#settings;
    const byAddress = await this.#safely(() => this.#store.peek(`auth-failures:address:${address}`));
    if (byAddress && byAddress.count >= authFailuresPerAddress) {
      throw tooManyRequests('Too many failed authentications from this address; try again later.', byAddress);
    }
    if (username === undefined) return;
    const byUsername = await this.#safely(() => this.#store.peek(`auth-failures:username:${username}`));
    if (byUsername && byUsername.count >= authFailuresPerUsername) {
      throw tooManyRequests('Too many failed authentications for this username; try again later.', byUsername);
    }
  }

  async recordAuthenticationFailure(address: string, username: string | undefined): Promise<void> {
    const window = this.#settings.authFailureWindowSeconds;
    await this.#safely(() => this.#store.hit(`auth-failures:address:${address}`, window));
    if (username !== undefined) await this.#safely(() => this.#store.hit(`auth-failures:username:${username}`, window));
  }

  close(): Promise<void> {
    return this.#store.close();
  }

  async #safely(operation: () => Promise<WindowCount>): Promise<WindowCount | undefined> {
    try {
      return await operation();
    } catch (error) {
      const now = Date.now();
      if (now - this.#lastStoreWarning > 10_000) {
        this.#lastStoreWarning = now;
        this.#log.warn({ err: error }, 'rate limit store unavailable; requests are not being limited');
      }
      return undefined;
    }
  }
}
