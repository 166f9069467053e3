import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { RateLimitSettings } from '../../config.js';
import { AppError } from '../../shared/errors.js';
import type { KeyLimit, RateLimitStore } from './stores.js';

const POLICY = 'default';

function tooManyRequests(detail: string, resetSeconds: number): AppError {
  return new AppError('rate-limited', detail, { headers: { 'retry-after': String(resetSeconds) } });
}

const ADDRESS_REFUSAL = 'Too many failed authentications from this address; try again later.';
const USERNAME_REFUSAL = 'Too many failed authentications for this username; try again later.';

const addressKey = (address: string) => `auth-failures:address:${address}`;
/** No credential has a username over 64 characters: a longer one is counted under its digest, so keys stay small. */
const usernameKey = (username: string) =>
  `auth-failures:username:${username.length <= 64 ? username : `#${createHash('sha256').update(username).digest('base64')}`}`;

/** Gives a reserved failed attempt back (the password proved right). Safe to call more than once. */
export type GiveBack = () => Promise<void>;

/**
 * Applies the limits through a store (memory, the primary's memory under `--workers`, or Redis
 * shared by instances). The budget is announced with the IETF RateLimit fields
 * (draft-ietf-httpapi-ratelimit-headers), which `@fastify/rate-limit` does not write:
 * `RateLimit-Policy: "default";q=600;w=60` and `RateLimit: "default";r=<remaining>;t=<seconds to reset>`.
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
        count.resetSeconds,
      );
    }
  }

  /**
   * Before any credential is looked at: 429 for an address or username that has failed too often,
   * whatever it presents now (the right password included).
   */
  async assertAuthenticationAllowed(address: string, username: string | undefined): Promise<void> {
    const { authFailuresPerAddress, authFailuresPerUsername } = this.#settings;
    const [byAddress, byUsername] = await Promise.all([
      this.#safely(() => this.#store.peek(addressKey(address))),
      username === undefined ? undefined : this.#safely(() => this.#store.peek(usernameKey(username))),
    ]);
    if (byAddress && byAddress.count >= authFailuresPerAddress) {
      throw tooManyRequests(ADDRESS_REFUSAL, byAddress.resetSeconds);
    }
    if (byUsername && byUsername.count >= authFailuresPerUsername) {
      throw tooManyRequests(USERNAME_REFUSAL, byUsername.resetSeconds);
    }
  }

  /**
   * Before a password hash runs: counts one failed attempt for the address and the username in
   * one atomic step, or refuses with 429 when either has none left. So however many requests
   * arrive at once, no more hashes start than the limits allow. The attempt stays counted unless
   * the returned function gives it back (the password proved right, or no hash ran after all).
   */
  async reserveAuthenticationFailure(address: string, username: string | undefined): Promise<GiveBack> {
    const { authFailuresPerAddress, authFailuresPerUsername, authFailureWindowSeconds } = this.#settings;
    const limits: KeyLimit[] = [{ key: addressKey(address), max: authFailuresPerAddress }];
    if (username !== undefined) limits.push({ key: usernameKey(username), max: authFailuresPerUsername });
    const reservation = await this.#safely(() => this.#store.reserve(limits, authFailureWindowSeconds));
    // The store is away: the attempt goes ahead uncounted (failing open), with nothing to give back.
    if (!reservation) return async () => {};
    if (!reservation.acquired) {
      throw tooManyRequests(
        reservation.key === limits[0]?.key ? ADDRESS_REFUSAL : USERNAME_REFUSAL,
        reservation.resetSeconds,
      );
    }
    let given = false;
    return async () => {
      if (given) return;
      given = true;
      await this.#safely(() => this.#store.release(limits.map(({ key }) => key)));
    };
  }

  /** A failed attempt that held no reservation (no hash ran for it): counted after the fact. */
  async recordAuthenticationFailure(address: string, username: string | undefined): Promise<void> {
    const window = this.#settings.authFailureWindowSeconds;
    await Promise.all([
      this.#safely(() => this.#store.hit(addressKey(address), window)),
      username === undefined ? undefined : this.#safely(() => this.#store.hit(usernameKey(username), window)),
    ]);
  }

  close(): Promise<void> {
    return this.#store.close();
  }

  async #safely<T>(operation: () => Promise<T>): Promise<T | undefined> {
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
