import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The changes feed in commit order, per organization (issue 41, findings 3, 4 and 11).
 *
 * Before, the feed's order was (transaction id, position) on PostgreSQL. Transaction ids are handed
 * out when a transaction first writes, not when it commits: a write that took its id early and
 * committed late was listed before changes it had waited for (bookings committed before an
 * accommodation's deactivation came after it), and a list's `Events-Cursor` could sit between two
 * versions of one record so that the feed repeated the older and never the newer. And a cursor was
 * one global number: a tenant could count everyone's writes by watching its own.
 *
 * Now every event takes the next value of its organization's change counter (`organizations.version`,
 * migration 003) as its `seq`, by moving the counter in the event's own transaction. Moving it
 * takes the organization's row lock until the commit, so the events of one organization are
 * numbered in the order they commit, and a reader that sees the counter at N sees every event up to
 * N. A cursor is, per organization read, the last number read: it says nothing about anybody else.
 *
 * The events kept get numbers in their old feed order; every counter moves past them. Webhook
 * endpoints keep their place: each cursor becomes the number before the first event it had not
 * reached. `txid` and the old pruning watermark stay, so a cursor given out before this migration
 * can be read the same way (events.repository.ts `cursorOfLegacy`) while its events are kept.
 * Pruning keeps, per organization, the last number it removed.
 */
export function feedInCommitOrder(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('events').addColumn('seq', 'integer').execute();
      await sql`
        update events set seq = numbered.n from (
          select position, row_number() over (partition by organization_id order by txid, position) as n from events
        ) as numbered
        where events.position = numbered.position`.execute(db);
      await sql`
        update organizations set version = version + coalesce(
          (select max(seq) from events where events.organization_id = organizations.id), 0)`.execute(db);
      if (pg) await sql`alter table events alter column seq set not null`.execute(db);
      // SQLite adds no NOT NULL to a column of a table that has rows: a trigger refuses the rows a
      // process of an older version would add without a number (and lose from the feed).
      else
        await sql`
          create trigger events_seq_required before insert on events when new.seq is null begin
            select raise(abort, 'events.seq is required (migration 012): stop older versions before migrating');
          end`.execute(db);
      await db.schema.dropIndex('events_feed').execute();
      await db.schema.createIndex('events_feed').unique().on('events').columns(['organization_id', 'seq']).execute();
      await db.schema.dropIndex('events_resource').execute();
      await db.schema
        .createIndex('events_resource')
        .on('events')
        .columns(['resource_type', 'resource_id', 'seq'])
        .execute();

      await db.schema
        .createTable('events_pruned_by_organization')
        .addColumn('organization_id', 'integer', (c) => c.primaryKey())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      // `events_pruned` keeps the old watermark, no longer moved: a cursor given out before this
      // migration is expired when it lies before it (events.repository.ts `cursorOfLegacy`).
      await db.schema.dropIndex('events_order').execute();

      await db.schema.alterTable('webhook_endpoints').addColumn('cursor_seq', 'integer').execute();
      const after = pg
        ? sql`(e.txid, e.position) > (webhook_endpoints.cursor_txid::xid8, webhook_endpoints.cursor_position::bigint)`
        : sql`e.position > webhook_endpoints.cursor_position`;
      await sql`
        update webhook_endpoints set cursor_seq = coalesce(
          (select min(e.seq) - 1 from events e
           where e.organization_id = webhook_endpoints.organization_id and ${after}),
          (select o.version from organizations o where o.id = webhook_endpoints.organization_id))`.execute(db);
      if (pg) await sql`alter table webhook_endpoints alter column cursor_seq set not null`.execute(db);
      await db.schema.alterTable('webhook_endpoints').dropColumn('cursor_txid').execute();
      await db.schema.alterTable('webhook_endpoints').dropColumn('cursor_position').execute();
    },
  };
}
