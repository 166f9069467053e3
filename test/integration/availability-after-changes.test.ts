import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, fixedClock, reload, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §13: the search and the grid are exact after every write. A process keeps each organization's
 * active accommodations, stay rules and prices under its change counter (availability.service.ts),
 * so each test reads first (the process then keeps them), changes an accommodation, a rule or a
 * block through the API, and reads again.
 */

const SEARCH = '/api/availability/search?organization=1&dateFrom=2025-07-10&dateTo=2025-07-15&adults=2';
const GRID = '/api/availability?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31';

interface Result {
  accommodation: { id: number; type: string; maxPersons: number };
  reasons: string[];
  orderLinesTotal: string | null;
}

describe.each(DIALECTS)('availability after changes, on %s', (dialect) => {
  const used = useApp(dialect, { app: { clock: fixedClock() } });
  let admin: string;

  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const response = await used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': admin } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };

  beforeEach(async () => {
    await reload(used.db, twoOrganizations);
    admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    // Every night of July has a rent (SPEC §14): the park's own, and the chalets' of their own.
    const rent = { organization: 1, description: 'Rent', kind: 'rent', basis: 'night' };
    await send('POST', '/api/accommodation_price_components', {
      ...rent,
      amount: '100.00',
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
    await send('POST', '/api/accommodation_price_components', {
      ...rent,
      type: 'chalet',
      amount: '120.00',
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
    });
  });
  const search = async () =>
    Object.fromEntries(((await send('GET', SEARCH)) as Result[]).map((r) => [r.accommodation.id, r]));
  const grid = async () =>
    ((await send('GET', GRID)) as { accommodations: { id: number }[] }).accommodations.map((a) => a.id);

  it('shows accommodations as they are now: activated, changed, deactivated', async () => {
    expect(Object.keys(await search())).toEqual(['10', '12']);
    expect(await grid()).toEqual([10, 12]);
    await send('PATCH', '/api/accommodations/11', { active: true });
    await send('PATCH', '/api/accommodations/12', { maxPersons: 1, type: 'lodge' });
    expect(Object.keys(await search())).toEqual(['10', '11', '12']);
    expect((await search())[12]).toMatchObject({
      accommodation: { type: 'lodge', maxPersons: 1 },
      reasons: ['capacity'],
    });
    // Five nights: the pitch at the park's rent, the chalet at the chalets'.
    expect((await search())[11]).toMatchObject({ reasons: [], orderLinesTotal: '500.00' });
    expect((await search())[10]).toMatchObject({ reasons: [], orderLinesTotal: '600.00' });
    // A lodge again that two may share: now at the park's rent, no longer the chalets'.
    await send('PATCH', '/api/accommodations/12', { maxPersons: 2 });
    expect((await search())[12]).toMatchObject({
      accommodation: { type: 'lodge' },
      reasons: [],
      orderLinesTotal: '500.00',
    });
    await send('PATCH', '/api/accommodations/10', { active: false });
    expect(Object.keys(await search())).toEqual(['11', '12']);
    expect(await grid()).toEqual([11, 12]);
  });

  it('applies stay rules as they are now: added, changed, removed', async () => {
    expect((await search())[10]?.reasons).toEqual([]);
    const rule = await send('POST', '/api/stay-rules', {
      organization: 1,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-31',
      minNights: 7,
    });
    expect((await search())[10]?.reasons).toEqual(['min-nights']);
    await send('POST', '/api/stay-rules', {
      organization: 1,
      accommodation: 12,
      dateFrom: '2025-07-10',
      dateTo: '2025-07-10',
      minNights: 2,
    });
    expect((await search())[12]?.reasons).toEqual([]);
    await send('PATCH', `/api/stay-rules/${rule.id}`, { minNights: null, bookable: false });
    expect((await search())[10]?.reasons).toEqual(['not-bookable']);
    expect((await search())[12]?.reasons).toEqual(['not-bookable']);
    await send('DELETE', `/api/stay-rules/${rule.id}`);
    expect((await search())[10]?.reasons).toEqual([]);
  });

  it('sees blocks and reservations as they are now', async () => {
    expect((await search())[10]?.reasons).toEqual([]);
    const block = await send('POST', '/api/blocks', {
      organization: 1,
      accommodation: 10,
      dateFrom: '2025-07-14',
      dateTo: '2025-07-16',
      kind: 'maintenance',
    });
    expect((await search())[10]?.reasons).toEqual(['blocked']);
    await send('DELETE', `/api/blocks/${block.id}`);
    expect((await search())[10]?.reasons).toEqual([]);
    await send('POST', '/api/reservations', {
      accommodation: 12,
      dateFrom: '2025-07-08',
      dateTo: '2025-07-11',
      adults: 2,
      guestName: 'Anna de Vries',
      totalAmount: '300.00',
      currency: 'EUR',
    });
    expect((await search())[12]?.reasons).toEqual(['taken']);
    expect((await search())[10]?.reasons).toEqual([]);
  });
});
