import type { Insertable, Kysely, Updateable } from 'kysely';
import { DEFAULT_AGE_GROUPS } from '../../db/migrations/015_prices.js';
import { ownedRecords } from '../../db/owned-rows.js';
import type { Database, PriceRecordRow, PriceRecordTable } from '../../db/schema.js';
import type { PriceRecordKind } from './price-records.js';

type Conn = Kysely<Database>;

/** The organization's price records (of one kind), by id; with `modifiedSince`, only those modified since. */
export function listPriceRows(
  conn: Conn,
  organizationId: number,
  filter: { kind?: PriceRecordKind; modifiedSince?: string } = {},
): Promise<PriceRecordRow[]> {
  let query = conn.selectFrom('price_records').selectAll().where('organization_id', '=', organizationId);
  if (filter.kind !== undefined) query = query.where('record', '=', filter.kind);
  if (filter.modifiedSince !== undefined) query = query.where('modified', '>=', filter.modifiedSince);
  return query.orderBy('id').execute();
}

/** The stored price records of these organizations (`booking import` checks a file's against them). */
export async function priceRowsOf(conn: Conn, organizationIds: readonly number[]): Promise<PriceRecordRow[]> {
  if (organizationIds.length === 0) return [];
  return conn
    .selectFrom('price_records')
    .selectAll()
    .where('organization_id', 'in', [...organizationIds])
    .orderBy('id')
    .execute();
}

export async function currencyOf(conn: Conn, organizationId: number): Promise<string> {
  const row = await conn
    .selectFrom('organizations')
    .select('currency')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.currency ?? 'EUR';
}

export const priceRecords = ownedRecords('price_records');

export function insertPriceRow(conn: Conn, values: Insertable<PriceRecordTable>): Promise<PriceRecordRow> {
  return conn.insertInto('price_records').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePriceRow(conn: Conn, id: number, values: Updateable<PriceRecordTable>): Promise<PriceRecordRow> {
  return conn.updateTable('price_records').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deletePriceRow(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('price_records').where('id', '=', id).execute();
}

/** The stored currencies of these organizations, by id (`booking import` keeps one its file leaves out). */
export async function currenciesOf(conn: Conn, organizationIds: readonly number[]): Promise<Map<number, string>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await conn
    .selectFrom('organizations')
    .select(['id', 'currency'])
    .where('id', 'in', [...organizationIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.currency]));
}

/**
 * Every organization starts with Adults, Children and Babies (SPEC §14): the rows that give them to
 * those of these that have no age group yet (a new organization, or one whose file brought none).
 * Ids come from `nextId`: the bulk loads that write them give explicit ids to every row they write.
 */
export async function defaultAgeGroupRows(
  conn: Conn,
  organizationIds: readonly number[],
  now: string,
  nextId: () => number,
): Promise<PriceRecordRow[]> {
  if (organizationIds.length === 0) return [];
  const having = new Set(
    (
      await conn
        .selectFrom('price_records')
        .select('organization_id')
        .distinct()
        .where('organization_id', 'in', [...organizationIds])
        .where('record', '=', 'age-group')
        .execute()
    ).map((r) => r.organization_id),
  );
  return organizationIds
    .filter((id) => !having.has(id))
    .flatMap((organization_id) =>
      DEFAULT_AGE_GROUPS.map(({ description, ...terms }) => ({
        id: nextId(),
        organization_id,
        record: 'age-group' as const,
        accommodation_id: null,
        type: null,
        description,
        date_from: null,
        date_to: null,
        terms: JSON.stringify(terms),
        created: now,
        modified: now,
        version: 1,
      })),
    );
}
