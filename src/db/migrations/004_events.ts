import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The transactional outbox of SPEC §10: one row per change, written in the change's transaction.
 * Records gain a version that grows by one with every change.
 *
 * The feed's order is `position` on SQLite, where one writer at a time commits in that order. On
 * PostgreSQL positions are handed out before commit, so a transaction can commit after another
 * whose rows have larger positions; each row also keeps its transaction id (`txid`), and readers
 * only read rows of transactions older than every transaction still running (the snapshot's xmin),
 * in (txid, position) order. A row never appears behind a cursor that has passed it.
 */
export function eventsSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['reservations', 'accommodations']) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      }
      let events = db.schema
        .createTable('events')
        .addColumn('position', pg ? 'bigint' : 'integer', (c) =>
          pg ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
        );
      events = pg
        ? events.addColumn('txid', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
        : events.addColumn('txid', 'integer', (c) => c.notNull().defaultTo(0));
      await events
        // evt_ + a ULID: unique by construction (48 bits of time, 80 random); no index to keep up.
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'integer', (c) => c.notNull())
        .addColumn('resource_version', 'integer', (c) => c.notNull())
        .addColumn('occurred', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('events_feed')
        .on('events')
        .columns(['organization_id', 'txid', 'position'])
        .execute();
      await db.schema
        .createIndex('events_resource')
        .on('events')
        .columns(['resource_type', 'resource_id', 'position'])
        .execute();
      // No index on `occurred`: positions follow time closely enough for retention and replay by time
      // to walk them, and every index is paid for by every write.
      // Where pruning has reached: a cursor before it asks for events no longer kept (410).
      await db.schema
        .createTable('events_pruned')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('txid', pg ? 'text' : 'integer', (c) => c.notNull())
        .addColumn('position', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into events_pruned (id, txid, position) values (1, ${pg ? '0' : 0}, 0)`.execute(db);
    },
  };
}
