import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { DIALECTS } from '../helpers/databases.js';
import { load, twoOrganizations } from '../helpers/fixtures.js';
import { undoFeedInCommitOrder } from '../helpers/migrations.js';
import { useDatabase } from '../helpers/use-database.js';

/** Migration 006 on a database that already holds reservations: the bound starts at the longest stored stay. */
describe.each(DIALECTS)('migrations 006 (longest stay), 010 and 014 on %s', (dialect) => {
  const used = useDatabase(dialect);

  it('sets each organization to its longest stored stay, cancelled ones included, and one without any to 0; 010 counts the stored arrivals and departures per day', async () => {
    const stays = [
      {
        id: 1,
        organization: 1,
        accommodation: 10,
        dateFrom: '2025-01-01',
        dateTo: '2025-01-04',
        status: 'confirmed' as const,
      },
      {
        id: 2,
        organization: 1,
        accommodation: 12,
        dateFrom: '2025-02-01',
        dateTo: '2025-03-15',
        status: 'cancelled' as const,
      },
      {
        id: 3,
        organization: 2,
        accommodation: 20,
        dateFrom: '2025-01-01',
        dateTo: '2025-01-08',
        status: 'confirmed' as const,
      },
    ];
    await load(used.db, {
      ...twoOrganizations,
      reservations: stays.map((s) => ({
        ...s,
        reservationNumber: `M-${s.id}`,
        adults: 1,
        guestName: 'Before the migration',
        totalAmount: '1.00',
        currency: 'EUR',
      })),
    });
    // The database as it was before migration 006 (and so before every later one: Kysely refuses a
    // history with a gap).
    const { kysely } = used.db;
    await undoFeedInCommitOrder(used.db);
    await sql`alter table credentials drop column bindings_token`.execute(kysely);
    await sql`alter table organizations drop column longest_stay_nights`.execute(kysely);
    await sql`drop table console_sessions`.execute(kysely);
    for (const trigger of ['reservation_days_insert', 'reservation_days_delete', 'reservation_days_update']) {
      await sql.raw(`drop trigger ${trigger}${dialect === 'postgres' ? ' on reservations' : ''}`).execute(kysely);
    }
    if (dialect === 'postgres') await sql`drop function reservation_days_count`.execute(kysely);
    await sql`drop table reservation_days`.execute(kysely);
    // (008 only rebuilds an index: run again, it builds the same one.)
    await sql`delete from kysely_migration where name >= '006'`.execute(kysely);

    expect((await migrateToLatest(used.db)).applied).toEqual([
      '006_longest_stay',
      '007_bindings_token',
      '008_stay_covering_index',
      '009_console_sessions',
      '010_reservation_days',
      '011_deferrable_double_booking',
      '012_feed_in_commit_order',
      '013_webhook_replays',
      '014_blocks_and_stay_rules',
      '015_prices',
      '016_guests',
      '017_drafts',
      '018_calendars',
    ]);
    const rows = await kysely.selectFrom('organizations').select(['id', 'longest_stay_nights']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, longest_stay_nights: 42 },
      { id: 2, longest_stay_nights: 7 },
      { id: 3, longest_stay_nights: 0 },
    ]);
    // Migration 015 gave every stored organization the euro and Adults, Children and Babies.
    const currencies = await kysely.selectFrom('organizations').select('currency').distinct().execute();
    expect(currencies).toEqual([{ currency: 'EUR' }]);
    const groups = await kysely
      .selectFrom('price_records')
      .select(['organization_id', 'description', 'terms'])
      .where('record', '=', 'age-group')
      .orderBy('organization_id')
      .orderBy('id')
      .execute();
    expect(groups.map((g) => [g.organization_id, g.description, JSON.parse(g.terms)])).toEqual(
      [1, 2, 3].flatMap((organization) => [
        [organization, 'Adults', { minAge: 18, maxAge: 120, category: 'adult' }],
        [organization, 'Children', { minAge: 3, maxAge: 17, category: 'child' }],
        [organization, 'Babies', { minAge: 0, maxAge: 2, category: 'baby' }],
      ]),
    );
    // Migration 010 counted the stored reservations' arrivals and departures per day.
    const days = await kysely
      .selectFrom('reservation_days')
      .select(['organization_id', 'day', 'arrivals', 'departures'])
      .orderBy('organization_id')
      .orderBy('day')
      .execute();
    const expected = new Map<string, { arrivals: number; departures: number }>();
    for (const stay of stays) {
      for (const [day, move] of [
        [stay.dateFrom, 'arrivals'],
        [stay.dateTo, 'departures'],
      ] as const) {
        const key = `${stay.organization} ${day}`;
        const counts = expected.get(key) ?? { arrivals: 0, departures: 0 };
        counts[move] += 1;
        expected.set(key, counts);
      }
    }
    expect(
      new Map(days.map((d) => [`${d.organization_id} ${d.day}`, { arrivals: d.arrivals, departures: d.departures }])),
    ).toEqual(expected);
    // Migration 014 copied the nights of the stored stays that hold them (not the cancelled one)
    // into PostgreSQL's night holds, and its constraint now refuses a stay over them.
    if (dialect === 'postgres') {
      const holds = await sql<{ holder_id: number }>`select holder_id from night_holds order by holder_id`.execute(
        kysely,
      );
      expect(holds.rows.map((r) => r.holder_id)).toEqual([1, 3]);
      const overlap = kysely
        .insertInto('blocks')
        .values({
          organization_id: 1,
          accommodation_id: 10,
          date_from: '2025-01-03',
          date_to: '2025-01-05',
          kind: 'closed',
          note: null,
          calendar_id: null,
          created: '2025-01-01T00:00:00Z',
          modified: '2025-01-01T00:00:00Z',
        })
        .execute();
      await expect(overlap).rejects.toMatchObject({ code: '23P01', constraint: 'night_holds_no_overlap' });
    }
  });
});
