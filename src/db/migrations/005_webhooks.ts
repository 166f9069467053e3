import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Webhook endpoints, their deliveries and the log of every attempt (SPEC §10).
 *
 * Times the worker compares (leases, next attempts, failing since) are Unix milliseconds in a
 * bigint column on both databases: one comparison, no time-zone parsing, the same on both.
 * An endpoint keeps its own place in the feed (`cursor_txid`, `cursor_position`, as in events),
 * moved in the transaction that creates its deliveries, so an event is fanned out to it once
 * (text on PostgreSQL: a horizon's position is 2^63 - 1, more than a JavaScript number holds).
 */
export function webhooksSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const id = pg ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        // Comma-separated event types; empty: every type.
        .addColumn('types', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('disabled_reason', 'text')
        // `enc1:` + AES-256-GCM under WEBHOOK_SECRET_KEY, or `plain:` + the secret (no key configured).
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_until', id)
        .addColumn('cursor_txid', pg ? 'text' : 'integer', (c) => c.notNull())
        .addColumn('cursor_position', pg ? 'text' : 'integer', (c) => c.notNull())
        .addColumn('failing_since', id)
        .addColumn('created', id, (c) => c.notNull())
        .addColumn('modified', id, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_organization')
        .on('webhook_endpoints')
        .columns(['organization_id', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', id, (c) => (pg ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement()))
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        // The event as delivered: kept with the delivery, so pruning the feed never empties a retry.
        .addColumn('body', 'text', (c) => c.notNull())
        // pending | delivered | failed | paused (its endpoint is disabled)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', id, (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', id)
        .addColumn('created', id, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'endpoint_id', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', id, (c) => (pg ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement()))
        .addColumn('delivery_id', id, (c) => c.notNull())
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('attempted_at', id, (c) => c.notNull())
        // delivered | pending (another attempt follows) | failed (the last one)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', id)
        .execute();
      await db.schema
        .createIndex('webhook_attempts_endpoint')
        .on('webhook_attempts')
        .columns(['endpoint_id', 'id'])
        .execute();
      await db.schema.createIndex('webhook_attempts_time').on('webhook_attempts').column('attempted_at').execute();
      // Pruning takes the oldest events in feed order (a prefix of the feed).
      await db.schema.createIndex('events_order').on('events').columns(['txid', 'position']).execute();
    },
  };
}
