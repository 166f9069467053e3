import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { timestamp } from './import-document.js';
import type { ImportCalendar, ImportIcalFeed } from './import.schemas.js';

type Conn = Kysely<Database>;

/**
 * Subscribed calendars by id, each with its events as the file has them (its fetch state starts
 * again: due at once, without validators, so the first fetch reads the whole feed), and export
 * feeds by accommodation. Few rows: plain statements, not the bulk writer.
 */
export async function importCalendars(
  trx: Conn,
  calendars: readonly ImportCalendar[],
  feeds: readonly ImportIcalFeed[],
  now: string,
): Promise<void> {
  for (const c of calendars) {
    const values = {
      organization_id: c.organization,
      accommodation_id: c.accommodation,
      name: c.name,
      url: c.url,
      modified: timestamp(c.modified) ?? now,
    };
    await trx
      .insertInto('calendars')
      .values({ id: c.id, ...values, created: timestamp(c.created) ?? now, next_fetch_at: 0 })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ ...values, next_fetch_at: 0, etag: null, last_modified: null }),
      )
      .execute();
    await trx.deleteFrom('calendar_events').where('calendar_id', '=', c.id).execute();
    const events = c.events ?? [];
    for (let i = 0; i < events.length; i += 500) {
      await trx
        .insertInto('calendar_events')
        .values(
          events.slice(i, i + 500).map((e) => ({
            calendar_id: c.id,
            uid: e.uid,
            organization_id: c.organization,
            date_from: e.dateFrom,
            date_to: e.dateTo,
            block_id: e.block,
            held_by_kind: e.heldBy?.kind ?? null,
            held_by_id: e.heldBy?.id ?? null,
            missing: e.missing,
          })),
        )
        .execute();
    }
  }
  if (calendars.length > 0 && isPostgres(trx)) {
    // Ids given explicitly: the identity goes on after the highest.
    await sql`select setval(pg_get_serial_sequence('calendars', 'id'), (select max(id) from calendars))`.execute(trx);
  }
  for (const f of feeds) {
    const values = { organization_id: f.organization, token_hash: f.tokenHash, created: timestamp(f.created) ?? now };
    await trx
      .insertInto('ical_feeds')
      .values({ accommodation_id: f.accommodation, ...values })
      .onConflict((oc) => oc.column('accommodation_id').doUpdateSet(values))
      .execute();
  }
}
