import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLinkHeader, pageRelations, pageUrl, paginationHeaders } from '../../src/shared/pagination.js';

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

  const parameter = fc
    .tuple(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_%.-]{0,8}$/), fc.stringMatching(/^[A-Za-z0-9%+._-]{0,8}$/))
    .filter(([name]) => !['limit', 'offset'].includes(name.toLowerCase()) || name !== name.toLowerCase());

  it('keeps every other parameter in order and spelling, for any query', () => {
    fc.assert(
      fc.property(
        fc.array(parameter, { maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 1, max: 100 }),
        (params, offset, limit) => {
          const query = params.map(([n, v]) => `${n}=${v}`).join('&');
          const url = pageUrl(`/api/reservations/summaries?${query}`, limit, offset);
          const segments = url.slice(url.indexOf('?') + 1).split('&');
          expect(segments.slice(0, params.length)).toEqual(params.map(([n, v]) => `${n}=${v}`));
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
