import { beforeEach, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import type { GuestFields } from '../../src/modules/guests/guests.schemas.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { load, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/** The place step's guest (SPEC §15): found by e-mail address within the organization, or made. */
describe.each(DIALECTS)('guestForPlacement on %s', (dialect) => {
  const used = useDatabase(dialect);
  const now = new Date('2027-01-10T09:00:00Z');
  const anna: GuestFields = {
    firstName: 'Anna',
    surname: 'de Vries',
    email: 'Anna@Example.com',
    phoneNumber: '+31 6 12345678',
    address: 'Dorpsstraat',
    addressNo: '12a',
    postalCode: '1234 AB',
    locality: 'Ede',
    country: 'NL',
    locale: 'nl',
  };
  const place = (organization: number, guest: GuestFields) =>
    withWriteTransaction(used.db, (trx) => guestForPlacement(trx, organization, guest, now));
  const guests = () => used.db.kysely.selectFrom('guests').selectAll().orderBy('id').execute();

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
  });

  it('makes a guest with every field, and finds it again by its address in any case, as stored', async () => {
    const id = await place(1, anna);
    const again = await place(1, { ...anna, email: ' anna@EXAMPLE.com ', firstName: 'Annie' });
    expect(again).toBe(id);
    expect(await guests()).toEqual([
      expect.objectContaining({
        id,
        organization_id: 1,
        first_name: 'Anna',
        surname: 'de Vries',
        email: 'Anna@Example.com',
        phone_number: '+31 6 12345678',
        address: 'Dorpsstraat',
        address_no: '12a',
        postal_code: '1234 AB',
        locality: 'Ede',
        country: 'NL',
        locale: 'nl',
        created: '2027-01-10T09:00:00Z',
        modified: '2027-01-10T09:00:00Z',
        erased: null,
      }),
    ]);
  });

  it('keeps organizations apart, and makes a new guest each time no address is given', async () => {
    const one = await place(1, anna);
    const two = await place(2, anna);
    const a = await place(1, { firstName: 'Bob' });
    const b = await place(1, { firstName: 'Bob', email: null });
    expect(new Set([one, two, a, b]).size).toBe(4);
    expect((await guests()).map((g) => [g.organization_id, g.email])).toEqual([
      [1, 'Anna@Example.com'],
      [2, 'Anna@Example.com'],
      [1, null],
      [1, null],
    ]);
  });

  it('finds one guest when placements with one address run at once', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `same${round}@example.com`;
      const ids = await releasedTogether(
        Array.from({ length: 6 }, (_, i) => () => place(1, { ...anna, email: i % 2 ? email.toUpperCase() : email })),
      );
      expect(new Set(ids).size).toBe(1);
    }
    expect((await guests()).length).toBe(5);
  });
});
