import type { Kysely } from 'kysely';
import type { ConsoleSessionTable, CredentialRow, Database } from '../../db/schema.js';

type Conn = Kysely<Database>;

export type SessionRow = ConsoleSessionTable;

export async function insertSession(conn: Conn, row: SessionRow): Promise<void> {
  await conn.insertInto('console_sessions').values(row).execute();
}

/** The session and its credential's row, in one statement: the credential is consulted on every request. */
export async function findSessionWithCredential(
  conn: Conn,
  id: string,
): Promise<{ session: SessionRow; credential: CredentialRow } | undefined> {
  const row = await conn
    .selectFrom('console_sessions as s')
    .innerJoin('credentials as c', 'c.id', 's.credential_id')
    .selectAll('c')
    .select([
      's.id as session_id',
      's.credential_id as session_credential_id',
      's.password_hash as session_password_hash',
      's.csrf_secret as session_csrf_secret',
      's.created as session_created',
      's.last_seen as session_last_seen',
      's.expires as session_expires',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_credential_id,
    session_password_hash,
    session_csrf_secret,
    session_created,
    session_last_seen,
    session_expires,
    ...credential
  } = row;
  return {
    session: {
      id: session_id,
      credential_id: session_credential_id,
      password_hash: session_password_hash,
      csrf_secret: session_csrf_secret,
      created: Number(session_created),
      last_seen: Number(session_last_seen),
      expires: Number(session_expires),
    },
    credential,
  };
}

export async function touchSession(conn: Conn, id: string, lastSeen: number): Promise<void> {
  await conn.updateTable('console_sessions').set({ last_seen: lastSeen }).where('id', '=', id).execute();
}

export async function deleteSession(conn: Conn, id: string): Promise<void> {
  await conn.deleteFrom('console_sessions').where('id', '=', id).execute();
}

/** Sessions past their absolute expiry; idle ones are refused when used and go at their expiry. */
export async function deleteExpiredSessions(conn: Conn, now: number): Promise<void> {
  await conn.deleteFrom('console_sessions').where('expires', '<=', now).execute();
}
