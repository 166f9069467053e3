import { Kysely, type Migration, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';
import type { Database } from './schema.js';
import { initialSchema } from './migrations/001_initial.js';
import { bookingsSchema } from './migrations/002_bookings.js';
import { organizationVersion } from './migrations/003_organization_version.js';
import { eventsSchema } from './migrations/004_events.js';
import { webhooksSchema } from './migrations/005_webhooks.js';
import { longestStaySchema } from './migrations/006_longest_stay.js';
import { bindingsToken } from './migrations/007_bindings_token.js';
import { stayCoveringIndex } from './migrations/008_stay_covering_index.js';
import { consoleSessionsSchema } from './migrations/009_console_sessions.js';
import { reservationDaysSchema } from './migrations/010_reservation_days.js';
import { deferrableDoubleBooking } from './migrations/011_deferrable_double_booking.js';
import { feedInCommitOrder } from './migrations/012_feed_in_commit_order.js';
import { webhookReplaysSchema } from './migrations/013_webhook_replays.js';
import { blocksAndStayRulesSchema } from './migrations/014_blocks_and_stay_rules.js';
import { pricesSchema } from './migrations/015_prices.js';
import { guestsSchema } from './migrations/016_guests.js';
import { draftsSchema } from './migrations/017_drafts.js';
import { calendarsSchema } from './migrations/018_calendars.js';

/** Migrations live in code (not a folder scan) so they run the same from src/ and dist/. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001_initial': initialSchema(db.dialect),
    '002_bookings': bookingsSchema(db.dialect),
    '003_organization_version': organizationVersion,
    '004_events': eventsSchema(db.dialect),
    '005_webhooks': webhooksSchema(db.dialect),
    '006_longest_stay': longestStaySchema(db.dialect),
    '007_bindings_token': bindingsToken,
    '008_stay_covering_index': stayCoveringIndex(db.dialect),
    '009_console_sessions': consoleSessionsSchema(db.dialect),
    '010_reservation_days': reservationDaysSchema(db.dialect),
    '011_deferrable_double_booking': deferrableDoubleBooking(db.dialect),
    '012_feed_in_commit_order': feedInCommitOrder(db.dialect),
    '013_webhook_replays': webhookReplaysSchema(db.dialect),
    '014_blocks_and_stay_rules': blocksAndStayRulesSchema(db.dialect),
    '015_prices': pricesSchema(db.dialect),
    '016_guests': guestsSchema(db.dialect),
    '017_drafts': draftsSchema(db.dialect),
    '018_calendars': calendarsSchema(db.dialect),
  };
}

export interface MigrationReport {
  applied: string[];
}

const migratorOn = (db: Db, kysely: Kysely<Database>) =>
  new Migrator({ db: kysely, provider: { getMigrations: async () => migrationsFor(db) } });

/**
 * On PostgreSQL, migrations run on a connection of their own without the request timeouts (15 s in
 * the server, 20 s in the client, database.ts): a migration that copies or checks every
 * reservation (011, 014) takes about 20 s per million on two cores, and an admin command waits
 * for it rather than give up half way (it would roll back and leave the database as it was). The
 * connection is opened only when a migration is pending: most starts find none.
 */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  if (db.dialect !== 'postgres') return migrate(migratorOn(db, db.kysely));
  const known = await migratorOn(db, db.kysely).getMigrations();
  if (known.every((migration) => migration.executedAt !== undefined)) return { applied: [] };
  const pool = new pg.Pool({
    ...db.pool.options,
    // The pool's own session settings, the statement timeout lifted.
    options: String(db.pool.options.options).replace(/statement_timeout=\d+/, 'statement_timeout=0'),
    query_timeout: undefined,
    max: 1,
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await migrate(migratorOn(db, kysely));
  } finally {
    await kysely.destroy();
  }
}

async function migrate(migrator: Migrator): Promise<MigrationReport> {
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
