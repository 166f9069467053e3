import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  addDays,
  daysBetween,
  formatClampedTimestamp,
  isCalendarDate,
  parseTimestamp,
  startOfDayInZone,
} from '../../shared/dates.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
import { type ModifiedSince, modifiedLowerBound, modifiedSinceOf } from '../../shared/modified-since.js';
import { totalShownByPage } from '../../shared/pagination.js';
import { VersionedCache } from '../../shared/versioned-cache.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import type { VersionedRead } from '../organizations/organizations.service.js';
import type { SummaryRules } from './behaviour-rules.js';
import { periodTooLong } from './period.js';
import type { ReservationStatus } from './reservation-status.js';
import {
  countSummaries,
  findSummaries,
  findSummariesJson,
  type SummariesJson,
  type SummaryFilter,
  type SummarySelection,
} from './reservations.repository.js';
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
  /** Only reservations modified at or after it (SPEC §4.2). */
  modifiedSince?: ModifiedSince | undefined;
  /** Undefined when the response is not paginated (earlier rules, neither limit nor offset named). */
  page: { limit: number; offset: number } | undefined;
}

/**
 * The rules that need more than one parameter (the schema has checked each one alone) and the
 * pagination decision of SPEC §4.3, under the rules in force for this request.
 */
export function interpretSummaryQuery(query: SummaryListQuery, rules: SummaryRules): SummaryRequest {
  const errors: ParameterError[] = [];
  const dateFrom = periodDate(query.dateFrom);
  const dateTo = periodDate(query.dateTo);
  if (dateFrom === undefined) errors.push({ parameter: 'dateFrom', message: PERIOD_DATE_MESSAGE });
  if (dateTo === undefined) errors.push({ parameter: 'dateTo', message: PERIOD_DATE_MESSAGE });
  if (dateFrom !== undefined && dateTo !== undefined) {
    const problem =
      dateTo < dateFrom ? 'must not be before dateFrom' : periodTooLong(dateFrom, dateTo, rules.maxPeriod);
    if (problem) errors.push({ parameter: 'dateTo', message: problem });
  }
  if (errors.length > 0 || dateFrom === undefined || dateTo === undefined) throw invalidInput(errors);
  const modifiedSince = modifiedSinceOf(query);

  const named = query.limit !== undefined || query.offset !== undefined;
  return {
    dateFrom,
    dateTo,
    referenceDate: query.referenceDate ?? 'date-from',
    statuses: query.status ? ([...new Set(query.status.split(','))] as ReservationStatus[]) : undefined,
    modifiedSince,
    page:
      rules.paginateByDefault || named
        ? { limit: query.limit ?? SUMMARY_PAGE_LIMIT, offset: query.offset ?? 0 }
        : undefined,
  };
}

const PERIOD_DATE_MESSAGE = 'must be a calendar date YYYY-MM-DD or an RFC 3339 timestamp';

/**
 * The calendar date of a period end: the date itself, or a valid timestamp's date as written
 * (`2019-01-01T23:00:00-05:00` is 2019-01-01, not the UTC day it falls on): the original's client
 * sends `2019-01-01T00:00:00Z` for the day 2019-01-01. Undefined when it is neither.
 */
function periodDate(text: string): string | undefined {
  if (isCalendarDate(text)) return text;
  return parseTimestamp(text) ? text.slice(0, 10) : undefined;
}

const FIRST_DAY = '0001-01-01';

/** `date` less `nights` days, no earlier than the first day both databases hold. */
function daysBefore(date: string, nights: number): string {
  return nights >= daysBetween(FIRST_DAY, date) ? FIRST_DAY : addDays(date, -nights);
}

/**
 * Timestamp reference dates are calendar days in the organization's zone: start of dateFrom … end
 * of dateTo. A stay must arrive within the organization's longest stay before the period.
 */
function selectionFor(timeZone: string, longestStayNights: number, request: SummaryRequest): SummarySelection {
  const { referenceDate, dateFrom, dateTo } = request;
  switch (referenceDate) {
    case 'date-from':
      return { kind: 'date', column: 'date_from', from: dateFrom, to: dateTo };
    case 'date-to':
      return { kind: 'date', column: 'date_to', from: dateFrom, to: dateTo };
    case 'stay':
      return { kind: 'stay', from: dateFrom, to: dateTo, earliestArrival: daysBefore(dateFrom, longestStayNights) };
    default:
      return {
        kind: 'instant',
        column: referenceDate,
        fromInclusive: formatClampedTimestamp(startOfDayInZone(dateFrom, timeZone).getTime()),
        // The last whole second before the next day starts.
        toInclusive: formatClampedTimestamp(startOfDayInZone(addDays(dateTo, 1), timeZone).getTime() - 1000),
      };
  }
}

export interface SummaryList {
  /**
   * The items of the page (or of the whole unpaginated result): already as the JSON array the route
   * sends, serialized by the database (`findSummariesJson`), or as summaries inside a transaction.
   */
  items: ReservationSummary[] | SummariesJson;
  /** Matching items over all pages; only counted for paginated responses. */
  total: number | undefined;
}

/** Totals of queries, shared by their pages, each valid while the organization is unchanged. */
export type SummaryTotals = VersionedCache<number>;

export function createSummaryTotals(): SummaryTotals {
  return new VersionedCache<number>({ maxEntries: 10_000 });
}

/**
 * The page (or unpaginated result) of a request, as a read that may be cached under the
 * organization's version. Walking a query's pages counts its matches once (`totals`). `known`: the
 * organization's state if the request's authentication read it already.
 */
export async function summaryList(
  conn: Kysely<Database>,
  organizationId: number,
  request: SummaryRequest,
  totals: SummaryTotals,
  known: KnownOrganizationState | null = null,
): Promise<VersionedRead<SummaryList>> {
  // The change counter is read before the data (with the credential, or here): a result kept under
  // it is never older than it. A write committed in between only makes the result newer than its
  // counter: the next request, which reads the new counter, reads the page again.
  const organization = await organizationStateFor(conn, organizationId, known);
  const version = organization?.version ?? -1;
  const timeZone = organization?.timezone ?? 'UTC';
  const modifiedSince = request.modifiedSince && modifiedLowerBound(timeZone, request.modifiedSince);
  const filter: SummaryFilter = {
    organizationId,
    selection: selectionFor(timeZone, organization?.longestStayNights ?? 0, request),
    statuses: request.statuses,
    modifiedSince: modifiedSince ?? undefined,
  };
  const { page } = request;
  // 'any' for no filter: JSON writes an undefined array item as null, the bound past the last instant.
  const since = modifiedSince === undefined ? 'any' : modifiedSince;
  const queryKey = JSON.stringify([filter.organizationId, filter.selection, filter.statuses, since]);
  return {
    version,
    eventsCursor: organization?.eventsCursor,
    key: page ? `${queryKey}|${page.limit}|${page.offset}` : `${queryKey}|all`,
    async load() {
      // After the last instant a timestamp can hold, nothing was modified: no page to read.
      if (modifiedSince === null) return { items: [], total: page ? 0 : undefined };
      if (!page) {
        return {
          items: (await findSummariesJson(conn, filter)) ?? (await findSummaries(conn, filter)),
          total: undefined,
        };
      }
      // A total kept for the query (its pages walked in turn) spares the count; else the page's own
      // statement brings it, counting only when the page cannot show it (`totalShownByPage`).
      const known = totals.get(queryKey, version);
      const printed = await findSummariesJson(conn, filter, page, known === undefined);
      if (printed) {
        // Asked to count whenever no total is known, so it is there.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the rule misreads `??`
        const total = known ?? (printed.total as number);
        if (known === undefined) totals.set(queryKey, version, total);
        return { items: { json: printed.json, count: printed.count }, total };
      }
      const items = await findSummaries(conn, filter, page);
      const total =
        known ??
        totalShownByPage(page, items.length) ??
        (await totals.getOrLoad(queryKey, version, () => countSummaries(conn, filter)));
      return { items, total };
    },
  };
}
