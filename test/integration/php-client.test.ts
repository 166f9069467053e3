import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { basicFor, basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * A drop-in for the original service (issues 17 and 34): the requests exactly as its published PHP
 * client sends them, answered as SPEC §4 says, and read as that client reads them.
 *
 * What it sends was captured, not inferred: `recranet/recranet-api-php` at 85153a70eb14 (MIT), run
 * unchanged (`php app.php accommodations …`, `php app.php reservations …`) with its Composer
 * dependencies from their public repositories, through a proxy that logged every request. Its
 * base URL is hard-coded (`https://app.recranet.com/api`); the requests below are those, with
 * organization 1000 and the dates of its help text. It
 * - authenticates with HTTP Basic and sends `User-Agent: recranet-api-php/1.1.0;PHP/8.2.x` and
 *   libcurl's default Accept (any type), nothing else;
 * - calls `/api/accommodations/` with a trailing slash and `/api/reservations/summaries` without;
 * - builds the query with `http_build_query` from the command's arguments in their order, and
 *   appends `organization` last: `dateFrom, dateTo, offset, limit, modifiedDateFrom`, each only when
 *   given; values percent-encoded (`:` as `%3A`);
 * - passes dates as typed: its help text documents them as ISO 8601 timestamps
 *   (`2019-01-01T00:00:00Z`);
 * - makes one request per command and reads no response header: a user pages by running the
 *   command again with the next offset until a page comes back short;
 * - prints `id - name (modified: …)` for a reservation and `id - title (modified: …)` for an
 *   accommodation, from the decoded JSON objects.
 */
const CAPTURED = {
  headers: { 'user-agent': 'recranet-api-php/1.1.0;PHP/8.2.36', accept: '*/*' },
  accommodations: '/api/accommodations/?organization=1000',
  accommodationsModified: '/api/accommodations/?modifiedDateFrom=2019-01-01T00%3A00%3A00Z&organization=1000',
  summaries:
    '/api/reservations/summaries?dateFrom=2019-01-01T00%3A00%3A00Z&dateTo=2019-12-31T00%3A00%3A00Z&organization=1000',
  summariesPaged:
    '/api/reservations/summaries?dateFrom=2019-01-01T00%3A00%3A00Z&dateTo=2019-12-31T00%3A00%3A00Z&offset=0&limit=100' +
    '&modifiedDateFrom=2019-01-01T00%3A00%3A00Z&organization=1000',
} as const;

const ORGANIZATION = 1;

/** A captured request line with this test's organization and dates in place of the capture's. */
function asCaptured(target: string, values: { dateFrom?: string; dateTo?: string; modified?: string } = {}) {
  return target
    .replace('organization=1000', `organization=${ORGANIZATION}`)
    .replace('dateFrom=2019-01-01T00%3A00%3A00Z', `dateFrom=${encodeURIComponent(values.dateFrom ?? '')}`)
    .replace('dateTo=2019-12-31T00%3A00%3A00Z', `dateTo=${encodeURIComponent(values.dateTo ?? '')}`)
    .replace(
      'modifiedDateFrom=2019-01-01T00%3A00%3A00Z',
      `modifiedDateFrom=${encodeURIComponent(values.modified ?? '')}`,
    );
}

/** What the client prints for each item: `sprintf('%d - %s (modified: %s)', id, name or title, modified)`. */
const printed = (items: { id: number; name?: string; title?: string; modified: string }[], field: 'name' | 'title') =>
  items.map((item) => `${item.id} - ${item[field] ?? ''} (modified: ${item.modified})`);

describe.each(DIALECTS)("the original service's PHP client on %s", (dialect) => {
  let now = Date.parse('2025-06-01T09:00:00Z');
  const used = useApp(dialect, { data: twoOrganizations, app: { clock: () => new Date(now) } });
  let authorization: string;
  /** The stays booked below, in arrival order, and when each was last modified. */
  const booked: { id: number; guestName: string; modified: string }[] = [];

  beforeAll(async () => {
    authorization = (await basicFor(used.db, 'channel-manager', { organizations: [1, 2], scope: 'write' }))
      .authorization;
    // Five July stays over two chalets, the last two booked (so modified) three weeks after the rest.
    for (const [accommodation, dateFrom, dateTo, at] of [
      [10, '2025-07-01', '2025-07-05', '2025-06-01T09:00:00Z'],
      [12, '2025-07-02', '2025-07-06', '2025-06-01T10:00:00Z'],
      [10, '2025-07-05', '2025-07-09', '2025-06-01T11:00:00Z'],
      [12, '2025-07-10', '2025-07-12', '2025-06-20T08:00:00Z'],
      [10, '2025-07-20', '2025-07-27', '2025-06-20T09:00:00Z'],
    ] as const) {
      now = Date.parse(at);
      const guestName = `Gast ${dateFrom}`;
      const created = await used.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: { authorization, accept: 'application/json' },
        payload: {
          organization: ORGANIZATION,
          accommodation,
          dateFrom,
          dateTo,
          adults: 2,
          guestName,
          totalAmount: '400.00',
          currency: 'EUR',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      booked.push({ id: (created.json() as { id: number }).id, guestName, modified: at });
    }
  });

  const send = (url: string, auth = authorization) =>
    used.app.inject({ method: 'GET', url, headers: { authorization: auth, ...CAPTURED.headers } });

  it('lists accommodations, all and modified since a timestamp, as JSON for Accept: */*', async () => {
    const all = await send(asCaptured(CAPTURED.accommodations));
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(printed(all.json(), 'title')).toEqual([
      '10 - Chalet 10 (modified: 2025-02-28T22:59:59Z)',
      '12 - Chalet 12 (modified: 2025-03-01T12:00:00Z)',
    ]);
    const since = await send(asCaptured(CAPTURED.accommodationsModified, { modified: '2025-03-01T00:00:00Z' }));
    expect(since.statusCode).toBe(200);
    expect(printed(since.json(), 'title')).toEqual(['12 - Chalet 12 (modified: 2025-03-01T12:00:00Z)']);
  });

  it('lists the summaries of a period given as timestamps, each with a name to print', async () => {
    const response = await send(
      asCaptured(CAPTURED.summaries, { dateFrom: '2025-07-01T00:00:00Z', dateTo: '2025-07-31T00:00:00Z' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(printed(response.json(), 'name')).toEqual(
      booked.map((b) => `${b.id} - ${b.guestName} (modified: ${b.modified})`),
    );
  });

  it('asks with offset, limit and modifiedDateFrom for only what changed since its last run', async () => {
    const response = await send(
      asCaptured(CAPTURED.summariesPaged, {
        dateFrom: '2025-07-01T00:00:00Z',
        dateTo: '2025-07-31T00:00:00Z',
        modified: '2025-06-15T00:00:00Z',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(printed(response.json(), 'name')).toEqual(
      booked.slice(3).map((b) => `${b.id} - ${b.guestName} (modified: ${b.modified})`),
    );
  });

  it('pages as its user does: the next offset until a page comes back short, reading no header', async () => {
    const limit = 2;
    const seen: number[] = [];
    for (let offset = 0; offset <= 10; offset += limit) {
      const response = await send(
        asCaptured(CAPTURED.summariesPaged, {
          dateFrom: '2025-07-01T00:00:00Z',
          dateTo: '2025-07-31T00:00:00Z',
          modified: '2025-01-01T00:00:00Z',
        }).replace('offset=0&limit=100', `offset=${offset}&limit=${limit}`),
      );
      expect(response.statusCode).toBe(200);
      const page = (response.json() as { id: number }[]).map((r) => r.id);
      seen.push(...page);
      if (page.length < limit) break;
    }
    expect(seen).toEqual(booked.map((b) => b.id));
  });

  it('answers a wrong password with 401 and the Basic challenge, naming nothing', async () => {
    const response = await send(asCaptured(CAPTURED.accommodations), basicHeader('channel-manager', 'wrong'));
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="booking", charset="UTF-8"');
    expect(response.body).not.toMatch(/password|username/i);
  });
});
