import { describe, expect, it } from 'vitest';
import { BookingApiError, createClient } from '../../client/index.js';

/** The client's session mode (the console, SPEC §11) and its writes: what goes on the wire. */

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestInit['credentials'];
  body: string | undefined;
}

function recorder(responses: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      credentials: init.credentials,
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const next = responses.shift();
    if (!next) throw new Error('no response left');
    return next();
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const problem = (status: number, extra: Record<string, unknown> = {}) =>
  json({ type: 'about:blank', title: 'Error', status, detail: `status ${status}`, ...extra }, status);

describe('session credentials', () => {
  it('sends the cookie (same-origin), no key or Basic header, and the CSRF token on changes only', async () => {
    const { sent, fetch } = recorder([
      json({ id: 1 }),
      json({ id: 1 }),
      json({ id: 1 }),
      () => new Response(null, { status: 204 }),
    ]);
    const session = { csrfToken: 'token-1' };
    const client = createClient({ baseUrl: 'https://desk.example', session }, { fetch });
    await client.reservations.get(1);
    await client.reservations.update(1, { status: 'checked-in' });
    session.csrfToken = 'token-2'; // a new session: the same client sends the new token
    await client.reservations.cancel(1);
    await client.credentials.revoke(5);
    for (const request of sent) {
      expect(request.credentials).toBe('same-origin');
      expect(request.headers.accept).toBe('application/json');
      expect(Object.keys(request.headers)).not.toContain('authorization');
      expect(Object.keys(request.headers)).not.toContain('x-api-key');
    }
    expect(sent.map((request) => [request.method, request.headers['x-csrf-token']])).toEqual([
      ['GET', undefined],
      ['PATCH', 'token-1'],
      ['DELETE', 'token-2'],
      ['DELETE', 'token-2'],
    ]);
    expect(sent[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({ status: 'checked-in' });
  });

  it('signs in without a token, and API keys are not sent with credentials mode', async () => {
    const { sent, fetch } = recorder([json({ csrfToken: 't' }), json([])]);
    const client = createClient({ baseUrl: 'https://desk.example', session: { csrfToken: '' } }, { fetch });
    await client.session.create({ username: 'desk', password: 'secret' });
    expect(sent[0]?.url).toBe('https://desk.example/api/session');
    expect(sent[0]?.headers['x-csrf-token']).toBeUndefined();
    const keyed = recorder([json([])]);
    await createClient(
      { baseUrl: 'https://desk.example', apiKey: 'bk_x' },
      { fetch: keyed.fetch },
    ).organizations.list();
    expect(keyed.sent[0]?.credentials).toBeUndefined();
    expect(keyed.sent[0]?.headers['x-api-key']).toBe('bk_x');
  });

  it('creates with an Idempotency-Key, so a 503 is retried safely; other POSTs are not retried', async () => {
    const { sent, fetch } = recorder([problem(503), json({ id: 9 }, 201), problem(503)]);
    const client = createClient(
      { baseUrl: 'https://desk.example', session: { csrfToken: 't' } },
      { fetch, backoffMs: 1 },
    );
    const created = await client.reservations.create({
      accommodation: 1,
      dateFrom: '2025-07-14',
      dateTo: '2025-07-21',
      adults: 2,
      guestName: 'A',
      totalAmount: '1.00',
      currency: 'EUR',
    });
    expect(created.id).toBe(9);
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^client-/);
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
    await expect(client.webhooks.test(3)).rejects.toBeInstanceOf(BookingApiError);
    expect(sent).toHaveLength(3);
  });

  it('surfaces the problem of a refused booking, with the conflicting reservation', async () => {
    const { fetch } = recorder([problem(409, { conflictingReservation: 77 })]);
    const client = createClient({ baseUrl: 'https://desk.example', session: { csrfToken: 't' } }, { fetch });
    const error = await client.reservations.update(1, { dateTo: '2025-07-30' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingApiError);
    expect((error as BookingApiError).status).toBe(409);
    expect((error as BookingApiError).problem).toMatchObject({ conflictingReservation: 77 });
  });

  it('collects a record’s whole history across pages of the feed', async () => {
    const event = (n: number) => ({ id: `evt_${n}`, type: 'reservation.updated' });
    const { sent, fetch } = recorder([
      json([event(1), event(2)], 200, { 'events-cursor': 'c2' }),
      json([event(3)], 200, { 'events-cursor': 'c3' }),
      json([], 200, { 'events-cursor': 'c3' }),
    ]);
    const client = createClient({ baseUrl: 'https://desk.example', session: { csrfToken: 't' } }, { fetch });
    const history = await client.events.history({ reservation: 42 });
    expect(history.map((e) => e.id)).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(new URL(sent[0]?.url ?? '').searchParams.get('reservation')).toBe('42');
    expect(new URL(sent[1]?.url ?? '').searchParams.get('after')).toBe('c2');
  });
});
