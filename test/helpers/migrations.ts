import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Takes a database back to how it was before migrations 012 (the feed in commit order) and 013
 * (webhook replays), for tests of migrations on an older database. The caller removes their rows
 * from `kysely_migration` (with those of any earlier migration it undoes too). `watermark`: where
 * the old pruning had reached (transaction id, position).
 */
export async function undoFeedInCommitOrder(db: Db, { watermark = { txid: '0', position: '0' } } = {}): Promise<void> {
  const { kysely } = db;
  const pg = db.dialect === 'postgres';
  await sql`drop table webhook_replays`.execute(kysely);
  await sql`drop table events_pruned_by_organization`.execute(kysely);
  await sql`drop index events_feed`.execute(kysely);
  await sql`drop index events_resource`.execute(kysely);
  if (!pg) await sql`drop trigger events_seq_required`.execute(kysely);
  await sql`alter table events drop column seq`.execute(kysely);
  await sql`create index events_feed on events (organization_id, txid, position)`.execute(kysely);
  await sql`create index events_resource on events (resource_type, resource_id, position)`.execute(kysely);
  await sql`create index events_order on events (txid, position)`.execute(kysely);
  const text = sql.raw(pg ? 'text' : 'integer');
  // The old pruning watermark, which migration 012 keeps.
  await sql`update events_pruned set txid = ${pg ? watermark.txid : Number(watermark.txid)}, position = ${
    pg ? watermark.position : Number(watermark.position)
  }`.execute(kysely);
  await sql`alter table webhook_endpoints add column cursor_txid ${text}`.execute(kysely);
  await sql`alter table webhook_endpoints add column cursor_position ${text}`.execute(kysely);
  await sql`alter table webhook_endpoints drop column cursor_seq`.execute(kysely);
}
