import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Replays as work for the delivery workers (issue 41, finding 2). A replay read up to 100,000
 * events and inserted their deliveries in one write transaction while its request waited: on SQLite
 * ~0.7 s holding the only write lock and the event loop, and four in a row made other tenants' reads
 * and writes answer 503. Now the request records what to deliver again, and the workers schedule it
 * a bounded window of the organization's events at a time, each in a short transaction of its own.
 * `after_seq` is how far it has got, `until_seq` the organization's counter when it was asked (what
 * commits later reaches the endpoint anyway), `remaining` how many more it may schedule, `types`
 * the endpoint's types then (a change of them afterwards does not change what was counted).
 */
export function webhookReplaysSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhook_replays')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('after_seq', 'integer', (c) => c.notNull())
        .addColumn('until_seq', 'integer', (c) => c.notNull())
        .addColumn('since', 'text')
        .addColumn('until', 'text')
        .addColumn('remaining', 'integer', (c) => c.notNull())
        // The endpoint's types when it was asked (comma-separated; '' = every type).
        .addColumn('types', 'text', (c) => c.notNull())
        // When its last step ran (Unix ms; 0 = none yet): replays take turns, the longest waiting first.
        .addColumn('stepped', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_replays_endpoint').on('webhook_replays').column('endpoint_id').execute();
    },
  };
}
