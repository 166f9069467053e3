import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { revokeCredential } from '../../src/modules/credentials/credentials.service.js';
import { hashPassword } from '../../src/modules/credentials/password.js';
import { LogCapture } from '../helpers/app.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import {
  apiKeyFor,
  basicFor,
  CHEAP_PASSWORD_HASHING,
  fixedClock,
  load,
  twoOrganizations,
} from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §11 "Sign-in": console sessions on the server, their cookie, CSRF token and Sec-Fetch-Site on
 * every change made with the cookie, expiry, and an end at once on sign-out, revocation or a new
 * password.
 */

const COOKIE = '__Host-booking-session';
const MINUTE = 60_000;

describe.each(DIALECTS)('console sessions on %s', (dialect) => {
  let now = Date.parse('2025-06-15T10:00:00Z');
  const logs = new LogCapture();
  const used = useApp(dialect, {
    app: {
      logs,
      clock: () => new Date(now),
      env: { AUTH_FAILURE_MAX: '3', AUTH_FAILURE_WINDOW: '600' },
    },
  });

  beforeEach(async () => {
    now = Date.parse('2025-06-15T10:00:00Z');
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
  });

  let users = 0;
  /** A Basic credential of its own per test: failed sign-ins are throttled per username. */
  async function clerk(scope: 'read' | 'write' | 'admin' = 'write', organizations = [1, 2]) {
    const username = `clerk-${++users}`;
    const basic = await basicFor(used.db, username, { organizations, scope, name: 'Front desk' });
    return { username, ...basic };
  }

  const signIn = (username: string, password: string, address = '10.0.0.1') =>
    used.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: address,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ username, password }),
    });

  function sessionCookie(response: LightMyRequestResponse): string {
    const cookie = response.cookies.find((c) => c.name === COOKIE);
    if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
    return `${COOKIE}=${cookie.value}`;
  }

  async function signedIn(scope: 'write' | 'admin' = 'write') {
    const user = await clerk(scope);
    const response = await signIn(user.username, user.password);
    expect(response.statusCode, response.body).toBe(200);
    return { user, cookie: sessionCookie(response), csrfToken: (response.json() as { csrfToken: string }).csrfToken };
  }

  const read = (cookie: string, url = '/api/accommodations/?organization=1') =>
    used.app.inject({ method: 'GET', url, headers: { accept: 'application/json', cookie } });

  const book = (cookie: string, headers: Record<string, string>, [dateFrom, dateTo] = ['2025-08-01', '2025-08-03']) =>
    used.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { accept: 'application/json', 'content-type': 'application/json', cookie, ...headers },
      payload: JSON.stringify({
        organization: 1,
        accommodation: 12,
        dateFrom,
        dateTo,
        adults: 2,
        guestName: 'Walk-in',
        totalAmount: '200.00',
        currency: 'EUR',
      }),
    });

  const reservationCount = async () =>
    Number(
      (
        await used.db.kysely
          .selectFrom('reservations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs in with a write credential: a __Host- cookie, HttpOnly, Secure, SameSite=Strict, and the session', async () => {
    const user = await clerk('admin');
    const response = await signIn(user.username, user.password);
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((c) => c.name === COOKIE);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Strict', maxAge: 12 * 3600 });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const session = response.json();
    expect(session).toMatchObject({
      credential: { name: 'Front desk', username: user.username, scopes: ['read', 'write', 'admin'] },
      organizations: [
        { id: 1, name: 'Park', timezone: 'Europe/Amsterdam', currency: 'EUR' },
        { id: 2, name: 'Hotel', timezone: 'America/New_York', currency: 'EUR' },
      ],
      expires: '2025-06-15T22:00:00Z',
      idleExpires: '2025-06-15T10:30:00Z',
    });
    expect(session.csrfToken).toEqual(expect.any(String));
    // Only the token's hash is stored: the cookie's value is nowhere in the database.
    const stored = await used.db.kysely.selectFrom('console_sessions').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(cookie?.value);
    // The cookie reads the API like a key.
    const list = await read(sessionCookie(response));
    expect(list.statusCode).toBe(200);
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const byKey = await read('', '/api/accommodations/?organization=1');
    expect(byKey.statusCode).toBe(401);
    const keyList = await used.app.inject({
      method: 'GET',
      url: '/api/accommodations/?organization=1',
      headers: { accept: 'application/json', 'x-api-key': key },
    });
    expect(list.json()).toEqual(keyList.json());
    expect(list.json().length).toBeGreaterThan(0);
    // And the session again, with a fresh CSRF token.
    const again = await read(sessionCookie(response), '/api/session');
    expect(again.statusCode).toBe(200);
    expect(again.json().credential.username).toBe(user.username);
  });

  it('refuses a wrong password with 401 and no cookie, and throttles failed sign-ins like §7', async () => {
    const user = await clerk();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await signIn(user.username, `${user.password}x`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.cookies).toEqual([]);
      // No WWW-Authenticate: a browser would open its own password dialog over the console.
      expect(wrong.headers['www-authenticate']).toBeUndefined();
    }
    const throttled = await signIn(user.username, user.password);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.cookies).toEqual([]);
    expect(await used.db.kysely.selectFrom('console_sessions').selectAll().execute()).toEqual([]);
  });

  it('refuses a read-only credential (403) and opens no session', async () => {
    const user = await clerk('read');
    const response = await signIn(user.username, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toEqual([]);
    expect(await used.db.kysely.selectFrom('console_sessions').selectAll().execute()).toEqual([]);
  });

  it('names the broken field of a malformed sign-in', async () => {
    const response = await used.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'clerk', password: '', extra: 1 }),
    });
    expect(response.statusCode).toBe(400);
    const parameters = (response.json().errors as { parameter: string }[]).map((e) => e.parameter);
    expect(parameters).toEqual(expect.arrayContaining(['password', 'extra']));
  });

  it('needs the CSRF token and a same-origin Sec-Fetch-Site for every change made with the cookie', async () => {
    const { cookie, csrfToken } = await signedIn();
    const other = await signedIn();
    const cases: [string, Record<string, string>][] = [
      ['no token, no Sec-Fetch-Site', {}],
      ['no token', { 'sec-fetch-site': 'same-origin' }],
      ['a cross-site request with the token', { 'sec-fetch-site': 'cross-site', 'x-csrf-token': csrfToken }],
      ['a same-site request with the token', { 'sec-fetch-site': 'same-site', 'x-csrf-token': csrfToken }],
      ['the token without Sec-Fetch-Site', { 'x-csrf-token': csrfToken }],
      ['a forged token', { 'sec-fetch-site': 'same-origin', 'x-csrf-token': `${csrfToken.slice(0, -2)}xx` }],
      ["another session's token", { 'sec-fetch-site': 'same-origin', 'x-csrf-token': other.csrfToken }],
      // The token counts only in the header the console sends, not in the plugin's other spellings.
      ['the token as csrf-token', { 'sec-fetch-site': 'same-origin', 'csrf-token': csrfToken }],
      [
        'a junk X-CSRF-Token beside a right csrf-token',
        { 'sec-fetch-site': 'same-origin', 'x-csrf-token': 'junk', 'csrf-token': csrfToken },
      ],
    ];
    for (const [name, headers] of cases) {
      const response = await book(cookie, headers);
      expect(response.statusCode, name).toBe(403);
      expect(response.headers['content-type'], name).toBe('application/problem+json; charset=utf-8');
    }
    expect(await reservationCount()).toBe(0);
    const booked = await book(cookie, { 'sec-fetch-site': 'same-origin', 'x-csrf-token': csrfToken });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await reservationCount()).toBe(1);
    // An API key needs neither: the rule is for the browser's cookie only.
    const key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    const byKey = await book('', { 'x-api-key': key }, ['2025-09-01', '2025-09-03']);
    expect(byKey.statusCode, byKey.body).toBe(201);
  });

  it('lets a key or a password decide when one comes with the cookie', async () => {
    const { cookie } = await signedIn();
    const response = await used.app.inject({
      method: 'GET',
      url: '/api/accommodations/?organization=1',
      headers: { accept: 'application/json', cookie, 'x-api-key': 'bk_not-a-key' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('ends the session at sign-out: the old cookie then gets 401', async () => {
    const { cookie, csrfToken } = await signedIn();
    const withoutToken = await used.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { accept: 'application/json', cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(withoutToken.statusCode).toBe(403);
    const out = await used.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { accept: 'application/json', cookie, 'sec-fetch-site': 'same-origin', 'x-csrf-token': csrfToken },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.cookies.find((c) => c.name === COOKIE)?.value).toBe('');
    const after = await read(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toBeUndefined();
    expect((await read(cookie, '/api/session')).statusCode).toBe(401);
  });

  it('answers nothing with a session once its sign-out has been answered, with requests racing it', async () => {
    for (let round = 0; round < 5; round++) {
      const { cookie, csrfToken } = await signedIn();
      const signOut = () =>
        used.app.inject({
          method: 'DELETE',
          url: '/api/session',
          headers: { accept: 'application/json', cookie, 'sec-fetch-site': 'same-origin', 'x-csrf-token': csrfToken },
        });
      // Released together: 20 reads and the sign-out.
      const [out, ...reads] = await Promise.all([signOut(), ...Array.from({ length: 20 }, () => read(cookie))]);
      expect(out.statusCode).toBe(200);
      for (const response of reads) expect([200, 401]).toContain(response.statusCode);
      expect((await read(cookie)).statusCode).toBe(401);
    }
  });

  it('gives parallel sign-ins of one credential sessions of their own, each working', async () => {
    const user = await clerk();
    const responses = await Promise.all(Array.from({ length: 8 }, () => signIn(user.username, user.password)));
    const cookies = responses.map((response) => sessionCookie(response));
    expect(new Set(cookies).size).toBe(8);
    for (const cookie of cookies) expect((await read(cookie)).statusCode).toBe(200);
  });

  it('ends every session of a credential at once when it is revoked or its password changes', async () => {
    const first = await signedIn();
    await revokeCredential(used.db.kysely, fixedClock(), first.user.id);
    expect((await read(first.cookie)).statusCode).toBe(401);

    const second = await signedIn();
    expect((await read(second.cookie)).statusCode).toBe(200);
    await used.db.kysely
      .updateTable('credentials')
      .set({ password_hash: await hashPassword('a new password of the clerk', CHEAP_PASSWORD_HASHING) })
      .where('id', '=', second.user.id)
      .execute();
    expect((await read(second.cookie)).statusCode).toBe(401);
  });

  it('ends the session of a credential that loses the write scope', async () => {
    const { user, cookie } = await signedIn();
    expect((await read(cookie)).statusCode).toBe(200);
    await used.db.kysely.updateTable('credentials').set({ scopes: 'read' }).where('id', '=', user.id).execute();
    expect((await read(cookie)).statusCode).toBe(401);
  });

  it('opens no session for a sign-in from another site, and a new sign-in ends the one before', async () => {
    const user = await clerk();
    const crossSite = await used.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.cookies).toEqual([]);

    const first = sessionCookie(await signIn(user.username, user.password));
    const again = await used.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        cookie: first,
      },
      payload: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(again.statusCode).toBe(200);
    expect((await read(first)).statusCode).toBe(401);
    expect((await read(sessionCookie(again))).statusCode).toBe(200);
  });

  it('ends after 30 minutes unused, and 12 hours after sign-in whatever the use', async () => {
    const idle = await signedIn();
    now += 29 * MINUTE;
    expect((await read(idle.cookie)).statusCode).toBe(200);
    // Used at 29 minutes: the idle time starts again from there.
    now += 29 * MINUTE;
    expect((await read(idle.cookie)).statusCode).toBe(200);
    now += 30 * MINUTE;
    expect((await read(idle.cookie)).statusCode).toBe(401);

    now = Date.parse('2025-06-16T08:00:00Z');
    const busy = await signedIn();
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      now += 20 * MINUTE;
      expect((await read(busy.cookie)).statusCode, `${minutes} minutes in`).toBe(200);
    }
    now = Date.parse('2025-06-16T20:00:00Z');
    expect((await read(busy.cookie)).statusCode).toBe(401);
  });

  it("answers the console's own page without a session with a 401 that names no Basic scheme", async () => {
    const response = await used.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    });
    expect(response.statusCode).toBe(401);
    // A browser holds a request answered with WWW-Authenticate: Basic for its own password dialog.
    expect(response.headers['www-authenticate']).toBeUndefined();
    // Integrators send no Sec-Fetch-Site: they are told the scheme as SPEC §5 says.
    const integrator = await used.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { accept: 'application/json' },
    });
    expect(integrator.statusCode).toBe(401);
    expect(integrator.headers['www-authenticate']).toBe('Basic realm="booking", charset="UTF-8"');
  });

  it('refuses a cookie that no session has', async () => {
    const forged = `${COOKIE}=${'A'.repeat(43)}`;
    expect((await read(forged)).statusCode).toBe(401);
    expect((await read(`${COOKIE}=not a token`)).statusCode).toBe(401);
  });

  it('never writes the password, the cookie or the CSRF token into the logs', async () => {
    const { user, cookie, csrfToken } = await signedIn();
    await read(cookie);
    const token = cookie.split('=')[1] as string;
    expect(logs.text).not.toContain(user.password);
    expect(logs.text).not.toContain(token);
    expect(logs.text).not.toContain(csrfToken);
  });
});
