import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookingOriginError, createClient, parseLinkHeader, type SummariesPage } from '../../client/index.js';
import { parseRetryAfter, retryDelayMs } from '../../client/transport.js';
import { buildLinkHeader } from '../../src/shared/pagination.js';

/** The client's pure rules: Link parsing, Retry-After, and the backoff between retries. */

describe('parseLinkHeader', () => {
  it('reads the service’s own Link header back, resolving URLs against the page', () => {
    const header = buildLinkHeader(
      '/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=100',
      100,
      { next: 200, last: 1100, prev: 0, first: 0 },
    );
    const links = parseLinkHeader(header, 'http://h.example/api/reservations/summaries?x=1');
    expect(Object.keys(links)).toEqual(['next', 'last', 'prev', 'first']);
    expect(links.next).toBe(
      'http://h.example/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=200',
    );
    expect(new URL(links.last as string).searchParams.get('offset')).toBe('1100');
  });

  it.each([
    [null, {}],
    ['', {}],
    ['<https://a.example/p?offset=5>; rel=next', { next: 'https://a.example/p?offset=5' }],
    ['<https://a.example/x>; rel="alternate"', {}],
  ])('%j → %o', (header, expected) => {
    expect(parseLinkHeader(header, 'https://a.example/')).toEqual(expected);
  });
});

describe('Retry-After and backoff', () => {
  it.each([
    ['30', 30],
    [' 2 ', 2],
    ['0', 0],
    ['Sun, 22 Nov 2026 10:00:30 GMT', 30],
    ['Sun, 22 Nov 2026 09:59:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('Retry-After %j → %s seconds', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-22T10:00:00Z'))).toBe(expected);
  });

  it('waits at least what the server asked, plus less than one backoff step of jitter', () => {
    fc.assert(
      fc.property(
        fc.nat(10),
        fc.nat(3600),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (attempt, seconds, r) => {
          const delay = retryDelayMs(attempt, seconds, 250, () => r);
          expect(delay).toBeGreaterThanOrEqual(seconds * 1000);
          expect(delay).toBeLessThan(seconds * 1000 + 250);
        },
      ),
    );
  });

  it('without Retry-After, backs off exponentially with full jitter, capped at 30 s', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.double({ min: 0, max: 0.999_999, noNaN: true }), (attempt, r) => {
        const delay = retryDelayMs(attempt, undefined, 250, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(Math.min(30_000, 250 * 2 ** attempt));
      }),
    );
    expect(retryDelayMs(3, undefined, 250, () => 0.5)).toBe(1000);
  });
});

/**
 * A fetch that answers from a table by URL and records every request it was asked to send, with
 * its headers, so a test sees exactly where the client went and with which credential.
 */
function stubFetch(answers: Record<string, () => Response>) {
  const sent: { url: string; headers: Record<string, string>; redirect: string | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    sent.push({ url, headers: { ...(init?.headers as Record<string, string>) }, redirect: init?.redirect });
    const answer = answers[url];
    return answer ? answer() : new Response('{"status":404,"title":"Not Found","detail":"stub"}', { status: 404 });
  };
  return { fetch, sent };
}

const page = (link: string | undefined, items: unknown[] = [{ id: 1 }]) =>
  new Response(JSON.stringify(items), {
    headers: { 'content-type': 'application/json', 'x-total-count': '250', ...(link ? { link } : {}) },
  });

async function collectPages(
  iterable: AsyncIterable<SummariesPage>,
): Promise<{ pages: SummariesPage[]; error: unknown }> {
  const pages: SummariesPage[] = [];
  try {
    for await (const p of iterable) pages.push(p);
  } catch (error) {
    return { pages, error };
  }
  return { pages, error: undefined };
}

describe("the SDK sends its credential to its base URL's origin only", () => {
  const BASE = 'https://booking.example';
  const FIRST = `${BASE}/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31`;
  const query = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };

  it.each([
    ['another host', '<https://evil.example/steal?offset=100>; rel="next"'],
    ['the same host over plain HTTP', '<http://booking.example/api/reservations/summaries?offset=100>; rel="next"'],
    [
      'the same host on another port',
      '<https://booking.example:8443/api/reservations/summaries?offset=100>; rel="next"',
    ],
    ['a network-path reference', '<//evil.example/steal?offset=100>; rel="next"'],
    // What the service sent before its links were encoded, for a query ending in the payload.
    [
      'a Link forged through the query',
      '</api/reservations/summaries?x=a>;rel="first",<http://evil.example/steal&limit=100&offset=100>; rel="next"',
    ],
  ])('stops with an error and sends nothing to %s named by rel="next"', async (_case, link) => {
    const { fetch, sent } = stubFetch({ [FIRST]: () => page(link) });
    const client = createClient({ baseUrl: BASE, apiKey: 'bk_test' }, { fetch, retries: 0 });
    const { pages, error } = await collectPages(client.reservations.summaries(query).pages());
    expect(error).toBeInstanceOf(BookingOriginError);
    expect((error as BookingOriginError).message).toContain('refusing to follow Link rel="next"');
    expect(pages).toEqual([]);
    expect(sent.map((request) => request.url)).toEqual([FIRST]);
  });

  it('follows rel="next" within the origin, with the credential', async () => {
    const second = `${BASE}/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=100`;
    const { fetch, sent } = stubFetch({
      [FIRST]: () =>
        page('</api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=100>; rel="next"'),
      [second]: () => page(undefined, [{ id: 2 }]),
    });
    const client = createClient({ baseUrl: BASE, username: 'u', password: 'p' }, { fetch });
    const { pages, error } = await collectPages(client.reservations.summaries(query).pages());
    expect(error).toBeUndefined();
    expect(pages.map((p) => p.items)).toEqual([[{ id: 1 }], [{ id: 2 }]]);
    expect(sent.map((request) => request.url)).toEqual([FIRST, second]);
    expect(sent.every((request) => request.headers.authorization === `Basic ${btoa('u:p')}`)).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.example/api/accommodations/'],
    ['another scheme', 'http://booking.example/api/accommodations/'],
  ])('does not follow a redirect to %s: fetch would carry X-Api-Key there', async (_case, location) => {
    const list = `${BASE}/api/accommodations/`;
    const { fetch, sent } = stubFetch({
      [list]: () => new Response(null, { status: 302, headers: { location } }),
      [location]: () => page(undefined),
    });
    const client = createClient({ baseUrl: BASE, apiKey: 'bk_test' }, { fetch });
    await expect(client.accommodations.list()).rejects.toBeInstanceOf(BookingOriginError);
    expect(sent.map((request) => request.url)).toEqual([list]);
    // The platform's own redirect handling is off: every hop goes through the origin check.
    expect(sent[0]?.redirect).toBe('manual');
  });

  it('follows a redirect within the origin, a bounded number of times', async () => {
    const list = `${BASE}/api/accommodations/`;
    const moved = `${BASE}/v2/api/accommodations/`;
    const { fetch, sent } = stubFetch({
      [list]: () => new Response(null, { status: 308, headers: { location: '/v2/api/accommodations/' } }),
      [moved]: () => page(undefined, [{ id: 7 }]),
    });
    const client = createClient({ baseUrl: BASE, apiKey: 'bk_test' }, { fetch });
    expect(await client.accommodations.list()).toEqual([{ id: 7 }]);
    expect(sent.map((request) => [request.url, request.headers['x-api-key']])).toEqual([
      [list, 'bk_test'],
      [moved, 'bk_test'],
    ]);

    const loop = stubFetch({ [list]: () => new Response(null, { status: 302, headers: { location: list } }) });
    const looping = createClient({ baseUrl: BASE, apiKey: 'bk_test' }, { fetch: loop.fetch });
    await expect(looping.accommodations.list()).rejects.toMatchObject({ name: 'BookingApiError', status: 302 });
    expect(loop.sent).toHaveLength(6);
  });
});
