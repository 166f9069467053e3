import type { Insertable, Kysely, Updateable } from 'kysely';
import type { BlockRow, BlockTable, Database } from '../../db/schema.js';
import { ownedRecords, VALUES_PER_QUERY } from '../../db/owned-rows.js';
import type { Block } from './blocks.schemas.js';

type Conn = Kysely<Database>;

export function toBlock(row: BlockRow): Block {
  return {
    id: row.id,
    organization: row.organization_id,
    accommodation: row.accommodation_id,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    kind: row.kind,
    note: row.note,
    calendar: row.calendar_id,
    created: row.created,
    modified: row.modified,
  };
}

/** Blocks holding a night of `from … to` (both nights), ordered by arrival and id. */
export async function listBlocks(
  conn: Conn,
  organizationId: number,
  period: { from: string; to: string; accommodationId?: number | undefined },
): Promise<Block[]> {
  let query = conn
    .selectFrom('blocks')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('date_from', '<=', period.to)
    .where('date_to', '>', period.from);
  if (period.accommodationId !== undefined) query = query.where('accommodation_id', '=', period.accommodationId);
  const rows = await query.orderBy('date_from').orderBy('id').execute();
  return rows.map(toBlock);
}

/**
 * Every stored block of these accommodations (of these organizations): what `booking import` checks
 * a file's nights against. Blocks are few beside reservations, so all of them, not only those of
 * the file's periods.
 */
export async function blocksOfAccommodations(
  conn: Conn,
  organizationIds: readonly number[],
  accommodationIds: readonly number[],
): Promise<BlockRow[]> {
  const rows: BlockRow[] = [];
  if (organizationIds.length === 0) return rows;
  for (let i = 0; i < accommodationIds.length; i += VALUES_PER_QUERY) {
    const found = await conn
      .selectFrom('blocks')
      .selectAll()
      .where('organization_id', 'in', [...organizationIds])
      .where('accommodation_id', 'in', accommodationIds.slice(i, i + VALUES_PER_QUERY))
      .execute();
    rows.push(...found);
  }
  return rows;
}

/** Blocks as `lockRecordForChange` finds them. */
export const blockRecords = ownedRecords('blocks');

export function insertBlock(conn: Conn, values: Insertable<BlockTable>): Promise<BlockRow> {
  return conn.insertInto('blocks').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBlockRow(conn: Conn, id: number, values: Updateable<BlockTable>): Promise<BlockRow> {
  return conn.updateTable('blocks').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteBlockRow(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('blocks').where('id', '=', id).execute();
}

/**
 * A block of the accommodation holding one of the nights `dateFrom … dateTo − 1`, if any. Blocks of
 * one accommodation never overlap (each other or anything else), so the one that arrives last
 * before the departure is the only candidate: one step down the (accommodation_id, date_from) index.
 */
export async function findOverlappingBlock(
  conn: Conn,
  stay: { accommodationId: number; dateFrom: string; dateTo: string; exceptId?: number | undefined },
): Promise<number | undefined> {
  let query = conn
    .selectFrom('blocks')
    .select(['id', 'date_to'])
    .where('accommodation_id', '=', stay.accommodationId)
    .where('date_from', '<', stay.dateTo);
  if (stay.exceptId !== undefined) query = query.where('id', '<>', stay.exceptId);
  const latest = await query.orderBy('date_from', 'desc').limit(1).executeTakeFirst();
  return latest !== undefined && latest.date_to > stay.dateFrom ? latest.id : undefined;
}
