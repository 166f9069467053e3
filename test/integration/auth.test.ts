import { beforeEach, describe, expect, it } from 'vitest';
import { revokeCredential } from '../../src/modules/credentials/credentials.service.js';
import { LogCapture, testApp } from '../helpers/app.js';
import { DIALECTS, emptyDatabase } from '../helpers/databases.js';
import { apiKeyFor, basicFor, basicHeader, fixedClock, load, twoOrganizations } from '../helpers/fixtures.js';
import { useApp } from '../helpers/use-database.js';

const PATH = '/api/accommodations/';

describe.each(DIALECTS)('authentication on %s', (dialect) => {
  const logs = new LogCapture();
  const used = useApp(dialect, { app: { logs } });

  beforeEach(async () => {
    await emptyDatabase(used.db);
    await load(used.db, twoOrganizations);
  });

  const get = (headers: Record<string, string>, url = `${PATH}?organization=1`) =>
    used.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } });

  async function expectUnauthorized(response: Awaited<ReturnType<typeof get>>) {
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="booking", charset="UTF-8"');
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    return response.body;
  }

  it('refuses every kind of bad credential with one and the same 401', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const basic = await basicFor(used.db, 'park-sync', { organizations: [1] });
    const revokedKey = await apiKeyFor(used.db, { organizations: [1] });
    const revokedId = Number(
      (await used.db.kysely.selectFrom('credentials').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
    );
    await revokeCredential(used.db.kysely, fixedClock(), revokedId);
    // A well-formed key with a valid checksum that was never issued.
    const unknownKey = await apiKeyFor(used.db, { organizations: [1] });
    await used.db.kysely
      .deleteFrom('credential_organizations')
      .where('credential_id', '=', revokedId + 1)
      .execute();
    await used.db.kysely
      .deleteFrom('credentials')
      .where('id', '=', revokedId + 1)
      .execute();

    const cases: Record<string, Record<string, string>> = {
      'no credentials': {},
      'malformed key': { 'x-api-key': 'not-a-key' },
      'key with a wrong checksum': { 'x-api-key': `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` },
      'well-formed unknown key': { 'x-api-key': unknownKey },
      'revoked key': { 'x-api-key': revokedKey },
      'wrong password': { authorization: basicHeader('park-sync', `${basic.password}x`) },
      'unknown user': { authorization: basicHeader('nobody', basic.password) },
      'empty password': { authorization: basicHeader('park-sync', '') },
      'garbage authorization': { authorization: 'Basic !!!' },
      'bearer token': { authorization: `Bearer ${key}` },
      'empty X-Api-Key beside a valid Basic': { 'x-api-key': '', authorization: basic.authorization },
    };
    const bodies = new Set<string>();
    for (const [name, headers] of Object.entries(cases)) {
      const response = await get(headers);
      expect(response.statusCode, name).toBe(401);
      bodies.add(await expectUnauthorized(response));
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0] as string)).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('accepts an API key and Basic credentials alike', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const basic = await basicFor(used.db, 'park-sync', { organizations: [1] });
    const byKey = await get({ 'x-api-key': key });
    const byBasic = await get({ authorization: basic.authorization });
    expect(byKey.statusCode).toBe(200);
    expect(byBasic.statusCode).toBe(200);
    expect(byBasic.json()).toEqual(byKey.json());
    expect(byKey.headers['cache-control']).toBe('no-store');
  });

  it('lets X-Api-Key alone decide when both are sent', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const basic = await basicFor(used.db, 'park-sync', { organizations: [1] });
    expect((await get({ 'x-api-key': key, authorization: basicHeader('park-sync', 'wrong') })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': 'bk_wrong', authorization: basic.authorization })).statusCode).toBe(401);
  });

  it('refuses a revoked credential from the next request on', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const basic = await basicFor(used.db, 'park-sync', { organizations: [1] });
    expect((await get({ 'x-api-key': key })).statusCode).toBe(200);
    expect((await get({ authorization: basic.authorization })).statusCode).toBe(200);
    const rows = await used.db.kysely.selectFrom('credentials').select('id').execute();
    for (const { id } of rows) await revokeCredential(used.db.kysely, fixedClock(), id);
    await expectUnauthorized(await get({ 'x-api-key': key }));
    // The verified-password cache must not outlive a revocation.
    await expectUnauthorized(await get({ authorization: basic.authorization }));
  });

  it('never accepts credentials in the URL', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    await expectUnauthorized(await get({}, `${PATH}?organization=1&api_key=${key}`));
    await expectUnauthorized(await get({}, `${PATH}?organization=1&apiKey=${key}`));
  });

  it('lets a single-organization credential omit organization', async () => {
    const key = await apiKeyFor(used.db, { organizations: [2] });
    const response = await get({ 'x-api-key': key }, PATH);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((a: { organization: number }) => a.organization)).toEqual([2]);
  });

  it('requires organization from a credential bound to several', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1, 2] });
    const response = await get({ 'x-api-key': key }, PATH);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, errors: [{ parameter: 'organization' }] });
    expect((await get({ 'x-api-key': key }, `${PATH}?organization=2`)).statusCode).toBe(200);
  });

  it('answers a foreign and a non-existent organization with the same 403', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const foreign = await get({ 'x-api-key': key }, `${PATH}?organization=2`);
    const unknown = await get({ 'x-api-key': key }, `${PATH}?organization=999`);
    expect(foreign.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(foreign.body).toBe(unknown.body);
    expect(foreign.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('checks 406 before 401, 401 before 400, and 400 before 403', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    expect((await get({ accept: 'text/html' }, `${PATH}?organization=x`)).statusCode).toBe(406);
    expect((await get({}, `${PATH}?organization=x`)).statusCode).toBe(401);
    expect((await get({ 'x-api-key': key }, `${PATH}?organization=2&includeInactive=maybe`)).statusCode).toBe(400);
    expect((await get({ 'x-api-key': key }, `${PATH}?organization=2&modifiedSince=2025-02-30`)).statusCode).toBe(400);
    expect((await get({ 'x-api-key': key }, `${PATH}?organization=2`)).statusCode).toBe(403);
  });

  it('records when a credential was last used', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    // A fresh app: the shared one may already have recorded a use of a credential with this id.
    const fresh = await testApp(used.db, { clock: fixedClock('2025-06-20T08:30:00Z') });
    const response = await fresh.inject({ url: `${PATH}?organization=1`, headers: { 'x-api-key': key } });
    expect(response.statusCode).toBe(200);
    const row = await used.db.kysely.selectFrom('credentials').select('last_used').executeTakeFirstOrThrow();
    expect(row.last_used).toBe('2025-06-20T08:30:00Z');
  });

  it('keeps keys, passwords and Authorization values out of the logs', async () => {
    const key = await apiKeyFor(used.db, { organizations: [1] });
    const basic = await basicFor(used.db, 'park-sync', { organizations: [1] });
    await get({ 'x-api-key': key });
    await get({ authorization: basic.authorization });
    await get({}, `${PATH}?organization=1&api_key=${key}&password=${basic.password}`);
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.text).toContain('[redacted]');
    for (const secret of [key, basic.password, basic.authorization.slice(6)]) expect(logs.text).not.toContain(secret);
  });
});
