import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The first schema. Column types differ per dialect only where SQLite has no such type; the
 * indexes `(organization_id, <column>, id)` serve every `referenceDate` of SPEC §4.2 in order.
 */
export function initialSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const date = pg ? 'date' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const bigint = pg ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organizations')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('accommodations')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('max_persons', 'integer', (c) => c.notNull().check(sql`max_persons >= 0`))
        .addColumn('bedrooms', 'integer', (c) => c.check(sql`bedrooms >= 0`))
        .addColumn('active', bool, (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('accommodations_org_id')
        .on('accommodations')
        .columns(['organization_id', 'id'])
        .execute();
      await db.schema
        .createIndex('accommodations_org_modified')
        .on('accommodations')
        .columns(['organization_id', 'modified', 'id'])
        .execute();

      await db.schema
        .createTable('reservations')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id'))
        .addColumn('reservation_number', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(sql`status in ('option', 'confirmed', 'checked-in', 'checked-out', 'cancelled', 'no-show')`),
        )
        .addColumn('date_from', date, (c) => c.notNull())
        .addColumn('date_to', date, (c) => c.notNull())
        .addColumn('adults', 'integer', (c) => c.notNull().check(sql`adults >= 0`))
        .addColumn('children', 'integer', (c) => c.notNull().check(sql`children >= 0`))
        .addColumn('babies', 'integer', (c) => c.notNull().check(sql`babies >= 0`))
        .addColumn('guest_name', 'text', (c) => c.notNull())
        .addColumn('total_amount_minor', bigint, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('cancelled', timestamp)
        .addUniqueConstraint('reservations_org_number', ['organization_id', 'reservation_number'])
        .addCheckConstraint('reservations_dates', sql`date_to > date_from`)
        .execute();
      for (const column of ['date_from', 'date_to', 'created', 'modified', 'cancelled']) {
        await db.schema
          .createIndex(`reservations_org_${column}`)
          .on('reservations')
          .columns(['organization_id', column, 'id'])
          .execute();
      }
      await db.schema
        .createIndex('reservations_accommodation_dates')
        .on('reservations')
        .columns(['accommodation_id', 'date_from', 'date_to'])
        .execute();

      await db.schema
        .createTable('credentials')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('api-key', 'basic')`))
        .addColumn('key_prefix', 'text')
        .addColumn('key_hash', 'text', (c) => c.unique())
        .addColumn('username', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('compatibility_date', date)
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('last_used', timestamp)
        .addColumn('revoked', timestamp)
        .execute();

      await db.schema
        .createTable('credential_organizations')
        .addColumn('credential_id', 'integer', (c) => c.notNull().references('credentials.id').onDelete('cascade'))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addPrimaryKeyConstraint('credential_organizations_pk', ['credential_id', 'organization_id'])
        .execute();
    },
  };
}
