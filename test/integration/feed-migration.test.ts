import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { testApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { undoFeedInCommitOrder } from '../helpers/migrations.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * Migration 012 on a database whose feed was ordered the old way: by (transaction id, position) on
 * PostgreSQL, by position on SQLite. The events kept are numbered per organization in that order, a
 * webhook endpoint keeps its place, and a cursor given out before the migration (`c1_`) still reads
 * exactly the events after it, or answers 410 where pruning may have taken some of them.
 */
describe.each(DIALECTS)('migration 012 (the feed in commit order) on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });
  const pg = dialect === 'postgres';

  it('numbers the kept events in their old order, keeps endpoints in place, and reads old cursors', async () => {
    const { kysely } = used.db;
    const imported = await kysely
      .selectFrom('events')
      .select(['id', 'organization_id', 'type', 'resource_type', 'resource_id', 'resource_version', 'occurred', 'body'])
      .orderBy('position')
      .execute();
    const ofOne = imported.filter((e) => e.organization_id === 1);
    const [a, b, c] = ofOne;
    const d = imported.find((e) => e.organization_id === 2);
    if (!a || !b || !c || !d) throw new Error('the fixtures record three events of organization 1 and one of 2');

    // The database as it was before migrations 012 and 013; pruning had reached transaction 90 on
    // PostgreSQL, position 1 on SQLite.
    await undoFeedInCommitOrder(used.db, { watermark: { txid: pg ? '90' : '0', position: '1' } });
    await sql`delete from kysely_migration where name >= '012'`.execute(kysely);

    // Organization 1's events B, A, C in the old feed order, whatever their positions: on
    // PostgreSQL A's transaction took its id after B's and committed first; on SQLite positions.
    await kysely.deleteFrom('events').execute();
    const insert = async (event: typeof a, txid: number) => {
      const values = { ...event, ...(pg ? { txid: String(txid) } : {}) };
      // The table as it was: no `seq` yet.
      await kysely
        .insertInto('events')
        .values(values as never)
        .execute();
      const row = await kysely
        .selectFrom('events')
        .select('position')
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      return { txid: pg ? txid : 0, position: Number(row.position) };
    };
    const at = {
      ...(pg ? { a: await insert(a, 200), b: await insert(b, 100) } : { b: await insert(b, 0), a: await insert(a, 0) }),
      c: await insert(c, 300),
      d: await insert(d, 150),
    };
    // An endpoint of organization 1 that had made B's delivery.
    const endpoint = await kysely
      .insertInto('webhook_endpoints')
      .values({
        organization_id: 1,
        url: 'https://example.com/hook',
        description: null,
        types: '',
        secret: 'whsec_x',
        created: 0,
        modified: 0,
        ...({ cursor_txid: pg ? '100' : 0, cursor_position: pg ? String(2n ** 63n - 1n) : at.b.position } as object),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const versionsBefore = await kysely.selectFrom('organizations').select(['id', 'version']).orderBy('id').execute();

    expect((await migrateToLatest(used.db)).applied).toEqual([
      '012_feed_in_commit_order',
      '013_webhook_replays',
      '014_blocks_and_stay_rules',
      '015_prices',
      '016_guests',
      '017_drafts',
      '018_calendars',
    ]);

    const numbered = await kysely
      .selectFrom('events')
      .select(['id', 'seq'])
      .orderBy('organization_id')
      .orderBy('seq')
      .execute();
    expect(numbered).toEqual([
      { id: b.id, seq: 1 },
      { id: a.id, seq: 2 },
      { id: c.id, seq: 3 },
      { id: d.id, seq: 1 },
    ]);
    const versions = new Map(
      (await kysely.selectFrom('organizations').select(['id', 'version']).execute()).map((o) => [o.id, o.version]),
    );
    for (const { id, version } of versionsBefore) {
      // Past every number given: the next event of each organization comes after them.
      expect(versions.get(id)).toBe(version + (id === 1 ? 3 : id === 2 ? 1 : 0));
    }
    const migrated = await kysely
      .selectFrom('webhook_endpoints')
      .select('cursor_seq')
      .where('id', '=', Number(endpoint.id))
      .executeTakeFirstOrThrow();
    expect(migrated.cursor_seq).toBe(1);

    const app = await testApp(used.db);
    const key = await apiKeyFor(used.db, { organizations: [1, 2] });
    const read = async (query: string) => {
      const response = await app.inject({ url: `/api/events?${query}`, headers: { 'x-api-key': key } });
      return {
        status: response.statusCode,
        ids: response.statusCode === 200 ? response.json().map((e: { id: string }) => e.id) : [],
      };
    };
    const old = `c1_${Buffer.from(pg ? `100.${2n ** 63n - 1n}` : `0.${at.b.position}`).toString('base64url')}`;
    expect(await read(`organization=1&after=${old}`)).toEqual({ status: 200, ids: [a.id, c.id] });
    expect(await read(`organization=2&after=${old}`)).toEqual({ status: 200, ids: [d.id] });
    expect(await read(`after=${old}`)).toEqual({ status: 200, ids: [a.id, d.id, c.id].sort() });
    // A cursor from before where the old pruning had reached: what followed it may be gone.
    const older = `c1_${Buffer.from(pg ? `80.${2n ** 63n - 1n}` : '0.0').toString('base64url')}`;
    expect((await read(`organization=1&after=${older}`)).status).toBe(410);
    // And after the migration: once pruning removed every event at or before the old position.
    await kysely.deleteFrom('events').where('id', '=', b.id).execute();
    await kysely.insertInto('events_pruned_by_organization').values({ organization_id: 1, seq: 1 }).execute();
    expect((await read(`organization=2&after=${old}`)).status).toBe(410);
    // A cursor of today goes on as before.
    expect(await read('organization=2')).toEqual({ status: 200, ids: [d.id] });
  });
});
