import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Guests (SPEC §15): the one owner of a guest's personal data (ARCHITECTURE "Personal data has one
 * owner"), and each reservation's link to its guest.
 *
 * `email_key` is the e-mail address as the organization's guests are matched by it (trimmed, lower
 * case, computed in guests.repository `emailKey`, so both databases fold case alike: SQLite's
 * `lower()` folds ASCII only). A unique index on it makes two placements with one address at once
 * find one guest, on both databases. Erasure nulls it with the other personal fields, so an erased
 * guest never matches again and its address may be used by a new guest.
 *
 * Erasure rewrites the webhook deliveries of the events it scrubs: they are found by event id.
 */
export const GUEST_PERSONAL_COLUMNS = [
  'first_name',
  'surname',
  'email',
  'phone_number',
  'address',
  'address_no',
  'postal_code',
  'locality',
  'country',
  'locale',
] as const;

export function guestsSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('guests')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'));
      for (const column of GUEST_PERSONAL_COLUMNS) table = table.addColumn(column, 'text');
      await table
        .addColumn('email_key', 'text')
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('erased', timestamp)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('guests_email')
        .on('guests')
        .columns(['organization_id', 'email_key'])
        .unique()
        .where(sql.ref('email_key'), 'is not', null)
        .execute();
      // The list's order (id) and its `modifiedSince` filter.
      await db.schema.createIndex('guests_org').on('guests').columns(['organization_id', 'id']).execute();
      await db.schema.createIndex('guests_modified').on('guests').columns(['organization_id', 'modified']).execute();
      await db.schema
        .alterTable('reservations')
        .addColumn('guest_id', 'integer', (c) => c.references('guests.id'))
        .execute();
      await db.schema.createIndex('reservations_guest').on('reservations').column('guest_id').execute();
      // Erasure rewrites the deliveries of the events it scrubs (guests/erasure.ts), found by event.
      await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();
    },
  };
}
