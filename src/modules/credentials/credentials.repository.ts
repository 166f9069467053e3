import type { Insertable, Kysely } from 'kysely';
import type { CredentialRow, CredentialTable, Database } from '../../db/schema.js';

type Conn = Kysely<Database>;

export async function insertCredential(
  conn: Conn,
  row: Insertable<CredentialTable>,
  organizationIds: readonly number[],
): Promise<number> {
  const { id } = await conn.insertInto('credentials').values(row).returning('id').executeTakeFirstOrThrow();
  await conn
    .insertInto('credential_organizations')
    .values(organizationIds.map((organization_id) => ({ credential_id: id, organization_id })))
    .execute();
  return id;
}

export function findCredentialByKeyHash(conn: Conn, keyHash: string): Promise<CredentialRow | undefined> {
  return conn.selectFrom('credentials').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export function findCredentialByUsername(conn: Conn, username: string): Promise<CredentialRow | undefined> {
  return conn.selectFrom('credentials').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findCredentialById(conn: Conn, id: number): Promise<CredentialRow | undefined> {
  return conn.selectFrom('credentials').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCredentialRows(conn: Conn): Promise<CredentialRow[]> {
  return conn.selectFrom('credentials').selectAll().orderBy('id').execute();
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
