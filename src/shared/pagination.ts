/**
 * Pagination of reservation summaries (SPEC §4.3), as pure functions: which relations a page has,
 * and the Link header that points at them.
 */

export interface PageRelations {
  next?: number;
  last: number;
  prev?: number;
  first?: number;
}

/**
 * The offsets of the related pages, or undefined when no pagination header is due: everything fits
 * on the first page (`offset = 0` and `total ≤ limit`).
 */
export function pageRelations(total: number, limit: number, offset: number): PageRelations | undefined {
  if (offset === 0 && total <= limit) return undefined;
  const relations: PageRelations = { last: Math.max(0, Math.floor((total - 1) / limit) * limit) };
  if (offset + limit < total) relations.next = offset + limit;
  if (offset > 0) {
    relations.prev = Math.max(0, offset - limit);
    relations.first = 0;
  }
  return relations;
}

/** Header order and Link order: next, last, prev, first. */
export const RELATION_ORDER = ['next', 'last', 'prev', 'first'] as const;

function parameterName(segment: string): string {
  const raw = segment.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * What a Link URL may hold unencoded (SPEC §4.3): RFC 3986's unreserved characters, ":", "@", "/",
 * "?", the sub-delims "!$&()*+=" (and "%" where it starts an escape). Everything else is
 * percent-encoded, for two reasons:
 *
 * - Node's HTTP parser passes more than RFC 3986 allows through in a request target (`"`, `<`, `>`,
 *   `\`, `^`, `` ` ``, `{`, `|`, `}`, `#`, `[`, `]`), and a raw `>` or `"` copied into Link would end
 *   the URI reference early and let the rest of the query write relations of its own
 *   (`x=a>;rel="first",<http://evil.example/…`).
 * - The sub-delims `;`, `,` and `'` are allowed raw by RFC 3986 and by RFC 8288 inside `<…>`, but the
 *   parsers clients use split or trim on them regardless: Python's `requests` (`response.links`)
 *   splits an entry at its first `;` (`?x=a;b` lost every relation) and strips `'` from the URL's
 *   ends, PHP's guzzlehttp/psr7 `Header::parse` splits entries at every `,` (`status=a,b` broke it).
 *   Written `%3B`, `%2C`, `%27` they mean the same to the service, as to any form decoder.
 *
 * `=` and `&` stay as they are: they carry the query's structure (encoded, they would no longer
 * separate names, values and parameters). Spaces and controls are outside the set: encoded too.
 */
const URI_CHARACTER = /[A-Za-z0-9\-._~!$&()*+=:@/?]/;
const URI_TEXT = /^(?:[A-Za-z0-9\-._~!$&()*+=:@/?]|%[0-9A-Fa-f]{2})*$/;

const percentEncoded = (character: string) =>
  [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * The text as a Link URL's path and query: each character outside URI_CHARACTER is percent-encoded
 * (non-ASCII as its UTF-8 bytes), everything else keeps its spelling, including escapes already
 * present (`%2c` stays `%2c`). Text that needs no change (nearly every request) is returned as is.
 */
export function encodeUriText(text: string): string {
  if (URI_TEXT.test(text)) return text;
  let encoded = '';
  const characters = [...text];
  for (const [i, character] of characters.entries()) {
    const escape = character === '%' && /^[0-9A-Fa-f]{2}$/.test(`${characters[i + 1] ?? ''}${characters[i + 2] ?? ''}`);
    encoded += escape || URI_CHARACTER.test(character) ? character : percentEncoded(character);
  }
  return encoded;
}

/**
 * The path of a request target. An absolute-form target (`GET http://host/path HTTP/1.1`, which
 * servers must accept) names a host of the client's choosing: only its path is kept, and the links
 * stay relative to this service. A path starting with `//` would read as a host too (a
 * network-path reference), so it starts with one slash.
 */
function requestPath(target: string): string {
  const path = target.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '');
  return `/${path.replace(/^\/+/, '')}`;
}

/**
 * The request's own URL pointing at another page: `limit` and `offset` keep their position (or are
 * appended, limit first, when absent); every other parameter keeps its order, its name and its value's
 * meaning: its spelling, except the characters encodeUriText percent-encodes.
 */
export function pageUrl(requestUrl: string, limit: number, offset: number): string {
  const q = requestUrl.indexOf('?');
  const path = requestPath(q === -1 ? requestUrl : requestUrl.slice(0, q));
  const segments = q === -1 || q === requestUrl.length - 1 ? [] : requestUrl.slice(q + 1).split('&');
  const values: Record<string, number> = { limit, offset };
  const seen = new Set<string>();
  const kept = segments.map((segment) => {
    const name = parameterName(segment);
    if (name !== 'limit' && name !== 'offset') return segment;
    seen.add(name);
    return `${name}=${values[name]}`;
  });
  for (const name of ['limit', 'offset']) if (!seen.has(name)) kept.push(`${name}=${values[name]}`);
  return encodeUriText(`${path}?${kept.join('&')}`);
}

export function buildLinkHeader(requestUrl: string, limit: number, relations: PageRelations): string {
  return RELATION_ORDER.flatMap((rel) => {
    const offset = relations[rel];
    return offset === undefined ? [] : [`<${pageUrl(requestUrl, limit, offset)}>; rel="${rel}"`];
  }).join(', ');
}

/** All pagination headers of a paginated response (SPEC §4.3); X-Total-Count is always among them. */
export function paginationHeaders(
  requestUrl: string,
  total: number,
  limit: number,
  offset: number,
): Record<string, string> {
  const headers: Record<string, string> = { 'x-total-count': String(total) };
  const relations = pageRelations(total, limit, offset);
  if (!relations) return headers;
  headers.link = buildLinkHeader(requestUrl, limit, relations);
  for (const rel of RELATION_ORDER) {
    const value = relations[rel];
    if (value !== undefined) headers[`x-pagination-${rel}`] = String(value);
  }
  return headers;
}

/**
 * The total over all pages that a page shows by itself: a page that is not full is the last one,
 * so the total is its offset and its items, unless it is empty past the first page (past the end,
 * which says nothing of where the end is). Undefined when only a count can tell. The summaries
 * repository's `pageTotal` is the same rule in SQL.
 */
export function totalShownByPage(page: { limit: number; offset: number }, count: number): number | undefined {
  return count < page.limit && (count > 0 || page.offset === 0) ? page.offset + count : undefined;
}
