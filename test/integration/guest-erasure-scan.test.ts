import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import type { GuestFields } from '../../src/modules/guests/guests.schemas.js';
import { fanOut } from '../../src/modules/webhooks/fan-out.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, load, twoOrganizations } from '../helpers/fixtures.js';
import { columnsHolding } from '../helpers/text-scan.js';
import { rememberPersonalData } from '../helpers/secrets.js';
import { useApp } from '../helpers/use-database.js';

/**
 * The proof issue 37 asks for: after a guest is erased, no byte of its name, e-mail address or
 * phone number is left in any column of any table (found from the catalog), on both databases.
 * Before the erasure the same scan finds them in every place the service copies them to, so the
 * scan is shown to see what it looks for.
 */

const GUEST: GuestFields = {
  firstName: 'Wilhelmina',
  surname: 'Oosterbroek',
  email: 'w.oosterbroek@mail.example',
  phoneNumber: '+31 20 5550173',
  address: 'Lindengracht',
  addressNo: '88',
  postalCode: '1015 KK',
  locality: 'Amsterdam',
  country: 'NL',
  locale: 'nl',
};
/** What must not be left: each name, the address before the @ and the whole address, the phone's digits. */
const NEEDLES = ['Wilhelmina', 'Oosterbroek', 'w.oosterbroek@mail.example', 'w.oosterbroek', '5550173', 'Lindengracht'];

rememberPersonalData(...NEEDLES);

describe.each(DIALECTS)('erasure leaves nothing of the guest on %s', (dialect) => {
  const now = new Date('2025-06-15T10:00:00Z');
  const used = useApp(dialect, { app: { clock: () => now } });
  let admin: string;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers = {}) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': admin, ...headers } });

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    await used.db.kysely
      .updateTable('organizations')
      .set({ version: sql`version + 1000000` })
      .execute();
    admin = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'admin' });
  });

  it('scans every text of every table after an erasure and finds none of it', async () => {
    const guest = await withWriteTransaction(used.db, (trx) => guestForPlacement(trx, 1, GUEST, now));
    // The same person as a guest of another organization: that record is not this erasure's to touch.
    const elsewhere = await withWriteTransaction(used.db, (trx) => guestForPlacement(trx, 2, GUEST, now));
    await used.db.kysely
      .insertInto('webhook_endpoints')
      .values({
        organization_id: 1,
        url: 'https://receiver.example/hook',
        description: null,
        types: '',
        secret: 'whsec_x',
        cursor_seq: 0,
        created: 0,
        modified: 0,
      })
      .execute();
    const reservations: number[] = [];
    for (const [i, dates] of [
      ['2025-07-01', '2025-07-05'],
      ['2025-08-01', '2025-08-08'],
    ].entries()) {
      const created = await send(
        'POST',
        '/api/reservations',
        {
          organization: 1,
          accommodation: 10,
          dateFrom: dates[0],
          dateTo: dates[1],
          adults: 2,
          guestName: 'Wilhelmina Oosterbroek',
          totalAmount: '500.00',
          currency: 'EUR',
        },
        { 'idempotency-key': `scan-${i}` },
      );
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json();
      reservations.push(id);
      await used.db.kysely.updateTable('reservations').set({ guest_id: guest }).where('id', '=', id).execute();
    }
    // And a stay booked through the original's flow (SPEC §15): draft, configure, place with the guest.
    const rent = await send('POST', '/api/accommodation_price_components', {
      organization: 1,
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '90.00',
      type: 'chalet',
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
    });
    expect(rent.statusCode, rent.body).toBe(201);
    const draft = await send('POST', '/api/reservations/?organization=1', {
      accommodation: { id: 12 },
      dateFrom: '2025-09-01',
      dateTo: '2025-09-04',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { id: drafted, token } = draft.json() as { id: number; token: string };
    const placed = await send('PUT', `/api/reservations/${drafted}/place?token=${token}`, {
      guest: { ...GUEST, email: 'W.OOSTERBROEK@mail.example' },
      source: 'website',
      confirmed: true,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ guest, guestName: 'Wilhelmina Oosterbroek' });
    reservations.push(drafted);
    const renamed = await send('PATCH', `/api/reservations/${reservations[1]}`, { guestName: 'W. Oosterbroek' });
    expect(renamed.statusCode).toBe(200);
    await fanOut(used.db, Date.now());
    // Read through the caches before the erasure.
    await send('GET', '/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-08-31');
    await send('GET', '/api/guests?organization=1');

    const before = await columnsHolding(used.db, 'Oosterbroek');
    for (const column of ['guests.surname', 'reservations.guest_name', 'events.body', 'webhook_deliveries.body']) {
      expect(before).toContain(column);
    }
    expect(before).toContain('idempotency_keys.body');
    expect(await columnsHolding(used.db, '5550173')).toEqual(['guests.phone_number']);

    const erased = await send('DELETE', `/api/guests/${guest}`);
    expect(erased.statusCode, erased.body).toBe(200);
    await fanOut(used.db, Date.now());

    // Only the other organization's guest record still holds them: its guest is not this one.
    for (const needle of NEEDLES) {
      for (const column of await columnsHolding(used.db, needle)) expect(column, needle).toMatch(/^guests\./);
    }
    const other = await used.db.kysely.selectFrom('guests').selectAll().where('id', '=', elsewhere).executeTakeFirst();
    expect(other).toMatchObject({ surname: 'Oosterbroek', erased: null });
    await used.db.kysely.deleteFrom('guests').where('id', '=', elsewhere).execute();
    for (const needle of NEEDLES) expect(await columnsHolding(used.db, needle), needle).toEqual([]);
    if (dialect === 'sqlite') {
      // Not even in the file's free space: the database file itself, after a checkpoint, holds none of it.
      const { rows } = await sql`pragma wal_checkpoint(truncate)`.execute(used.db.kysely);
      expect(rows).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
      const file = readFileSync(used.url.replace(/^sqlite:/, ''))
        .toString('latin1')
        .toLowerCase();
      for (const needle of NEEDLES) expect(file.includes(needle.toLowerCase()), needle).toBe(false);
    }
    // What the service shows after it is what it stores: the erased name, read again through every path.
    const page = await send('GET', '/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-09-30');
    expect(page.json().map((s: { guestName: string }) => s.guestName)).toEqual([
      'Erased guest',
      'Erased guest',
      'Erased guest',
    ]);
    const guests = await send('GET', '/api/guests?organization=1');
    expect(guests.body).not.toContain('Oosterbroek');
  });
});
