import type { ColumnType, Generated, Selectable } from 'kysely';

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
}

export interface ReservationTable {
  id: Generated<number>;
  organization_id: number;
  accommodation_id: number;
  reservation_number: string;
  status: string;
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

export interface Database {
  organizations: OrganizationTable;
  accommodations: AccommodationTable;
  reservations: ReservationTable;
  credentials: CredentialTable;
  credential_organizations: CredentialOrganizationTable;
  idempotency_keys: IdempotencyKeyTable;
}

export type OrganizationRow = Selectable<OrganizationTable>;
export type AccommodationRow = Selectable<AccommodationTable>;
export type ReservationRow = Selectable<ReservationTable>;
export type CredentialRow = Selectable<CredentialTable>;
