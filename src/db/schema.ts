import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ReservationStatus } from '../modules/reservations/reservation-status.js';

/**
 * Table types as both dialects return them after createDb's type parsing: dates are `YYYY-MM-DD`
 * strings, timestamps RFC 3339 UTC strings, integers numbers. SQLite has no boolean and answers
 * 0/1, so boolean columns admit both and the mappers normalise.
 */
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  timezone: string;
  created: string;
  modified: string;
  /** Change counter: bumped by every write to the organization's data (migration 003). */
  version: Generated<number>;
  /** The longest stay of any of its reservations, ever: a bound for `stay` queries (migration 006). */
  longest_stay_nights: Generated<number>;
  /** ISO 4217: every amount of its prices is in it (migration 015). */
  currency: Generated<string>;
}

export interface AccommodationTable {
  id: Generated<number>;
  organization_id: number;
  title: string;
  type: string;
  max_persons: number;
  bedrooms: number | null;
  active: Bool;
  created: string;
  modified: string;
  /** Grows by one with every change of the record (SPEC §10 `resource.version`); migration 004. */
  version: Generated<number>;
}

export interface ReservationTable {
  id: Generated<number>;
  organization_id: number;
  accommodation_id: number;
  reservation_number: string;
  status: ReservationStatus;
  date_from: string;
  date_to: string;
  adults: number;
  children: number;
  babies: number;
  guest_name: string;
  total_amount_minor: number;
  currency: string;
  channel: string;
  created: string;
  modified: string;
  cancelled: string | null;
  /** Grows by one with every change of the record (SPEC §10 `resource.version`); migration 004. */
  version: Generated<number>;
  /** The guest record (SPEC §15), when there is one (migration 016). */
  guest_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A guest (SPEC §15, migration 016): the one owner of its personal data; every personal column is null once erased. */
export interface GuestTable {
  id: Generated<number>;
  organization_id: number;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  phone_number: string | null;
  address: string | null;
  address_no: string | null;
  postal_code: string | null;
  locality: string | null;
  country: string | null;
  locale: string | null;
  /** `email` as guests are matched by it (guests.repository `emailKey`); unique per organization. */
  email_key: string | null;
  created: string;
  modified: string;
  erased: string | null;
  version: Generated<number>;
}

/** Nights held without a reservation (SPEC §13, migration 014). */
export interface BlockTable {
  id: Generated<number>;
  organization_id: number;
  accommodation_id: number;
  date_from: string;
  date_to: string;
  kind: 'maintenance' | 'owner' | 'closed' | 'external';
  note: string | null;
  /** The subscribed calendar (SPEC §16) an `external` block came from. */
  calendar_id: number | null;
  created: string;
  modified: string;
  version: Generated<number>;
}

/** Which stays may be sold (SPEC §13, migration 014). */
export interface StayRuleTable {
  id: Generated<number>;
  organization_id: number;
  accommodation_id: number | null;
  type: string | null;
  date_from: string;
  date_to: string;
  /** The fields the rule sets, as a JSON object (stay-rules.ts `StayRuleSettings`). */
  settings: string;
  created: string;
  modified: string;
  version: Generated<number>;
}

/** An age group, price component, supplement or discount (SPEC §14, migration 015). */
export interface PriceRecordTable {
  id: Generated<number>;
  organization_id: number;
  record: 'age-group' | 'component' | 'supplement' | 'discount';
  accommodation_id: number | null;
  type: string | null;
  description: string;
  date_from: string | null;
  date_to: string | null;
  /** What the kind of record adds, as a JSON object (prices/price-records.ts). */
  terms: string;
  created: string;
  modified: string;
  version: Generated<number>;
}

/**
 * A draft of the original's booking flow (SPEC §15, migration 017): not a reservation, and in no
 * list. Its id comes from the reservations' id space; the placed reservation keeps it.
 */
export interface DraftTable {
  id: number;
  organization_id: number;
  accommodation_id: number;
  date_from: string;
  date_to: string;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  expires: string;
  /** Persons by age group: a JSON array of [ageGroupId, quantity]. */
  party: string;
  /** Chosen supplements: a JSON array of [supplementId, quantity]. */
  choices: string;
  /** The priced order lines (minor units), as a JSON array: the price the draft is placed at. */
  order_lines: string;
  total_minor: number;
  currency: string;
  created: string;
  modified: string;
  /** When it was placed (it then holds nothing; the reservation with its id does). */
  placed: string | null;
}

/** The priced order lines a placed reservation keeps (SPEC §15, migration 017). */
export interface ReservationOrderLineTable {
  organization_id: number;
  reservation_id: number;
  position: number;
  description: string;
  kind: 'rent' | 'discount' | 'fee' | 'supplement' | 'tax';
  quantity: number;
  unit_amount_minor: number;
  amount_minor: number;
}

export interface CredentialTable {
  id: Generated<number>;
  name: string;
  type: 'api-key' | 'basic';
  /** First characters of an API key, kept to recognise it in listings. */
  key_prefix: string | null;
  /** Hex SHA-256 of the whole API key; the key itself is never stored. */
  key_hash: string | null;
  username: string | null;
  /** scrypt$N$r$p$salt$hash, see password.ts */
  password_hash: string | null;
  /** Comma-separated scopes: read, write, admin. */
  scopes: string;
  compatibility_date: string | null;
  created: string;
  last_used: string | null;
  revoked: string | null;
  /** Changes with every write of the credential's organizations: what a process keeps them under (migration 007). */
  bindings_token: Generated<string>;
}

export interface CredentialOrganizationTable {
  credential_id: number;
  organization_id: number;
}

export interface IdempotencyKeyTable {
  credential_id: number;
  key: string;
  /** SHA-256 of method, path and body: the same key with another request is refused. */
  request_hash: string;
  status_code: number;
  location: string | null;
  body: string;
  created: string;
}

/** The channel PostgreSQL notifies at every commit that recorded events (feed readers LISTEN on it). */
export const EVENTS_CHANNEL = 'booking_events';

/** The outbox (migration 004): one row per change, in the change's transaction. */
export interface EventTable {
  position: Generated<number>;
  /**
   * PostgreSQL: the writing transaction's id (xid8, as text); SQLite: 0. The feed's order before
   * migration 012, kept to read the cursors given out then.
   */
  txid: Generated<string | number>;
  /** The organization's change counter as this event moved it: the feed's order (migration 012). */
  seq: number;
  id: string;
  organization_id: number;
  type: string;
  resource_type: 'reservation' | 'accommodation' | 'block' | 'guest' | 'calendar';
  resource_id: number;
  resource_version: number;
  occurred: string;
  /** The event as served, serialized once when it is recorded. */
  body: string;
}

/** Per organization, the last event number pruning removed (migration 012). */
export interface EventsPrunedTable {
  organization_id: number;
  seq: number;
}

/** Webhook endpoints (migration 005). Times in Unix milliseconds. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  organization_id: number;
  url: string;
  description: string | null;
  types: string;
  enabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** The last event number of its organization that became its deliveries (migration 012). */
  cursor_seq: number;
  failing_since: number | null;
  created: number;
  modified: number;
}

/** Replays the delivery workers are scheduling, a window at a time (migration 013). */
export interface WebhookReplayTable {
  id: Generated<number>;
  endpoint_id: number;
  after_seq: number;
  until_seq: number;
  /** Timestamps as in events.occurred: only events that occurred in [since, until). */
  since: string | null;
  until: string | null;
  remaining: number;
  /** The endpoint's types when it was asked, comma-separated; '' for every type. */
  types: string;
  /** Unix ms of its last step; 0 before the first. */
  stepped: ColumnType<number, number | undefined, number>;
  created: number;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  organization_id: number;
  event_id: string;
  event_type: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed' | 'paused';
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  created: number;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  endpoint_id: number;
  organization_id: number;
  event_id: string;
  event_type: string;
  attempt: number;
  attempted_at: number;
  status: 'delivered' | 'pending' | 'failed';
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_attempt_at: number | null;
}

/** Sessions of the web console (migration 009). Times in Unix milliseconds. */
export interface ConsoleSessionTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  credential_id: number;
  password_hash: string;
  csrf_secret: string;
  created: number;
  last_seen: number;
  expires: number;
}

/** Arrivals and departures per organization and day, kept by triggers (migration 010). */
export interface ReservationDayTable {
  organization_id: number;
  day: string;
  arrivals: number;
  departures: number;
}

/** An accommodation's export feed (SPEC §16, migration 018): found by its token's SHA-256. */
export interface IcalFeedTable {
  accommodation_id: number;
  organization_id: number;
  token_hash: string;
  created: string;
}

/** A subscription to another channel's feed (SPEC §16, migration 018). */
export interface CalendarTable {
  id: Generated<number>;
  organization_id: number;
  accommodation_id: number;
  name: string;
  url: string;
  created: string;
  modified: string;
  version: Generated<number>;
  /** Unix ms. */
  next_fetch_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  etag: string | null;
  last_modified: string | null;
  last_fetched: string | null;
  last_success: string | null;
  last_error: string | null;
  events: Generated<number>;
}

/** One event of a subscribed feed, by UID: its block, or what it conflicts with (migration 018). */
export interface CalendarEventTable {
  calendar_id: number;
  uid: string;
  organization_id: number;
  date_from: string;
  date_to: string;
  block_id: number | null;
  held_by_kind: 'reservation' | 'block' | 'draft' | null;
  held_by_id: number | null;
  missing: Generated<number>;
}

export interface Database {
  organizations: OrganizationTable;
  accommodations: AccommodationTable;
  reservations: ReservationTable;
  credentials: CredentialTable;
  credential_organizations: CredentialOrganizationTable;
  idempotency_keys: IdempotencyKeyTable;
  events: EventTable;
  events_pruned_by_organization: EventsPrunedTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_replays: WebhookReplayTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  console_sessions: ConsoleSessionTable;
  reservation_days: ReservationDayTable;
  blocks: BlockTable;
  stay_rules: StayRuleTable;
  price_records: PriceRecordTable;
  guests: GuestTable;
  drafts: DraftTable;
  reservation_order_lines: ReservationOrderLineTable;
  ical_feeds: IcalFeedTable;
  calendars: CalendarTable;
  calendar_events: CalendarEventTable;
}

export type OrganizationRow = Selectable<OrganizationTable>;
export type AccommodationRow = Selectable<AccommodationTable>;
export type ReservationRow = Selectable<ReservationTable>;
export type BlockRow = Selectable<BlockTable>;
export type StayRuleRow = Selectable<StayRuleTable>;
export type PriceRecordRow = Selectable<PriceRecordTable>;
export type GuestRow = Selectable<GuestTable>;
export type DraftRow = Selectable<DraftTable>;
export type ReservationOrderLineRow = Selectable<ReservationOrderLineTable>;
export type CalendarRow = Selectable<CalendarTable>;
export type CalendarEventRow = Selectable<CalendarEventTable>;
export type CredentialRow = Selectable<CredentialTable>;
