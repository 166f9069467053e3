import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/** Takes a database back to how it was before migration 018 (calendar sync). The caller removes its row from `kysely_migration`. */
export async function undoCalendars(db: Db): Promise<void> {
  await sql`drop table calendar_events`.execute(db.kysely);
  await sql`drop table calendars`.execute(db.kysely);
  await sql`drop table ical_feeds`.execute(db.kysely);
}

/** Takes a database back to how it was before migration 017 (drafts and order lines), and every later one. The caller removes their rows from `kysely_migration`. */
export async function undoDrafts(db: Db): Promise<void> {
  await undoCalendars(db);
  if (db.dialect === 'postgres') await sql`drop function draft_night_holds cascade`.execute(db.kysely);
  await sql`drop table reservation_order_lines`.execute(db.kysely);
  await sql`drop table drafts`.execute(db.kysely);
}

/** Takes a database back to how it was before migration 016 (guests), and every later one. The caller removes their rows from `kysely_migration`. */
export async function undoGuests(db: Db): Promise<void> {
  await undoDrafts(db);
  await sql`drop index webhook_deliveries_event`.execute(db.kysely);
  await sql`drop index reservations_guest`.execute(db.kysely);
  await sql`alter table reservations drop column guest_id`.execute(db.kysely);
  await sql`drop table guests`.execute(db.kysely);
}

/** Takes a database back to how it was before migration 015 (prices) and every later one. The caller removes their rows from `kysely_migration`. */
export async function undoPrices(db: Db): Promise<void> {
  await undoGuests(db);
  await sql`drop table price_records`.execute(db.kysely);
  await sql`alter table organizations drop column currency`.execute(db.kysely);
}

/**
 * Takes a database back to how it was before migration 014 (blocks, stay rules and, on PostgreSQL,
 * the night holds whose constraint replaced reservations' own). The caller removes its row from
 * `kysely_migration`.
 */
export async function undoBlocksAndStayRules(db: Db): Promise<void> {
  const { kysely } = db;
  await undoPrices(db);
  if (db.dialect === 'postgres') {
    for (const holder of ['reservation', 'block']) {
      await sql.raw(`drop function ${holder}_night_holds cascade`).execute(kysely);
    }
    await sql`drop table night_holds`.execute(kysely);
    await sql`
      alter table reservations add constraint reservations_no_double_booking
      exclude using gist (accommodation_id with =, daterange(date_from, date_to, '[)') with &&)
      where (status not in ('cancelled', 'no-show'))
      deferrable initially immediate`.execute(kysely);
  }
  await sql`drop table stay_rules`.execute(kysely);
  await sql`drop table blocks`.execute(kysely);
}

/**
 * Takes a database back to how it was before migrations 012 (the feed in commit order) and 013
 * (webhook replays), and every later one, for tests of migrations on an older database. The caller removes their rows
 * from `kysely_migration` (with those of any earlier migration it undoes too). `watermark`: where
 * the old pruning had reached (transaction id, position).
 */
export async function undoFeedInCommitOrder(db: Db, { watermark = { txid: '0', position: '0' } } = {}): Promise<void> {
  const { kysely } = db;
  const pg = db.dialect === 'postgres';
  await undoBlocksAndStayRules(db);
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
