import { beforeEach, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import type { GuestFields } from '../../src/modules/guests/guests.schemas.js';
import { fanOut } from '../../src/modules/webhooks/fan-out.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, reload, twoOrganizations } from '../helpers/fixtures.js';
import { rememberPersonalData } from '../helpers/secrets.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §15 guests through the API: listed and paginated as summaries (both eras), read, corrected,
 * and erased everywhere the service keeps a copy. Guests are made by the place step's
 * `guestForPlacement` and linked to reservations written by §9's POST, as place links them.
 */

type Json = Record<string, unknown> & { id: number };

export const ANNA: GuestFields = {
  firstName: 'Annabel',
  surname: 'Zwanenburg',
  email: 'annabel.zwanenburg@example.com',
  phoneNumber: '+31 6 98765432',
  address: 'Kastanjelaan',
  addressNo: '17b',
  postalCode: '6711 XY',
  locality: 'Ede',
  country: 'NL',
  locale: 'nl',
};

rememberPersonalData(ANNA.firstName, ANNA.surname, ANNA.email, ANNA.phoneNumber, ANNA.address, ANNA.postalCode);

describe.each(DIALECTS)('guests on %s', (dialect) => {
  let now = new Date('2025-06-15T10:00:00Z');
  const used = useApp(dialect, { app: { clock: () => now } });
  let admin: string;
  let writer: string;
  let reader: string;
  let pinned: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = admin, headers = {}) =>
    used.app.inject({ method, url, payload: body as never, headers: { 'x-api-key': key, ...headers } });

  /** A guest as the place step makes it. */
  const place = (guest: GuestFields, organization = 1) =>
    withWriteTransaction(used.db, (trx) => guestForPlacement(trx, organization, guest, now));

  /** A reservation written through §9 and linked to the guest, as place links them. */
  const book = async (guestId: number, overrides: Record<string, unknown> = {}, headers = {}) => {
    const response = await send(
      'POST',
      '/api/reservations',
      {
        organization: 1,
        accommodation: 10,
        dateFrom: '2025-07-10',
        dateTo: '2025-07-15',
        adults: 2,
        guestName: 'Annabel Zwanenburg',
        totalAmount: '650.00',
        currency: 'EUR',
        ...overrides,
      },
      writer,
      headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    await used.db.kysely.updateTable('reservations').set({ guest_id: guestId }).where('id', '=', id).execute();
    return id as number;
  };

  beforeEach(async () => {
    now = new Date('2025-06-15T10:00:00Z');
    await reload(used.db, twoOrganizations);
    admin = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'admin' });
    writer = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'write' });
    reader = await apiKeyFor(used.db, { organizations: [1] });
    pinned = await apiKeyFor(used.db, { organizations: [1], compatibilityDate: '2025-01-01' });
  });

  it('lists guests by id, paginated exactly as summaries under the rules in force, at both paths', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await place({ ...ANNA, email: `guest${i}@example.com` }));
    await place({ ...ANNA, email: 'other@example.com' }, 2);

    const page = await send('GET', '/api/guests/?organization=1&limit=2&offset=2&x=a;b', undefined, reader);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().map((g: Json) => g.id)).toEqual(ids.slice(2, 4));
    const url = (offset: number) => `/api/guests/?organization=1&limit=2&offset=${offset}&x=a%3Bb`;
    expect(page.headers.link).toBe(
      `<${url(4)}>; rel="next", <${url(4)}>; rel="last", <${url(0)}>; rel="prev", <${url(0)}>; rel="first"`,
    );
    expect(page.headers).toMatchObject({
      'x-pagination-next': '4',
      'x-pagination-last': '4',
      'x-pagination-prev': '0',
      'x-pagination-first': '0',
      'x-total-count': '5',
    });
    expect(page.headers.etag).toMatch(/^"/);
    const again = await send('GET', '/api/guests/?organization=1&limit=2&offset=2&x=a;b', undefined, reader, {
      'if-none-match': page.headers.etag,
    });
    expect(again.statusCode).toBe(304);

    // Today's rules: every response is paginated, 100 by default; everything on one page has no links.
    const all = await send('GET', '/api/guests', undefined, reader);
    expect(all.json().map((g: Json) => g.id)).toEqual(ids);
    expect(all.headers.link).toBeUndefined();
    expect(all.headers['x-pagination-last']).toBeUndefined();
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json()[0]).toEqual({
      id: ids[0],
      organization: 1,
      ...ANNA,
      email: 'guest0@example.com',
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
      erased: null,
    });
    // The rules before 2025-04-17: without limit and offset, not paginated at all.
    const old = await send('GET', '/api/guests', undefined, pinned);
    expect(old.json()).toHaveLength(5);
    expect(old.headers['x-total-count']).toBeUndefined();
    const oldPage = await send('GET', '/api/guests?offset=4', undefined, pinned);
    expect(oldPage.json().map((g: Json) => g.id)).toEqual([ids[4]]);
    expect(oldPage.headers['x-pagination-prev']).toBe('0');

    // A search by part of the name, e-mail address or phone number, case aside; `%` matches itself.
    await place({ ...ANNA, firstName: 'Özlem', surname: 'Çelik', email: 'oc@example.com', phoneNumber: '0612' });
    const found = await send('GET', '/api/guests?q=%C3%B6ZLEM%20%C3%A7', undefined, reader);
    expect(found.json().map((g: Json) => g.surname)).toEqual(['Çelik']);
    expect((await send('GET', '/api/guests?q=GUEST3%40', undefined, reader)).json().map((g: Json) => g.email)).toEqual([
      'guest3@example.com',
    ]);
    const byPhone = await send('GET', '/api/guests?q=98765&limit=2&offset=2', undefined, reader);
    expect(byPhone.json().map((g: Json) => g.id)).toEqual(ids.slice(2, 4));
    expect(byPhone.headers['x-total-count']).toBe('5');
    expect((await send('GET', '/api/guests?q=%25', undefined, reader)).json()).toEqual([]);
    const since = await send('GET', '/api/guests?modifiedDateFrom=2025-06-16', undefined, reader);
    expect(since.json()).toEqual([]);
    const both = await send(
      'GET',
      '/api/guests?modifiedDateFrom=2025-06-16&modifiedSince=2025-06-16',
      undefined,
      reader,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual([
      'modifiedSince',
      'modifiedDateFrom',
    ]);
    const bad = await send('GET', '/api/guests?limit=101&offset=-1', undefined, reader);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { parameter: string }) => e.parameter)
        .sort(),
    ).toEqual(['limit', 'offset']);
    expect((await send('GET', '/api/guests', undefined, admin)).statusCode).toBe(400);
    expect((await send('GET', '/api/guests?organization=2', undefined, reader)).statusCode).toBe(403);
  });

  it('reads and corrects one guest; another organization’s is 404', async () => {
    const id = await place(ANNA);
    const other = await place({ ...ANNA, email: 'someone@example.com' });
    const theirs = await place(ANNA, 2);
    const one = await send('GET', `/api/guests/${id}`, undefined, reader);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, ...ANNA, erased: null });
    expect((await send('GET', `/api/guests/${theirs}`, undefined, reader)).statusCode).toBe(404);

    expect((await send('PATCH', `/api/guests/${id}`, { surname: 'Zwaan' }, reader)).statusCode).toBe(403);
    const unknown = await send('PATCH', `/api/guests/${id}`, { nickname: 'Bel' }, writer);
    expect(unknown.statusCode).toBe(400);
    const badEmail = await send('PATCH', `/api/guests/${id}`, { email: 'not an address' }, writer);
    expect(badEmail.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual(['email']);

    now = new Date('2025-06-16T08:30:00Z');
    const patched = await send('PATCH', `/api/guests/${id}`, { surname: 'Zwaan', phoneNumber: null }, writer);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      surname: 'Zwaan',
      phoneNumber: null,
      firstName: 'Annabel',
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-16T08:30:00Z',
    });
    // The same values again change nothing.
    now = new Date('2025-06-17T08:30:00Z');
    const same = await send('PATCH', `/api/guests/${id}`, { surname: 'Zwaan' }, writer);
    expect(same.json().modified).toBe('2025-06-16T08:30:00Z');
    expect((await send('GET', `/api/guests/${id}`, undefined, reader)).json().surname).toBe('Zwaan');

    const taken = await send('PATCH', `/api/guests/${other}`, { email: 'ANNABEL.zwanenburg@example.com' }, writer);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().guest).toBe(id);
    expect((await send('PATCH', `/api/guests/${theirs}`, { surname: 'X' }, reader)).statusCode).toBe(403);
  });

  it('erases a guest from its record, its reservations, their events, deliveries, stored responses and caches', async () => {
    const id = await place(ANNA);
    const keep = await place({ ...ANNA, firstName: 'Kees', surname: 'Keeper', email: 'kees@example.com' });
    const first = await book(id, {}, { 'idempotency-key': 'booking-1' });
    const second = await book(id, { dateFrom: '2025-08-01', dateTo: '2025-08-05' });
    const kept = await book(keep, { dateFrom: '2025-09-01', dateTo: '2025-09-05', guestName: 'Kees Keeper' });
    // A change whose `previous` names the guest.
    const renamed = await send('PATCH', `/api/reservations/${second}`, { guestName: 'A. Zwanenburg' }, writer);
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A webhook endpoint with the events fanned out into deliveries (queued).
    await used.db.kysely
      .insertInto('webhook_endpoints')
      .values({
        organization_id: 1,
        url: 'https://receiver.example/hook',
        description: null,
        types: '',
        secret: 'whsec_x',
        cursor_seq: 0,
        created: 0,
        modified: 0,
      })
      .execute();
    expect((await fanOut(used.db, Date.now())).created).toBeGreaterThan(0);
    // Cached pages of summaries, read before.
    const summariesUrl = '/api/reservations/summaries?organization=1&dateFrom=2025-07-01&dateTo=2025-09-30';
    const before = await send('GET', summariesUrl, undefined, reader);
    expect(before.body).toContain('Zwanenburg');

    expect((await send('DELETE', `/api/guests/${id}`, undefined, writer)).statusCode).toBe(403);
    const erased = await send('DELETE', `/api/guests/${id}`, undefined, admin);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({
      id,
      organization: 1,
      firstName: null,
      surname: null,
      email: null,
      phoneNumber: null,
      address: null,
      addressNo: null,
      postalCode: null,
      locality: null,
      country: null,
      locale: null,
      created: '2025-06-15T10:00:00Z',
      modified: '2025-06-15T10:00:00Z',
      erased: '2025-06-15T10:00:00Z',
    });

    const after = await send('GET', summariesUrl, undefined, reader);
    const summaries = after.json() as Json[];
    expect(summaries.map((s) => [s.id, s.guestName, s.name, s.guest])).toEqual([
      [first, 'Erased guest', 'Erased guest', id],
      [second, 'Erased guest', 'Erased guest', id],
      [kept, 'Kees Keeper', 'Kees Keeper', keep],
    ]);
    expect((await send('GET', `/api/reservations/${first}`, undefined, reader)).json().guestName).toBe('Erased guest');
    expect(after.body).not.toContain('Zwanenburg');

    // The feed: every event of its reservations shows the erased name, and guest.erased closes it.
    const feed = (await send('GET', '/api/events?organization=1&limit=1000', undefined, reader)).json() as Json[];
    const ofGuest = feed.filter(
      (e) => [first, second].includes((e.resource as Json).id) && (e.resource as Json).type === 'reservation',
    );
    expect(ofGuest.map((e) => e.type)).toEqual([
      'reservation.created',
      'reservation.created',
      'reservation.updated',
      'reservation.updated',
      'reservation.updated',
    ]);
    for (const event of ofGuest) {
      expect((event.data as Json).guestName).toBe('Erased guest');
      if (event.previous) expect(Object.values(event.previous as Json)).not.toContain('A. Zwanenburg');
    }
    expect(feed.at(-1)).toMatchObject({
      type: 'guest.erased',
      resource: { type: 'guest', id, version: 2 },
      data: erased.json(),
    });
    expect(feed.at(-1)).not.toHaveProperty('previous');
    expect(JSON.stringify(feed)).not.toMatch(/Zwanenburg|Annabel|98765432|annabel/);
    expect(JSON.stringify(feed)).toContain('Kees Keeper');

    const deliveries = await used.db.kysely.selectFrom('webhook_deliveries').select('body').execute();
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) expect(d.body).not.toMatch(/Zwanenburg|Annabel/);
    // A retry of the first booking answers the first response, erased too.
    const replay = await send(
      'POST',
      '/api/reservations',
      {
        organization: 1,
        accommodation: 10,
        dateFrom: '2025-07-10',
        dateTo: '2025-07-15',
        adults: 2,
        guestName: 'Annabel Zwanenburg',
        totalAmount: '650.00',
        currency: 'EUR',
      },
      writer,
      { 'idempotency-key': 'booking-1' },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toMatchObject({ id: first, guestName: 'Erased guest', name: 'Erased guest' });

    // Again: nothing changes, nothing is recorded, the same answer.
    const countEvents = async () => (await used.db.kysely.selectFrom('events').select('id').execute()).length;
    const events = await countEvents();
    const repeated = await send('DELETE', `/api/guests/${id}`, undefined, admin);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual(erased.json());
    expect(await countEvents()).toBe(events);
    expect((await send('PATCH', `/api/guests/${id}`, { surname: 'Back' }, writer)).statusCode).toBe(409);
    // The address is free again: a new booking with it makes a new guest.
    expect(await place(ANNA)).not.toBe(id);
    expect((await send('DELETE', '/api/guests/999999', undefined, admin)).statusCode).toBe(404);
  });

  it('erases once when two erasures of one guest run at once', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = await place({ ...ANNA, email: `twice${attempt}@example.com` });
      await book(id, { dateFrom: `2025-1${attempt}-01`, dateTo: `2025-1${attempt}-03` });
      const responses = await releasedTogether([
        () => send('DELETE', `/api/guests/${id}`, undefined, admin),
        () => send('DELETE', `/api/guests/${id}`, undefined, admin),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      const erasures = await used.db.kysely
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'guest.erased')
        .where('resource_id', '=', id)
        .execute();
      expect(erasures).toHaveLength(1);
    }
  });
});
