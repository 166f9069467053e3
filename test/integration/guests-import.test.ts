import { beforeEach, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { dumpDatabase } from '../../src/modules/data/dump.service.js';
import type { ImportDocument } from '../../src/modules/data/import.schemas.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { eraseGuest } from '../../src/modules/guests/guests.service.js';
import { createTestDatabase, DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { fixedClock, load, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/** `booking import` and `booking dump` carry guests (SPEC §15) and reservations' links to them. */

const reservation = (id: number, guest?: number | null) => ({
  id,
  reservationNumber: `G-${id}`,
  organization: 1,
  accommodation: 10,
  dateFrom: `2025-07-${String(id).padStart(2, '0')}`,
  dateTo: `2025-07-${String(id + 1).padStart(2, '0')}`,
  adults: 2,
  guestName: 'Jorinde Klaassen',
  totalAmount: '100.00',
  currency: 'EUR',
  ...(guest === undefined ? {} : { guest }),
});
const jorinde = {
  id: 40,
  organization: 1,
  firstName: 'Jorinde',
  surname: 'Klaassen',
  email: 'Jorinde@Example.com',
  phoneNumber: '+31 6 1111',
  address: null,
  addressNo: null,
  postalCode: null,
  locality: 'Ede',
  country: 'NL',
  locale: 'nl',
  created: '2025-05-01T10:00:00Z',
  modified: '2025-05-02T10:00:00Z',
  erased: null,
};

describe.each(DIALECTS)('guests in booking import and dump on %s', (dialect) => {
  const used = useDatabase(dialect);
  const clock = fixedClock('2025-06-15T10:00:00Z');
  const importing = (document: ImportDocument) => importDocument(used.db, clock, document);
  const refused = async (document: ImportDocument) => {
    const error = await importing(document).then(
      () => undefined,
      (e: unknown) => e as { options?: { errors?: { parameter: string; message: string }[] } },
    );
    return error?.options?.errors?.map((e) => `${e.parameter}: ${e.message}`);
  };

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
  });

  it('loads guests and the links, keeps them as given, and finds a guest without id by its address', async () => {
    const report = await importing({
      guests: [jorinde, { organization: 1, firstName: 'New', email: 'new@example.com' }],
      reservations: [reservation(1, 40), reservation(2)],
    });
    expect(report).toMatchObject({ guests: 2, reservations: 2 });
    const guests = await used.db.kysely.selectFrom('guests').selectAll().orderBy('id').execute();
    expect(guests.map((g) => [g.id, g.email, g.email_key, g.created, g.modified])).toEqual([
      [40, 'Jorinde@Example.com', 'jorinde@example.com', '2025-05-01T10:00:00Z', '2025-05-02T10:00:00Z'],
      [41, 'new@example.com', 'new@example.com', '2025-06-15T10:00:00Z', '2025-06-15T10:00:00Z'],
    ]);
    const links = await used.db.kysely.selectFrom('reservations').select(['id', 'guest_id']).orderBy('id').execute();
    expect(links).toEqual([
      { id: 1, guest_id: 40 },
      { id: 2, guest_id: null },
    ]);
    // Its event shows the link as the summary does.
    const created = await used.db.kysely
      .selectFrom('events')
      .select('body')
      .where('resource_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(created.body).data.guest).toBe(40);

    // Again without ids: the same guests (by address, any case), and a reservation left without `guest` keeps its link.
    await importing({
      guests: [{ organization: 1, firstName: 'Jorinde', surname: 'K.', email: 'JORINDE@example.com' }],
      reservations: [reservation(1), reservation(2, 40)],
    });
    expect(await used.db.kysely.selectFrom('guests').select(['id', 'surname']).orderBy('id').execute()).toEqual([
      { id: 40, surname: 'K.' },
      { id: 41, surname: null },
    ]);
    expect(await used.db.kysely.selectFrom('reservations').select(['id', 'guest_id']).orderBy('id').execute()).toEqual([
      { id: 1, guest_id: 40 },
      { id: 2, guest_id: 40 },
    ]);
  });

  it('names every guest it refuses, and writes nothing', async () => {
    await withWriteTransaction(used.db, (trx) => guestForPlacement(trx, 1, { email: 'stored@example.com' }, clock()));
    const errors = await refused({
      guests: [
        { ...jorinde, erased: '2025-06-01T00:00:00Z' },
        { id: 41, organization: 1, email: 'twice@example.com' },
        { id: 42, organization: 1, email: 'TWICE@example.com' },
        { id: 43, organization: 1, email: 'stored@example.com' },
        { id: 44, organization: 9, email: 'nowhere@example.com' },
        { id: 45, organization: 2, firstName: 'Elsewhere' },
      ],
      reservations: [reservation(1, 45), reservation(2, 999)],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'guests[0].firstName: must be null for an erased guest',
        'guests[0].email: must be null for an erased guest',
        'guests[2].email: repeats the e-mail address of guests[1]',
      ]),
    );
    // The checks against the stored data come once the file itself is sound.
    const second = await refused({
      guests: [
        { id: 43, organization: 1, email: 'stored@example.com' },
        { id: 45, organization: 2, firstName: 'Elsewhere' },
      ],
      reservations: [reservation(1, 45), reservation(2, 999)],
    });
    expect(second).toEqual([
      expect.stringMatching(/^guests\[0\]\.email: belongs to stored guest \d+$/),
      'reservations[0].guest: guest 45 belongs to another organization',
      'reservations[1].guest: no guest with id 999',
    ]);
    expect(await used.db.kysely.selectFrom('guests').select('id').execute()).toHaveLength(1);
  });

  it('dumps guests before the reservations that name them, erased ones as they are, and loads the dump back', async () => {
    await importing({
      guests: [jorinde, { id: 41, organization: 1, firstName: 'Gone', email: 'gone@example.com' }],
      reservations: [reservation(1, 40), reservation(2, 41), reservation(3)],
    });
    await withWriteTransaction(used.db, (trx) => eraseGuest(trx, clock, [1], 41));
    let text = '';
    const report = await dumpDatabase(used.db, async (piece) => {
      text += piece;
    });
    expect(report).toMatchObject({ guests: 2, reservations: 3 });
    const dumped = JSON.parse(text) as Required<ImportDocument>;
    expect(Object.keys(dumped).indexOf('guests')).toBeLessThan(Object.keys(dumped).indexOf('reservations'));
    expect(dumped.guests).toEqual([
      jorinde,
      expect.objectContaining({ id: 41, firstName: null, email: null, erased: '2025-06-15T10:00:00Z' }),
    ]);
    expect(dumped.reservations.map((r) => [r.id, r.guest, r.guestName])).toEqual([
      [1, 40, 'Jorinde Klaassen'],
      [2, 41, 'Erased guest'],
      [3, undefined, 'Jorinde Klaassen'],
    ]);
    expect(text).not.toContain('gone@example.com');

    const target = await createTestDatabase(dialect);
    try {
      await importDocument(target.db, clock, dumped);
      const rows = (db: typeof target.db) =>
        db.kysely
          .selectFrom('guests')
          .select(['id', 'organization_id', 'email', 'email_key', 'erased', 'created'])
          .orderBy('id')
          .execute();
      expect(await rows(target.db)).toEqual(await rows(used.db));
      const links = (db: typeof target.db) =>
        db.kysely.selectFrom('reservations').select(['id', 'guest_id', 'guest_name']).orderBy('id').execute();
      expect(await links(target.db)).toEqual(await links(used.db));
    } finally {
      await target.drop();
    }
  });
});
