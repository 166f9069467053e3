import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Takes a database back to how it was before migrations 012 (the feed in commit order) and 013
 * (webhook replays), for tests of migrations on an older database. The caller removes their rows
 * from `kysely_migration` (with those of any earlier migration it undoes too). `pruned`: the old
 * pruning mark says events were pruned.
 */
export async function undoFeedInCommitOrder(db: Db, { pruned = false } = {}): Promise<void> {
  const { kysely } = db;
  const pg = db.dialect === 'postgres';
  await sql`drop table webhook_replays`.execute(kysely);
  await sql`drop table events_pruned_by_organization`.execute(kysely);
  await sql`drop index events_feed`.execute(kysely);
  await sql`drop index events_resource`.execute(kysely);
  await sql`alter table events drop column seq`.execute(kysely);
  await sql`create index events_feed on events (organization_id, txid, position)`.execute(kysely);
  await sql`create index events_resource on events (resource_type, resource_id, position)`.execute(kysely);
  await sql`create index events_order on events (txid, position)`.execute(kysely);
  const text = sql.raw(pg ? 'text' : 'integer');
  await sql`create table events_pruned (id integer primary key, txid ${text} not null, position bigint not null)`.execute(
    kysely,
  );
  await sql`insert into events_pruned (id, txid, position) values (1, ${pg ? '0' : 0}, ${pruned ? 1 : 0})`.execute(
    kysely,
  );
  await sql`alter table webhook_endpoints add column cursor_txid ${text}`.execute(kysely);
  await sql`alter table webhook_endpoints add column cursor_position ${text}`.execute(kysely);
  await sql`alter table webhook_endpoints drop column cursor_seq`.execute(kysely);
}
