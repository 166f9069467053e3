import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { isWellFormedApiKey } from '../../src/modules/credentials/api-key.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { createCredential } from '../../src/modules/credentials/credentials.service.js';
import { apiKeyFor, basicHeader, fixedClock, load, twoOrganizations } from '../helpers/fixtures.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useApp } from '../helpers/use-database.js';

/** Credential management over HTTP (SPEC §11 Settings): GET, POST and DELETE /api/credentials. */

type Listed = { id: number; identifier: string; organizations: number[]; revoked: string | null };

describe.each(DIALECTS)('/api/credentials on %s', (dialect) => {
  let now = '2025-06-15T10:00:00Z';
  /** Admin of the park (1) only. */
  let admin: string;
  let reader: string;
  let writer: string;
  /** Admin of the hotel (2) only. */
  let hotelAdmin: string;
  /** Admin of both. */
  let groupAdmin: string;

  const used = useApp(dialect, { app: { clock: () => new Date(now) } });

  beforeEach(async () => {
    now = '2025-06-15T10:00:00Z';
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
    reader = await apiKeyFor(used.db, { organizations: [1] });
    writer = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin', name: 'Park admin' });
    hotelAdmin = await apiKeyFor(used.db, { organizations: [2], scope: 'admin' });
    groupAdmin = await apiKeyFor(used.db, { organizations: [1, 2], scope: 'admin' });
  });

  const call = (method: InjectOptions['method'], url: string, key: string, payload?: unknown, headers = {}) =>
    used.app.inject({
      method,
      url,
      headers: { accept: 'application/json', 'x-api-key': key, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = async (key: string, body: Record<string, unknown>) => {
    const response = await call('POST', '/api/credentials', key, body);
    const created = response.json() as Record<string, unknown>;
    if (typeof created.apiKey === 'string') rememberSecret(created.apiKey);
    if (typeof created.password === 'string') {
      rememberSecret(created.password, basicHeader(created.username as string, created.password));
    }
    return response;
  };
  const list = async (key: string, query = '') => {
    const response = await call('GET', `/api/credentials${query}`, key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Listed[];
  };
  const accommodations = (headers: Record<string, string>) =>
    used.app.inject({ url: '/api/accommodations/', headers: { accept: 'application/json', ...headers } });

  it('creates an API key, shown once, that works at once and stops working when revoked', async () => {
    const response = await create(admin, { name: 'Channel manager', type: 'api-key', scope: 'write' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: number; apiKey: string };
    expect(response.headers.location).toBe(`/api/credentials/${created.id}`);
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'api-key',
      apiKey: expect.stringMatching(/^bk_[0-9A-Za-z]{36}$/),
      organizations: [1],
      scopes: ['read', 'write'],
      compatibilityDate: null,
    });
    expect(isWellFormedApiKey(created.apiKey)).toBe(true);

    const before = await accommodations({ 'x-api-key': created.apiKey });
    expect(before.statusCode).toBe(200);
    expect((before.json() as unknown[]).length).toBeGreaterThan(0);

    now = '2025-06-15T11:30:00Z';
    const revoked = await call('DELETE', `/api/credentials/${created.id}`, admin);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await accommodations({ 'x-api-key': created.apiKey })).statusCode).toBe(401);
    // Harmless again, and the first time stays the one recorded.
    expect((await call('DELETE', `/api/credentials/${created.id}`, admin)).statusCode).toBe(204);
    const listed = (await list(admin)).find((c) => c.id === created.id);
    expect(listed).toMatchObject({ name: 'Channel manager', revoked: '2025-06-15T11:30:00Z' });
  });

  it('creates a Basic credential with a generated password that signs in with Basic', async () => {
    const response = await create(admin, { type: 'basic', username: `frontdesk-${dialect}`, scope: 'admin' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: number; username: string; password: string };
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'basic',
      username: `frontdesk-${dialect}@1`,
      password: expect.stringMatching(/^[0-9A-Za-z]{24}$/),
      organizations: [1],
      scopes: ['read', 'write', 'admin'],
      compatibilityDate: null,
    });
    const authorization = basicHeader(created.username, created.password);
    expect((await accommodations({ authorization })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/credentials/${created.id}`, admin)).statusCode).toBe(204);
    expect((await accommodations({ authorization })).statusCode).toBe(401);
  });

  it('qualifies a username by the organization, so that a taken one tells nothing of another organization (issue 41, finding 12)', async () => {
    const park = await create(admin, { type: 'basic', username: 'frontdesk', scope: 'write' });
    expect(park.statusCode, park.body).toBe(201);
    const parkDesk = park.json() as { id: number; username: string; password: string };
    expect(parkDesk).toMatchObject({ type: 'basic', username: 'frontdesk@1', organizations: [1] });
    expect((await list(admin)).find((c) => c.id === parkDesk.id)?.identifier).toBe('frontdesk@1');

    // The hotel's admin asks for the same name: its own, not a 409 saying that the park has one.
    const hotel = await create(hotelAdmin, { type: 'basic', username: 'frontdesk' });
    expect(hotel.statusCode, hotel.body).toBe(201);
    const hotelDesk = hotel.json() as { id: number; username: string; password: string };
    expect(hotelDesk).toMatchObject({ type: 'basic', username: 'frontdesk@2', organizations: [2] });
    // A group's admin creating for the hotel lands in the hotel's names too.
    const group = await create(groupAdmin, { organization: 2, type: 'basic', username: 'frontdesk' });
    expect(group.statusCode).toBe(409);

    // Taken only among the organization's own names, which its admin lists anyway.
    const again = await create(admin, { type: 'basic', username: 'frontdesk' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json().detail).toContain('frontdesk@1');
    expect(again.body).not.toContain('@2');

    // The qualified name is the username: Basic auth and the console's sign-in take it, the bare name is unknown.
    expect((await accommodations({ authorization: basicHeader('frontdesk@1', parkDesk.password) })).statusCode).toBe(
      200,
    );
    expect((await accommodations({ authorization: basicHeader('frontdesk@2', hotelDesk.password) })).statusCode).toBe(
      200,
    );
    expect((await accommodations({ authorization: basicHeader('frontdesk', parkDesk.password) })).statusCode).toBe(401);
    const signIn = await used.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'frontdesk@1', password: parkDesk.password }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().credential).toMatchObject({ id: parkDesk.id, username: 'frontdesk@1' });

    // The longest name asked for still fits once the longest organization id is added.
    const longest = await create(admin, { type: 'basic', username: 'x'.repeat(53) });
    expect(longest.statusCode, longest.body).toBe(201);
    expect(longest.json().username).toBe(`${'x'.repeat(53)}@1`);
  });

  it.each(['x@13', 'frontdesk@1', 'frontdesk@', '@'])(
    'refuses the username %j with 400 naming username: the organization id is added after an @',
    async (username) => {
      const response = await create(admin, { type: 'basic', username });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      const { errors } = response.json() as { errors: { parameter: string; message: string }[] };
      expect(errors.map((e) => e.parameter)).toEqual(['username']);
      expect(errors[0]?.message).toMatch(/organization.s id is added after an @/);
      expect(await list(admin)).toHaveLength(4);
    },
  );

  it("keeps an organization's namespace its own from the operator too: name@ID only for organization ID", async () => {
    // The CLI (`booking credentials create --basic`) takes any name: but not one in another
    // organization's namespace, which would answer that organization's admin a 409 about it.
    const refused = createCredential(used.db.kysely, fixedClock(), { organizations: [2], basicUsername: 'desk@1' });
    await expect(refused).rejects.toMatchObject({
      options: { errors: [{ parameter: 'basic', message: 'a username ending in @1 is for organization 1' }] },
    });
    const own = await createCredential(used.db.kysely, fixedClock(), {
      organizations: [1, 2],
      basicUsername: 'desk@1',
    });
    expect(own).toMatchObject({ type: 'basic', username: 'desk@1' });
    expect((await create(admin, { type: 'basic', username: 'desk' })).statusCode).toBe(409);
  });

  it('binds the new credential to the organization named, or to the caller’s only one; read is the default scope', async () => {
    const named = (await create(groupAdmin, { organization: 2, type: 'api-key' })).json();
    expect(named).toMatchObject({ organizations: [2], scopes: ['read'] });
    const only = (await create(admin, { type: 'api-key' })).json();
    expect(only).toMatchObject({ organizations: [1], scopes: ['read'] });
    const several = await create(groupAdmin, { type: 'api-key' });
    expect(several.statusCode).toBe(400);
    expect(several.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual(['organization']);
  });

  it('lists the organization’s credentials newest first, revoked ones included, never a secret or hash', async () => {
    now = '2025-06-16T08:00:00Z';
    const created = (await create(admin, { type: 'api-key', name: 'Newest' })).json() as {
      id: number;
      apiKey: string;
    };
    const listed = await list(admin);
    // Newest first; the five made beforehand share a creation time, so the higher id comes first.
    expect(listed.map((c) => c.id)).toEqual([...listed.map((c) => c.id)].sort((a, b) => b - a));
    expect(listed[0]).toEqual({
      id: created.id,
      name: 'Newest',
      type: 'api-key',
      identifier: `${created.apiKey.slice(0, 9)}…`,
      organizations: [1],
      scopes: ['read'],
      compatibilityDate: null,
      created: '2025-06-16T08:00:00Z',
      lastUsed: null,
      revoked: null,
    });
    // The park's: reader, writer, admin, group admin, the new one; not the hotel's admin.
    expect(listed).toHaveLength(5);
    const text = JSON.stringify(listed);
    for (const secret of [admin, reader, writer, groupAdmin, created.apiKey]) expect(text.includes(secret)).toBe(false);
    for (const hidden of ['key_hash', 'keyHash', 'password', 'scrypt$']) expect(text).not.toContain(hidden);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('shows of a credential only the organizations the caller shares with it', async () => {
    const group = (await list(admin)).find((c) => c.identifier === `${groupAdmin.slice(0, 9)}…`);
    expect(group?.organizations).toEqual([1]);
    const seenByGroup = (await list(groupAdmin, '?organization=1')).find((c) => c.id === group?.id);
    expect(seenByGroup?.organizations).toEqual([1, 2]);
  });

  it('lists the organization named, or the only one; 400 when several, 403 for a foreign one', async () => {
    expect((await list(hotelAdmin)).map((c) => c.identifier).sort()).toEqual(
      [groupAdmin, hotelAdmin].map((k) => `${k.slice(0, 9)}…`).sort(),
    );
    expect(await list(groupAdmin, '?organization=2')).toHaveLength(2);
    const several = await call('GET', '/api/credentials', groupAdmin);
    expect(several.statusCode).toBe(400);
    expect(several.json().errors).toEqual([{ parameter: 'organization', message: expect.any(String) }]);
    for (const organization of [2, 99]) {
      const foreign = await call('GET', `/api/credentials?organization=${organization}`, admin);
      expect(foreign.statusCode).toBe(403);
    }
    const invalid = await call('GET', '/api/credentials?organization=x', admin);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { parameter: string }) => e.parameter)).toEqual(['organization']);
  });

  it('refuses to create for an organization the caller is not bound to (403)', async () => {
    for (const organization of [2, 99]) {
      const response = await create(admin, { organization, type: 'api-key' });
      expect(response.statusCode).toBe(403);
    }
  });

  it.each([
    [{ type: 'basic' }, ['username']],
    [{ type: 'api-key', username: 'someone' }, ['username']],
    [{ type: 'basic', username: 'has space' }, ['username']],
    [{ type: 'basic', username: 'x'.repeat(65) }, ['username']],
    [{ type: 'basic', username: 'x'.repeat(54) }, ['username']],
    [{ type: 'api-key', scope: 'owner' }, ['scope']],
    [{ type: 'token' }, ['type']],
    [{}, ['type']],
    [{ type: 'api-key', name: 'x'.repeat(201) }, ['name']],
    [{ type: 'api-key', organization: 0 }, ['organization']],
    [{ type: 'api-key', compatibilityDate: '2025-01-01' }, ['compatibilityDate']],
    [{ type: 'api-key', organizations: [1, 2] }, ['organizations']],
  ])('refuses the body %j with 400 naming %j', async (body, parameters) => {
    const response = await create(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const named = (response.json() as { errors: { parameter: string }[] }).errors.map((e) => e.parameter);
    expect([...new Set(named)].sort()).toEqual(parameters);
  });

  it('refuses Idempotency-Key rather than create a second credential on a retry', async () => {
    const response = await call('POST', '/api/credentials', admin, { type: 'api-key' }, { 'idempotency-key': 'k-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ parameter: 'idempotency-key', message: expect.any(String) }]);
    expect(await list(admin)).toHaveLength(4);
  });

  it('revokes only credentials of the caller’s organizations: 404 elsewhere, 403 when shared with another', async () => {
    const hotelKey = (await create(hotelAdmin, { type: 'api-key' })).json() as { id: number; apiKey: string };
    expect((await call('DELETE', `/api/credentials/${hotelKey.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/credentials/2147483647', admin)).statusCode).toBe(404);
    expect((await accommodations({ 'x-api-key': hotelKey.apiKey })).statusCode).toBe(200);

    const shared = (await create(groupAdmin, { organization: 1, type: 'api-key' })).json() as { id: number };
    const group = (await list(groupAdmin, '?organization=2')).find(
      (c) => c.identifier === `${groupAdmin.slice(0, 9)}…`,
    );
    const forbidden = await call('DELETE', `/api/credentials/${group?.id}`, admin);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await accommodations({ 'x-api-key': groupAdmin })).statusCode).not.toBe(401);

    // The park's admin may revoke what only the park has, and the group's admin what both share.
    expect((await call('DELETE', `/api/credentials/${shared.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/credentials/${hotelKey.id}`, groupAdmin)).statusCode).toBe(204);
    expect((await accommodations({ 'x-api-key': hotelKey.apiKey })).statusCode).toBe(401);
  });

  it.each(['abc', '0', '-1', '99999999999'])('answers DELETE /api/credentials/%s with 400 naming id', async (id) => {
    const response = await call('DELETE', `/api/credentials/${id}`, admin);
    expect(response.statusCode).toBe(400);
    expect(new Set(response.json().errors.map((e: { parameter: string }) => e.parameter))).toEqual(new Set(['id']));
  });

  it('needs the admin scope: read and write keys get 403 on every credentials route', async () => {
    const own = (await list(admin))[0] as Listed;
    for (const key of [reader, writer]) {
      const responses = [
        await call('GET', '/api/credentials', key),
        await call('POST', '/api/credentials', key, { type: 'api-key' }),
        await call('DELETE', `/api/credentials/${own.id}`, key),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403]);
      for (const r of responses) expect(r.json().detail).toContain('admin scope');
    }
    expect((await list(admin)).every((c) => c.revoked === null)).toBe(true);
    expect((await call('GET', '/api/credentials', '')).statusCode).toBe(401);
  });

  it('uses the injected clock for created', async () => {
    now = '2030-01-02T03:04:05Z';
    const created = (await create(admin, { type: 'api-key' })).json() as { id: number };
    expect((await list(admin)).find((c) => c.id === created.id)).toMatchObject({ created: '2030-01-02T03:04:05Z' });
  });
});
