import type { Kysely } from 'kysely';
import type { Database, OrganizationRow } from '../../db/schema.js';

type Conn = Kysely<Database>;

export function findOrganization(conn: Conn, id: number): Promise<OrganizationRow | undefined> {
  return conn.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The subset of `ids` that exist. */
export async function existingOrganizationIds(conn: Conn, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await conn.selectFrom('organizations').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function countOrganizations(conn: Conn): Promise<number> {
  const row = await conn
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the organization's data as changed; call it in the transaction that changes it. */
export async function bumpVersion(conn: Conn, organizationId: number): Promise<void> {
  await conn
    .updateTable('organizations')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', organizationId)
    .execute();
}

/** What a read needs to know of its organization: its time zone and its change counter. */
export function organizationState(conn: Conn, id: number) {
  return conn.selectFrom('organizations').select(['timezone', 'version']).where('id', '=', id).executeTakeFirst();
}
