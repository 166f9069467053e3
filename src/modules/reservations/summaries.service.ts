import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addDays, daysBetween, formatClampedTimestamp, startOfDayInZone } from '../../shared/dates.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
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
  const filter: SummaryFilter = {
    organizationId,
    selection: selectionFor(organization?.timezone ?? 'UTC', organization?.longestStayNights ?? 0, request),
    statuses: request.statuses,
  };
  const { page } = request;
  const queryKey = JSON.stringify([filter.organizationId, filter.selection, filter.statuses]);
  return {
    version,
    eventsCursor: organization?.eventsCursor,
    key: page ? `${queryKey}|${page.limit}|${page.offset}` : `${queryKey}|all`,
    async load() {
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
