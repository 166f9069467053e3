import fc from 'fast-check';
import parseStandardLinkHeader from 'parse-link-header';
import { describe, expect, it } from 'vitest';
import { parseLinkHeader as parseSdkLinkHeader } from '../../client/index.js';
import {
  buildLinkHeader,
  encodeUriText,
  pageRelations,
  pageUrl,
  paginationHeaders,
  totalShownByPage,
} from '../../src/shared/pagination.js';

/** Parses our own Link header format back into relation → URL, to compare headers with links. */
function parseLinks(header: string | undefined): Map<string, string> {
  const links = new Map<string, string>();
  for (const entry of header ? header.split(', ') : []) {
    const match = /^<([^>]*)>; rel="(\w+)"$/.exec(entry);
    if (!match) throw new Error(`bad Link entry ${entry}`);
    links.set(match[2] as string, match[1] as string);
  }
  return links;
}

/** A parameter name as the service reads it (a broken escape stays as it is). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const offsetOf = (url: string) => Number(new URLSearchParams(url.split('?')[1]).get('offset'));

describe('pageRelations', () => {
  it.each([
    // total, limit, offset → relations (SPEC §4.3 table; the seed's example first)
    [1150, 100, 100, { next: 200, last: 1100, prev: 0, first: 0 }],
    [1150, 100, 0, { next: 100, last: 1100 }],
    [1150, 100, 1100, { last: 1100, prev: 1000, first: 0 }],
    [1150, 100, 1200, { last: 1100, prev: 1100, first: 0 }],
    [100, 100, 0, undefined],
    [0, 100, 0, undefined],
    [101, 100, 0, { next: 100, last: 100 }],
    [0, 100, 50, { last: 0, prev: 0, first: 0 }],
    [10, 3, 4, { next: 7, last: 9, prev: 1, first: 0 }],
  ])('total %i, limit %i, offset %i → %o', (total, limit, offset, expected) => {
    expect(pageRelations(total, limit, offset)).toEqual(expected);
  });
});

describe('Link header', () => {
  it('lists relations in the order next, last, prev, first', () => {
    expect(buildLinkHeader('/s?a=1', 100, { next: 200, last: 1100, prev: 0, first: 0 })).toBe(
      '</s?a=1&limit=100&offset=200>; rel="next", </s?a=1&limit=100&offset=1100>; rel="last", ' +
        '</s?a=1&limit=100&offset=0>; rel="prev", </s?a=1&limit=100&offset=0>; rel="first"',
    );
  });

  it.each([
    [
      '/s?organization=1&limit=10&dateFrom=2025-07-01&offset=0',
      '/s?organization=1&limit=10&dateFrom=2025-07-01&offset=20',
    ],
    ['/s?offset=0&x=%20a+b&limit=10', '/s?offset=20&x=%20a+b&limit=10'],
    ['/s?dateFrom=2025-07-01', '/s?dateFrom=2025-07-01&limit=10&offset=20'],
    ['/s?offset=5&dateFrom=2025-07-01', '/s?offset=20&dateFrom=2025-07-01&limit=10'],
    ['/s', '/s?limit=10&offset=20'],
    ['/s?', '/s?limit=10&offset=20'],
    ['/s/?utm=%C3%A9&Limit=3', '/s/?utm=%C3%A9&Limit=3&limit=10&offset=20'],
  ])('rewrites %s to %s', (url, expected) => {
    expect(pageUrl(url, 10, 20)).toBe(expected);
  });

  // Well-formed query text (an escape is % and two hex digits): spelling is kept to the character,
  // but for `;`, `,` and `'`, which Python's requests and PHP's Guzzle split or trim a Link on.
  const parameter = fc
    .tuple(
      fc.stringMatching(/^[A-Za-z_](?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2}){0,8}$/),
      fc.stringMatching(/^(?:[A-Za-z0-9+._,;:@!$'()*~-]|%[0-9A-Fa-f]{2}){0,8}$/),
    )
    .filter(([name]) => !['limit', 'offset'].includes(decodedName(name)));

  const linkSpelling = (text: string) => text.replace(/;/g, '%3B').replace(/,/g, '%2C').replace(/'/g, '%27');

  it("keeps every other parameter in order and spelling (; , ' percent-encoded), for any well-formed query", () => {
    fc.assert(
      fc.property(
        fc.array(parameter, { maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 1, max: 100 }),
        (params, offset, limit) => {
          const query = params.map(([n, v]) => `${n}=${v}`).join('&');
          const url = pageUrl(`/api/reservations/summaries?${query}`, limit, offset);
          const segments = url.slice(url.indexOf('?') + 1).split('&');
          expect(segments.slice(0, params.length)).toEqual(params.map(([n, v]) => linkSpelling(`${n}=${v}`)));
          expect(segments.slice(params.length)).toEqual([`limit=${limit}`, `offset=${offset}`]);
        },
      ),
    );
  });

  it('agrees with the X-Pagination headers for any total, limit and offset', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.integer({ min: 1, max: 100 }), fc.nat(6000), (total, limit, offset) => {
        const headers = paginationHeaders('/s?organization=1', total, limit, offset);
        expect(headers['x-total-count']).toBe(String(total));
        const links = parseLinks(headers.link);
        if (offset === 0 && total <= limit) expect(headers.link).toBeUndefined();
        for (const rel of ['next', 'last', 'prev', 'first']) {
          const header = headers[`x-pagination-${rel}`];
          const link = links.get(rel);
          expect(header === undefined).toBe(link === undefined);
          if (link !== undefined) expect(offsetOf(link)).toBe(Number(header));
        }
        if (headers.link !== undefined) expect(links.has('last')).toBe(true);
        expect(links.has('prev')).toBe(offset > 0 && headers.link !== undefined);
      }),
    );
  });

  it('visits every index exactly once when following next from offset 0', () => {
    fc.assert(
      fc.property(fc.nat(3000), fc.integer({ min: 1, max: 100 }), (total, limit) => {
        const visited: number[] = [];
        let offset: number | undefined = 0;
        while (offset !== undefined) {
          for (let i = offset; i < Math.min(offset + limit, total); i++) visited.push(i);
          const next = parseLinks(paginationHeaders('/s', total, limit, offset).link).get('next');
          offset = next === undefined ? undefined : offsetOf(next);
        }
        expect(visited).toEqual(Array.from({ length: total }, (_, i) => i));
      }),
    );
  });

  it('points last at the start of the page that holds the final item', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.nat(6000),
        (total, limit, offset) => {
          const last = pageRelations(total, limit, offset)?.last;
          fc.pre(last !== undefined);
          expect(last! % limit).toBe(0);
          expect(last!).toBeLessThanOrEqual(total - 1);
          expect(last! + limit).toBeGreaterThan(total - 1);
        },
      ),
    );
  });
});

describe('Link targets that cannot be forged', () => {
  const PATH = '/api/reservations/summaries';
  /**
   * A URI reference as RFC 3986 allows it in a path and query: nothing else, escapes well-formed.
   * Hex digits are case-insensitive (RFC 3986 §2.1): a client's `%Aa` is kept as it was sent.
   */
  const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
  const ORIGIN = 'http://booking.example';
  /**
   * SPEC §4.3: nothing in a Link URL that a simple parser could end an entry or the URL at (Python's
   * requests: `;`, `, <`, and `<> '"` trimmed; Guzzle: `,`, `;`, quotes): no `;`, `,`, `<`, `>`, `"`,
   * `'`, space or control.
   */
  const LINK_URL = /^(?:[A-Za-z0-9\-._~!$&()*+=:@/?]|%[0-9A-Fa-f]{2})*$/;

  /** The page's four links through a standard parser and the SDK's, which must agree on each. */
  function parsedLinks(requestUrl: string) {
    const header = paginationHeaders(requestUrl, 1150, 100, 100).link as string;
    const standard = parseStandardLinkHeader(header) ?? {};
    const sdk = parseSdkLinkHeader(header, `${ORIGIN}${PATH}`);
    return { header, standard, sdk };
  }

  it("turns the issue's forged query into a parameter of this service's own links", () => {
    const forged = `${PATH}?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&x=a>;rel="first",<http://evil.example/steal`;
    const { header, standard, sdk } = parsedLinks(forged);
    // No link target starts at another host: the would-be `<http://evil.example/…` is inside a value.
    expect(header).not.toMatch(/<(?!\/api\/reservations\/summaries\?)/);
    expect(Object.keys(standard).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(Object.keys(sdk).sort()).toEqual(['first', 'last', 'next', 'prev']);
    const next = new URL(sdk.next as string);
    expect(next.origin).toBe(ORIGIN);
    expect(next.pathname).toBe(PATH);
    // The value arrives as it was sent: percent-encoding is only how it is written in the link.
    expect(next.searchParams.get('x')).toBe('a>;rel="first",<http://evil.example/steal');
    expect(next.searchParams.get('offset')).toBe('200');
    expect(standard.next?.url).toBe(
      `${PATH}?organization=1&dateFrom=2025-07-01&dateTo=2025-07-31&x=a%3E%3Brel=%22first%22%2C%3Chttp://evil.example/steal&limit=100&offset=200`,
    );
  });

  it.each([
    // request target → its next link (limit 100, offset 200)
    ['/s?x=a>b', '/s?x=a%3Eb&limit=100&offset=200'],
    ['/s?x=<a>"b"', '/s?x=%3Ca%3E%22b%22&limit=100&offset=200'],
    ['/s?x=a b&y=é', '/s?x=a%20b&y=%C3%A9&limit=100&offset=200'],
    ['/s?x=大阪', '/s?x=%E5%A4%A7%E9%98%AA&limit=100&offset=200'],
    ['/s?x={|}^`\\[]#', '/s?x=%7B%7C%7D%5E%60%5C%5B%5D%23&limit=100&offset=200'],
    ['/s?x=100%&y=%zz&z=%2c', '/s?x=100%25&y=%25zz&z=%2c&limit=100&offset=200'],
    // ; , and ' are RFC 3986 sub-delims, but Python's requests splits a Link entry at its first ";"
    // and strips "'" off the URL's ends, PHP's Guzzle splits the header at every ",".
    [
      '/s?status=confirmed,checked-in&a;b=c:d@e/f?g',
      '/s?status=confirmed%2Cchecked-in&a%3Bb=c:d@e/f?g&limit=100&offset=200',
    ],
    ['/s?x=a;b', '/s?x=a%3Bb&limit=100&offset=200'],
    ["/s?limit=1&offset=0&x=it'", '/s?limit=100&offset=200&x=it%27'],
    ['/s?x=%2C%3b;,=&y=a=b', '/s?x=%2C%3b%3B%2C=&y=a=b&limit=100&offset=200'],
    ['/s;v=1,2?x=1', '/s%3Bv=1%2C2?x=1&limit=100&offset=200'],
    ['/s?x>=1&li<mit=5&limit=7&off"set=1', '/s?x%3E=1&li%3Cmit=5&limit=100&off%22set=1&offset=200'],
    ['/s?%6Cimit=5&x=>', '/s?limit=100&x=%3E&offset=200'],
    ['/s/?x=a\tb', '/s/?x=a%09b&limit=100&offset=200'],
    // An absolute-form target names a host of the client's choosing; a path with // would read as one.
    ['http://evil.example/s?x=1', '/s?x=1&limit=100&offset=200'],
    ['https://evil.example:8443//s?x=1', '/s?x=1&limit=100&offset=200'],
    ['//evil.example/s?x=1', '/evil.example/s?x=1&limit=100&offset=200'],
    ['/s>"?x=1', '/s%3E%22?x=1&limit=100&offset=200'],
  ])('%s links to %s', (requestUrl, expected) => {
    expect(pageUrl(requestUrl, 100, 200)).toBe(expected);
    expect(expected).toMatch(URI_REFERENCE);
    expect(expected).toMatch(LINK_URL);
  });

  it("leaves well-formed text as it is, but for ; , ', and encodes the rest as UTF-8 bytes", () => {
    expect(encodeUriText('/a?b=c&d=%2F%2c:@!$()*+~=&e')).toBe('/a?b=c&d=%2F%2c:@!$()*+~=&e');
    expect(encodeUriText("/a?b=c&d=%2F,;:@!$'()*+~")).toBe('/a?b=c&d=%2F%2C%3B:@!$%27()*+~');
    expect(encodeUriText('/a?b=ü€\u{1F600}')).toBe('/a?b=%C3%BC%E2%82%AC%F0%9F%98%80');
  });

  // Any text a client may put in a query: characters a URI may hold and ones it may not, escapes
  // valid and broken, spaces, quotes, angle brackets, separators and non-ASCII (surrogates paired).
  const anyQueryText = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<',
          '>',
          '"',
          ';',
          ',',
          ' ',
          '&',
          '=',
          '%',
          '%3',
          '%3E',
          '#',
          '+',
          '?',
          '/',
          '\\',
          'rel',
          'limit',
          'offset',
        ),
        fc.string({ unit: 'grapheme', maxLength: 3 }),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(''))
    // Lone surrogates have no UTF-8 form: no client can send them.
    .filter((text) => !/\p{Cs}/u.test(text));

  it("gives, for any query, exactly the expected relations at this service's path, each a URI reference", () => {
    fc.assert(
      fc.property(anyQueryText, (query) => {
        const requestUrl = `${PATH}?${query}`;
        // What the client sent, as form parameters: non-ASCII written as its UTF-8 escapes first (the
        // same bytes to URLSearchParams, which garbles an astral character after a "%" on Node 20
        // and 24 alike), and a leading & so that a "?" opening the query is not dropped.
        const asciiQuery = query.replace(/[^\0-\x7f]/gu, (character) => encodeURIComponent(character));
        const { standard, sdk } = parsedLinks(requestUrl);
        expect(Object.keys(standard).sort()).toEqual(['first', 'last', 'next', 'prev']);
        expect(Object.keys(sdk).sort()).toEqual(['first', 'last', 'next', 'prev']);
        const expectedOffsets = { next: 200, last: 1100, prev: 0, first: 0 };
        for (const [relation, offset] of Object.entries(expectedOffsets)) {
          const target = standard[relation]?.url as string;
          expect(target).toMatch(URI_REFERENCE);
          expect(target).toMatch(LINK_URL);
          expect(target.startsWith(`${PATH}?`)).toBe(true);
          const resolved = new URL(target, ORIGIN);
          expect(resolved.origin).toBe(ORIGIN);
          expect(resolved.pathname).toBe(PATH);
          expect(sdk[relation as 'next']).toBe(resolved.toString());
          // Every parameter decodes to what the client sent, limit and offset set to the page.
          const sent = [...new URLSearchParams(`&${asciiQuery}`)].map(([name, value]) =>
            name === 'limit' ? [name, '100'] : name === 'offset' ? [name, String(offset)] : [name, value],
          );
          const names = sent.map(([name]) => name);
          if (!names.includes('limit')) sent.push(['limit', '100']);
          if (!names.includes('offset')) sent.push(['offset', String(offset)]);
          expect([...resolved.searchParams]).toEqual(sent);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('totalShownByPage', () => {
  it.each([
    // limit, offset, items on the page, total it shows
    [10, 0, 0, 0],
    [10, 0, 3, 3],
    [10, 0, 10, undefined],
    [10, 20, 4, 24],
    [10, 20, 10, undefined],
    [10, 20, 0, undefined],
    [1, 5, 0, undefined],
    [1, 0, 0, 0],
  ])('limit %i, offset %i, %i items: %s', (limit, offset, count, total) => {
    expect(totalShownByPage({ limit, offset }, count)).toBe(total);
  });

  it('is the true total whenever it gives one, and gives one for every page that is not full', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.integer({ min: 1, max: 50 }), fc.nat(400), (total, limit, offset) => {
        const count = Math.max(0, Math.min(limit, total - offset));
        const shown = totalShownByPage({ limit, offset }, count);
        if (shown !== undefined) expect(shown).toBe(total);
        expect(shown === undefined).toBe(count === limit || (count === 0 && offset > 0));
      }),
      { numRuns: 500 },
    );
  });
});
