import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LogCapture, testApp } from '../helpers/app.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * SPEC §12: with TRUST_PROXY naming the balancer, the client address of the failed-authentication
 * throttle (and of the rate limits and logs) is the one the balancer forwards; without it, or from
 * a peer that is not a trusted proxy, it is the TCP peer, whatever the request says about itself.
 * The address is a matter of the HTTP layer alone, so one database (SQLite) serves every case.
 */

const LIST = '/api/accommodations/?organization=1';
const BALANCER = '10.0.0.2';
const THROTTLE = { AUTH_FAILURE_MAX_PER_ADDRESS: '3', AUTH_FAILURE_MAX: '1000', AUTH_FAILURE_WINDOW: '300' };
const WRONG_KEY = { 'x-api-key': 'not-a-key' };

describe('the client address behind a proxy (SPEC §12)', () => {
  const used = useDatabase('sqlite', { data: twoOrganizations });

  const appWith = (env: Record<string, string>, logs?: LogCapture) =>
    testApp(used.db, { env: { ...THROTTLE, ...env }, logs });

  /** Fails authentication `times` times, as sent from `peer` with `headers`; the statuses. */
  async function fail(app: FastifyInstance, peer: string, headers: Record<string, string>, times: number) {
    const statuses = [];
    for (let i = 0; i < times; i++) {
      const response = await app.inject({
        method: 'GET',
        url: LIST,
        remoteAddress: peer,
        headers: { ...WRONG_KEY, ...headers },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it.each([
    ['X-Forwarded-For', 'x-forwarded-for', (client: string) => ({ 'x-forwarded-for': client })],
    ['Forwarded', 'forwarded', (client: string) => ({ forwarded: `for=${client};proto=https` })],
  ])(
    'with TRUST_PROXY set to the balancer, clients named in %s are throttled apart',
    async (_name, written, header) => {
      const app = await appWith({ TRUST_PROXY: BALANCER, TRUST_PROXY_HEADER: written });
      expect(await fail(app, BALANCER, header('198.51.100.1'), 4)).toEqual([401, 401, 401, 429]);
      expect(await fail(app, BALANCER, header('198.51.100.2'), 1)).toEqual([401]);
    },
  );

  // Issue 41: a proxy passes the header it does not write through as the client sent it. Only the
  // one TRUST_PROXY_HEADER names is read, so a client cannot pick its address with the other.
  it.each([
    [
      'writes only Forwarded, and a client sends its own X-Forwarded-For',
      { TRUST_PROXY_HEADER: 'forwarded' },
      (i: number) => ({ forwarded: 'for=198.51.100.1', 'x-forwarded-for': `192.0.2.${i}` }),
    ],
    [
      'writes only X-Forwarded-For (the default), and a client sends its own Forwarded',
      {},
      (i: number) => ({ 'x-forwarded-for': '198.51.100.1', forwarded: `for=192.0.2.${i}` }),
    ],
    [
      'writes only X-Forwarded-For, and a client sends Forwarded alone',
      {},
      (i: number) => ({ forwarded: `for=192.0.2.${i}` }),
    ],
  ])('when the balancer %s, the client cannot escape its throttle', async (_case, env, headers) => {
    const app = await appWith({ TRUST_PROXY: BALANCER, ...env });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(...(await fail(app, BALANCER, headers(i), 1)));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('without TRUST_PROXY every client behind the balancer shares its throttle', async () => {
    const app = await appWith({});
    expect(await fail(app, BALANCER, { 'x-forwarded-for': '198.51.100.1' }, 3)).toEqual([401, 401, 401]);
    expect(await fail(app, BALANCER, { 'x-forwarded-for': '198.51.100.2' }, 1)).toEqual([429]);
  });

  it('a client that is not a trusted proxy cannot escape its throttle by naming other addresses', async () => {
    const app = await appWith({ TRUST_PROXY: `${BALANCER},192.0.2.0/24` });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(...(await fail(app, '203.0.113.9', { 'x-forwarded-for': `198.51.100.${i}` }, 1)));
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('believes as many hops as a hop count says, nearest first', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    // One hop: the balancer's own view of its peer (the last entry) is the client.
    expect(await fail(app, BALANCER, { 'x-forwarded-for': '192.0.2.50, 198.51.100.7' }, 3)).toEqual([401, 401, 401]);
    expect(await fail(app, BALANCER, { 'x-forwarded-for': '192.0.2.99, 198.51.100.7' }, 1)).toEqual([429]);
    expect(await fail(app, BALANCER, { 'x-forwarded-for': '192.0.2.50, 198.51.100.8' }, 1)).toEqual([401]);
  });

  it('logs the forwarded client address when the proxy is trusted, the peer otherwise', async () => {
    const trusted = new LogCapture();
    const plain = new LogCapture();
    await fail(await appWith({ TRUST_PROXY: BALANCER }, trusted), BALANCER, { 'x-forwarded-for': '198.51.100.1' }, 1);
    await fail(await appWith({}, plain), BALANCER, { 'x-forwarded-for': '198.51.100.1' }, 1);
    const addresses = (logs: LogCapture) =>
      logs.lines.map((line) => JSON.parse(line).req?.remoteAddress).filter((address) => address !== undefined);
    expect(addresses(trusted)).toEqual(['198.51.100.1']);
    expect(addresses(plain)).toEqual([BALANCER]);
  });
});
