import type { components, operations } from './openapi-types.js';
import { type ClientOptions, type Credentials, Transport } from './transport.js';
import {
  type Event,
  type EventsPage,
  type EventsQuery,
  type FollowOptions,
  followEvents,
  listEvents,
} from './events.js';
import {
  accommodationResources,
  availabilityResources,
  blockResources,
  calendarResources,
  credentialResources,
  type Guest,
  type GuestsQuery,
  guestResources,
  historyOf,
  organizationResources,
  priceResources,
  reservationResources,
  sessionResources,
  stayRuleResources,
  webhookResources,
} from './resources.js';

/**
 * The typed client of booking-service (`import { createClient } from 'booking-service/client'`).
 * No dependencies beyond the platform's fetch. Its types come from the service's OpenAPI document
 * (openapi-types.ts is generated from it, and the test suite fails when the two differ).
 */

export { BookingApiError, BookingOriginError, type Problem } from './errors.js';
export type { ClientOptions, Credentials, SessionCredential } from './transport.js';
export type {
  Availability,
  AvailabilityGrid,
  AvailabilityGridQuery,
  AvailabilityReason,
  AvailabilitySearchQuery,
  AvailabilitySearchResult,
  Block,
  BlockChange,
  BlockCreate,
  BlockKind,
  BlocksQuery,
  Calendar,
  CalendarConflict,
  CalendarCreate,
  CreatedCredential,
  CreatedWebhookEndpoint,
  CredentialCreate,
  CredentialRecord,
  CredentialScope,
  CreatedReservation,
  Guest,
  GuestChange,
  GuestsQuery,
  IcalFeed,
  Organization,
  AgeGroupSpecification,
  DiscountSpecification,
  OrderLine,
  PriceComponent,
  PriceListQuery,
  Quotation,
  QuotationsQuery,
  Quote,
  QuoteQuery,
  Supplement,
  Booked,
  Booking,
  Draft,
  DraftConfigure,
  DraftCreate,
  DraftGuest,
  DraftPlace,
  ReservationChange,
  ReservationCreate,
  ReservationReplace,
  SearchQuery,
  Session,
  SignIn,
  StayRule,
  StayRuleChange,
  StayRuleCreate,
  StayWarning,
  WebhookDeliveriesQuery,
  WebhookDeliveryAttempt,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookReplay,
  WebhookReplayResult,
  WebhookTestResult,
} from './resources.js';
export type { Event, EventsPage, EventsQuery, FollowOptions } from './events.js';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.js';

export type ReservationSummary = components['schemas']['ReservationSummary'];
export type Accommodation = components['schemas']['Accommodation'];
export type ReservationStatus = ReservationSummary['status'];
export type AccommodationsQuery = NonNullable<operations['listAccommodations']['parameters']['query']>;
/** The summaries query; `status` may also be given as a list. */
export type SummariesQuery = Omit<operations['listReservationSummaries']['parameters']['query'], 'status'> & {
  status?: string | readonly ReservationStatus[];
};

export type PageRelation = 'next' | 'last' | 'prev' | 'first';

/** One page of a paginated list (summaries, guests) with its pagination headers (SPEC §4.3). */
export interface Page<T> {
  items: T[];
  /** X-Total-Count: matching items over all pages (absent when the response is not paginated). */
  total: number | undefined;
  /** The Link header's URLs, absolute. */
  links: Partial<Record<PageRelation, string>>;
  /** X-Pagination-Next/-Last/-Prev/-First. */
  offsets: Partial<Record<PageRelation, number>>;
  etag: string | undefined;
  /** The URL this page came from. */
  url: string;
}

/** Every item across all pages, in the service's order; `.pages()` gives them page by page. */
export interface PagedIterable<T> extends AsyncIterable<T> {
  pages(): AsyncIterable<Page<T>>;
}

export type SummariesPage = Page<ReservationSummary>;
export type SummariesIterable = PagedIterable<ReservationSummary>;
export type GuestsPage = Page<Guest>;

export interface CallOptions {
  signal?: AbortSignal;
}

export interface BookingClient {
  accommodations: {
    list(query?: AccommodationsQuery, options?: CallOptions): Promise<Accommodation[]>;
  } & ReturnType<typeof accommodationResources>;
  /** Summaries (read), one reservation, its writes (SPEC §9) and search. */
  reservations: {
    summaries(query: SummariesQuery, options?: CallOptions): SummariesIterable;
  } & ReturnType<typeof reservationResources>;
  /** The changes feed (SPEC §10). */
  events: {
    /** One page after `query.after` (the oldest kept event when absent), with the cursor to go on from. */
    list(query?: EventsQuery, options?: CallOptions): Promise<EventsPage>;
    /** Every event as it commits, for as long as it is iterated: long polls, resumes, waits out 503s and restarts. */
    follow(options?: FollowOptions): AsyncIterable<Event>;
    /** Every kept event of one reservation or accommodation, oldest first: its history. */
    history(record: Parameters<typeof historyOf>[1], options?: CallOptions): Promise<Event[]>;
  };
  /** Nights held without a reservation (SPEC §13). */
  blocks: ReturnType<typeof blockResources>;
  /**
   * Guest records (SPEC §15): listed page by page as summaries are, read, corrected (scope write)
   * and erased (scope admin).
   */
  guests: {
    list(query?: GuestsQuery, options?: CallOptions): PagedIterable<Guest>;
  } & ReturnType<typeof guestResources>;
  /** Calendar sync with other channels (SPEC §16): export feed address, subscriptions, conflicts. */
  calendars: ReturnType<typeof calendarResources>;
  /** Which stays may be sold (SPEC §13; changes need scope admin). */
  stayRules: ReturnType<typeof stayRuleResources>;
  /** The grid of holds and the search for one stay (SPEC §13). */
  availability: ReturnType<typeof availabilityResources>;
  /** Age groups, price components, supplements and discounts (changes need scope admin); quotes and quotations (SPEC §14). */
  prices: ReturnType<typeof priceResources>;
  /** Webhook endpoints, their delivery log, test and replay (SPEC §10; scope admin). */
  webhooks: ReturnType<typeof webhookResources>;
  /** API keys and Basic credentials (scope admin). */
  credentials: ReturnType<typeof credentialResources>;
  organizations: ReturnType<typeof organizationResources>;
  /** The browser session (SPEC §11): sign in, who is signed in, sign out. */
  session: ReturnType<typeof sessionResources>;
}

/**
 * `<url>; rel="next", <url>; rel="last"` → { next: url, last: url }, resolved against the page URL.
 * Only read, never followed as it is: the client follows `next` only within its base URL's origin.
 */
export function parseLinkHeader(header: string | null, base: string): Partial<Record<PageRelation, string>> {
  const links: Partial<Record<PageRelation, string>> = {};
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*;\s*rel="?([a-z]+)"?/g)) {
    const [, target, relation] = match as unknown as [string, string, PageRelation];
    if (['next', 'last', 'prev', 'first'].includes(relation)) links[relation] = new URL(target, base).toString();
  }
  return links;
}

function integerHeader(response: Response, name: string): number | undefined {
  const value = response.headers.get(name);
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The pages of a paginated list from `first`, following Link rel="next" within the base URL's origin. */
function pagesFrom<T>(transport: Transport, first: URL, options: CallOptions): AsyncIterable<Page<T>> {
  return {
    async *[Symbol.asyncIterator]() {
      let url: URL | undefined = first;
      while (url) {
        const response = await transport.get(url, options.signal);
        const items = (await response.json()) as T[];
        const links = parseLinkHeader(response.headers.get('link'), url.toString());
        // Checked before the page is handed out: a response pointing elsewhere is refused whole.
        const next: URL | undefined =
          links.next === undefined ? undefined : transport.sameOrigin(links.next, url, 'Link rel="next"');
        const offsets: Partial<Record<PageRelation, number>> = {};
        for (const relation of ['next', 'last', 'prev', 'first'] as const) {
          const offset = integerHeader(response, `x-pagination-${relation}`);
          if (offset !== undefined) offsets[relation] = offset;
        }
        yield {
          items,
          total: integerHeader(response, 'x-total-count'),
          links,
          offsets,
          etag: response.headers.get('etag') ?? undefined,
          url: url.toString(),
        };
        url = next;
      }
    },
  };
}

/** A paginated list as items, and page by page through `.pages()`. */
function pagedIterable<T>(
  transport: Transport,
  pages: () => AsyncIterable<Page<T>>,
  call: CallOptions,
): PagedIterable<T> {
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      const signal = transport.signalFor(call.signal);
      for await (const page of pages()) {
        for (const item of page.items) {
          // An abort stops the items of a page already fetched too, not only the next request.
          signal?.throwIfAborted();
          yield item;
        }
      }
    },
  };
}

function summaryPages(transport: Transport, query: SummariesQuery, options: CallOptions) {
  const { status, ...rest } = query;
  const first = transport.url('api/reservations/summaries', {
    ...rest,
    status: typeof status === 'string' || status === undefined ? status : status.join(','),
  });
  return pagesFrom<ReservationSummary>(transport, first, options);
}

export function createClient(credentials: Credentials, options: ClientOptions = {}): BookingClient {
  const transport = new Transport(credentials, options);
  return {
    accommodations: {
      async list(query = {}, call = {}) {
        const response = await transport.get(transport.url('api/accommodations/', query), call.signal);
        return (await response.json()) as Accommodation[];
      },
      ...accommodationResources(transport),
    },
    reservations: {
      summaries(query, call = {}) {
        return pagedIterable(transport, () => summaryPages(transport, query, call), call);
      },
      ...reservationResources(transport),
    },
    events: {
      list: (query = {}, call = {}) => listEvents(transport, query, call.signal),
      follow: (options = {}) => followEvents(transport, options),
      history: (record, call = {}) => historyOf(transport, record, call),
    },
    blocks: blockResources(transport),
    guests: {
      list(query = {}, call = {}) {
        const first = transport.url('api/guests/', { ...query });
        return pagedIterable(transport, () => pagesFrom<Guest>(transport, first, call), call);
      },
      ...guestResources(transport),
    },
    calendars: calendarResources(transport),
    stayRules: stayRuleResources(transport),
    availability: availabilityResources(transport),
    prices: priceResources(transport),
    webhooks: webhookResources(transport),
    credentials: credentialResources(transport),
    organizations: organizationResources(transport),
    session: sessionResources(transport),
  };
}
