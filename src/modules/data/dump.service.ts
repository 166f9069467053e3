import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { toAccommodation } from '../accommodations/accommodations.repository.js';
import { toStayRuleRecord } from '../availability/stay-rules.repository.js';
import { toBlock } from '../blocks/blocks.repository.js';
import { orderLinesByReservation } from '../booking-flow/order-lines.js';
import { toGuest } from '../guests/guests.repository.js';
import { eventsOfCalendars } from '../calendars/calendars.repository.js';
import { type PriceRecordKind, toPriceRecord } from '../prices/price-records.js';
import { dumpedReservation } from '../reservations/summary-fields.js';
import { organizationsByCredential } from '../credentials/credentials.repository.js';
import type {
  ImportAccommodation,
  ImportBlock,
  ImportCalendar,
  ImportCredential,
  ImportIcalFeed,
  ImportDocument,
  ImportGuest,
  ImportOrganization,
  ImportReservation,
  ImportStayRule,
} from './import.schemas.js';

/**
 * `booking dump`: the whole database as the import document of SPEC §8, written as it is read.
 * Rows come in batches by ascending id (keyset, never OFFSET), and each batch is handed on only
 * when the reader has taken the last one, so memory holds one batch however large the database.
 * Everything is read in one transaction: the dump is the database as of one moment, while the
 * service goes on writing.
 */

/** Rows per query: large enough that round trips do not dominate, small enough to stay a few MB. */
export const DUMP_BATCH_ROWS = 2_000;

type Conn = Kysely<Database>;
type Table =
  | 'organizations'
  | 'accommodations'
  | 'guests'
  | 'reservations'
  | 'blocks'
  | 'stay_rules'
  | 'credentials'
  | 'calendars';
type Collection = keyof ImportDocument;

interface Batch<T> {
  records: T[];
  /** The highest id in the batch: the next batch starts after it. */
  last: number;
}

type ReadBatch<T> = (conn: Conn, after: number) => Promise<Batch<T>>;

const lastId = (rows: readonly { id: number }[]) => rows[rows.length - 1]?.id ?? 0;

/** The next batch of a table's rows after `after`, by id: a keyset read, as cheap at the end as at the start. */
function rowsAfter<T extends Table>(conn: Conn, table: T, after: number) {
  return conn
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it Kysely's overloads cannot resolve
    .selectFrom(table as Table)
    .selectAll()
    .where('id', '>', after)
    .orderBy('id')
    .limit(DUMP_BATCH_ROWS)
    .execute() as Promise<Selectable<Database[T]>[]>;
}

const readOrganizations: ReadBatch<ImportOrganization> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'organizations', after);
  return {
    records: rows.map(({ id, name, timezone, currency, created, modified }) => ({
      id,
      name,
      timezone,
      currency,
      created,
      modified,
    })),
    last: lastId(rows),
  };
};

const readAccommodations: ReadBatch<ImportAccommodation> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'accommodations', after);
  return { records: rows.map(toAccommodation), last: lastId(rows) };
};

const readReservations: ReadBatch<ImportReservation> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'reservations', after);
  const records = rows.map(dumpedReservation);
  // Order lines with their reservation (SPEC §15), only where it has any. Drafts are not dumped: a
  // draft is no reservation, holds its nights for minutes, and its token exists only as a hash.
  const lines = await orderLinesByReservation(
    conn,
    rows.map((r) => r.id),
  );
  for (const record of records) {
    const kept = lines.get(record.id as number);
    if (kept) record.orderLines = kept;
  }
  return { records, last: lastId(rows) };
};

/** Guests as the API shows them (SPEC §15); an erased one as it is now, its personal fields null. */
const readGuests: ReadBatch<ImportGuest> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'guests', after);
  return { records: rows.map(toGuest), last: lastId(rows) };
};

/** Blocks and stay rules as the API shows them (SPEC §13), which the import reads back. */
const readBlocks: ReadBatch<ImportBlock> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'blocks', after);
  return { records: rows.map(toBlock), last: lastId(rows) };
};

/**
 * Subscribed calendars (SPEC §16) with the events their fetches read, so that the first fetch after
 * a move knows its stays. Their fetch state is not dumped: an import fetches them again at once.
 */
const readCalendars: ReadBatch<ImportCalendar> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'calendars', after);
  const events = await eventsOfCalendars(
    conn,
    rows.map((r) => r.id),
  );
  const records = rows.map(
    (r): ImportCalendar => ({
      id: r.id,
      organization: r.organization_id,
      accommodation: r.accommodation_id,
      name: r.name,
      url: r.url,
      created: r.created,
      modified: r.modified,
      events: events
        .filter((e) => e.calendar_id === r.id)
        .map((e) => ({
          uid: e.uid,
          dateFrom: e.date_from,
          dateTo: e.date_to,
          block: e.block_id,
          heldBy: e.held_by_kind === null ? null : { kind: e.held_by_kind, id: Number(e.held_by_id) },
          missing: Number(e.missing),
        })),
    }),
  );
  return { records, last: lastId(rows) };
};

/** Export feeds by their token's hash (never a token: only the hash is stored), by accommodation. */
const readIcalFeeds: ReadBatch<ImportIcalFeed> = async (conn, after) => {
  const rows = await conn
    .selectFrom('ical_feeds')
    .selectAll()
    .where('accommodation_id', '>', after)
    .orderBy('accommodation_id')
    .limit(DUMP_BATCH_ROWS)
    .execute();
  return {
    records: rows.map((r) => ({
      accommodation: r.accommodation_id,
      organization: r.organization_id,
      tokenHash: r.token_hash,
      created: r.created,
    })),
    last: rows[rows.length - 1]?.accommodation_id ?? 0,
  };
};

const readStayRules: ReadBatch<ImportStayRule> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'stay_rules', after);
  return { records: rows.map(toStayRuleRecord), last: lastId(rows) };
};

/** Price records of one kind as the API shows them (SPEC §14): each kind is a collection of its own. */
function readPriceRecords(kind: PriceRecordKind): ReadBatch<unknown> {
  return async (conn, after) => {
    const rows = await conn
      .selectFrom('price_records')
      .selectAll()
      .where('record', '=', kind)
      .where('id', '>', after)
      .orderBy('id')
      .limit(DUMP_BATCH_ROWS)
      .execute();
    return { records: rows.map(toPriceRecord), last: lastId(rows) };
  };
}

const readCredentials: ReadBatch<ImportCredential> = async (conn, after) => {
  const rows = await rowsAfter(conn, 'credentials', after);
  const organizations = await organizationsByCredential(
    conn,
    rows.map((r) => r.id),
  );
  const records = rows.map((r): ImportCredential => {
    const identity =
      r.type === 'api-key'
        ? { keyPrefix: r.key_prefix ?? '', keyHash: r.key_hash ?? '' }
        : { username: r.username ?? '', passwordHash: r.password_hash ?? '' };
    return {
      id: r.id,
      name: r.name,
      type: r.type,
      ...identity,
      scopes: r.scopes.split(',') as ImportCredential['scopes'],
      organizations: organizations.get(r.id) ?? [],
      compatibilityDate: r.compatibility_date,
      created: r.created,
      lastUsed: r.last_used,
      revoked: r.revoked,
    };
  });
  return { records, last: lastId(rows) };
};

/** In the order `booking import` needs them: what is referred to before what refers to it. */
const COLLECTIONS: readonly [Collection, ReadBatch<unknown>][] = [
  ['organizations', readOrganizations],
  ['accommodations', readAccommodations],
  ['guests', readGuests],
  ['reservations', readReservations],
  ['blocks', readBlocks],
  ['calendars', readCalendars],
  ['icalFeeds', readIcalFeeds],
  ['stayRules', readStayRules],
  // Age groups before the components that count them.
  ['ageGroups', readPriceRecords('age-group')],
  ['priceComponents', readPriceRecords('component')],
  ['supplements', readPriceRecords('supplement')],
  ['discounts', readPriceRecords('discount')],
  ['credentials', readCredentials],
];

export type DumpReport = Record<Collection, number>;

/** The document as text, a batch at a time: one record per line, so a dump diffs and greps well. */
async function* dumpText(conn: Conn, report: DumpReport): AsyncGenerator<string> {
  let separator = '{';
  for (const [name, read] of COLLECTIONS) {
    yield `${separator}${JSON.stringify(name)}: [`;
    separator = '\n],\n';
    for (let after = 0; ; ) {
      const batch = await read(conn, after);
      if (batch.records.length === 0) break;
      yield `${report[name] === 0 ? '\n' : ',\n'}${batch.records.map((r) => JSON.stringify(r)).join(',\n')}`;
      report[name] += batch.records.length;
      after = batch.last;
    }
  }
  yield '\n]}\n';
}

/**
 * Hands each piece of the dump to `write`, awaiting it before reading on (the backpressure), inside
 * one read-only snapshot: a repeatable-read transaction on PostgreSQL, a read transaction on SQLite
 * (WAL keeps the snapshot while writers commit).
 */
export async function dumpDatabase(db: Db, write: (text: string) => Promise<void>): Promise<DumpReport> {
  const report: DumpReport = {
    organizations: 0,
    accommodations: 0,
    guests: 0,
    reservations: 0,
    blocks: 0,
    calendars: 0,
    icalFeeds: 0,
    stayRules: 0,
    ageGroups: 0,
    priceComponents: 0,
    supplements: 0,
    discounts: 0,
    credentials: 0,
  };
  let transaction = db.kysely.transaction();
  if (db.dialect === 'postgres') transaction = transaction.setIsolationLevel('repeatable read').setAccessMode('read only');
  await transaction.execute(async (trx) => {
    for await (const text of dumpText(trx, report)) await write(text);
  });
  return report;
}
