import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Taking bookings (SPEC §9): on PostgreSQL an exclusion constraint makes a double booking
 * impossible in the database itself; on SQLite writers serialise with BEGIN IMMEDIATE and check
 * first. Idempotency keys keep the first response of a POST for 24 hours.
 */
export function bookingsSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (pg) {
        await sql`create extension if not exists btree_gist`.execute(db);
        await sql`
          alter table reservations add constraint reservations_no_double_booking
          exclude using gist (accommodation_id with =, daterange(date_from, date_to, '[)') with &&)
          where (status not in ('cancelled', 'no-show'))
        `.execute(db);
      }
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('credential_id', 'integer', (c) => c.notNull().references('credentials.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('location', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['credential_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created').execute();
    },
  };
}
