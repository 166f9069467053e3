import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedReadsOf } from '../../src/db/prepared-reads.js';
import type { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, load } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * The state of the organization a request is about (its zone, change counter, longest stay) is read
 * in the statement that looks up the request's credential: the organization the query names, else
 * the credential's first. Whatever the requests before it named, with a key or a Basic password, a
 * page must be read in its own organization's zone; and an `organization` value that is no id must
 * be the usual 400, never a database error.
 */

const PATH = '/api/reservations/summaries';
/** 10 January in UTC; already 11 January in Pacific/Auckland (UTC+13 in summer). */
const MODIFIED = '2025-01-10T23:30:00Z';

function reservation(id: number, organization: number): ImportReservation {
  return {
    id,
    reservationNumber: `R-${id}`,
    organization,
    accommodation: id,
    status: 'confirmed',
    dateFrom: '2025-02-01',
    dateTo: '2025-02-03',
    adults: 2,
    children: 0,
    babies: 0,
    guestName: 'Guest',
    totalAmount: '100.00',
    currency: 'EUR',
    channel: 'website',
    created: '2025-01-01T10:00:00Z',
    modified: MODIFIED,
    cancelled: null,
  };
}

describe.each(DIALECTS)('the organization state read with the credential, on %s', (dialect) => {
  const used = useApp(dialect);
  let bothKey: string;
  let secondKey: string;
  let bothBasic: string;

  beforeAll(async () => {
    await load(used.db, {
      organizations: [
        { id: 1, name: 'Utrecht', timezone: 'UTC' },
        { id: 2, name: 'Auckland', timezone: 'Pacific/Auckland' },
      ],
      accommodations: [
        { id: 1, organization: 1, title: 'Chalet', type: 'chalet', maxPersons: 4, modified: MODIFIED },
        { id: 2, organization: 2, title: 'Bach', type: 'chalet', maxPersons: 4, modified: MODIFIED },
      ],
      reservations: [reservation(1, 1), reservation(2, 2)],
    });
    bothKey = await apiKeyFor(used.db, { organizations: [1, 2] });
    secondKey = await apiKeyFor(used.db, { organizations: [2] });
    bothBasic = (await basicFor(used.db, 'both-zones', { organizations: [1, 2] })).authorization;
  });
  afterEach(() => vi.restoreAllMocks());

  /** The reservation numbers modified on `day` in the organization's zone. */
  async function modifiedOn(headers: Record<string, string>, organization: number | string | undefined, day: string) {
    const named = organization === undefined ? '' : `organization=${organization}&`;
    const response = await used.app.inject({
      url: `${PATH}?${named}referenceDate=modified&dateFrom=${day}&dateTo=${day}`,
      headers: { accept: 'application/json', ...headers },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { reservationNumber: string }[]).map((r) => r.reservationNumber);
  }

  const expected: Record<number, Record<string, string[]>> = {
    1: { '2025-01-10': ['R-1'], '2025-01-11': [] },
    2: { '2025-01-10': [], '2025-01-11': ['R-2'] },
  };

  it.each([
    ['an API key', () => ({ 'x-api-key': bothKey })],
    ['Basic credentials', () => ({ authorization: bothBasic })],
  ])(
    'reads each page in its own organization’s zone, whichever one the request before named (%s)',
    async (_, headers) => {
      // Alternating organizations, each day first asked after a request of the other organization.
      for (const [organization, day] of [
        [1, '2025-01-10'],
        [2, '2025-01-10'],
        [2, '2025-01-11'],
        [1, '2025-01-11'],
        [2, '2025-01-10'],
        [1, '2025-01-10'],
      ] as const) {
        expect(await modifiedOn(headers(), organization, day), `organization ${organization}, ${day}`).toEqual(
          expected[organization]?.[day],
        );
      }
    },
  );

  it('lists each organization’s accommodations modified since a day in its own zone, alternating', async () => {
    const since = async (organization: number, day: string) => {
      const response = await used.app.inject({
        url: `/api/accommodations/?organization=${organization}&modifiedSince=${day}`,
        headers: { accept: 'application/json', 'x-api-key': bothKey },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { id: number }[]).map((a) => a.id);
    };
    expect(await since(1, '2025-01-10')).toEqual([1]);
    expect(await since(2, '2025-01-11')).toEqual([2]);
    expect(await since(1, '2025-01-11')).toEqual([]);
    expect(await since(2, '2025-01-12')).toEqual([]);
  });

  it('reads the state with the credential, and on its own only when the request spelled its organization otherwise', async () => {
    const reads = preparedReadsOf(used.db.kysely);
    if (!reads) throw new Error('the database has no prepared reads');
    const first = vi.spyOn(reads, 'first');
    const stateReads = () => first.mock.calls.filter(([shape]) => shape === 'organization-state').length;
    // Periods asked nowhere else in this file, so that no kept page answers them.
    const ask = (organization: string) =>
      used.app.inject({
        url: `${PATH}?organization=${organization}&dateFrom=2025-03-01&dateTo=2025-03-0${organization.length + 1}`,
        headers: { accept: 'application/json', 'x-api-key': bothKey },
      });
    expect((await ask('2')).statusCode).toBe(200);
    expect(stateReads()).toBe(0);
    expect((await ask('02')).statusCode).toBe(200);
    expect(stateReads()).toBe(1);
  });

  it('reads the only organization of a credential whose request names none in that organization’s zone', async () => {
    expect(await modifiedOn({ 'x-api-key': secondKey }, undefined, '2025-01-10')).toEqual([]);
    expect(await modifiedOn({ 'x-api-key': secondKey }, undefined, '2025-01-11')).toEqual(['R-2']);
  });

  it('reads an organization named in another spelling of its id in that organization’s zone', async () => {
    // The query's validation reads "02" as 2; the credential's statement, which reads the query
    // before validation, took the credential's first organization instead.
    expect(await modifiedOn({ 'x-api-key': bothKey }, '02', '2025-01-10')).toEqual([]);
    expect(await modifiedOn({ 'x-api-key': bothKey }, '02', '2025-01-11')).toEqual(['R-2']);
  });

  it.each(['0', '-1', '1.5', 'abc', '2147483648', '99999999999999999999', '１'])(
    'answers organization=%s with a 400 naming the parameter',
    async (value) => {
      const response = await used.app.inject({
        url: `${PATH}?organization=${encodeURIComponent(value)}&dateFrom=2025-01-01&dateTo=2025-01-31`,
        headers: { accept: 'application/json', 'x-api-key': bothKey },
      });
      expect(response.statusCode).toBe(400);
      const errors = response.json().errors as { parameter: string }[];
      expect(new Set(errors.map((error) => error.parameter))).toEqual(new Set(['organization']));
    },
  );

  it('answers an organization that does not exist as one the credential may not see (403)', async () => {
    for (const id of [3, 2147483647]) {
      const response = await used.app.inject({
        url: `${PATH}?organization=${id}&dateFrom=2025-01-01&dateTo=2025-01-31`,
        headers: { accept: 'application/json', 'x-api-key': bothKey },
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
