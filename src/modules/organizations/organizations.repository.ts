import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database, OrganizationRow } from '../../db/schema.js';
import { readFirst } from '../../db/prepared-reads.js';
import { forUpdate } from '../../db/write-transaction.js';
import { encodeCursor } from '../events/cursor.js';

type Conn = Kysely<Database>;

export function findOrganization(conn: Conn, id: number): Promise<OrganizationRow | undefined> {
  return conn.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The subset of `ids` that exist. */
export async function existingOrganizationIds(conn: Conn, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await conn.selectFrom('organizations').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function countOrganizations(conn: Conn): Promise<number> {
  const row = await conn
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The SQL of the first step of every write of an organization's data (organizations.service
 * `lockOrganization`): moves its change counter, which also takes the organization's row lock
 * until the transaction ends (PostgreSQL; SQLite's writer already holds the whole database).
 * Answers the organization's time zone, read with the lock; undefined when there is no such
 * organization.
 */
export async function lockOrganizationRow(conn: Conn, organizationId: number): Promise<string | undefined> {
  const row = await conn
    .updateTable('organizations')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', organizationId)
    .returning('timezone')
    .executeTakeFirst();
  return row?.timezone;
}

/**
 * For a bulk load that may touch any organization: every organization's row lock, in id order (so
 * two loads cannot hold each other's), before the load reads or writes anything. Writes of single
 * organizations then wait for the load, and the load's checks see everything they committed.
 */
export async function lockEveryOrganization(conn: Conn): Promise<void> {
  await forUpdate(conn, conn.selectFrom('organizations').select('id').orderBy('id')).execute();
}

/** Every organization's change counter, for a bulk load that holds their rows (`lockEveryOrganization`). */
export async function organizationCounters(conn: Conn): Promise<Map<number, number>> {
  const rows = await conn.selectFrom('organizations').select(['id', 'version']).execute();
  return new Map(rows.map((row) => [row.id, Number(row.version)]));
}

/** Stores counters a bulk load moved (each only ever grows). */
export async function storeOrganizationCounters(conn: Conn, counters: ReadonlyMap<number, number>): Promise<void> {
  for (const [id, version] of counters) {
    await conn
      .updateTable('organizations')
      .set((eb) => ({
        version: sql<number>`${sql.raw(isPostgres(conn) ? 'greatest' : 'max')}(${eb.ref('version')}, ${version})`,
      }))
      .where('id', '=', id)
      .execute();
  }
}

/**
 * What a read needs to know of its organization: its time zone, its change counter, and its longest
 * stay (the bound of `stay` queries, moved only with the counter), all from one statement read
 * before the data (so the data is at least as new). The counter is also where the changes feed
 * goes on from the read (migration 012): every event up to it is in the data, and whatever the data
 * shows beyond it comes again from the feed, in the order it committed.
 */
export interface OrganizationState {
  timezone: string;
  version: number;
  longestStayNights: number;
  eventsCursor: string;
}

/** The state of one organization, read together with a request's credential (auth.ts). */
export interface KnownOrganizationState {
  id: number;
  state: OrganizationState;
}

/**
 * The state's columns, selected from `organizations as o` by every statement that reads it (this
 * module's, and a request's credential lookup): named apart from the other columns of a joined row.
 */
export const ORGANIZATION_STATE_COLUMNS = [
  'o.id as organization_id',
  'o.timezone as organization_timezone',
  'o.version as organization_version',
  'o.longest_stay_nights as organization_longest_stay_nights',
] as const;

/** A row with `ORGANIZATION_STATE_COLUMNS` among its columns (null where an outer join found none). */
interface StateColumns {
  organization_id: number | null;
  organization_timezone: string | null;
  organization_version: number | null;
  organization_longest_stay_nights: number | null;
}

/** A row's organization state (null when it has none), and the row's other columns. */
export function takeOrganizationState<R extends StateColumns>(
  row: R,
): { organization: KnownOrganizationState | null; rest: Omit<R, keyof StateColumns> } {
  const {
    organization_id: id,
    organization_timezone: timezone,
    organization_version: version,
    organization_longest_stay_nights: longestStayNights,
    ...rest
  } = row;
  const organization =
    id === null || timezone === null || version === null || longestStayNights === null
      ? null
      : { id, state: { timezone, version, longestStayNights, eventsCursor: encodeCursor(new Map([[id, version]])) } };
  return { organization, rest };
}

/** The state of an organization, or undefined for one that does not exist. */
export async function organizationState(conn: Conn, id: number): Promise<OrganizationState | undefined> {
  // Read before every summaries page that was not read with its credential: prepared once.
  const row = await readFirst(
    conn,
    'organization-state',
    (value) => conn.selectFrom('organizations as o').select(ORGANIZATION_STATE_COLUMNS).where('o.id', '=', value('id')),
    { id },
  );
  return row ? takeOrganizationState(row).organization?.state : undefined;
}

/**
 * The state of the organization a read is about: the one read with the request's credential when
 * it is this organization (one statement fewer per request), else read now. Either way it is read
 * before the data.
 */
export function organizationStateFor(
  conn: Conn,
  id: number,
  known: KnownOrganizationState | null,
): Promise<OrganizationState | undefined> {
  return known?.id === id ? Promise.resolve(known.state) : organizationState(conn, id);
}

/** The organizations among `ids`, by id: what a credential may see of them. */
export function listOrganizationsByIds(conn: Conn, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return conn
    .selectFrom('organizations')
    .select(['id', 'name', 'timezone', 'currency'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}
