import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookingApiError, createClient } from '../../client/index.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** The SDK's `book()` (SPEC §15): the original's three steps, typed, against a listening service. */
describe.each(DIALECTS)("the client's book() on %s", (dialect) => {
  const used = useApp(dialect, { data: twoOrganizations, app: { clock: () => new Date('2025-06-15T10:00:00Z') } });
  let client: ReturnType<typeof createClient>;

  beforeAll(async () => {
    const admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    await used.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(used.app.server.address() as AddressInfo).port}`;
    const adminClient = createClient({ baseUrl, apiKey: admin });
    await adminClient.prices.components.create({
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '80.00',
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
    });
    client = createClient({ baseUrl, apiKey: await apiKeyFor(used.db, { organizations: [1], scope: 'write' }) });
  });

  it('drafts, configures and places, and the reservation keeps the draft’s id and price', async () => {
    const groups = await client.prices.ageGroups.list();
    const adults = groups.find((g) => g.category === 'adult')?.id as number;
    const { draft, reservation } = await client.reservations.book({
      accommodation: 12,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-04',
      ageGroups: { [adults]: 3 },
      guest: { firstName: 'Anna', surname: 'de Vries', email: 'anna@example.com' },
      source: 'website',
      confirmed: true,
    });
    expect(draft).toMatchObject({ status: 'draft', orderLinesTotal: '240.00' });
    expect(reservation).toMatchObject({
      id: draft.id,
      status: 'confirmed',
      adults: 3,
      guestName: 'Anna de Vries',
      totalAmount: '240.00',
      channel: 'website',
    });
    expect(await client.reservations.orderLines(reservation.id)).toEqual(draft.orderLines);
    // The nights are the reservation's now: a second booking of them is the service's 409.
    const refused = await client.reservations
      .book({ accommodation: 12, dateFrom: '2025-07-02', dateTo: '2025-07-03', guest: { surname: 'X' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BookingApiError);
    expect((refused as BookingApiError).status).toBe(409);
  });
});
