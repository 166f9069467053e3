import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CredentialRow, Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { ConcurrencyLimit } from '../../shared/concurrency-limit.js';
import { formatTimestamp } from '../../shared/dates.js';
import { hashApiKey, isWellFormedApiKey } from './api-key.js';
import {
  findCredentialByKeyHash,
  findCredentialByUsername,
  markUsed,
  organizationsByCredential,
} from './credentials.repository.js';
import type { Scope } from './credentials.service.js';
import { DECOY_PASSWORD_HASH, verifyPassword } from './password.js';

/** Who is calling: the credential's id, the organizations it may read, what it may do. */
export interface Principal {
  readonly credentialId: number;
  readonly organizations: readonly number[];
  readonly scopes: ReadonlySet<Scope>;
  /** The date whose rules apply to this credential (SPEC §4.5); null means "today". */
  readonly compatibilityDate: string | null;
}

type BasicCredentials = { username: string; password: string };

/**
 * What a request presents, decided once per request. When X-Api-Key is present it alone decides,
 * even if Basic credentials come along (SPEC §5); a Basic header that cannot be parsed is still
 * presented (and fails), so it counts as a failed attempt.
 */
export type PresentedCredentials =
  { scheme: 'api-key'; apiKey: string } | { scheme: 'basic'; basic: BasicCredentials | undefined } | { scheme: 'none' };

export function presentedCredentials(
  apiKey: string | undefined,
  authorization: string | undefined,
): PresentedCredentials {
  if (apiKey !== undefined) return { scheme: 'api-key', apiKey };
  if (authorization !== undefined) return { scheme: 'basic', basic: parseBasicAuthorization(authorization) };
  return { scheme: 'none' };
}

interface VerifiedPassword {
  credentialId: number;
  /** The hash the password was checked against: a changed hash voids the entry. */
  passwordHash: string;
  expiresAt: number;
}

/**
 * A verified password is forgotten after this long unused. Each use extends it: the entry is only
 * trusted together with the stored hash it was checked against (read on every request), so a
 * password change or revocation voids it at once, and a hard expiry would only make a busy client
 * pay a fresh scrypt run (128 MiB, ~0.1 s) every few minutes.
 */
const VERIFIED_PASSWORD_IDLE_MS = 5 * 60_000;
const VERIFIED_PASSWORD_MAX_ENTRIES = 10_000;
/** `last_used` is a hint for operators; writing it on every request would serialise SQLite writers. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** scrypt runs at once: each holds 128 MiB, so this bounds the memory password checks can take. */
const MAX_CONCURRENT_HASHES = 2;

export function parseBasicAuthorization(header: string): BasicCredentials | undefined {
  const match = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Checks the credentials of a request. Every failure looks the same to the caller (undefined), and
 * the credential's row is read on every request, so a revocation applies to the very next one.
 */
export class Authenticator {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  /** Keyed by an HMAC of username and password under a per-process secret, never the password. */
  readonly #verifiedPasswords = new Map<string, VerifiedPassword>();
  readonly #cacheSecret = randomBytes(32);
  readonly #lastUsedWritten = new Map<number, number>();
  readonly #verifying = new Map<string, Promise<boolean>>();
  readonly #hashing = new ConcurrencyLimit(MAX_CONCURRENT_HASHES);

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async authenticate(presented: PresentedCredentials): Promise<Principal | undefined> {
    const row =
      presented.scheme === 'api-key'
        ? await this.#byApiKey(presented.apiKey)
        : presented.scheme === 'basic' && presented.basic
          ? await this.#byBasic(presented.basic)
          : undefined;
    if (!row || row.revoked !== null) return undefined;

    const organizations = (await organizationsByCredential(this.#db, [row.id])).get(row.id) ?? [];
    await this.#recordUse(row.id);
    return {
      credentialId: row.id,
      organizations,
      scopes: new Set(row.scopes.split(',') as Scope[]),
      compatibilityDate: row.compatibility_date,
    };
  }

  async #byApiKey(apiKey: string): Promise<CredentialRow | undefined> {
    // A malformed key or a bad checksum is refused without touching the database.
    if (!isWellFormedApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const row = await findCredentialByKeyHash(this.#db, hash);
    if (row?.type !== 'api-key' || row.key_hash === null) return undefined;
    return timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex')) ? row : undefined;
  }

  async #byBasic(basic: BasicCredentials): Promise<CredentialRow | undefined> {
    const row = await findCredentialByUsername(this.#db, basic.username);
    const storedHash = row?.type === 'basic' ? row.password_hash : null;

    const cacheKey = createHmac('sha256', this.#cacheSecret)
      .update(basic.username)
      .update('\0')
      .update(basic.password)
      .digest('base64');
    const cached = this.#verifiedPasswords.get(cacheKey);
    const now = this.#clock().getTime();
    if (
      cached &&
      row &&
      cached.credentialId === row.id &&
      cached.passwordHash === storedHash &&
      cached.expiresAt > now
    ) {
      cached.expiresAt = now + VERIFIED_PASSWORD_IDLE_MS;
      return row;
    }

    // An unknown username is checked against a decoy hash so that it costs as much as a wrong password.
    const valid = await this.#verifyOnce(cacheKey, basic.password, storedHash ?? DECOY_PASSWORD_HASH);
    if (!valid || !row || storedHash === null) return undefined;
    this.#remember(cacheKey, {
      credentialId: row.id,
      passwordHash: storedHash,
      expiresAt: now + VERIFIED_PASSWORD_IDLE_MS,
    });
    return row;
  }

  /**
   * One scrypt run (128 MiB, ~0.1 s of a core) per distinct username, password and stored hash at a
   * time: concurrent requests with the same credentials wait for the same run instead of starting
   * their own, and at most MAX_CONCURRENT_HASHES runs share the machine. Without this, a burst of
   * requests from a client that has just started would each hash, and memory would follow.
   */
  #verifyOnce(cacheKey: string, password: string, storedHash: string): Promise<boolean> {
    const key = `${cacheKey}\0${storedHash}`;
    let pending = this.#verifying.get(key);
    if (!pending) {
      pending = this.#hashing.run(() => verifyPassword(password, storedHash));
      this.#verifying.set(key, pending);
      const forget = () => this.#verifying.delete(key);
      pending.then(forget, forget);
    }
    return pending;
  }

  #remember(key: string, entry: VerifiedPassword): void {
    if (this.#verifiedPasswords.size >= VERIFIED_PASSWORD_MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.#verifiedPasswords.keys().next().value;
      if (oldest !== undefined) this.#verifiedPasswords.delete(oldest);
    }
    this.#verifiedPasswords.set(key, entry);
  }

  async #recordUse(credentialId: number): Promise<void> {
    const now = this.#clock();
    const last = this.#lastUsedWritten.get(credentialId);
    if (last !== undefined && now.getTime() - last < LAST_USED_RESOLUTION_MS) return;
    this.#lastUsedWritten.set(credentialId, now.getTime());
    await markUsed(this.#db, credentialId, formatTimestamp(now));
  }
}
