import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * The original service's booking flow as its published PHP client runs it (issue 37, SPEC §15):
 * the requests byte for byte as captured, answered, and read as that client reads them.
 *
 * Captured, not inferred: `recranet/recranet-api-php` at 85153a70eb14 (MIT), run unchanged with its
 * Composer dependencies from their public repositories (php-curl-class 8.10.0, silly 1.9.1,
 * phpdotenv 2.6.9, psr/log 1.1.4, symfony/console 5.4.36 and what they need) on PHP 8.2.36 with
 * php-curl, through a logging proxy: its base URL is hard-coded (`https://app.recranet.com/api`),
 * so curl was pointed at a local CONNECT proxy (`https_proxy`) that answered the tunnel with TLS
 * from a throwaway CA (`php -d curl.cainfo=…`), logged each request as it arrived and forwarded it
 * to a `booking serve` on SQLite (organization 1000, accommodation 12, a rent, a fee, a "Dog"
 * supplement). The runs, answers typed at its prompts:
 *   php app.php reservation-create 12 2027-07-05T00:00:00Z 2027-07-08T00:00:00Z
 *   php app.php reservation-update 1 TOKEN 12            (2, 1, empty, 1)
 *   php app.php reservation-place 1 TOKEN                (every field; source "web"; confirmed "y")
 *   php app.php reservation-place 1 TOKEN                (names only, the rest empty; the default
 *                                                         source; not confirmed: answered 409)
 *   php app.php guests 0 10
 * What it sends:
 * - HTTP Basic, `User-Agent: recranet-api-php/1.1.0;PHP/8.2.36`, `Accept: *\/*`, nothing else;
 * - its JSON as a string, which php-curl-class labels `application/x-www-form-urlencoded`;
 * - the organization in the POST's query (`/api/reservations/?organization=`), the token in the
 *   PUTs' query;
 * - the accommodation id and every quantity as digit strings (values typed at its prompts), the age
 *   group and supplement ids as the numbers the lists gave it, the dates as typed (timestamps), every
 *   guest field as a string (empty when skipped), `confirmed: true` only when confirmed;
 * - before its update: the age groups and the supplements of the accommodation (`required=false`,
 *   `normal=true`), whose ids it sends back;
 * - and it reads `id` and `token` of the create's and the update's answers (`%d` and `%s`), nothing
 *   of the place's but its status, and `id`, `surname`, `modified` of each guest.
 */
const CAPTURED = {
  headers: { 'user-agent': 'recranet-api-php/1.1.0;PHP/8.2.36', accept: '*/*' },
  form: { 'content-type': 'application/x-www-form-urlencoded' },
  create: {
    url: '/api/reservations/?organization=1000',
    body: '{"accommodation":{"id":"12"},"dateFrom":"2027-07-05T00:00:00Z","dateTo":"2027-07-08T00:00:00Z"}',
  },
  ageGroups: '/api/age_group_specifications/?accommodation=12&organization=1000',
  supplements: '/api/supplements/?accommodation=12&required=false&normal=true&organization=1000',
  update: {
    url: '/api/reservations/1?token=FkUowcUFGbXfKip9ZvyPW0IEWV0NZYS9-JTAFCkxuN4',
    body:
      '{"ageGroupLines":[{"quantity":"2","ageGroupSpecification":{"id":1}},{"quantity":"1","ageGroupSpecification":{"id":2}}],' +
      '"supplementOrderLines":[{"quantity":"1","supplement":{"id":6}}]}',
  },
  place: {
    url: '/api/reservations/1/place?token=FkUowcUFGbXfKip9ZvyPW0IEWV0NZYS9-JTAFCkxuN4',
    body:
      '{"guest":{"firstName":"Anna","surname":"de Vries","email":"anna@example.com","phoneNumber":"+31 6 1234 5678",' +
      '"address":"Dorpsstraat","addressNo":"12a","postalCode":"1234 AB","locality":"Ede","country":"NL","locale":"nl"},' +
      '"source":"web","confirmed":true}',
    unconfirmedBody:
      '{"guest":{"firstName":"Anna","surname":"de Vries","email":"","phoneNumber":"","address":"","addressNo":"",' +
      '"postalCode":"","locality":"","country":"","locale":""},"source":"office"}',
  },
  guests: '/api/guests/?offset=0&limit=10&organization=1000',
} as const;

/** This test's organization, and the ids and token of its own run in place of the capture's. */
const ORGANIZATION = 1;
const ours = (text: string, values: { id?: number; token?: string } = {}) =>
  text
    .replace('organization=1000', `organization=${ORGANIZATION}`)
    .replace('/api/reservations/1?', `/api/reservations/${values.id}?`)
    .replace('/api/reservations/1/', `/api/reservations/${values.id}/`)
    .replace(/token=[A-Za-z0-9_-]+/, `token=${values.token}`);

/** What the client's `printf('%d', …)` shows of a value: its integer part (0 when none). */
const asPhpInteger = (value: unknown) =>
  typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value), 10) || 0;

describe.each(DIALECTS)("the original's PHP client booking on %s", (dialect) => {
  // The capture's day: the stay lies in the next year's price list, inside the booking window.
  const used = useApp(dialect, { data: twoOrganizations, app: { clock: () => new Date('2026-11-28T18:31:00Z') } });
  let authorization: string;
  let ids: { adults: number; children: number; dog: number };

  beforeAll(async () => {
    authorization = (await basicFor(used.db, 'channel-manager', { organizations: [ORGANIZATION], scope: 'write' }))
      .authorization;
    const admin = await apiKeyFor(used.db, { organizations: [ORGANIZATION], scope: 'admin' });
    const post = async (url: string, body: object) => {
      const response = await used.app.inject({
        method: 'POST',
        url,
        headers: { 'x-api-key': admin },
        payload: { organization: ORGANIZATION, ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    };
    const year = { dateFrom: '2027-01-01', dateTo: '2027-12-31' };
    await post('/api/accommodation_price_components', {
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '100.00',
      type: 'chalet',
      ...year,
    });
    await post('/api/accommodation_price_components', {
      description: 'Cleaning',
      kind: 'fee',
      basis: 'stay',
      amount: '50.00',
      ...year,
    });
    const dog = await post('/api/supplements', { description: 'Dog', basis: 'night', amount: '5.00', maxQuantity: 2 });
    ids = { adults: 0, children: 0, dog: dog.id };
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: string) =>
    used.app.inject({
      method,
      url,
      headers: { authorization, ...CAPTURED.headers, ...(body === undefined ? {} : CAPTURED.form) },
      ...(body === undefined ? {} : { payload: body }),
    });

  it('creates, updates and places as the client sends them, and lists the guest it made', async () => {
    // reservation-create: "Reservation created with id %d and token %s".
    const created = await send('POST', ours(CAPTURED.create.url), CAPTURED.create.body);
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as { id: unknown; token: unknown; orderLinesTotal: string };
    expect(asPhpInteger(draft.id)).toBeGreaterThan(0);
    expect(typeof draft.token).toBe('string');
    expect(draft.orderLinesTotal).toBe('350.00');
    const id = draft.id as number;
    const token = draft.token as string;

    // reservation-update reads the age groups and supplements first, and sends their ids back.
    const groups = await send('GET', ours(CAPTURED.ageGroups));
    expect(groups.statusCode).toBe(200);
    const byDescription = new Map(
      (groups.json() as { id: number; description: string }[]).map((g) => [g.description, g.id]),
    );
    ids.adults = byDescription.get('Adults') as number;
    ids.children = byDescription.get('Children') as number;
    const supplements = await send('GET', ours(CAPTURED.supplements));
    expect((supplements.json() as { id: number; description: string }[]).map((s) => s.description)).toEqual(['Dog']);
    const updateBody = CAPTURED.update.body
      .replace('"ageGroupSpecification":{"id":1}', `"ageGroupSpecification":{"id":${ids.adults}}`)
      .replace('"ageGroupSpecification":{"id":2}', `"ageGroupSpecification":{"id":${ids.children}}`)
      .replace('"supplement":{"id":6}', `"supplement":{"id":${ids.dog}}`);
    const updated = await send('PUT', ours(CAPTURED.update.url, { id, token }), updateBody);
    expect(updated.statusCode, updated.body).toBe(200);
    // "Reservation updated with id %d and token %s".
    expect([asPhpInteger(updated.json().id), updated.json().token]).toEqual([id, token]);
    // 3 nights of rent, the fee, and the dog 3 nights.
    expect(updated.json().orderLinesTotal).toBe('365.00');

    // reservation-place: "Reservation placed" when the status is below 400.
    const placed = await send('PUT', ours(CAPTURED.place.url, { id, token }), CAPTURED.place.body);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({
      id,
      status: 'confirmed',
      adults: 2,
      children: 1,
      guestName: 'Anna de Vries',
      name: 'Anna de Vries',
      channel: 'web',
      totalAmount: '365.00',
    });
    // Run again (its second run, names only, not confirmed): "ApiException: HTTP/1.1 409 Conflict".
    const again = await send('PUT', ours(CAPTURED.place.url, { id, token }), CAPTURED.place.unconfirmedBody);
    expect(again.statusCode).toBe(409);

    // guests: "%d - %s (modified: %s)" of id, surname and modified.
    const guests = await send('GET', ours(CAPTURED.guests));
    expect(guests.statusCode, guests.body).toBe(200);
    const printed = (guests.json() as { id: number; surname: string; modified: string }[]).map(
      (g) => `${asPhpInteger(g.id)} - ${g.surname} (modified: ${g.modified})`,
    );
    expect(printed).toEqual([`${placed.json().guest} - de Vries (modified: 2026-11-28T18:31:00Z)`]);
  });

  it('places an unconfirmed booking with the fields left empty as an option without a guest address', async () => {
    const created = await send(
      'POST',
      ours(CAPTURED.create.url),
      CAPTURED.create.body.replaceAll('2027-07-0', '2027-08-0'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json() as { id: number; token: string };
    const placed = await send('PUT', ours(CAPTURED.place.url, { id, token }), CAPTURED.place.unconfirmedBody);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ id, status: 'option', adults: 2, channel: 'office', totalAmount: '350.00' });
  });
});
