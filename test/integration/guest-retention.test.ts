import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { sweepRetainedGuests } from '../../src/modules/guests/guests.service.js';
import { startWebhookWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { load, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * GUEST_RETENTION_DAYS (SPEC §15): guests are erased that many days after their last departure, by
 * the workers' sweep, once each however many processes sweep at once. The clock is injected.
 */
describe.each(DIALECTS)('guest retention on %s', (dialect) => {
  const used = useDatabase(dialect);
  const made = new Date('2025-01-10T09:00:00Z');

  /** A guest of `organization` with reservations departing on `departures`. */
  const guestDeparting = async (email: string, departures: string[], organization = 1) => {
    const id = await withWriteTransaction(used.db, (trx) =>
      guestForPlacement(trx, organization, { firstName: 'Retained', surname: email, email }, made),
    );
    for (const departure of departures) {
      await used.db.kysely
        .insertInto('reservations')
        .values({
          organization_id: organization,
          accommodation_id: organization === 1 ? 10 : 20,
          reservation_number: `R-${email}-${departure}`,
          // Not holding nights: the test's stays may overlap (cancelled ones count for retention too).
          status: 'cancelled',
          date_from: '2025-01-01',
          date_to: departure,
          adults: 1,
          children: 0,
          babies: 0,
          guest_name: `Retained ${email}`,
          total_amount_minor: 100,
          currency: 'EUR',
          channel: 'website',
          created: '2025-01-01T00:00:00Z',
          modified: '2025-01-01T00:00:00Z',
          cancelled: '2025-01-01T00:00:00Z',
          guest_id: id,
        })
        .execute();
    }
    return id;
  };
  const erasedIds = async () =>
    (
      await used.db.kysely.selectFrom('guests').select('id').where('erased', 'is not', null).orderBy('id').execute()
    ).map((r) => r.id);

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
  });

  it('erases a guest the given days after its last departure, in its organization’s today, not before', async () => {
    const a = await guestDeparting('a@example.com', ['2025-01-05', '2025-02-01']);
    const b = await guestDeparting('b@example.com', ['2025-01-20']);
    const none = await withWriteTransaction(used.db, (trx) =>
      guestForPlacement(trx, 1, { firstName: 'No', surname: 'Stay', email: 'none@example.com' }, made),
    );
    // Organization 2 is in New York: its today starts five hours after UTC's.
    const ny = await guestDeparting('ny@example.com', ['2025-01-20'], 2);
    const at = (iso: string) => () => new Date(iso);

    expect(await sweepRetainedGuests(used.db, at('2025-02-05T12:00:00Z'), 30)).toBe(0);
    // The guest without a stay: 30 days after its creation (2025-01-10).
    expect(await sweepRetainedGuests(used.db, at('2025-02-18T12:00:00Z'), 30)).toBe(1);
    expect(await erasedIds()).toEqual([none]);
    // 30 days after 2025-01-20 is 2025-02-19: Amsterdam's today from 2025-02-18T23:00Z.
    expect(await sweepRetainedGuests(used.db, at('2025-02-18T23:30:00Z'), 30)).toBe(1);
    expect(await erasedIds()).toEqual([b, none]);
    expect(await sweepRetainedGuests(used.db, at('2025-02-19T04:30:00Z'), 30)).toBe(0);
    expect(await sweepRetainedGuests(used.db, at('2025-02-19T05:30:00Z'), 30)).toBe(1);
    expect(await erasedIds()).toEqual([b, none, ny]);
    // Its last departure, not its first, counts.
    expect(await sweepRetainedGuests(used.db, at('2025-03-02T12:00:00Z'), 30)).toBe(0);
    expect(await sweepRetainedGuests(used.db, at('2025-03-03T12:00:00Z'), 30)).toBe(1);
    expect(await erasedIds()).toEqual([a, b, none, ny]);
    const reservations = await used.db.kysely.selectFrom('reservations').select('guest_name').distinct().execute();
    expect(reservations).toEqual([{ guest_name: 'Erased guest' }]);
    const erasures = await used.db.kysely
      .selectFrom('events')
      .select('resource_id')
      .where('type', '=', 'guest.erased')
      .execute();
    expect(erasures.map((e) => e.resource_id).sort((x, y) => x - y)).toEqual([a, b, none, ny]);
  });

  it('erases each guest once when two sweeps run at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await guestDeparting(`g${i}@example.com`, ['2025-01-20']));
    const clock = () => new Date('2025-06-01T12:00:00Z');
    for (let round = 0; round < 2; round++) {
      const counts = await releasedTogether([
        () => sweepRetainedGuests(used.db, clock, 30),
        () => sweepRetainedGuests(used.db, clock, 30),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(round === 0 ? 8 : 0);
    }
    const { rows } = await sql<{ resource_id: number; n: number }>`
      select resource_id, count(*) as n from events where type = 'guest.erased' group by resource_id`.execute(
      used.db.kysely,
    );
    expect(rows.map((r) => [Number(r.resource_id), Number(r.n)]).sort((x, y) => x[0]! - y[0]!)).toEqual(
      ids.map((id) => [id, 1]),
    );
  });

  it('is what the workers do when GUEST_RETENTION_DAYS is set, and only then', async () => {
    const id = await guestDeparting('w@example.com', ['2025-01-20']);
    const now = () => Date.parse('2025-06-01T12:00:00Z');
    const log = { error: () => {}, warn: () => {}, info: () => {} };
    const unset = startWebhookWorker(used.db, loadConfig({}).webhooks, log, { now, pollMs: 20 });
    await sleep(300);
    await unset.stop();
    expect(await erasedIds()).toEqual([]);

    const settings = loadConfig({ GUEST_RETENTION_DAYS: '30' }).webhooks;
    expect(settings.guestRetentionDays).toBe(30);
    const worker = startWebhookWorker(used.db, settings, log, { now, pollMs: 20 });
    try {
      for (let i = 0; i < 100 && (await erasedIds()).length === 0; i++) await sleep(50);
    } finally {
      await worker.stop();
    }
    expect(await erasedIds()).toEqual([id]);
    expect(() => loadConfig({ GUEST_RETENTION_DAYS: '0' })).toThrow(/GUEST_RETENTION_DAYS/);
  });
});
