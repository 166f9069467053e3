import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WriteTransaction } from '../../db/write-transaction.js';
import { AppError } from '../../shared/errors.js';
import { lockOrganizationRow } from './organizations.repository.js';

/**
 * An organization whose row this write transaction holds: what a create asks for, so that the lock
 * order's first step (ARCHITECTURE "Write path") is taken before it, and taken once.
 */
export interface LockedOrganization {
  readonly id: number;
  /** Read under the lock: what a write needs of the organization for its today. */
  readonly timeZone: string;
}

/**
 * The first step of every write of an organization's data: its row lock, taken by moving its change
 * counter (a write that then changes nothing answers `unchanged`, and its transaction is rolled
 * back, counter included). Every write takes this lock before any record's or key's, so writes of
 * one organization queue here and never deadlock on each other.
 */
export async function lockOrganization(trx: WriteTransaction, organizationId: number): Promise<LockedOrganization> {
  const timeZone = await lockOrganizationRow(trx, organizationId);
  // Credentials name existing organizations, and none is ever removed: no request arrives here without one.
  if (timeZone === undefined) throw new AppError('not-found', `No organization ${organizationId}.`);
  return { id: organizationId, timeZone };
}

/** How a repository finds one kind of record of an organization, for `lockRecordForChange`. */
export interface OwnedRecords<Row> {
  /** The organization a record belongs to, when it is one of these. It never changes, so reading it before any lock is safe. */
  organizationOf(conn: Kysely<Database>, organizationIds: readonly number[], id: number): Promise<number | undefined>;
  /** The record as stored now, read for update. */
  readForUpdate(conn: Kysely<Database>, organizationId: number, id: number): Promise<Row | undefined>;
}

/**
 * The lock order of every change to an existing record (SPEC §9 "No lost update"): its
 * organization's row first, then the record itself, read for update. The caller computes the new
 * record from what this returns, so a concurrent change to another field is never overwritten and
 * a status move is checked against the status actually stored. Undefined when the record does not
 * exist in these organizations.
 */
export async function lockRecordForChange<Row>(
  trx: WriteTransaction,
  records: OwnedRecords<Row>,
  organizationIds: readonly number[],
  id: number,
): Promise<Row | undefined> {
  const organizationId = await records.organizationOf(trx, organizationIds, id);
  if (organizationId === undefined) return undefined;
  await lockOrganization(trx, organizationId);
  return records.readForUpdate(trx, organizationId, id);
}

/**
 * A read of an organization's data that a cache may keep: its result is exact for as long as the
 * organization's change counter stays at `version`, because every write that changes something
 * moves the counter in its own transaction (one that changes nothing is rolled back whole, and so
 * keeps what was cached) and the counter is read before the data. `key` names the query (not the
 * version); `load` runs it.
 */
export interface VersionedRead<T> {
  readonly version: number;
  /** Where the changes feed goes on from this read (SPEC §10 "No gap after a snapshot"); undefined for no organization. */
  readonly eventsCursor: string | undefined;
  readonly key: string;
  load(): Promise<T>;
}
