import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CredentialRow, Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { hashApiKey, isWellFormedApiKey } from './api-key.js';
import type { KnownOrganizationState } from '../organizations/organizations.repository.js';
import {
  findCredentialByUsername,
  findRequestCredential,
  markUsed,
  organizationsByCredential,
  type RequestCredential,
} from './credentials.repository.js';
import { type Scope, USERNAME_PATTERN } from './credentials.service.js';
import { decoyPasswordHash, SCRYPT_PARAMS, type ScryptParams, verifyPassword } from './password.js';
import { PasswordCheckQueue } from './password-check-queue.js';
import type { BasicCredentials, PresentedCredentials } from './presented-credentials.js';

/** Who is calling: the credential's id, the organizations it may read, what it may do. */
export interface Principal {
  readonly credentialId: number;
  readonly organizations: readonly number[];
  readonly scopes: ReadonlySet<Scope>;
  /** The date whose rules apply to this credential (SPEC §4.5); null means "today". */
  readonly compatibilityDate: string | null;
}

/**
 * A request's principal, and the state of the organization it is about when the credential's
 * statement read it too (`findRequestCredential`); null when it did not.
 */
export interface Authentication {
  readonly principal: Principal;
  readonly organization: KnownOrganizationState | null;
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
/** Credentials whose organizations a process keeps (a few hundred bytes each); past it, the map starts again. */
const MAX_KEPT_BINDINGS = 10_000;
/** `last_used` is a hint for operators; writing it on every request would serialise SQLite writers. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** scrypt runs at once: each holds 128 MiB, so this bounds the memory password checks can take. */
const MAX_CONCURRENT_HASHES = 2;
/** Password checks of one client address running or waiting; past it, that address gets 503. */
const MAX_HASHES_PER_ADDRESS = 16;
/** Password checks waiting in all (beyond the running ones); past it, 503 (see PasswordCheckQueue). */
const MAX_WAITING_HASHES = 64;

/**
 * What the caller (the HTTP layer's limiter) does with failed attempts; the authenticator says
 * when. A request that starts a password hash reserves its failure first (and gets it back when
 * the password is right); every other failure (a wrong key, a username no credential can have, a
 * request that shared another's failed check, a revoked credential) is recorded after the fact.
 */
export interface AttemptAccounting {
  /** The client's address: password checks are queued fairly between addresses. */
  readonly address: string;
  /** Counts a failure before a hash runs, or throws (429) when none is left; resolves to the give-back. */
  reserveFailure(): Promise<() => Promise<void>>;
  /** Counts a failure that held no reservation. */
  recordFailure(): Promise<void>;
}

/** Authentication outside a request (tools, tests): nothing is counted. */
const UNCOUNTED: AttemptAccounting = {
  address: '',
  reserveFailure: async () => async () => {},
  recordFailure: async () => {},
};

/** A lookup's credential, and whether its failure is already counted (its reservation kept). */
interface Outcome {
  found: RequestCredential | undefined;
  counted: boolean;
}

/** A password check's row, counted as an `Outcome` is. */
interface CheckedRow {
  row: CredentialRow | undefined;
  counted: boolean;
}

/**
 * Checks the credentials of a request. Every failure looks the same to the caller (undefined), and
 * the credential's row is read on every request, so a revocation applies to the very next one.
 */
export class Authenticator {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  /** What an unknown username's password is checked against: as costly as a known one's. */
  readonly #decoyHash: string;
  /** Keyed by an HMAC of username and password under a per-process secret, never the password. */
  readonly #verifiedPasswords = new Map<string, VerifiedPassword>();
  readonly #cacheSecret = randomBytes(32);
  readonly #lastUsedWritten = new Map<number, number>();
  /** Organizations per credential id, with the bindings token they were read under. */
  readonly #bindings = new Map<number, { token: string; organizations: readonly number[] }>();
  /** Password checks under way, by cache key (username and password). */
  readonly #checking = new Map<string, Promise<CredentialRow | undefined>>();
  readonly #hashing = new PasswordCheckQueue(MAX_CONCURRENT_HASHES, MAX_HASHES_PER_ADDRESS, MAX_WAITING_HASHES);

  /** `passwordHashing`: the cost new passwords are hashed at (password.ts), which the decoy matches. */
  constructor(db: Kysely<Database>, clock: Clock, passwordHashing: ScryptParams = SCRYPT_PARAMS) {
    this.#db = db;
    this.#clock = clock;
    this.#decoyHash = decoyPasswordHash(passwordHashing);
  }

  /**
   * Runs another scrypt run of the process (a new credential's password) in the same queue as the
   * password checks, in the turn of its client address: 60 credentials created at once by one
   * tenant's admin once held every core and 670 MB while another tenant's sign-in waited 31–73 s
   * (issue 41). 503 + Retry-After when its address, or everyone, has too many waiting.
   */
  hashInTurn<T>(address: string, task: () => Promise<T>): Promise<T> {
    return this.#hashing.run(address, task);
  }

  /**
   * The principal, or undefined for any failure (each counted through `attempt`, except a request
   * that presents nothing). Throws 429 when a password check would pass the failure limits and 503
   * when the password checks of its address (or of everyone) are full. `organizationId` is the
   * organization the request names, if any (see `Authentication`).
   */
  async authenticate(
    presented: PresentedCredentials,
    attempt: AttemptAccounting = UNCOUNTED,
    organizationId: number | null = null,
  ): Promise<Authentication | undefined> {
    const found = await this.#credentialOf(presented, attempt, organizationId);
    return found && { principal: await this.principalOf(found.row), organization: found.organization };
  }

  /**
   * A console sign-in (SPEC §11): a Basic credential checked and counted exactly as a request's,
   * with its row: the session keeps the password hash it matched (a changed password ends it).
   */
  async signIn(
    basic: BasicCredentials,
    attempt: AttemptAccounting,
  ): Promise<{ principal: Principal; credential: CredentialRow & { password_hash: string } } | undefined> {
    const row = (await this.#credentialOf({ scheme: 'basic', basic }, attempt, null))?.row;
    if (!row || row.password_hash === null) return undefined;
    return { principal: await this.principalOf(row), credential: { ...row, password_hash: row.password_hash } };
  }

  async #credentialOf(
    presented: PresentedCredentials,
    attempt: AttemptAccounting,
    organizationId: number | null,
  ): Promise<RequestCredential | undefined> {
    if (presented.scheme === 'none') return undefined;
    const { found, counted } =
      presented.scheme === 'api-key'
        ? { found: await this.#byApiKey(presented.apiKey, organizationId), counted: false }
        : presented.basic
          ? await this.#byBasic(presented.basic, attempt, organizationId)
          : { found: undefined, counted: false };
    if (!found || found.row.revoked !== null) {
      if (!counted) await attempt.recordFailure();
      return undefined;
    }
    return found;
  }

  /**
   * The principal of a credential row read for this request: by a key, a password, or a console
   * session (whose row, joined with the credential's, the caller has checked).
   */
  async principalOf(row: CredentialRow): Promise<Principal> {
    const organizations = await this.#organizationsOf(row);
    await this.#recordUse(row.id);
    return {
      credentialId: row.id,
      organizations,
      scopes: new Set(row.scopes.split(',') as Scope[]),
      compatibilityDate: row.compatibility_date,
    };
  }

  /** The credential's organizations, read again only when its row's bindings token has changed. */
  async #organizationsOf(row: CredentialRow): Promise<readonly number[]> {
    const kept = this.#bindings.get(row.id);
    if (kept && kept.token === row.bindings_token) return kept.organizations;
    const organizations = (await organizationsByCredential(this.#db, [row.id])).get(row.id) ?? [];
    if (this.#bindings.size >= MAX_KEPT_BINDINGS) this.#bindings.clear();
    this.#bindings.set(row.id, { token: row.bindings_token, organizations });
    return organizations;
  }

  async #byApiKey(apiKey: string, organizationId: number | null): Promise<RequestCredential | undefined> {
    // A malformed key or a bad checksum is refused without touching the database.
    if (!isWellFormedApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const found = await findRequestCredential(this.#db, { keyHash: hash }, organizationId);
    const row = found?.row;
    if (row?.type !== 'api-key' || row.key_hash === null) return undefined;
    return timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex')) ? found : undefined;
  }

  async #byBasic(basic: BasicCredentials, attempt: AttemptAccounting, organizationId: number | null): Promise<Outcome> {
    // A username no credential can have (a NUL, which PostgreSQL text cannot even hold, a space,
    // 10 KiB of text) is a plain failed authentication, without a query or a hash: the rule is public.
    if (!USERNAME_PATTERN.test(basic.username)) return { found: undefined, counted: false };
    const cacheKey = createHmac('sha256', this.#cacheSecret)
      .update(basic.username)
      .update('\0')
      .update(basic.password)
      .digest('base64');
    const now = this.#clock().getTime();
    const cached = this.#verifiedPasswords.get(cacheKey);
    // A password verified before skips the hash, once the row shows it still stands.
    if (cached && cached.expiresAt > now) {
      const found = await findRequestCredential(this.#db, { username: basic.username }, organizationId);
      const row = found?.row;
      if (row?.id === cached.credentialId && row.type === 'basic' && row.password_hash === cached.passwordHash) {
        cached.expiresAt = now + VERIFIED_PASSWORD_IDLE_MS;
        return { found, counted: false };
      }
    }
    // A check shared by concurrent requests reads no organization: theirs may differ.
    const { row, counted } = await this.#checkOnce(cacheKey, basic, attempt);
    return { found: row && { row, organization: null }, counted };
  }

  /**
   * A password check (the row, then one scrypt run: 128 MiB, a good part of a second of a core),
   * shared by concurrent requests with the same username and password: they wait for the same check
   * instead of starting their own, so a burst from a client that has just started costs one run.
   *
   * The request that starts a check first reserves its failure (429 when its address or username has
   * none left), then waits its turn in the queue (503 when its address, or everyone, has too many
   * checks there); only then is the row read and the hash run. A right password gives the
   * reservation back. `counted` says whether this request's failure is that reservation, kept: a
   * request that shared a failed check is counted by the caller.
   */
  async #checkOnce(cacheKey: string, basic: BasicCredentials, attempt: AttemptAccounting): Promise<CheckedRow> {
    const shared = this.#checking.get(cacheKey);
    if (shared) return { row: await shared, counted: false };
    const check = (async () => {
      const giveBack = await attempt.reserveFailure();
      try {
        const row = await this.#hashing.run(attempt.address, () => this.#lookUpAndVerify(cacheKey, basic));
        if (row) await giveBack();
        return row;
      } catch (error) {
        // No answer about the password (the queue refused the check, or the database failed): nothing to count.
        await giveBack();
        throw error;
      }
    })();
    this.#checking.set(cacheKey, check);
    const forget = () => this.#checking.delete(cacheKey);
    check.then(forget, forget);
    const row = await check;
    return { row, counted: row === undefined };
  }

  /**
   * Reads the row and checks the password against its hash; an unknown username is checked against a
   * decoy hash, so that it costs as much as a wrong password. A right password is remembered,
   * together with the hash it matched.
   */
  async #lookUpAndVerify(cacheKey: string, basic: BasicCredentials): Promise<CredentialRow | undefined> {
    const row = await findCredentialByUsername(this.#db, basic.username);
    const storedHash = row?.type === 'basic' ? row.password_hash : null;
    const valid = await verifyPassword(basic.password, storedHash ?? this.#decoyHash);
    if (!valid || !row || storedHash === null) return undefined;
    this.#remember(cacheKey, {
      credentialId: row.id,
      passwordHash: storedHash,
      expiresAt: this.#clock().getTime() + VERIFIED_PASSWORD_IDLE_MS,
    });
    return row;
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
