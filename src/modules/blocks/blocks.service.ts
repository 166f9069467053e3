import type { Kysely } from 'kysely';
import type { BlockRow, Database } from '../../db/schema.js';
import { type Unchanged, unchanged, type WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { nightsOfPeriod, stayDatesProblem, stayNights } from '../../shared/stay-dates.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import { assertNightsFree, refusedAsTaken } from '../availability/night-holds.js';
import { recordEvent } from '../events/events.service.js';
import { type LockedOrganization, lockRecordForChange } from '../organizations/organizations.service.js';
import { blockRecords, deleteBlockRow, insertBlock, listBlocks, toBlock, updateBlockRow } from './blocks.repository.js';
import type { Block, BlockListQuery, CreateBlockBody, UpdateBlockBody } from './blocks.schemas.js';

/**
 * Blocks (SPEC §13): nights held without a reservation. Every write locks the organization first,
 * checks the nights under that lock (night-holds.ts) and records its event in the same transaction,
 * as reservation writes do.
 */

type Conn = Kysely<Database>;

function notFound(id: number): AppError {
  return new AppError('not-found', `No block ${id}.`);
}

/** The accommodation must be the organization's. A block may close an inactive one too. */
async function checkAccommodation(trx: Conn, organizationId: number, accommodationId: number): Promise<void> {
  if (!(await findAccommodationRow(trx, [organizationId], accommodationId))) {
    throw invalidInput([{ parameter: 'accommodation', message: 'no such accommodation in this organization' }]);
  }
}

export async function blocksOfPeriod(conn: Conn, organizationId: number, query: BlockListQuery): Promise<Block[]> {
  nightsOfPeriod(query.dateFrom, query.dateTo);
  return listBlocks(conn, organizationId, {
    from: query.dateFrom,
    to: query.dateTo,
    accommodationId: query.accommodation,
  });
}

export async function createBlock(
  trx: WriteTransaction,
  clock: Clock,
  organization: LockedOrganization,
  body: CreateBlockBody,
): Promise<Block> {
  stayNights(body.dateFrom, body.dateTo);
  const organizationId = organization.id;
  await checkAccommodation(trx, organizationId, body.accommodation);
  await assertNightsFree(trx, {
    now: formatTimestamp(clock()),
    organizationId,
    accommodationId: body.accommodation,
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
  });
  const now = formatTimestamp(clock());
  const row = await refusedAsTaken(
    insertBlock(trx, {
      organization_id: organizationId,
      accommodation_id: body.accommodation,
      date_from: body.dateFrom,
      date_to: body.dateTo,
      kind: body.kind,
      note: body.note ?? null,
      calendar_id: null,
      created: now,
      modified: now,
    }),
  );
  const created = toBlock(row);
  await recordEvent(trx, clock, { type: 'block.created', data: created, version: row.version });
  return created;
}

/** The stored block, locked; an external block is its calendar's to change (409). */
async function lockBlock(trx: WriteTransaction, organizationIds: readonly number[], id: number): Promise<BlockRow> {
  const row = await lockRecordForChange(trx, blockRecords, organizationIds, id);
  if (!row) throw notFound(id);
  if (row.kind === 'external') {
    throw new AppError('conflict', `Block ${id} comes from a subscribed calendar and changes only with it.`);
  }
  return row;
}

export async function updateBlock(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: UpdateBlockBody,
): Promise<Block | Unchanged<Block>> {
  const row = await lockBlock(trx, organizationIds, id);
  const previous = toBlock(row);
  const next = {
    accommodation_id: changes.accommodation ?? row.accommodation_id,
    date_from: changes.dateFrom ?? row.date_from,
    date_to: changes.dateTo ?? row.date_to,
    kind: changes.kind ?? row.kind,
    note: changes.note === undefined ? row.note : changes.note,
  };
  const problem = stayDatesProblem(next.date_from, next.date_to);
  if (problem) throw invalidInput([problem]);
  if ((Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === row[k])) return unchanged(previous);
  if (next.accommodation_id !== row.accommodation_id) {
    await checkAccommodation(trx, row.organization_id, next.accommodation_id);
  }
  await assertNightsFree(trx, {
    now: formatTimestamp(clock()),
    organizationId: row.organization_id,
    accommodationId: next.accommodation_id,
    dateFrom: next.date_from,
    dateTo: next.date_to,
    except: { kind: 'block', id },
  });
  const version = row.version + 1;
  const updated = toBlock(
    await refusedAsTaken(updateBlockRow(trx, id, { ...next, version, modified: formatTimestamp(clock()) })),
  );
  await recordEvent(trx, clock, { type: 'block.updated', data: updated, previous, version });
  return updated;
}

/** Removes the block: its nights are free again. The event carries the block as it was. */
export async function deleteBlock(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
): Promise<Block> {
  const row = await lockBlock(trx, organizationIds, id);
  await deleteBlockRow(trx, id);
  const removed = toBlock(row);
  await recordEvent(trx, clock, { type: 'block.deleted', data: removed, version: row.version + 1 });
  return removed;
}
