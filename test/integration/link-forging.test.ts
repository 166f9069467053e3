import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import parseStandardLinkHeader from 'parse-link-header';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader as parseSdkLinkHeader } from '../../client/index.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, fixedClock } from '../helpers/fixtures.js';
import { OTHER, PARK, summariesDataSet } from '../helpers/summaries-data.js';
import { useApp } from '../helpers/use-database.js';

/**
 * Link cannot be forged from the query string (issue: HTTP that every client, proxy and cache gets
 * right). Over a real socket, because `app.inject` would normalise the request target before the
 * service saw it: Node's own parser lets `"`, `<`, `>`, `;`, `,` and more through as they were sent.
 */

const PATH = '/api/reservations/summaries';
const JULY = `organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-31`;
/** Only what RFC 3986 allows in a path and query, escapes well-formed. */
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;

interface RawResponse {
  status: number;
  headers: Record<string, string>;
}

/** One request written byte for byte (the target exactly as given), read until the server closes. */
function rawGet(port: number, target: Buffer | string, key: string): Promise<RawResponse> {
  const head = Buffer.concat([
    Buffer.from('GET '),
    Buffer.isBuffer(target) ? target : Buffer.from(target, 'latin1'),
    Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\nX-Api-Key: ${key}\r\n`),
    Buffer.from('Connection: close\r\n\r\n'),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

describe.each(DIALECTS)('Link headers built from hostile request targets, over HTTP, on %s', (dialect) => {
  const used = useApp(dialect, { data: summariesDataSet(), app: { clock: fixedClock('2025-09-01T12:00:00Z') } });
  let key: string;
  let port: number;
  let origin: string;

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [PARK, OTHER] });
    await used.app.listen({ port: 0, host: '127.0.0.1' });
    port = (used.app.server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });

  /**
   * The page's Link as a standard parser and the SDK's read it: exactly next, last, prev and first,
   * each at this service's path and origin; following each gives the page it names.
   */
  async function expectOwnLinks(response: RawResponse, query: string) {
    expect(response.status).toBe(200);
    const header = response.headers.link as string;
    const standard = parseStandardLinkHeader(header) ?? {};
    const sdk = parseSdkLinkHeader(header, `${origin}${PATH}`);
    expect(Object.keys(standard).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(Object.keys(sdk).sort()).toEqual(['first', 'last', 'next', 'prev']);
    const offsets = { next: '200', last: '1100', prev: '0', first: '0' };
    for (const [relation, offset] of Object.entries(offsets)) {
      const target = standard[relation]?.url as string;
      expect(target).toMatch(URI_REFERENCE);
      const url = new URL(target, origin);
      expect(url.origin).toBe(origin);
      expect(url.pathname).toBe(PATH);
      expect(sdk[relation as keyof typeof sdk]).toBe(url.toString());
      expect(url.searchParams.get('offset')).toBe(offset);
      // Every parameter the client sent comes back decoded to what it was, in its place.
      const sent = [...new URLSearchParams(`&${query}`)].filter(([name]) => name !== 'limit' && name !== 'offset');
      expect([...url.searchParams].filter(([name]) => name !== 'limit' && name !== 'offset')).toEqual(sent);
      const followed = await rawGet(port, target, key);
      expect(followed.status).toBe(200);
      expect(followed.headers['x-total-count']).toBe('1150');
      expect(followed.headers.link).toBeDefined();
    }
  }

  /** GET the path with this query, raw. */
  const get = (query: string) => rawGet(port, `${PATH}?${query}`, key);

  it('keeps the issue\'s payload a parameter: no rel="next" to evil.example', async () => {
    const query = `${JULY}&limit=100&offset=100&x=a>;rel="first",<http://evil.example/steal`;
    const response = await get(query);
    expect(response.headers.link).not.toMatch(/<http:\/\/evil/);
    await expectOwnLinks(response, query);
  });

  it.each(['<', '>', '"', ';', ',', '{', '}', '|', '\\', '^', '`', '[', ']', "'", '#', '%', '%zz', '%3', '?', '@:/'])(
    'gives well-formed links for a raw %s in names and values of unknown parameters',
    async (raw) => {
      const query = `${JULY}&a${raw}b=c${raw}d&offset=100&e=${raw}`;
      await expectOwnLinks(await get(query), query);
    },
  );

  it('keeps known parameters where they were, with hostile neighbours and escaped names', async () => {
    const statuses = 'status=confirmed,option,checked-in,checked-out,cancelled,no-show';
    const query = `z="<>"&%6Cimit=100&${JULY}&${statuses}&off%73et=100&y=>`;
    const response = await get(query);
    await expectOwnLinks(response, query);
    const next = parseStandardLinkHeader(response.headers.link as string)?.next?.url as string;
    // The status list's commas percent-encoded too (SPEC §4.3): simple Link parsers split on them.
    expect(next).toBe(`${PATH}?z=%22%3C%3E%22&limit=100&${JULY}&${statuses.replaceAll(',', '%2C')}&offset=200&y=%3E`);
  });

  it('keeps percent-encoded spaces and non-ASCII as sent', async () => {
    const query = `${JULY}&offset=100&q=a%20b+c&name=%C3%A9%E5%A4%A7`;
    const response = await get(query);
    await expectOwnLinks(response, query);
    expect(response.headers.link).toContain('&q=a%20b+c&name=%C3%A9%E5%A4%A7&');
  });

  it('links relative to its own path when the target names another host (absolute form)', async () => {
    const response = await rawGet(port, `http://evil.example${PATH}?${JULY}&offset=100`, key);
    expect(response.headers.link).not.toContain('evil.example');
    await expectOwnLinks(response, `${JULY}&offset=100`);
  });

  it.each([
    ['a raw space', Buffer.from(`${PATH}?${JULY}&offset=100&q=a b`)],
    ['raw non-ASCII', Buffer.from(`${PATH}?${JULY}&offset=100&q=é`, 'utf8')],
  ])('never links from %s: Node refuses the request before the service sees it', async (_case, target) => {
    const response = await rawGet(port, target, key);
    expect(response.status).toBe(400);
    expect(response.headers.link).toBeUndefined();
  });
});
