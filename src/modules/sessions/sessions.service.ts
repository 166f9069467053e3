import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CredentialRow, Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import type { AttemptAccounting, Authenticator, Principal } from '../credentials/authenticator.js';
import type { BasicCredentials } from '../credentials/presented-credentials.js';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithCredential,
  insertSession,
  type SessionRow,
  touchSession,
} from './sessions.repository.js';

/** SPEC §11: a session ends after 30 minutes unused, and 12 hours after sign-in at the latest. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
/** `last_seen` is written at most this often: idle expiry to the minute, not a write per request. */
const TOUCH_RESOLUTION_MS = 60_000;
/** 32 random bytes, base64url: what a cookie must look like before it is even hashed. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The session a request was authenticated by (the console's cookie). */
export interface ConsoleSession {
  id: string;
  credentialName: string;
  username: string;
  /** Read by @fastify/csrf-protection (its `sessionKey`). */
  _csrf: string;
  expires: number;
  idleExpires: number;
}

/** The cookie holds the token; the database only its hash, so a copy of it opens no session. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The console changes data: a read-only integrator's password opens nothing (SPEC §11). */
function mayUseConsole(principal: Principal): boolean {
  return principal.scopes.has('write');
}

function idleExpiry(row: Pick<SessionRow, 'last_seen' | 'expires'>): number {
  return Math.min(row.last_seen + SESSION_IDLE_MS, row.expires);
}

/** Sign-in, resumption and sign-out of console sessions, on the credentials' own checks. */
export class ConsoleSessions {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #authenticator: Authenticator;

  constructor(db: Kysely<Database>, clock: Clock, authenticator: Authenticator) {
    this.#db = db;
    this.#clock = clock;
    this.#authenticator = authenticator;
  }

  /**
   * A new session for a right username and password (counted and throttled like any Basic
   * attempt), or undefined. `csrfSecret` is made by the CSRF plugin's own generator.
   */
  async signIn(
    basic: BasicCredentials,
    attempt: AttemptAccounting,
    csrfSecret: string,
  ): Promise<{ token: string; principal: Principal; session: ConsoleSession } | undefined> {
    const signedIn = await this.#authenticator.signIn(basic, attempt);
    if (!signedIn) return undefined;
    if (!mayUseConsole(signedIn.principal)) {
      throw new AppError(
        'forbidden',
        'This credential may not sign in to the console: it needs the write or admin scope.',
      );
    }
    const now = this.#clock().getTime();
    const token = randomBytes(32).toString('base64url');
    const row: SessionRow = {
      id: sessionIdOf(token),
      credential_id: signedIn.principal.credentialId,
      password_hash: signedIn.credential.password_hash,
      csrf_secret: csrfSecret,
      created: now,
      last_seen: now,
      expires: now + SESSION_MAX_MS,
    };
    // Sessions that have run out go as new ones come: the table holds about the live ones.
    await deleteExpiredSessions(this.#db, now);
    await insertSession(this.#db, row);
    return { token, principal: signedIn.principal, session: sessionOf(row, signedIn.credential) };
  }

  /**
   * The principal and session of a cookie's token, or undefined when the session does not exist,
   * has run out (idle or absolute), its credential was revoked, or its password has changed since.
   */
  async resume(token: string): Promise<{ principal: Principal; session: ConsoleSession } | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const found = await findSessionWithCredential(this.#db, sessionIdOf(token));
    if (!found) return undefined;
    const { session, credential } = found;
    const now = this.#clock().getTime();
    const standing =
      now < idleExpiry(session) && credential.revoked === null && credential.password_hash === session.password_hash;
    if (!standing) return undefined;
    const principal = await this.#authenticator.principalOf(credential);
    // Scopes can change after sign-in (booking import): a credential that lost write loses its session.
    if (!mayUseConsole(principal)) return undefined;
    if (now - session.last_seen >= TOUCH_RESOLUTION_MS) {
      session.last_seen = now;
      await touchSession(this.#db, session.id, now);
    }
    return { principal, session: sessionOf(session, credential) };
  }

  async signOut(session: ConsoleSession): Promise<void> {
    await deleteSession(this.#db, session.id);
  }

  /** Ends the session of a cookie's token, if there is one (a new sign-in in the same browser). */
  async forget(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await deleteSession(this.#db, sessionIdOf(token));
  }
}

function sessionOf(row: SessionRow, credential: Pick<CredentialRow, 'name' | 'username'>): ConsoleSession {
  return {
    id: row.id,
    credentialName: credential.name,
    username: credential.username ?? '',
    _csrf: row.csrf_secret,
    expires: row.expires,
    idleExpires: idleExpiry(row),
  };
}
