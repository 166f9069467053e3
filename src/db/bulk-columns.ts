import type { Selectable } from 'kysely';
import type { Database } from './schema.js';

/**
 * The tables a bulk load writes, in the order a load writes them (what is referred to before what
 * refers to it), each with the columns its rows carry, in the order a row carries them. A column's
 * type is the one db/schema.ts gives it: the names are checked against that table, and `BulkRow`
 * is made from both.
 */
export const BULK_COLUMNS = {
  organizations: [
    'id',
    'name',
    'timezone',
    'created',
    'modified',
    /** Of its prices (migration 015). */
    'currency',
  ],
  accommodations: [
    'id',
    'organization_id',
    'title',
    'type',
    'max_persons',
    'bedrooms',
    'active',
    'created',
    'modified',
    'version',
  ],
  /** Guests (migration 016): before the reservations that name them. */
  guests: [
    'id',
    'organization_id',
    'first_name',
    'surname',
    'email',
    'phone_number',
    'address',
    'address_no',
    'postal_code',
    'locality',
    'country',
    'locale',
    'email_key',
    'created',
    'modified',
    'erased',
    'version',
  ],
  reservations: [
    'id',
    'organization_id',
    'accommodation_id',
    'reservation_number',
    'status',
    'date_from',
    'date_to',
    'adults',
    'children',
    'babies',
    'guest_name',
    'total_amount_minor',
    'currency',
    'channel',
    'created',
    'modified',
    'cancelled',
    'version',
    'guest_id',
  ],
  /** Nights held without a reservation (migration 014): after the accommodations they hold. */
  blocks: [
    'id',
    'organization_id',
    'accommodation_id',
    'date_from',
    'date_to',
    'kind',
    'note',
    'calendar_id',
    'created',
    'modified',
    'version',
  ],
  stay_rules: [
    'id',
    'organization_id',
    'accommodation_id',
    'type',
    'date_from',
    'date_to',
    'settings',
    'created',
    'modified',
    'version',
  ],
  /** Age groups, price components, supplements and discounts (migration 015): after the accommodations they name. */
  price_records: [
    'id',
    'organization_id',
    'record',
    'accommodation_id',
    'type',
    'description',
    'date_from',
    'date_to',
    'terms',
    'created',
    'modified',
    'version',
  ],
  /** Hashes only (a dump carries no secret); bindings to organizations are written apart. */
  credentials: [
    'id',
    'name',
    'type',
    'key_prefix',
    'key_hash',
    'username',
    'password_hash',
    'scopes',
    'compatibility_date',
    'created',
    'last_used',
    'revoked',
  ],
  /**
   * The outbox (migration 004): position and txid come from the database; `seq`, the
   * organization's counter, from the load, which holds every organization's row (migration 012).
   */
  events: [
    'id',
    'organization_id',
    'type',
    'resource_type',
    'resource_id',
    'resource_version',
    'occurred',
    'body',
    'seq',
  ],
} as const satisfies { readonly [T in keyof Database]?: readonly (keyof Database[T] & string)[] };

export type BulkTable = keyof typeof BULK_COLUMNS;

/** A table's row as a bulk load reads it back: the column types of db/schema.ts. */
export type BulkRecord<T extends BulkTable> = Selectable<Database[T]>;

/** The values of `columns`, in their order, typed by the record they are read from. */
type ValuesOf<Columns extends readonly string[], Record> = {
  readonly [I in keyof Columns]: Record[Columns[I] & keyof Record];
};

/**
 * One row of `table`: its values in BULK_COLUMNS order, each of its column's type (booleans as
 * true/false, converted per dialect). A tuple, not an object: a load passes millions of them, and
 * the writers read them by position.
 */
export type BulkRow<T extends BulkTable> = ValuesOf<(typeof BULK_COLUMNS)[T], BulkRecord<T>>;

/** The row of a record that has every bulk column (and maybe more): for tables of few rows, made as records. */
export function bulkRow<T extends BulkTable>(
  table: T,
  record: Pick<BulkRecord<T>, (typeof BULK_COLUMNS)[T][number] & keyof BulkRecord<T>>,
): BulkRow<T> {
  const values = record as Record<string, unknown>;
  return BULK_COLUMNS[table].map((column: string) => values[column]) as unknown as BulkRow<T>;
}
