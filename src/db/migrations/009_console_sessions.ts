import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Sessions of the web console (SPEC §11), kept server-side so that signing out or revoking the
 * credential ends them at once. The cookie holds a random token; only its SHA-256 is stored, so a
 * copy of the database opens no session. Times in Unix milliseconds (as the webhook tables).
 */
export function consoleSessionsSchema(dialect: Dialect) {
  const ms = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('console_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('credential_id', 'integer', (c) => c.notNull().references('credentials.id').onDelete('cascade'))
        // The password hash signed in with: a changed password ends the session.
        .addColumn('password_hash', 'text', (c) => c.notNull())
        // The secret @fastify/csrf-protection derives this session's CSRF tokens from.
        .addColumn('csrf_secret', 'text', (c) => c.notNull())
        .addColumn('created', ms, (c) => c.notNull())
        .addColumn('last_seen', ms, (c) => c.notNull())
        .addColumn('expires', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('console_sessions_credential')
        .on('console_sessions')
        .column('credential_id')
        .execute();
      await db.schema.createIndex('console_sessions_expires').on('console_sessions').column('expires').execute();
    },
  };
}
