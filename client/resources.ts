import type { components, operations } from './openapi-types.js';
import { listEvents, type Event } from './events.js';
import type { Transport } from './transport.js';

/**
 * The client's writes and the records beside reservation summaries (SPEC §9, §10, §11): one
 * reservation, its history, webhook endpoints, credentials, organizations, search and the browser
 * session. Request and response types all come from the OpenAPI document (client/openapi-types.ts,
 * generated from it), so they change with the service.
 */

type Schemas = components['schemas'];
type JsonBody<T> = T extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type JsonResponse<T, S extends number> = T extends {
  responses: { [K in S]: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** A reservation's POST (SPEC §9); the same path also takes a draft (`DraftCreate`, SPEC §15). */
export type ReservationCreate = Exclude<JsonBody<operations['createReservation']>, Schemas['CreateDraft']>;
export type ReservationChange = JsonBody<operations['updateReservation']>;
/** A reservation's PUT (SPEC §9); the same path with `?token=` configures a draft (`DraftConfigure`). */
export type ReservationReplace = Exclude<JsonBody<operations['replaceReservation']>, Schemas['ConfigureDraft']>;

/** The original's booking flow (SPEC §15): a draft holds the nights while the guest fills in the form. */
export type Draft = Schemas['Draft'];
export type DraftCreate = Schemas['CreateDraft'];
export type DraftConfigure = Schemas['ConfigureDraft'];
export type DraftPlace = Schemas['PlaceDraft'];
/** The guest as the flow's last step takes it. */
export type DraftGuest = DraftPlace['guest'];

/** What `book()` needs: the stay, the party and extras (default 2 adults, none), and the guest. */
export interface Booking {
  /** Needed when the credential is bound to several organizations (SPEC §4.4). */
  organization?: number;
  accommodation: number;
  dateFrom: string;
  dateTo: string;
  /** Persons by age group specification id; absent: the draft's 2 adults. */
  ageGroups?: Readonly<Record<number, number>>;
  /** Chosen supplements by id. */
  supplements?: Readonly<Record<number, number>>;
  guest: DraftGuest;
  source?: string;
  confirmed?: boolean;
}

/** `book()`'s result: the draft as last priced, and the reservation it became (with the draft's id). */
export interface Booked {
  draft: Draft;
  reservation: Schemas['ReservationSummary'];
}
/** POST's 201: the summary, and the stay rules the stay breaks (SPEC §13: recorded all the same). */
export type CreatedReservation = Schemas['CreatedReservation'];
export type StayWarning = CreatedReservation['warnings'][number];
export type Availability = Schemas['Availability'];

export type Block = Schemas['Block'];
export type BlockKind = Block['kind'];
export type BlocksQuery = operations['listBlocks']['parameters']['query'];
export type BlockCreate = JsonBody<operations['createBlock']>;
export type BlockChange = JsonBody<operations['updateBlock']>;

export type Guest = Schemas['Guest'];
export type GuestsQuery = NonNullable<operations['listGuests']['parameters']['query']>;
export type GuestChange = JsonBody<operations['updateGuest']>;
/** An accommodation's subscription to another channel's iCalendar feed (SPEC §16). */
export type Calendar = Schemas['Calendar'];
export type CalendarConflict = Schemas['CalendarConflict'];
export type CalendarCreate = JsonBody<operations['createCalendar']>;
/** The export feed's address, shown only when it is made. */
export type IcalFeed = Schemas['IcalFeed'];

export type StayRule = Schemas['StayRule'];
export type StayRuleCreate = JsonBody<operations['createStayRule']>;
export type StayRuleChange = JsonBody<operations['updateStayRule']>;

export type AvailabilityGrid = Schemas['AvailabilityGrid'];
export type AvailabilityGridQuery = operations['getAvailabilityGrid']['parameters']['query'];
export type AvailabilitySearchResult = Schemas['AvailabilitySearchResult'];
export type AvailabilitySearchQuery = operations['searchAvailability']['parameters']['query'];
/** Why a stay cannot be sold (SPEC §13). */
export type AvailabilityReason = AvailabilitySearchResult['reasons'][number];

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointCreate = JsonBody<operations['createWebhookEndpoint']>;
/** The endpoint with its `secret`, as only the creating response shows it. */
export type CreatedWebhookEndpoint = JsonResponse<operations['createWebhookEndpoint'], 201>;
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];
export type WebhookDeliveriesQuery = NonNullable<operations['listWebhookDeliveries']['parameters']['query']>;
export type WebhookTestResult = JsonResponse<operations['testWebhookEndpoint'], 200>;
export type WebhookReplay = JsonBody<operations['replayWebhookEvents']>;
export type WebhookReplayResult = JsonResponse<operations['replayWebhookEvents'], 200>;

/** An organization of the credential, with its current date (`today`) in its own time zone. */
export type Organization = Schemas['Organization'];
/** A credential as listed: never its key or password. */
export type CredentialRecord = Schemas['Credential'];
export type CredentialScope = CredentialRecord['scopes'][number];
export type CredentialCreate = JsonBody<operations['createCredential']>;
/** The created credential and its secret (`apiKey`, or `username` and `password`), shown only in this response. */
export type CreatedCredential = JsonResponse<operations['createCredential'], 201>;
export type SearchQuery = operations['searchReservations']['parameters']['query'];
/** A signed-in browser session (SPEC §11). The cookie itself stays HttpOnly, out of the page's reach. */
export type Session = JsonResponse<operations['signIn'], 200>;
export type SignIn = JsonBody<operations['signIn']>;

interface Call {
  signal?: AbortSignal;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A fresh Idempotency-Key, so that a POST retried after a 429 or 503 never creates twice. */
function idempotencyKey(): Record<string, string> {
  const random = globalThis.crypto?.randomUUID?.();
  return random === undefined ? {} : { 'idempotency-key': `client-${random}` };
}

export function reservationResources(transport: Transport) {
  return {
    async get(id: number, call: Call = {}): Promise<Schemas['ReservationSummary']> {
      return json(await transport.get(transport.url(`api/reservations/${id}`), call.signal));
    },
    /**
     * POST: 201 with the summary and `warnings`, the stay rules it breaks (it is created all the
     * same). A held night is a 409 whose problem names `heldBy` (and `conflictingReservation`).
     */
    async create(body: ReservationCreate, call: Call = {}): Promise<CreatedReservation> {
      const url = transport.url('api/reservations');
      return json(await transport.request('POST', url, body, { signal: call.signal, headers: idempotencyKey() }));
    },
    /** PATCH: only the fields given change; `status` moves along SPEC §3 (a move outside it is 409). */
    async update(id: number, body: ReservationChange, call: Call = {}): Promise<Schemas['ReservationSummary']> {
      return json(await transport.request('PATCH', transport.url(`api/reservations/${id}`), body, call));
    },
    /** DELETE: cancels it (repeating is harmless) and answers the cancelled record. */
    async cancel(id: number, call: Call = {}): Promise<Schemas['ReservationSummary']> {
      return json(await transport.request('DELETE', transport.url(`api/reservations/${id}`), undefined, call));
    },
    /** By guest name or reservation number. */
    async search(query: SearchQuery, call: Call = {}): Promise<Schemas['ReservationSummary'][]> {
      return json(await transport.get(transport.url('api/reservations/search', { ...query }), call.signal));
    },
    /** SPEC §15 step 1: a draft holding the nights, priced for 2 adults (409 with `reasons` when not sellable). */
    async draft(body: DraftCreate, query: { organization?: number } = {}, call: Call = {}): Promise<Draft> {
      // No Idempotency-Key: the service does not keep a draft's response (it holds the token).
      return json(await transport.request('POST', transport.url('api/reservations/', query), body, call));
    },
    /** SPEC §15 step 2: the party by age group and the supplements; answers the re-priced draft. */
    async configureDraft(id: number, token: string, body: DraftConfigure, call: Call = {}): Promise<Draft> {
      return json(await transport.request('PUT', transport.url(`api/reservations/${id}`, { token }), body, call));
    },
    /** SPEC §15 step 3: the draft becomes a reservation with its id, at the draft's price. */
    async placeDraft(
      id: number,
      token: string,
      body: DraftPlace,
      call: Call = {},
    ): Promise<Schemas['ReservationSummary']> {
      const url = transport.url(`api/reservations/${id}/place`, { token });
      return json(await transport.request('PUT', url, body, call));
    },
    /** The priced lines a reservation was placed at (empty for one made otherwise). */
    async orderLines(id: number, call: Call = {}): Promise<OrderLine[]> {
      return json(await transport.get(transport.url(`api/reservations/${id}/order-lines`), call.signal));
    },
    /**
     * The original's three steps in one call (SPEC §15): draft, configure (when a party or
     * supplements are given), place. A step the service refuses throws its problem; the draft then
     * holds nothing once it expires (DRAFT_MINUTES).
     */
    async book(booking: Booking, call: Call = {}): Promise<Booked> {
      const query = booking.organization === undefined ? {} : { organization: booking.organization };
      let draft = await this.draft(
        { accommodation: { id: booking.accommodation }, dateFrom: booking.dateFrom, dateTo: booking.dateTo },
        query,
        call,
      );
      const lines = (quantities: Readonly<Record<number, number>>) =>
        Object.entries(quantities).map(([id, quantity]) => ({ id: Number(id), quantity }));
      if (booking.ageGroups !== undefined || booking.supplements !== undefined) {
        const configure: DraftConfigure = {};
        if (booking.ageGroups !== undefined) {
          configure.ageGroupLines = lines(booking.ageGroups).map(({ id, quantity }) => ({
            quantity,
            ageGroupSpecification: { id },
          }));
        }
        if (booking.supplements !== undefined) {
          configure.supplementOrderLines = lines(booking.supplements).map(({ id, quantity }) => ({
            quantity,
            supplement: { id },
          }));
        }
        draft = await this.configureDraft(draft.id, draft.token, configure, call);
      }
      const place: DraftPlace = { guest: booking.guest };
      if (booking.source !== undefined) place.source = booking.source;
      if (booking.confirmed !== undefined) place.confirmed = booking.confirmed;
      const reservation = await this.placeDraft(draft.id, draft.token, place, call);
      return { draft, reservation };
    },
  };
}

export function accommodationResources(transport: Transport) {
  return {
    async availability(
      id: number,
      query: { dateFrom: string; dateTo: string },
      call: Call = {},
    ): Promise<Availability> {
      return json(await transport.get(transport.url(`api/accommodations/${id}/availability`, query), call.signal));
    },
  };
}

/** Nights held without a reservation (SPEC §13). A held night is a 409 naming `heldBy`. */
export function blockResources(transport: Transport) {
  const path = (id: number) => transport.url(`api/blocks/${id}`);
  return {
    /** Blocks holding a night of `dateFrom` … `dateTo` (both nights). */
    async list(query: BlocksQuery, call: Call = {}): Promise<Block[]> {
      return json(await transport.get(transport.url('api/blocks', { ...query }), call.signal));
    },
    /** Holds `dateFrom` … `dateTo` − 1 (`dateTo` as a departure day). */
    async create(body: BlockCreate, call: Call = {}): Promise<Block> {
      const url = transport.url('api/blocks');
      return json(await transport.request('POST', url, body, { signal: call.signal, headers: idempotencyKey() }));
    },
    async update(id: number, body: BlockChange, call: Call = {}): Promise<Block> {
      return json(await transport.request('PATCH', path(id), body, call));
    },
    /** Removes it (the nights are free again) and answers the block as it was. */
    async delete(id: number, call: Call = {}): Promise<Block> {
      return json(await transport.request('DELETE', path(id), undefined, call));
    },
  };
}

/**
 * Guest records (SPEC §15) by id; the list, paginated as summaries are, is `client.guests.list`.
 * An erased guest shows its personal fields null and `erased` set.
 */
export function guestResources(transport: Transport) {
  const path = (id: number) => transport.url(`api/guests/${id}`);
  return {
    async get(id: number, call: Call = {}): Promise<Guest> {
      return json(await transport.get(path(id), call.signal));
    },
    /** Corrections (scope write): only the fields given change, null clears one. An erased guest: 409. */
    async update(id: number, body: GuestChange, call: Call = {}): Promise<Guest> {
      return json(await transport.request('PATCH', path(id), body, call));
    },
    /**
     * Erasure (scope admin, GDPR): the personal fields, the name on its reservations and every kept
     * copy are erased; answers the erased guest. Erasing again changes nothing.
     */
    async erase(id: number, call: Call = {}): Promise<Guest> {
      return json(await transport.request('DELETE', path(id), undefined, call));
    },
  };
}

/**
 * Calendar sync (SPEC §16), per accommodation: the export feed's address (a new one stops the old
 * one at once; scope admin), and the subscriptions to other channels' feeds with their state and
 * conflicts (read with any scope, changed with admin).
 */
export function calendarResources(transport: Transport) {
  const calendars = (accommodation: number) => transport.url(`api/accommodations/${accommodation}/calendars`);
  return {
    /** A new secret address for the accommodation's feed; the previous one stops at once. */
    async rotateToken(accommodation: number, call: Call = {}): Promise<IcalFeed> {
      const url = transport.url(`api/accommodations/${accommodation}/ical-token`);
      return json(await transport.request('POST', url, undefined, call));
    },
    async list(accommodation: number, call: Call = {}): Promise<Calendar[]> {
      return json(await transport.get(calendars(accommodation), call.signal));
    },
    /** Subscribes to a feed (https, not a private address): fetched at once, then every poll interval. */
    async create(accommodation: number, body: CalendarCreate, call: Call = {}): Promise<Calendar> {
      return json(
        await transport.request('POST', calendars(accommodation), body, {
          signal: call.signal,
          headers: idempotencyKey(),
        }),
      );
    },
    /** Unsubscribes; its blocks go with it. Answers the calendar as it was. */
    async delete(accommodation: number, id: number, call: Call = {}): Promise<Calendar> {
      const url = transport.url(`api/accommodations/${accommodation}/calendars/${id}`);
      return json(await transport.request('DELETE', url, undefined, call));
    },
  };
}

/**
 * Stay rules (SPEC §13): read with any scope, changed with `admin`. An overlapping rule of the same
 * scope setting the same field is a 409 naming `conflictingRule` and `field`.
 */
export function stayRuleResources(transport: Transport) {
  const path = (id: number) => transport.url(`api/stay-rules/${id}`);
  return {
    async list(query: { organization?: number } = {}, call: Call = {}): Promise<StayRule[]> {
      return json(await transport.get(transport.url('api/stay-rules', query), call.signal));
    },
    async create(body: StayRuleCreate, call: Call = {}): Promise<StayRule> {
      return json(await transport.request('POST', transport.url('api/stay-rules'), body, call));
    },
    /** The fields given change; a setting sent as null is no longer set by this rule. */
    async update(id: number, body: StayRuleChange, call: Call = {}): Promise<StayRule> {
      return json(await transport.request('PATCH', path(id), body, call));
    },
    async delete(id: number, call: Call = {}): Promise<StayRule> {
      return json(await transport.request('DELETE', path(id), undefined, call));
    },
  };
}

export type AgeGroupSpecification = Schemas['AgeGroupSpecification'];
export type PriceComponent = Schemas['PriceComponent'];
export type Supplement = Schemas['Supplement'];
export type DiscountSpecification = Schemas['DiscountSpecification'];
export type PriceListQuery = NonNullable<operations['listPriceComponents']['parameters']['query']>;
export type Quote = Schemas['Quote'];
export type OrderLine = Schemas['OrderLine'];
export type Quotation = Schemas['Quotation'];
export type QuoteQuery = operations['getQuote']['parameters']['query'];
export type QuotationsQuery = operations['listQuotations']['parameters']['query'];

/** One kind of price record at the original service's path: listed with any scope, changed with `admin`. */
function priceRecords<R, Create, Change>(transport: Transport, list: string) {
  const path = (id: number) => transport.url(`${list}/${id}`);
  return {
    /** Ordered by id; `accommodation` keeps those that apply to it, `dateFrom`/`dateTo` those valid in the period. */
    async list(query: PriceListQuery = {}, call: Call = {}): Promise<R[]> {
      return json(await transport.get(transport.url(list, { ...query }), call.signal));
    },
    async create(body: Create, call: Call = {}): Promise<R> {
      const url = transport.url(list);
      return json(await transport.request('POST', url, body, { signal: call.signal, headers: idempotencyKey() }));
    },
    /** The fields given change; an optional one sent as null is no longer set. */
    async update(id: number, body: Change, call: Call = {}): Promise<R> {
      return json(await transport.request('PATCH', path(id), body, call));
    },
    async delete(id: number, call: Call = {}): Promise<R> {
      return json(await transport.request('DELETE', path(id), undefined, call));
    },
  };
}

/**
 * Prices (SPEC §14): the four records, the quote of a stay and the original's quotations. Amounts
 * are decimal strings in the organization's currency, as everywhere.
 */
export function priceResources(transport: Transport) {
  return {
    ageGroups: priceRecords<
      AgeGroupSpecification,
      JsonBody<operations['createAgeGroupSpecification']>,
      JsonBody<operations['updateAgeGroupSpecification']>
    >(transport, 'api/age_group_specifications'),
    components: priceRecords<
      PriceComponent,
      JsonBody<operations['createPriceComponent']>,
      JsonBody<operations['updatePriceComponent']>
    >(transport, 'api/accommodation_price_components'),
    supplements: priceRecords<
      Supplement,
      JsonBody<operations['createSupplement']>,
      JsonBody<operations['updateSupplement']>
    >(transport, 'api/supplements'),
    discounts: priceRecords<
      DiscountSpecification,
      JsonBody<operations['createDiscountSpecification']>,
      JsonBody<operations['updateDiscountSpecification']>
    >(transport, 'api/discount_specifications'),
    /** The stay's priced lines and every reason it cannot be sold; `orderLinesTotal` null when a night has no price. */
    async quote(query: QuoteQuery, call: Call = {}): Promise<Quote> {
      return json(await transport.get(transport.url('api/quotes', { ...query }), call.signal));
    },
    /** Every sellable stay of the window (at most 62 days) with its total: the original's quotations. */
    async quotations(accommodation: number, query: QuotationsQuery, call: Call = {}): Promise<Quotation[]> {
      const url = transport.url(`api/accommodations/${accommodation}/quotations`, { ...query });
      return json(await transport.get(url, call.signal));
    },
  };
}

/** What is free, for whom, and may it be sold (SPEC §13). */
export function availabilityResources(transport: Transport) {
  return {
    /** The park at a glance: `dateFrom` is the first night, `dateTo` the last (at most 366). */
    async grid(query: AvailabilityGridQuery, call: Call = {}): Promise<AvailabilityGrid> {
      return json(await transport.get(transport.url('api/availability', { ...query }), call.signal));
    },
    /** Every active accommodation for one stay (`dateFrom` arrival, `dateTo` departure), with every reason it cannot be sold. */
    async search(query: AvailabilitySearchQuery, call: Call = {}): Promise<AvailabilitySearchResult[]> {
      return json(await transport.get(transport.url('api/availability/search', { ...query }), call.signal));
    },
  };
}

/**
 * Every kept event of one reservation (or accommodation), oldest first: pages of the feed filtered
 * to it, followed until a page comes back empty.
 */
export async function historyOf(
  transport: Transport,
  record: { reservation: number; organization?: number } | { accommodation: number; organization?: number },
  call: Call = {},
): Promise<Event[]> {
  const events: Event[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listEvents(transport, { ...record, after, limit: 1000 }, call.signal);
    events.push(...page.events);
    if (page.events.length === 0 || page.next === after) return events;
    after = page.next;
  }
}

export function webhookResources(transport: Transport) {
  const path = (id: number, rest = '') => transport.url(`api/webhook-endpoints/${id}${rest}`);
  return {
    async list(query: { organization?: number } = {}, call: Call = {}): Promise<WebhookEndpoint[]> {
      return json(await transport.get(transport.url('api/webhook-endpoints', query), call.signal));
    },
    /** 201 with the endpoint and its signing `secret`, which no later response shows again. */
    async create(body: WebhookEndpointCreate, call: Call = {}): Promise<CreatedWebhookEndpoint> {
      const url = transport.url('api/webhook-endpoints');
      return json(await transport.request('POST', url, body, { signal: call.signal, headers: idempotencyKey() }));
    },
    async delete(id: number, call: Call = {}): Promise<void> {
      const response = await transport.request('DELETE', path(id), undefined, call);
      await response.body?.cancel();
    },
    /** Delivers a `ping` now and answers the attempt's outcome. */
    async test(id: number, call: Call = {}): Promise<WebhookTestResult> {
      return json(await transport.request('POST', path(id, '/test'), undefined, call));
    },
    /** The delivery log, newest first. */
    async deliveries(
      id: number,
      query: WebhookDeliveriesQuery = {},
      call: Call = {},
    ): Promise<WebhookDeliveryAttempt[]> {
      const url = transport.url(`api/webhook-endpoints/${id}/deliveries`, query);
      return json(await transport.get(url, call.signal));
    },
    /** Delivers the kept events again: `{ after }` (a cursor) or `{ since, until? }`. */
    async replay(id: number, body: WebhookReplay, call: Call = {}): Promise<WebhookReplayResult> {
      return json(await transport.request('POST', path(id, '/replay'), body, call));
    },
  };
}

export function credentialResources(transport: Transport) {
  return {
    async list(query: { organization?: number } = {}, call: Call = {}): Promise<CredentialRecord[]> {
      return json(await transport.get(transport.url('api/credentials', query), call.signal));
    },
    /**
     * 201 with the `apiKey`, or the `username` (the name asked for, @ and the organization's id) and
     * `password`: the secret is shown in this response only.
     */
    async create(body: CredentialCreate, call: Call = {}): Promise<CreatedCredential> {
      return json(await transport.request('POST', transport.url('api/credentials'), body, call));
    },
    /** Revokes it at once: its key or password, and every session signed in with it, stop working. */
    async revoke(id: number, call: Call = {}): Promise<void> {
      const response = await transport.request('DELETE', transport.url(`api/credentials/${id}`), undefined, call);
      await response.body?.cancel();
    },
  };
}

export function organizationResources(transport: Transport) {
  return {
    async list(call: Call = {}): Promise<Organization[]> {
      return json(await transport.get(transport.url('api/organizations'), call.signal));
    },
  };
}

/**
 * The browser session (SPEC §11). Signing in needs no credential; the service answers with the
 * session and sets the HttpOnly cookie that every later request of the page carries.
 */
export function sessionResources(transport: Transport) {
  return {
    async create(body: SignIn, call: Call = {}): Promise<Session> {
      return json(await transport.request('POST', transport.url('api/session'), body, call));
    },
    /** The current session (401 when there is none, or it ended). */
    async get(call: Call = {}): Promise<Session> {
      return json(await transport.get(transport.url('api/session'), call.signal));
    },
    /** Signs out: the session ends on the server at once. */
    async delete(call: Call = {}): Promise<void> {
      const response = await transport.request('DELETE', transport.url('api/session'), undefined, call);
      await response.body?.cancel();
    },
  };
}
