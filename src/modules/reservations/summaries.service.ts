import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addDays, formatTimestamp, startOfDayInZone } from '../../shared/dates.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
import { type JsonBody, jsonBody } from '../../http/etag.js';
import { VersionedCache } from '../../shared/versioned-cache.js';
import { organizationState } from '../organizations/organizations.repository.js';
import type { SummaryRules } from './behaviour-rules.js';
import { periodTooLong } from './period.js';
import type { ReservationStatus } from './reservation-status.js';
import { countSummaries, findSummaries, type SummaryFilter, type SummarySelection } from './reservations.repository.js';
import {
  type ReferenceDate,
  SUMMARY_PAGE_LIMIT,
  type ReservationSummary,
  type SummaryListQuery,
} from './reservations.schemas.js';

export interface SummaryRequest {
  dateFrom: string;
  dateTo: string;
  referenceDate: ReferenceDate;
  statuses: ReservationStatus[] | undefined;
  /** Undefined when the response is not paginated (earlier rules, neither limit nor offset named). */
  page: { limit: number; offset: number } | undefined;
}

/**
 * The rules that need more than one parameter (the schema has checked each one alone) and the
 * pagination decision of SPEC §4.3, under the rules in force for this request.
 */
export function interpretSummaryQuery(query: SummaryListQuery, rules: SummaryRules): SummaryRequest {
  const errors: ParameterError[] = [];
  if (query.dateTo < query.dateFrom) {
    errors.push({ parameter: 'dateTo', message: 'must not be before dateFrom' });
  } else {
    const tooLong = periodTooLong(query.dateFrom, query.dateTo, rules.maxPeriod);
    if (tooLong) errors.push({ parameter: 'dateTo', message: tooLong });
  }
  if (errors.length > 0) throw invalidInput(errors);

  const named = query.limit !== undefined || query.offset !== undefined;
  return {
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    referenceDate: query.referenceDate ?? 'date-from',
    statuses: query.status ? ([...new Set(query.status.split(','))] as ReservationStatus[]) : undefined,
    page:
      rules.paginateByDefault || named
        ? { limit: query.limit ?? SUMMARY_PAGE_LIMIT, offset: query.offset ?? 0 }
        : undefined,
  };
}

/** Timestamp reference dates are calendar days in the organization's zone: [start of dateFrom, start of dateTo + 1). */
function selectionFor(timeZone: string, request: SummaryRequest): SummarySelection {
  const { referenceDate, dateFrom, dateTo } = request;
  switch (referenceDate) {
    case 'date-from':
      return { kind: 'date', column: 'date_from', from: dateFrom, to: dateTo };
    case 'date-to':
      return { kind: 'date', column: 'date_to', from: dateFrom, to: dateTo };
    case 'stay':
      return { kind: 'stay', from: dateFrom, to: dateTo };
    default:
      return {
        kind: 'instant',
        column: referenceDate,
        fromInclusive: formatTimestamp(startOfDayInZone(dateFrom, timeZone)),
        toExclusive: formatTimestamp(startOfDayInZone(addDays(dateTo, 1), timeZone)),
      };
  }
}

export interface SummaryPage {
  /** The serialized items of the page (or of the whole unpaginated result). */
  body: JsonBody;
  /** Matching items over all pages; only counted for paginated responses. */
  total: number | undefined;
}

/** Per app: totals of queries, and whole serialized pages, each valid while the organization is unchanged. */
export interface SummaryCaches {
  totals: VersionedCache<number>;
  pages: VersionedCache<{ body: JsonBody; items: number }>;
}

export function createSummaryCaches(): SummaryCaches {
  // A page of 100 is ~40 KB: the byte bound keeps ~1,500 of them, whatever the page sizes.
  return {
    totals: new VersionedCache<number>({ maxEntries: 10_000 }),
    pages: new VersionedCache({
      maxEntries: 10_000,
      maxWeight: 64 * 2 ** 20,
      weigh: (page) => page.body.bytes.byteLength,
    }),
  };
}

/**
 * The page (or unpaginated result) of a request. `serialize` is the route's response serializer;
 * pages are kept serialized, so a repeated request costs two small queries and no JSON work.
 */
export async function listSummaries(
  db: Kysely<Database>,
  organizationId: number,
  request: SummaryRequest,
  caches: SummaryCaches,
  serialize: (items: ReservationSummary[]) => string,
): Promise<SummaryPage> {
  // Read the change counter before the data: a value cached under it is then never older than it.
  const organization = await organizationState(db, organizationId);
  const version = organization?.version ?? -1;
  const filter: SummaryFilter = {
    organizationId,
    selection: selectionFor(organization?.timezone ?? 'UTC', request),
    statuses: request.statuses,
  };
  const { page } = request;
  if (!page) return { body: jsonBody(serialize(await findSummaries(db, filter))), total: undefined };

  const queryKey = JSON.stringify([filter.organizationId, filter.selection, filter.statuses]);
  const pageKey = `${queryKey}|${page.limit}|${page.offset}`;
  const cached = await caches.pages.getOrLoad(pageKey, version, async () => {
    const items = await findSummaries(db, filter, page);
    return { body: jsonBody(serialize(items)), items: items.length };
  });
  // A first page that is not full holds everything: no need to count.
  if (page.offset === 0 && cached.items < page.limit) return { body: cached.body, total: cached.items };
  const total = await caches.totals.getOrLoad(queryKey, version, () => countSummaries(db, filter));
  return { body: cached.body, total };
}
