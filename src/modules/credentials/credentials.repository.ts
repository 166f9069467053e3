import { randomBytes } from 'node:crypto';
import { type Insertable, type Kysely, sql } from 'kysely';
import { readFirst } from '../../db/prepared-reads.js';
import type { CredentialRow, CredentialTable, Database } from '../../db/schema.js';
import {
  type KnownOrganizationState,
  ORGANIZATION_STATE_COLUMNS,
  takeOrganizationState,
} from '../organizations/organizations.repository.js';

type Conn = Kysely<Database>;

export async function insertCredential(
  conn: Conn,
  row: Insertable<CredentialTable>,
  organizationIds: readonly number[],
): Promise<number> {
  const { id } = await conn
    .insertInto('credentials')
    .values({ ...row, bindings_token: newBindingsToken() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await conn
    .insertInto('credential_organizations')
    .values(organizationIds.map((organization_id) => ({ credential_id: id, organization_id })))
    .execute();
  return id;
}

/**
 * Every column of a credential, by name: a prepared read names its columns (prepared-reads.ts), so
 * that a migration adding one cannot break the lookups of a server still running. The return type
 * is the whole row: a column added to the table and not here fails to compile.
 */
const CREDENTIAL_COLUMNS = [
  'id',
  'name',
  'type',
  'key_prefix',
  'key_hash',
  'username',
  'password_hash',
  'scopes',
  'compatibility_date',
  'created',
  'last_used',
  'revoked',
  'bindings_token',
] as const;

/** A credential by its username: read for every password check (a verified password goes through `findRequestCredential`). */
export function findCredentialByUsername(conn: Conn, username: string): Promise<CredentialRow | undefined> {
  return readFirst(
    conn,
    'credential-by-username',
    (value) => conn.selectFrom('credentials').select(CREDENTIAL_COLUMNS).where('username', '=', value('username')),
    { username },
  );
}

/** A credential read for a request, with the state of the organization the request is about. */
export interface RequestCredential {
  row: CredentialRow;
  /** Null when the credential is not bound to that organization (or it does not exist). */
  organization: KnownOrganizationState | null;
}

/**
 * A request's credential, by its key's hash or its username, and in the same statement the state of
 * the organization the request is about: the one it names (`organizationId`), else the credential's
 * lowest (its only one, for a credential of one), read only when the credential is bound to it. A
 * summaries page or an accommodations list then needs no statement of its own for that state
 * (bench/README.md, "One statement fewer for every page"): on PostgreSQL a statement is a round trip.
 */
export async function findRequestCredential(
  conn: Conn,
  lookup: { keyHash: string } | { username: string },
  organizationId: number | null,
): Promise<RequestCredential | undefined> {
  const byKey = 'keyHash' in lookup;
  const found = await readFirst(
    conn,
    byKey ? 'request-credential-by-key-hash' : 'request-credential-by-username',
    (value) =>
      conn
        .selectFrom('credentials')
        // Through the binding, so that only an organization the credential may see is read, and
        // every step is a lookup by primary key (a join on the coalesce itself planned a scan of
        // every organization on PostgreSQL).
        .leftJoin('credential_organizations as bound', (join) =>
          join
            .onRef('bound.credential_id', '=', 'credentials.id')
            .on(
              'bound.organization_id',
              '=',
              sql<number>`coalesce(${value('organizationId')}, (select min(organization_id) from credential_organizations where credential_id = credentials.id))`,
            ),
        )
        .leftJoin('organizations as o', 'o.id', 'bound.organization_id')
        .select(CREDENTIAL_COLUMNS.map((column) => `credentials.${column}` as const))
        .select(ORGANIZATION_STATE_COLUMNS)
        // Qualified: a column of that name added to organizations must not make it ambiguous.
        .where(byKey ? 'credentials.key_hash' : 'credentials.username', '=', value('lookup')),
    { lookup: byKey ? lookup.keyHash : lookup.username, organizationId },
  );
  if (!found) return undefined;
  const { organization, rest } = takeOrganizationState(found);
  // Typed as the whole row: a column added to the table and not to CREDENTIAL_COLUMNS fails to compile.
  const row: CredentialRow = rest;
  return { row, organization };
}

export function findCredentialById(conn: Conn, id: number): Promise<CredentialRow | undefined> {
  return conn.selectFrom('credentials').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCredentialRows(conn: Conn): Promise<CredentialRow[]> {
  return conn.selectFrom('credentials').selectAll().orderBy('id').execute();
}

/** The credentials bound to an organization, newest first (revoked ones too). */
export function listCredentialRowsOf(conn: Conn, organizationId: number): Promise<CredentialRow[]> {
  return conn
    .selectFrom('credentials')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb.selectFrom('credential_organizations').select('credential_id').where('organization_id', '=', organizationId),
    )
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Organization ids per credential id, ascending. */
export async function organizationsByCredential(
  conn: Conn,
  credentialIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(credentialIds.map((id) => [id, []]));
  if (credentialIds.length === 0) return result;
  const rows = await conn
    .selectFrom('credential_organizations')
    .select(['credential_id', 'organization_id'])
    .where('credential_id', 'in', credentialIds)
    .orderBy('organization_id')
    .execute();
  for (const row of rows) result.get(row.credential_id)?.push(row.organization_id);
  return result;
}

export async function markRevoked(conn: Conn, id: number, at: string): Promise<boolean> {
  const result = await conn
    .updateTable('credentials')
    .set({ revoked: at })
    .where('id', '=', id)
    .where('revoked', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markUsed(conn: Conn, id: number, at: string): Promise<void> {
  await conn.updateTable('credentials').set({ last_used: at }).where('id', '=', id).execute();
}

/**
 * Stored credential ids by key hash (`key\0…`) and by username (`user\0…`), the identifiers
 * `booking import` matches credentials by.
 */
export async function credentialsByIdentifier(
  conn: Conn,
  keyHashes: readonly string[],
  usernames: readonly string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (keyHashes.length > 0) {
    const rows = await conn
      .selectFrom('credentials')
      .select(['id', 'key_hash'])
      .where('key_hash', 'in', keyHashes)
      .execute();
    for (const row of rows) result.set(`key\0${row.key_hash}`, row.id);
  }
  if (usernames.length > 0) {
    const rows = await conn
      .selectFrom('credentials')
      .select(['id', 'username'])
      .where('username', 'in', usernames)
      .execute();
    for (const row of rows) result.set(`user\0${row.username}`, row.id);
  }
  return result;
}

/** Random, so that a credential id used again (after rows were deleted) never matches an old token. */
const newBindingsToken = () => randomBytes(12).toString('base64url');

/**
 * The credentials' organizations become exactly `bindings`; their bindings tokens change (one new
 * token for all of them: a process keeps bindings by credential id and token, so it only has to
 * differ from each one's old token).
 */
export async function replaceCredentialBindings(
  conn: Conn,
  credentialIds: readonly number[],
  bindings: readonly { credential_id: number; organization_id: number }[],
): Promise<void> {
  if (credentialIds.length === 0) return;
  await conn
    .updateTable('credentials')
    .set({ bindings_token: newBindingsToken() })
    .where('id', 'in', credentialIds)
    .execute();
  await conn.deleteFrom('credential_organizations').where('credential_id', 'in', credentialIds).execute();
  if (bindings.length > 0) await conn.insertInto('credential_organizations').values(bindings).execute();
}
