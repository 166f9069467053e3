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
 * The request's own URL pointing at another page: `limit` and `offset` keep their position (or are
 * appended, limit first, when absent); every other parameter keeps its order and spelling.
 */
export function pageUrl(requestUrl: string, limit: number, offset: number): string {
  const q = requestUrl.indexOf('?');
  const path = q === -1 ? requestUrl : requestUrl.slice(0, q);
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
  return `${path}?${kept.join('&')}`;
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
