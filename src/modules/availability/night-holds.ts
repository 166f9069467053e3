import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { databaseErrorCode, PG_EXCLUSION_VIOLATION } from '../../db/write-transaction.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError } from '../../shared/errors.js';
import { findOverlappingBlock } from '../blocks/blocks.repository.js';
import { findOverlappingDraft, removeExpiredDrafts } from '../booking-flow/drafts.repository.js';
import { findOverlappingReservation } from '../reservations/reservations.repository.js';

/**
 * The one rule for every night (SPEC §13): reservations that hold nights, live drafts (§15) and
 * blocks of one accommodation never overlap. Every write that takes nights asks `holderOfNights`
 * under its organization's lock, and turns a holder into the 409 that names it. PostgreSQL's
 * exclusion constraint over `night_holds` (migration 014) refuses whatever gets past that check
 * (another program, SQL by hand); on SQLite the check shares the write's BEGIN IMMEDIATE.
 */

export type HolderKind = 'reservation' | 'block' | 'draft';
export interface Holder {
  kind: HolderKind;
  id: number;
}

export interface HeldStay {
  organizationId: number;
  accommodationId: number;
  dateFrom: string;
  dateTo: string;
  /** The record being changed: its own nights do not stand in its way. */
  except?: Holder | undefined;
  /**
   * The write's time (the app's clock): a draft that expired by then holds nothing and is removed
   * first (SPEC §15). Absent: the system's time.
   */
  now?: string | undefined;
}

/**
 * What holds one of the nights `dateFrom … dateTo − 1`, if anything does. Expired drafts of the
 * accommodation are deleted first: on PostgreSQL their rows in `night_holds` would otherwise refuse
 * the write at the constraint.
 */
export async function holderOfNights(conn: Kysely<Database>, stay: HeldStay): Promise<Holder | undefined> {
  const now = stay.now ?? formatTimestamp(new Date());
  await removeExpiredDrafts(conn, { accommodationId: stay.accommodationId, now });
  const reservation = await findOverlappingReservation(conn, {
    ...stay,
    exceptId: stay.except?.kind === 'reservation' ? stay.except.id : undefined,
  });
  if (reservation !== undefined) return { kind: 'reservation', id: reservation };
  const block = await findOverlappingBlock(conn, {
    ...stay,
    exceptId: stay.except?.kind === 'block' ? stay.except.id : undefined,
  });
  if (block !== undefined) return { kind: 'block', id: block };
  const draft = await findOverlappingDraft(conn, {
    ...stay,
    now,
    exceptId: stay.except?.kind === 'draft' ? stay.except.id : undefined,
  });
  return draft === undefined ? undefined : { kind: 'draft', id: draft };
}

/**
 * 409 naming what holds the night: `heldBy` for every holder, and `conflictingReservation` as
 * reservations' 409s have always named it. Undefined holder: PostgreSQL's constraint refused the
 * write, and the aborted transaction can no longer look the holder up.
 */
export function nightsTaken(holder: Holder | undefined): AppError {
  if (!holder) return new AppError('conflict', 'The accommodation is already held for some of these nights.');
  const what = { reservation: 'booked', block: 'blocked', draft: 'held' }[holder.kind];
  return new AppError(
    'conflict',
    `The accommodation is already ${what} for some of these nights by ${holder.kind} ${holder.id}.`,
    {
      extensions: {
        heldBy: holder,
        ...(holder.kind === 'reservation' ? { conflictingReservation: holder.id } : {}),
      },
    },
  );
}

/** Refuses the nights when anything holds one of them. */
export async function assertNightsFree(conn: Kysely<Database>, stay: HeldStay): Promise<void> {
  const holder = await holderOfNights(conn, stay);
  if (holder) throw nightsTaken(holder);
}

/** The exclusion constraint's refusal, should a writer outside these rules have taken the nights. */
export async function refusedAsTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (databaseErrorCode(error) === PG_EXCLUSION_VIOLATION) throw nightsTaken(undefined);
    throw error;
  }
}
