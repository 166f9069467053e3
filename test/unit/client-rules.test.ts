import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../client/index.js';
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
