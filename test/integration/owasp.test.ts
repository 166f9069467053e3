import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isConsolePage, isDocsUi } from '../helpers/contract.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/** The OWASP API Security Top 10 (2023), line by line, for this service. */

const booking = (accommodation: number, extra: Record<string, unknown> = {}) => ({
  accommodation,
  dateFrom: '2025-08-01',
  dateTo: '2025-08-04',
  adults: 2,
  guestName: 'Test Guest',
  totalAmount: '300.00',
  currency: 'EUR',
  ...extra,
});
const UNKNOWN_ID = 987654;

describe.each(DIALECTS)('OWASP API Top 10 on %s', (dialect) => {
  const used = useApp(dialect, {
    data: twoOrganizations,
    app: {
      routes: (instance) => {
        // Hidden from the document: it exists only in this test.
        instance.get('/api/test/fails', { schema: { hide: true } }, async () => {
          throw new Error('internal detail: /srv/booking/secret.txt');
        });
      },
    },
  });
  let schemes: [string, Record<string, string>][];
  let readOnly: string;
  let otherWriter: string;
  let ownReservation: number;
  let foreignReservation: number;

  beforeAll(async () => {
    const key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    const basic = await basicFor(used.db, `owasp-${dialect}`, { organizations: [1], scope: 'write' });
    schemes = [
      ['API key', { 'x-api-key': key }],
      ['Basic', { authorization: basic.authorization }],
    ];
    readOnly = await apiKeyFor(used.db, { organizations: [1] });
    otherWriter = await apiKeyFor(used.db, { organizations: [2], scope: 'write' });
    const post = (headers: Record<string, string>, accommodation: number) =>
      used.app.inject({ method: 'POST', url: '/api/reservations', headers, payload: booking(accommodation) });
    ownReservation = (await post({ 'x-api-key': key }, 10)).json().id;
    foreignReservation = (await post({ 'x-api-key': otherWriter }, 20)).json().id;
  });

  /** API1: a foreign record or organization and an unknown one must be indistinguishable. */
  describe('API1 broken object level authorization', () => {
    const probes: [string, (id: number) => InjectOptions, 'record' | 'organization'][] = [
      [
        'list accommodations',
        (id) => ({ method: 'GET', url: `/api/accommodations/?organization=${id}` }),
        'organization',
      ],
      [
        'summaries',
        (id) => ({
          method: 'GET',
          url: `/api/reservations/summaries?organization=${id}&dateFrom=2025-07-01&dateTo=2025-08-31`,
        }),
        'organization',
      ],
      [
        'create accommodation',
        (id) => ({
          method: 'POST',
          url: '/api/accommodations/',
          payload: { organization: id, title: 'x', type: 'chalet', maxPersons: 2 },
        }),
        'organization',
      ],
      [
        'create reservation in organization',
        (id) => ({ method: 'POST', url: '/api/reservations', payload: booking(10, { organization: id }) }),
        'organization',
      ],
      [
        'create reservation on accommodation',
        (id) => ({ method: 'POST', url: '/api/reservations', payload: booking(id) }),
        'record',
      ],
      ['read accommodation', (id) => ({ method: 'GET', url: `/api/accommodations/${id}` }), 'record'],
      [
        'change accommodation',
        (id) => ({ method: 'PATCH', url: `/api/accommodations/${id}`, payload: { title: 'Taken over' } }),
        'record',
      ],
      ['deactivate accommodation', (id) => ({ method: 'DELETE', url: `/api/accommodations/${id}` }), 'record'],
      [
        'availability',
        (id) => ({
          method: 'GET',
          url: `/api/accommodations/${id}/availability?dateFrom=2025-08-01&dateTo=2025-08-05`,
        }),
        'record',
      ],
    ];
    const reservationProbes: [string, (id: number) => InjectOptions][] = [
      ['read reservation', (id) => ({ method: 'GET', url: `/api/reservations/${id}` })],
      [
        'change reservation',
        (id) => ({ method: 'PATCH', url: `/api/reservations/${id}`, payload: { guestName: 'Mallory' } }),
      ],
      ['cancel reservation', (id) => ({ method: 'DELETE', url: `/api/reservations/${id}` })],
    ];

    const normalized = (body: string, id: number) => body.replaceAll(String(id), '<id>');

    it.each(probes)(
      '%s: a foreign id and an unknown one get the same answer, with both schemes',
      async (_name, request, kind) => {
        const foreign = kind === 'organization' ? 2 : 20;
        for (const [, headers] of schemes) {
          const a = await used.app.inject({ ...request(foreign), headers });
          const b = await used.app.inject({ ...request(UNKNOWN_ID), headers });
          expect(a.statusCode).toBeGreaterThanOrEqual(400);
          expect([a.statusCode, normalized(a.body, foreign)]).toEqual([b.statusCode, normalized(b.body, UNKNOWN_ID)]);
        }
      },
    );

    it.each(reservationProbes)(
      '%s: a foreign reservation and an unknown one get the same 404, with both schemes',
      async (_name, request) => {
        for (const [, headers] of schemes) {
          const a = await used.app.inject({ ...request(foreignReservation), headers });
          const b = await used.app.inject({ ...request(UNKNOWN_ID), headers });
          expect(a.statusCode).toBe(404);
          expect(normalized(a.body, foreignReservation)).toBe(normalized(b.body, UNKNOWN_ID));
        }
      },
    );

    it('leaves foreign records untouched and returns zero foreign rows from any list', async () => {
      const foreignView = await used.app.inject({
        method: 'GET',
        url: `/api/reservations/${foreignReservation}`,
        headers: { 'x-api-key': otherWriter },
      });
      expect(foreignView.json()).toMatchObject({ guestName: 'Test Guest', status: 'confirmed' });
      const unit = await used.app.inject({
        method: 'GET',
        url: '/api/accommodations/20',
        headers: { 'x-api-key': otherWriter },
      });
      expect(unit.json()).toMatchObject({ active: true });
      expect(unit.json().title).not.toBe('Taken over');
      for (const [, headers] of schemes) {
        const lists = [
          await used.app.inject({ method: 'GET', url: '/api/accommodations/?includeInactive=true', headers }),
          await used.app.inject({
            method: 'GET',
            url: '/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31',
            headers,
          }),
        ];
        for (const list of lists) {
          const items = list.json() as { organization: number }[];
          expect(items.length).toBeGreaterThan(0);
          expect(items.every((item) => item.organization === 1)).toBe(true);
        }
      }
      expect(ownReservation).toBeGreaterThan(0);
    });
  });

  describe('API2 broken authentication', () => {
    it.each(['api_key', 'apiKey', 'x-api-key', 'key', 'access_token'])(
      'refuses a valid key passed in the URL as ?%s=',
      async (name) => {
        const [, headers] = schemes[0] as [string, Record<string, string>];
        const key = headers['x-api-key'] as string;
        const response = await used.app.inject({
          method: 'GET',
          url: `/api/accommodations/?organization=1&${name}=${key}`,
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Basic realm="booking", charset="UTF-8"');
      },
    );

    it('answers an unknown username and a wrong password identically', async () => {
      const unknown = await used.app.inject({
        method: 'GET',
        url: '/api/accommodations/',
        headers: { authorization: basicHeader('nobody-at-all', 'x') },
      });
      const wrong = await used.app.inject({
        method: 'GET',
        url: '/api/accommodations/',
        headers: { authorization: basicHeader(`owasp-${dialect}`, 'x') },
      });
      const visible = (r: typeof unknown) => {
        const { 'x-request-id': _id, date: _date, ...headers } = r.headers;
        return { status: r.statusCode, headers, body: r.body };
      };
      expect(visible(unknown)).toEqual(visible(wrong));
      expect(unknown.statusCode).toBe(401);
    });
  });

  describe('API3 broken object property level authorization', () => {
    it('never returns internal columns, even ones the code does not know about', async () => {
      const internal = 'INTERNAL-NOTE-7f3a';
      for (const table of ['reservations', 'accommodations', 'organizations'] as const) {
        await sql`alter table ${sql.table(table)} add column internal_note text`.execute(used.db.kysely);
        await sql`update ${sql.table(table)} set internal_note = ${internal}`.execute(used.db.kysely);
      }
      const [, headers] = schemes[0] as [string, Record<string, string>];
      const responses = await Promise.all(
        [
          '/api/accommodations/?includeInactive=true',
          '/api/accommodations/10',
          '/api/accommodations/10/availability?dateFrom=2025-08-01&dateTo=2025-08-05',
          '/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31&limit=100',
          `/api/reservations/${ownReservation}`,
          '/api/reservations/search?q=e',
          '/api/organizations',
        ].map((url) => used.app.inject({ method: 'GET', url, headers })),
      );
      responses.push(
        await used.app.inject({
          method: 'PATCH',
          url: `/api/reservations/${ownReservation}`,
          headers,
          payload: { channel: 'phone' },
        }),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        for (const hidden of [internal, 'internal_note', 'password_hash', 'key_hash', 'scrypt$', '"version"']) {
          expect(response.body).not.toContain(hidden);
        }
      }
    });
  });

  describe('API5 broken function level authorization', () => {
    // SPEC §4.6: the probes, the API document and its interactive reference (with its assets).
    // SPEC §16: an export feed, whose secret address is its only access.
    const PUBLIC = new Set(['/health', '/ready', '/openapi.json', '/ical/:file']);
    const isPublic = (url: string) => PUBLIC.has(url) || isDocsUi(url) || isConsolePage(url);
    // The console's sign-in checks a password itself (test/integration/console-sessions.test.ts).
    const isSignIn = (method: string, url: string) => method === 'POST' && url === '/api/session';
    const concrete = (url: string) => url.replace(':id', '10').replace(':calendarId', '1');
    const validBodies: Record<string, unknown> = {
      'POST /api/accommodations/': { title: 'New', type: 'chalet', maxPersons: 2 },
      'PATCH /api/accommodations/:id': { title: 'Renamed' },
      'PUT /api/accommodations/:id': { title: 'Renamed', type: 'chalet', maxPersons: 2, bedrooms: null, active: true },
      'DELETE /api/accommodations/:id': undefined,
      'POST /api/reservations': booking(10, { dateFrom: '2026-01-01', dateTo: '2026-01-03' }),
      'PATCH /api/reservations/:id': { guestName: 'Someone' },
      'PUT /api/reservations/:id': {
        ...booking(10, { dateFrom: '2026-01-01', dateTo: '2026-01-03' }),
        children: 0,
        babies: 0,
        channel: 'api',
        status: 'confirmed',
      },
      'DELETE /api/reservations/:id': undefined,
      'PUT /api/reservations/:id/place': { guest: { surname: 'Someone' } },
      'POST /api/blocks': { accommodation: 10, dateFrom: '2026-02-01', dateTo: '2026-02-03', kind: 'closed' },
      'PATCH /api/blocks/:id': { note: 'x' },
      'DELETE /api/blocks/:id': undefined,
      // Corrections need write; erasure needs admin (SPEC §15).
      'PATCH /api/guests/:id': { surname: 'Corrected' },
      'DELETE /api/guests/:id': undefined,
      // Stay rules need the admin scope (SPEC §13).
      'POST /api/stay-rules': { dateFrom: '2026-01-01', dateTo: '2026-12-31', minNights: 2 },
      'PATCH /api/stay-rules/:id': { minNights: 3 },
      'DELETE /api/stay-rules/:id': undefined,
      // Prices need the admin scope (SPEC §14).
      'POST /api/age_group_specifications': { description: 'Seniors', minAge: 65, maxAge: 120, category: 'adult' },
      'PATCH /api/age_group_specifications/:id': { description: 'Grown-ups' },
      'DELETE /api/age_group_specifications/:id': undefined,
      'POST /api/accommodation_price_components': {
        description: 'Rent',
        kind: 'rent',
        basis: 'night',
        amount: '80.00',
        dateFrom: '2026-01-01',
        dateTo: '2026-12-31',
      },
      'PATCH /api/accommodation_price_components/:id': { amount: '90.00' },
      'DELETE /api/accommodation_price_components/:id': undefined,
      'POST /api/supplements': { description: 'Dog', basis: 'night', amount: '5.00' },
      'PATCH /api/supplements/:id': { amount: '6.00' },
      'DELETE /api/supplements/:id': undefined,
      'POST /api/discount_specifications': {
        description: 'Long stay',
        kind: 'long-stay',
        percent: 10,
        dateFrom: '2026-01-01',
        dateTo: '2026-12-31',
      },
      'PATCH /api/discount_specifications/:id': { percent: 12 },
      'DELETE /api/discount_specifications/:id': undefined,
      // Webhook endpoints need the admin scope (SPEC §10): a read key is refused all the more.
      'POST /api/webhook-endpoints': { organization: 1, url: 'https://hooks.example.com/booking' },
      'PATCH /api/webhook-endpoints/:id': { description: 'Channel manager' },
      'DELETE /api/webhook-endpoints/:id': undefined,
      'POST /api/webhook-endpoints/:id/rotate-secret': undefined,
      'POST /api/webhook-endpoints/:id/test': undefined,
      'POST /api/webhook-endpoints/:id/replay': { since: '2025-01-01T00:00:00Z' },
      // Calendar sync needs the admin scope (SPEC §16).
      'POST /api/accommodations/:id/ical-token': undefined,
      'POST /api/accommodations/:id/calendars': { url: 'https://feeds.example.com/a.ics', name: 'Airbnb' },
      'DELETE /api/accommodations/:id/calendars/:calendarId': undefined,
      // Credential management needs the admin scope (SPEC §11 Settings).
      'POST /api/credentials': { type: 'api-key' },
      'DELETE /api/credentials/:id': undefined,
    };

    it('requires a credential on every registered route outside the public list', async () => {
      const routes = used.app.routeTable.routes.filter(
        (r) => !isPublic(r.url) && !isSignIn(r.method, r.url) && r.url !== '/api/test/fails',
      );
      expect(routes.length).toBeGreaterThanOrEqual(12);
      for (const route of routes) {
        const response = await used.app.inject({
          method: route.method as InjectOptions['method'],
          url: concrete(route.url),
        });
        expect([route.method, route.url, response.statusCode]).toEqual([route.method, route.url, 401]);
      }
    });

    it('requires the write scope on every write route, enumerated from the app', async () => {
      // Signing in and out of the console changes no data: it needs no scope beyond its own rules.
      const writes = used.app.routeTable.routes.filter(
        (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.url !== '/api/session',
      );
      expect(writes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(validBodies).sort());
      for (const route of writes) {
        const key = `${route.method} ${route.url}`;
        const url = route.url.includes(':id')
          ? concrete(route.url).replace('/reservations/10', `/reservations/${ownReservation}`)
          : route.url;
        const response = await used.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: { 'x-api-key': readOnly },
          payload: validBodies[key] as never,
        });
        expect([key, response.statusCode]).toEqual([key, 403]);
      }
    });
  });

  describe('API8 security misconfiguration', () => {
    it('answers a failing handler with 500 problem+json that tells nothing of the failure', async () => {
      const [, headers] = schemes[0] as [string, Record<string, string>];
      const response = await used.app.inject({ method: 'GET', url: '/api/test/fails', headers });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: 'urn:booking-service:problem:internal',
        title: 'Internal Server Error',
        status: 500,
        detail: 'The server could not complete the request.',
      });
    });

    it.each([
      ['TRACE', '/api/accommodations/', 405],
      ['TRACE', '/health', 405],
      ['DELETE', '/health', 405],
      // (PUT /api/reservations/summaries is PUT of a reservation whose id is not a number: a 400.)
      ['PUT', '/api/events', 405],
      ['GET', '/api/nothing-here', 404],
      ['OPTIONS', '/api/accommodations/', 405],
    ] as const)('refuses %s %s with %i problem+json', async (method, url, status) => {
      const response = await used.app.inject({ method: method as InjectOptions['method'], url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().status).toBe(status);
      if (status === 405) expect(response.headers.allow).toBeDefined();
    });
  });
});
