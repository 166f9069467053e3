import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Calendar sync (SPEC §16).
 *
 * `ical_feeds`: one export feed per accommodation, found by the SHA-256 of its token (the token
 * itself is shown once, when it is made; a new one replaces the row, so the old one stops at once).
 *
 * `calendars`: the other channels' feeds an accommodation is subscribed to, with what the workers
 * need (as webhook deliveries: Unix milliseconds in bigint columns for the due time and the lease,
 * compared as numbers on both databases) and what the last fetch told (HTTP validators, state).
 *
 * `calendar_events`: every event of a feed as last read, by UID: the block it became, or the
 * holder it conflicts with (`held_by_*`, then no block), and how many successful fetches in a row
 * have not had it (`missing`: removed at two).
 */
export function calendarsSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'date' : 'text';
  const timestamp = pg ? 'timestamptz' : 'text';
  const ms = pg ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ical_feeds')
        .addColumn('accommodation_id', 'integer', (c) => c.primaryKey().references('accommodations.id'))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('calendars')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('next_fetch_at', ms, (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', ms)
        // The last good answer's validators, sent back as If-None-Match / If-Modified-Since.
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('last_fetched', timestamp)
        .addColumn('last_success', timestamp)
        .addColumn('last_error', 'text')
        .addColumn('events', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('calendars_due').on('calendars').columns(['next_fetch_at', 'id']).execute();
      await db.schema
        .createIndex('calendars_accommodation')
        .on('calendars')
        .columns(['organization_id', 'accommodation_id', 'id'])
        .execute();

      await db.schema
        .createTable('calendar_events')
        .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
        .addColumn('uid', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('date_from', date, (c) => c.notNull())
        .addColumn('date_to', date, (c) => c.notNull())
        .addColumn('block_id', 'integer')
        .addColumn('held_by_kind', 'text')
        .addColumn('held_by_id', 'integer')
        .addColumn('missing', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('calendar_events_pk', ['calendar_id', 'uid'])
        .execute();
    },
  };
}
