import parseLinkHeader from 'parse-link-header';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { basicFor, basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * A drop-in for the original service (issue 17): the requests exactly as its published PHP client
 * makes them, answered as SPEC §4 and §9 say. That client
 * - authenticates with HTTP Basic and sends `Accept: application/json` on every request;
 * - calls every path with a trailing slash (`/api/accommodations/`, `/api/reservations/summaries/`,
 *   `/api/reservations/{id}/`);
 * - appends `organization` as the last query parameter, after its own;
 * - filters accommodations with `modifiedDateFrom`, pages summaries with `limit=100&offset=0`
 *   named explicitly, and follows `Link: rel="next"`;
 * - updates a record with PUT of the whole record.
 */

const ORGANIZATION = 1;
const withOrganization = (path: string, query: string) =>
  `${path}?${query ? `${query}&` : ''}organization=${ORGANIZATION}`;

describe.each(DIALECTS)("the original service's PHP client on %s", (dialect) => {
  const used = useApp(dialect, { data: twoOrganizations });
  let authorization: string;

  beforeAll(async () => {
    authorization = (await basicFor(used.db, 'channel-manager', { organizations: [1, 2], scope: 'write' }))
      .authorization;
    // Five July stays over two chalets: enough for a walk of several pages.
    for (const [accommodation, dateFrom, dateTo] of [
      [10, '2025-07-01', '2025-07-05'],
      [12, '2025-07-02', '2025-07-06'],
      [10, '2025-07-05', '2025-07-09'],
      [12, '2025-07-10', '2025-07-12'],
      [10, '2025-07-20', '2025-07-27'],
    ] as const) {
      const created = await send('POST', '/api/reservations/', {
        organization: ORGANIZATION,
        accommodation,
        dateFrom,
        dateTo,
        adults: 2,
        guestName: `Guest ${dateFrom}`,
        totalAmount: '400.00',
        currency: 'EUR',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  function send(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, auth = authorization) {
    return used.app.inject({
      method,
      url,
      payload: body,
      headers: { authorization: auth, accept: 'application/json' },
    });
  }

  it('lists accommodations modified since a date with modifiedDateFrom', async () => {
    const response = await send('GET', withOrganization('/api/accommodations/', 'modifiedDateFrom=2025-03-01'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((response.json() as { id: number }[]).map((a) => a.id)).toEqual([12]);
  });

  it('pages the summaries of a month with limit and offset named, following Link to the end', async () => {
    const first = await send(
      'GET',
      withOrganization(
        '/api/reservations/summaries/',
        'dateFrom=2025-07-01&dateTo=2025-07-31&referenceDate=date-from&limit=100&offset=0',
      ),
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    // Everything on the first page: no Link (SPEC §4.3).
    expect(first.headers.link).toBeUndefined();

    // With a page of two, the client follows rel="next": the links keep its path, trailing slash
    // included, and its parameters in its order, organization last.
    let url: string | undefined = withOrganization(
      '/api/reservations/summaries/',
      'dateFrom=2025-07-01&dateTo=2025-07-31&referenceDate=date-from&limit=2&offset=0',
    );
    const seen: string[] = [];
    const visited: string[] = [];
    for (let page = 0; url && page < 10; page++) {
      visited.push(url);
      const response = await send('GET', url);
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as { dateFrom: string }[]).map((r) => r.dateFrom));
      url = parseLinkHeader(String(response.headers.link ?? ''))?.next?.url;
    }
    expect(seen).toEqual(['2025-07-01', '2025-07-02', '2025-07-05', '2025-07-10', '2025-07-20']);
    expect(visited.slice(1)).toEqual([
      '/api/reservations/summaries/?dateFrom=2025-07-01&dateTo=2025-07-31&referenceDate=date-from&limit=2&offset=2&organization=1',
      '/api/reservations/summaries/?dateFrom=2025-07-01&dateTo=2025-07-31&referenceDate=date-from&limit=2&offset=4&organization=1',
    ]);
  });

  it('reads and replaces a reservation and an accommodation with PUT on their trailing-slash paths', async () => {
    const [summary] = (
      await send('GET', withOrganization('/api/reservations/summaries/', 'dateFrom=2025-07-20&dateTo=2025-07-20'))
    ).json() as { id: number; reservationNumber: string }[];
    const path = `/api/reservations/${summary?.id}/`;
    const read = await send('GET', withOrganization(path, ''));
    expect(read.statusCode).toBe(200);
    const replaced = await send('PUT', withOrganization(path, ''), {
      organization: ORGANIZATION,
      accommodation: 10,
      dateFrom: '2025-07-20',
      dateTo: '2025-07-28',
      adults: 2,
      children: 2,
      babies: 0,
      guestName: 'Guest 2025-07-20',
      totalAmount: '460.00',
      currency: 'EUR',
      channel: 'api',
      status: 'confirmed',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: summary?.id,
      reservationNumber: summary?.reservationNumber,
      dateTo: '2025-07-28',
      nights: 8,
      children: 2,
      totalAmount: '460.00',
    });
    expect((await send('GET', withOrganization(path, ''))).json()).toEqual(replaced.json());

    const unit = await send('PUT', withOrganization('/api/accommodations/12/', ''), {
      organization: ORGANIZATION,
      title: 'Chalet 12 (renovated)',
      type: 'chalet',
      maxPersons: 6,
      bedrooms: 3,
      active: true,
    });
    expect(unit.statusCode, unit.body).toBe(200);
    expect(unit.json()).toMatchObject({ id: 12, title: 'Chalet 12 (renovated)' });
  });

  it('answers a wrong password with 401 and the Basic challenge, naming nothing', async () => {
    const response = await send(
      'GET',
      withOrganization('/api/accommodations/', ''),
      undefined,
      basicHeader('channel-manager', 'wrong'),
    );
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="booking", charset="UTF-8"');
    expect(response.body).not.toMatch(/password|username/i);
  });
});
