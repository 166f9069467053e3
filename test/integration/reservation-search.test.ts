import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** GET /api/reservations/search (SPEC §11 "search by guest name or reservation number"). */

let nextId = 500;
const reservation = (
  reservationNumber: string,
  guestName: string,
  dateFrom: string,
  extra: Partial<ImportReservation> = {},
): ImportReservation => {
  nextId += 1;
  return {
    id: nextId,
    reservationNumber,
    organization: 1,
    accommodation: nextId % 2 ? 10 : 12,
    status: 'confirmed',
    dateFrom,
    // Each on its own days, so that nothing overlaps (one accommodation per parity of id).
    dateTo: dateFrom.replace(/-(\d\d)$/, (_m, day: string) => `-${String(Number(day) + 1).padStart(2, '0')}`),
    adults: 2,
    guestName,
    totalAmount: '100.00',
    currency: 'EUR',
    channel: 'website',
    created: '2025-01-01T00:00:00Z',
    modified: '2025-01-01T00:00:00Z',
    ...extra,
  };
};

const RESERVATIONS: ImportReservation[] = [
  reservation('DH-2025-001', 'Anna de Vries', '2025-07-01'),
  reservation('dh-2025-002', 'ANNA Jansen', '2025-08-03'),
  reservation('XDH-2025-003', 'Piet 100% Zeker', '2025-07-05'),
  reservation('R-4', 'Under_score', '2025-07-07'),
  reservation('R-5', 'Back\\slash', '2025-07-09'),
  reservation('R-6', 'Özdemir', '2025-07-11'),
  reservation('R-7', 'Underscore plain', '2025-07-13'),
  reservation('R-8', 'Piet 1000 Zeker', '2025-07-15'),
  // Same arrival: id decides, descending.
  reservation('T-1', 'Twin Arrival', '2025-09-01', { accommodation: 10 }),
  reservation('T-2', 'Twin Arrival', '2025-09-01', { accommodation: 12 }),
  // Another organization's guest of the same name is never found.
  reservation('DH-2025-900', 'Anna Elsewhere', '2025-07-01', { organization: 2, accommodation: 20 }),
];
// 25 matches of one word, for the default limit.
const MANY = Array.from({ length: 25 }, (_, i) =>
  reservation(
    `M-${i}`,
    `Many Guest ${i}`,
    `2026-0${1 + Math.floor(i / 9)}-${String(1 + 3 * (i % 9)).padStart(2, '0')}`,
    {
      accommodation: 12,
    },
  ),
);

describe.each(DIALECTS)('GET /api/reservations/search on %s', (dialect) => {
  const used = useApp(dialect, { data: { ...twoOrganizations, reservations: [...RESERVATIONS, ...MANY] } });
  let key: string;
  let parkOnly: string;

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [1, 2] });
    parkOnly = await apiKeyFor(used.db, { organizations: [1] });
  });

  const search = (query: string, apiKey = key, path = '/api/reservations/search') =>
    used.app.inject({ url: `${path}?${query}`, headers: { accept: 'application/json', 'x-api-key': apiKey } });
  const numbers = async (query: string, apiKey = key) => {
    const response = await search(query, apiKey);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { reservationNumber: string }[]).map((r) => r.reservationNumber);
  };
  const q = (text: string) => `organization=1&q=${encodeURIComponent(text)}`;

  it('finds guest names containing q and numbers starting with it, case aside, latest arrival first', async () => {
    expect(await numbers(q('anna'))).toEqual(['dh-2025-002', 'DH-2025-001']);
    expect(await numbers(q('NNA J'))).toEqual(['dh-2025-002']);
    // A number matches from its start only: XDH-2025-003 does not start with dh-2025.
    expect(await numbers(q('dh-2025'))).toEqual(['dh-2025-002', 'DH-2025-001']);
    expect(await numbers(q('DH-2025-00'))).toEqual(['dh-2025-002', 'DH-2025-001']);
    expect(await numbers(q('xdh'))).toEqual(['XDH-2025-003']);
  });

  it('folds the case of letters beyond ASCII on both databases', async () => {
    expect(await numbers(q('özd'))).toEqual(['R-6']);
    expect(await numbers(q('ÖZDEMIR'))).toEqual(['R-6']);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await numbers(q('%'))).toEqual(['XDH-2025-003']);
    expect(await numbers(q('100%'))).toEqual(['XDH-2025-003']);
    expect(await numbers(q('_'))).toEqual(['R-4']);
    expect(await numbers(q('under_'))).toEqual(['R-4']);
    expect(await numbers(q('\\'))).toEqual(['R-5']);
    expect(await numbers(q('k\\s'))).toEqual(['R-5']);
  });

  it('trims q, and answers an empty list when nothing matches', async () => {
    expect(await numbers(q('  anna  '))).toEqual(['dh-2025-002', 'DH-2025-001']);
    expect(await numbers(q('nobody by this name'))).toEqual([]);
  });

  it('orders by dateFrom, then id, descending, and stops at limit (default 20)', async () => {
    const twins = (await search(q('twin'))).json() as { id: number; reservationNumber: string }[];
    expect(twins.map((r) => r.reservationNumber)).toEqual(['T-2', 'T-1']);
    expect(twins[0]!.id).toBeGreaterThan(twins[1]!.id);

    const all = await numbers(`${q('many guest')}&limit=100`);
    expect(all).toHaveLength(25);
    const byArrival = [...MANY]
      .sort((a, b) => (a.dateFrom === b.dateFrom ? b.id! - a.id! : a.dateFrom < b.dateFrom ? 1 : -1))
      .map((r) => r.reservationNumber);
    expect(all).toEqual(byArrival);
    expect(await numbers(q('many guest'))).toEqual(byArrival.slice(0, 20));
    expect(await numbers(`${q('many guest')}&limit=3`)).toEqual(byArrival.slice(0, 3));
  });

  it('answers ReservationSummary records, the same as GET /api/reservations/{id}', async () => {
    const [found] = (await search(q('Anna de'))).json() as { id: number }[];
    const one = await used.app.inject({
      url: `/api/reservations/${found!.id}`,
      headers: { accept: 'application/json', 'x-api-key': key },
    });
    expect(found).toEqual(one.json());
    expect(found).toMatchObject({ reservationNumber: 'DH-2025-001', guestName: 'Anna de Vries', nights: 1 });
  });

  it('is a path of its own, not a reservation id, with or without the trailing slash', async () => {
    const response = await search(q('anna'), key, '/api/reservations/search/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });

  it('searches one organization: the only one of the credential, or the one named', async () => {
    expect(await numbers('q=anna', parkOnly)).toEqual(['dh-2025-002', 'DH-2025-001']);
    expect(await numbers('organization=2&q=anna')).toEqual(['DH-2025-900']);
    const several = await search('q=anna');
    expect(several.statusCode).toBe(400);
    expect(several.json().errors).toEqual([{ parameter: 'organization', message: expect.any(String) }]);
  });

  it.each([['organization=2&q=anna'], ['organization=99&q=anna']])(
    'refuses an organization the credential is not bound to (%s) with 403',
    async (query) => {
      const response = await search(query, parkOnly);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    },
  );

  it.each([
    ['organization=1', ['q']],
    ['organization=1&q=', ['q']],
    ['organization=1&q=%20%20%20', ['q']],
    [`organization=1&q=${'a'.repeat(101)}`, ['q']],
    [`organization=1&q=${'a'.repeat(201)}`, ['q']],
    ['organization=1&q=a%00b', ['q']],
    ['organization=1&q=anna&limit=0', ['limit']],
    ['organization=1&q=anna&limit=101', ['limit']],
    ['organization=1&q=anna&limit=x', ['limit']],
    ['organization=x&q=anna', ['organization']],
    ['organization=0&limit=0', ['organization', 'q', 'limit']],
  ])('answers %s with 400 naming %j', async (query, parameters) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const named = (response.json() as { errors: { parameter: string }[] }).errors.map((e) => e.parameter);
    expect([...new Set(named)].sort()).toEqual([...parameters].sort());
  });

  it('accepts 100 characters once trimmed', async () => {
    const response = await search(q(`  ${'a'.repeat(100)}  `));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('carries an ETag and answers a matching If-None-Match with 304', async () => {
    const first = await search(q('anna'));
    const again = await used.app.inject({
      url: `/api/reservations/search?${q('anna')}`,
      headers: { accept: 'application/json', 'x-api-key': key, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
