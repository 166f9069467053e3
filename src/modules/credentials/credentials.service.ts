import type { Kysely } from 'kysely';
import type { CredentialRow, Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp, isCalendarDate } from '../../shared/dates.js';
import { AppError, invalidInput, type ParameterError } from '../../shared/errors.js';
import { existingOrganizationIds } from '../organizations/organizations.repository.js';
import { generateApiKey, hashApiKey, randomBase62, visiblePrefix } from './api-key.js';
import {
  findCredentialById,
  findCredentialByUsername,
  insertCredential,
  listCredentialRows,
  listCredentialRowsOf,
  markRevoked,
  organizationsByCredential,
} from './credentials.repository.js';
import { hashPassword, SCRYPT_PARAMS, type ScryptParams } from './password.js';

export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** Each scope includes the ones before it: `write` can read, `admin` can write. */
export function scopesGrantedBy(scope: Scope): Scope[] {
  return SCOPES.slice(0, SCOPES.indexOf(scope) + 1);
}

export interface CreateCredentialInput {
  organizations: number[];
  name?: string | undefined;
  scope?: Scope | undefined;
  /** Present for a Basic credential; an API key is created otherwise. */
  basicUsername?: string | undefined;
  compatibilityDate?: string | undefined;
}

/** What `credentials create` prints, once: the only time the secret is ever shown. */
export type CreatedCredential = {
  id: number;
  type: 'api-key' | 'basic';
  organizations: number[];
  scopes: Scope[];
  compatibilityDate: string | null;
} & ({ apiKey: string } | { username: string; password: string });

export interface CredentialListing {
  id: number;
  name: string;
  type: 'api-key' | 'basic';
  /** `bk_` and a few characters for keys, the username for Basic. Never the secret. */
  identifier: string;
  organizations: number[];
  scopes: string[];
  compatibilityDate: string | null;
  created: string;
  lastUsed: string | null;
  revoked: string | null;
}

/** The usernames a Basic credential may have; the authenticator refuses any other without a query. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** The most digits an organization id has (an int32, as the API's ids are). */
const ORGANIZATION_ID_DIGITS = String(2 ** 31 - 1).length;
/** The longest name an admin may ask for through the API: `name@id` then stays within 64 (53). */
export const NAME_IN_ORGANIZATION_MAX = 64 - '@'.length - ORGANIZATION_ID_DIGITS;
/** A name asked for through the API: a username without @, which `organizationUsername` adds. */
export const NAME_IN_ORGANIZATION_PATTERN = new RegExp(`^[A-Za-z0-9._-]{1,${NAME_IN_ORGANIZATION_MAX}}$`);
export const NAME_IN_ORGANIZATION_RULE =
  `1 to ${NAME_IN_ORGANIZATION_MAX} of A-Z a-z 0-9 . _ - (no @): the organization’s id is added after an @, ` +
  'so frontdesk asked for in organization 12 signs in as frontdesk@12';

/**
 * The username of a Basic credential that an organization's admin creates through the API: the
 * name asked for, `@`, and the organization's id (`frontdesk` in organization 12 is
 * `frontdesk@12`). Usernames are unique across the service, so with the bare name a 409 would tell
 * one organization's admin that another organization has that username, and where to aim the
 * per-username failure throttle (issue 41, finding 12). Qualified, a taken username is always one
 * of the organization's own, which its admin can list anyway. `booking credentials create --basic`
 * (the operator's tool) keeps a username as given.
 */
export function organizationUsername(name: string, organizationId: number): string {
  if (!NAME_IN_ORGANIZATION_PATTERN.test(name)) {
    throw invalidInput([{ parameter: 'username', message: `must be of the form: ${NAME_IN_ORGANIZATION_RULE}` }]);
  }
  return `${name}@${organizationId}`;
}
const GENERATED_PASSWORD_LENGTH = 24;

/** Runs a scrypt run when its turn comes (the HTTP path: `Authenticator.hashInTurn`), or at once. */
export type HashTurn = <T>(task: () => Promise<T>) => Promise<T>;
const AT_ONCE: HashTurn = (task) => task();

export async function createCredential(
  db: Kysely<Database>,
  clock: Clock,
  input: CreateCredentialInput,
  passwordHashing: ScryptParams = SCRYPT_PARAMS,
  inTurn: HashTurn = AT_ONCE,
): Promise<CreatedCredential> {
  const organizations = [...new Set(input.organizations)].sort((a, b) => a - b);
  const scopes = scopesGrantedBy(input.scope ?? 'read');
  const compatibilityDate = input.compatibilityDate ?? null;
  const problems: ParameterError[] = [];
  if (organizations.length === 0) problems.push({ parameter: 'organization', message: 'at least one is required' });
  if (organizations.some((id) => !Number.isSafeInteger(id) || id < 1)) {
    problems.push({ parameter: 'organization', message: 'must be a positive integer' });
  }
  if (compatibilityDate !== null && !isCalendarDate(compatibilityDate)) {
    problems.push({ parameter: 'compatibility-date', message: 'must be a calendar date YYYY-MM-DD' });
  }
  if (input.basicUsername !== undefined && !USERNAME_PATTERN.test(input.basicUsername)) {
    problems.push({ parameter: 'basic', message: 'username must be 1-64 of A-Z a-z 0-9 . _ @ -' });
  }
  // `name@ID` is organization ID's own namespace (`organizationUsername`): a credential of other
  // organizations there would answer that organization's admin a 409 about someone else's name.
  const namespace = /@(\d+)$/.exec(input.basicUsername ?? '')?.[1];
  if (namespace !== undefined && !organizations.includes(Number(namespace))) {
    problems.push({
      parameter: 'basic',
      message: `a username ending in @${namespace} is for organization ${namespace}`,
    });
  }
  if (problems.length > 0) throw invalidInput(problems);

  const password = input.basicUsername === undefined ? undefined : randomBase62(GENERATED_PASSWORD_LENGTH);
  // Hash before the transaction: scrypt is slow and must not hold a write lock.
  const passwordHash = password === undefined ? null : await inTurn(() => hashPassword(password, passwordHashing));
  const apiKey = input.basicUsername === undefined ? generateApiKey() : undefined;

  const id = await db.transaction().execute(async (trx) => {
    const existing = await existingOrganizationIds(trx, organizations);
    const missing = organizations.filter((o) => !existing.has(o));
    if (missing.length > 0) {
      throw invalidInput([{ parameter: 'organization', message: `no organization with id ${missing.join(', ')}` }]);
    }
    if (input.basicUsername !== undefined && (await findCredentialByUsername(trx, input.basicUsername))) {
      throw new AppError('conflict', `The username ${input.basicUsername} is taken`);
    }
    return insertCredential(
      trx,
      {
        name: input.name ?? '',
        type: apiKey ? 'api-key' : 'basic',
        key_prefix: apiKey ? visiblePrefix(apiKey) : null,
        key_hash: apiKey ? hashApiKey(apiKey) : null,
        username: input.basicUsername ?? null,
        password_hash: passwordHash,
        scopes: scopes.join(','),
        compatibility_date: compatibilityDate,
        created: formatTimestamp(clock()),
      },
      organizations,
    );
  });

  const common = { id, organizations, scopes, compatibilityDate };
  return apiKey
    ? { ...common, type: 'api-key', apiKey }
    : { ...common, type: 'basic', username: input.basicUsername as string, password: password as string };
}

function toListing(row: CredentialRow, organizations: number[]): CredentialListing {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    identifier: row.type === 'api-key' ? `${row.key_prefix}…` : (row.username ?? ''),
    organizations,
    scopes: row.scopes.split(','),
    compatibilityDate: row.compatibility_date,
    created: row.created,
    lastUsed: row.last_used,
    revoked: row.revoked,
  };
}

export async function listCredentials(db: Kysely<Database>): Promise<CredentialListing[]> {
  const rows = await listCredentialRows(db);
  const organizations = await organizationsByCredential(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toListing(row, organizations.get(row.id) ?? []));
}

/** Revoking twice is harmless; an unknown id is an error the operator should see. */
export async function revokeCredential(db: Kysely<Database>, clock: Clock, id: number): Promise<void> {
  if (!(await findCredentialById(db, id))) throw new AppError('not-found', `No credential with id ${id}`);
  await markRevoked(db, id, formatTimestamp(clock()));
}

/**
 * The credentials bound to `organizationId` (newest first), as one of its admins sees them: each
 * with only those of its organizations that `visibleTo` (the caller's) also holds. Another
 * organization's id would tell the caller that it exists and shares this integrator, which SPEC
 * §4.4 keeps from a credential of another organization (it cannot even probe an id).
 */
export async function listCredentialsOf(
  db: Kysely<Database>,
  organizationId: number,
  visibleTo: readonly number[],
): Promise<CredentialListing[]> {
  const rows = await listCredentialRowsOf(db, organizationId);
  const organizations = await organizationsByCredential(
    db,
    rows.map((r) => r.id),
  );
  const visible = new Set(visibleTo);
  return rows.map((row) =>
    toListing(
      row,
      (organizations.get(row.id) ?? []).filter((o) => visible.has(o)),
    ),
  );
}

/**
 * Revokes a credential on behalf of a caller bound to `callerOrganizations`: 404 unless it shares
 * one of them (so ids cannot be probed), 403 when it also serves an organization the caller is
 * not bound to (an admin of one park must not cut off another park's integrator; an operator
 * revokes such a credential with the CLI). Revoking twice is harmless.
 */
export async function revokeCredentialOf(
  db: Kysely<Database>,
  clock: Clock,
  callerOrganizations: readonly number[],
  id: number,
): Promise<void> {
  // Bindings change only by `booking import`; a revocation racing one is an operator's own doing.
  const bindings = (await organizationsByCredential(db, [id])).get(id) ?? [];
  const caller = new Set(callerOrganizations);
  if (!bindings.some((o) => caller.has(o))) throw new AppError('not-found', `No credential with id ${id}`);
  if (bindings.some((o) => !caller.has(o))) {
    throw new AppError(
      'forbidden',
      'That credential is also bound to organizations this one is not; an operator revokes it (booking credentials revoke).',
    );
  }
  await markRevoked(db, id, formatTimestamp(clock()));
}
