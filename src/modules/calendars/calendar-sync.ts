import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CalendarEventRow, CalendarRow, CalendarTable } from '../../db/schema.js';
import { withWriteTransaction, type WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { type Holder, holderOfNights, refusedAsTaken } from '../availability/night-holds.js';
import { deleteBlockRow, insertBlock, toBlock, updateBlockRow } from '../blocks/blocks.repository.js';
import { recordEvent } from '../events/events.service.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import type { FeedStay } from './ical.js';

/**
 * What a fetched feed does to a calendar's blocks (SPEC §16): the plan is a pure function of the
 * events known and the events read; the writes apply it in one transaction under the
 * organization's lock, where every night is checked against what holds it here.
 */

/** A UID is removed after this many successful fetches in a row without it. */
export const MISSING_FETCHES_TO_REMOVE = 2;

export interface KnownEvent {
  uid: string;
  dateFrom: string;
  dateTo: string;
  missing: number;
  /** It became a block (else it is a conflict). */
  blocked: boolean;
}

export type Step =
  /** Read again as it was: nothing to do unless it is a conflict (then its nights are checked again). */
  | { kind: 'same'; uid: string; conflict: boolean }
  /** Read again with other dates. */
  | { kind: 'moved'; uid: string; dateFrom: string; dateTo: string }
  /** Not known: a new stay. */
  | { kind: 'new'; uid: string; dateFrom: string; dateTo: string }
  /** A new UID with exactly the dates of one that vanished in this fetch: the same stay. */
  | { kind: 'reissued'; from: string; uid: string }
  /** Not in this fetch: one more fetch without it. */
  | { kind: 'missing'; uid: string; missing: number }
  /** Missing from enough successful fetches: gone. */
  | { kind: 'removed'; uid: string };

/**
 * The steps that take a calendar from what it knew to what a successful fetch read. A UID absent
 * from the fetch counts one more fetch without it and is removed at `MISSING_FETCHES_TO_REMOVE`
 * (a feed that drops an event for one fetch, as channels do while they rebuild it, frees nothing).
 * A new UID whose dates are exactly those of a UID present until this fetch and absent now is
 * that stay re-issued (Vrbo, Airbnb's daily host blocks): it keeps its block, so the nights are
 * never free in between and no duplicate appears. Steps come in UID order within their kind.
 */
export function planSync(known: readonly KnownEvent[], read: readonly FeedStay[]): Step[] {
  const byUid = new Map(known.map((k) => [k.uid, k]));
  const readUids = new Set(read.map((r) => r.uid));
  // Present in the last fetch, absent from this one: candidates for a re-issued UID.
  const vanished = known.filter((k) => k.missing === 0 && !readUids.has(k.uid));
  const reissuedFrom = new Set<string>();
  const steps: Step[] = [];
  for (const stay of [...read].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))) {
    const was = byUid.get(stay.uid);
    if (was) {
      steps.push(
        was.dateFrom === stay.dateFrom && was.dateTo === stay.dateTo
          ? { kind: 'same', uid: stay.uid, conflict: !was.blocked }
          : { kind: 'moved', uid: stay.uid, dateFrom: stay.dateFrom, dateTo: stay.dateTo },
      );
      continue;
    }
    const same = vanished.find(
      (v) => !reissuedFrom.has(v.uid) && v.dateFrom === stay.dateFrom && v.dateTo === stay.dateTo,
    );
    if (same) {
      reissuedFrom.add(same.uid);
      steps.push({ kind: 'reissued', from: same.uid, uid: stay.uid });
    } else {
      steps.push({ kind: 'new', uid: stay.uid, dateFrom: stay.dateFrom, dateTo: stay.dateTo });
    }
  }
  for (const k of [...known].sort((a, b) => (a.uid < b.uid ? -1 : 1))) {
    if (readUids.has(k.uid) || reissuedFrom.has(k.uid)) continue;
    const missing = k.missing + 1;
    steps.push(
      missing >= MISSING_FETCHES_TO_REMOVE ? { kind: 'removed', uid: k.uid } : { kind: 'missing', uid: k.uid, missing },
    );
  }
  return steps;
}

/** Whether applying the steps may change what holds nights (and so needs the organization's lock). */
const touchesNights = (steps: readonly Step[]) =>
  steps.some(
    (s) => s.kind === 'moved' || s.kind === 'new' || s.kind === 'removed' || (s.kind === 'same' && s.conflict),
  );

const knownOf = (row: CalendarEventRow): KnownEvent => ({
  uid: row.uid,
  dateFrom: row.date_from,
  dateTo: row.date_to,
  missing: Number(row.missing),
  blocked: row.block_id !== null,
});

/** What one fetch found: the feed's stays, the feed unchanged since the last (304), or a failure. */
export type FetchOutcome =
  | { kind: 'read'; stays: FeedStay[]; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified' }
  | { kind: 'failed'; error: string };

/**
 * Records a fetch of a calendar this process holds the lease of, and hands the lease back with the
 * next fetch due at `nextFetchAt`. A failure only says so: the blocks stay (a channel's outage must
 * not free nights). A 304 is the feed read again as it was: its events as last read. Nothing is
 * written when the calendar was deleted meanwhile or its lease is no longer this process's.
 */
export async function recordFetch(
  db: Db,
  clock: Clock,
  calendarId: number,
  owner: string,
  outcome: FetchOutcome,
  nextFetchAt: number,
): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    const now = formatTimestamp(clock());
    // Written only while the lease is still this process's: else everything here rolls back.
    const finish = async (values: Updateable<CalendarTable>) => {
      const updated = await trx
        .updateTable('calendars')
        .set(values)
        .where('id', '=', calendarId)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new LeaseLost();
    };
    const calendar = await trx.selectFrom('calendars').selectAll().where('id', '=', calendarId).executeTakeFirst();
    if (!calendar || calendar.lease_owner !== owner) return;
    const done = { next_fetch_at: nextFetchAt, lease_owner: null, lease_until: null, last_fetched: now };
    if (outcome.kind === 'failed') {
      await finish({ ...done, last_error: outcome.error.slice(0, 200) });
      return;
    }
    const rows = await trx.selectFrom('calendar_events').selectAll().where('calendar_id', '=', calendarId).execute();
    const stays =
      outcome.kind === 'read'
        ? outcome.stays
        : rows
            .filter((r) => Number(r.missing) === 0)
            .map((r) => ({ uid: r.uid, dateFrom: r.date_from, dateTo: r.date_to }));
    const steps = planSync(rows.map(knownOf), stays);
    let current = calendar;
    if (touchesNights(steps)) {
      // The organization's lock first, as every write of its data takes it; then the calendar again.
      await lockOrganization(trx, calendar.organization_id);
      const locked = await trx
        .selectFrom('calendars')
        .selectAll()
        .where('id', '=', calendarId)
        .$call((q) => (db.dialect === 'postgres' ? q.forUpdate() : q))
        .executeTakeFirst();
      if (!locked || locked.lease_owner !== owner) return;
      current = locked;
    }
    const conflicts = await applySteps(trx, clock, current, rows, steps);
    await finish({
      ...done,
      last_success: now,
      last_error: null,
      events: stays.length,
      ...(outcome.kind === 'read' ? { etag: outcome.etag, last_modified: outcome.lastModified } : {}),
      ...(conflicts > 0 ? { version: Number(current.version) + conflicts, modified: now } : {}),
    });
  }).catch((error: unknown) => {
    // Another process took the calendar over (this one was too slow): its fetch counts, not this one.
    if (!(error instanceof LeaseLost)) throw error;
  });
}

class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** Applies the steps; answers how many conflicts it recorded (each moves the calendar's version). */
async function applySteps(
  trx: WriteTransaction,
  clock: Clock,
  calendar: CalendarRow,
  rows: readonly CalendarEventRow[],
  steps: readonly Step[],
): Promise<number> {
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const now = formatTimestamp(clock());
  let version = Number(calendar.version);
  const events = trx.updateTable('calendar_events').where('calendar_id', '=', calendar.id);
  const place = { organizationId: calendar.organization_id, accommodationId: calendar.accommodation_id };

  const conflict = async (uid: string, dates: { dateFrom: string; dateTo: string }, holder: Holder) => {
    version += 1;
    await recordEvent(trx, clock, {
      type: 'calendar.conflict',
      data: {
        id: calendar.id,
        organization: calendar.organization_id,
        accommodation: calendar.accommodation_id,
        name: calendar.name,
        uid,
        dateFrom: dates.dateFrom,
        dateTo: dates.dateTo,
        heldBy: { kind: holder.kind, id: holder.id },
      },
      version,
    });
  };
  const removeBlock = async (blockId: number) => {
    const block = await trx.selectFrom('blocks').selectAll().where('id', '=', blockId).executeTakeFirst();
    if (!block) return;
    await deleteBlockRow(trx, blockId);
    await recordEvent(trx, clock, { type: 'block.deleted', data: toBlock(block), version: Number(block.version) + 1 });
  };
  const addBlock = async (dates: { dateFrom: string; dateTo: string }) => {
    const row = await refusedAsTaken(
      insertBlock(trx, {
        organization_id: calendar.organization_id,
        accommodation_id: calendar.accommodation_id,
        date_from: dates.dateFrom,
        date_to: dates.dateTo,
        kind: 'external',
        // The channel's name, never the event's summary (it may be a guest's name).
        note: calendar.name,
        calendar_id: calendar.id,
        created: now,
        modified: now,
      }),
    );
    await recordEvent(trx, clock, { type: 'block.created', data: toBlock(row), version: Number(row.version) });
    return row.id;
  };
  /**
   * Holds the event's nights with its block, or records the conflict: once per UID, dates and
   * holder (a conflict already recorded with the same ones is not recorded again).
   */
  const settle = async (
    uid: string,
    dates: { dateFrom: string; dateTo: string },
    was: CalendarEventRow | undefined,
  ) => {
    const holder = await holderOfNights(trx, {
      ...place,
      dateFrom: dates.dateFrom,
      dateTo: dates.dateTo,
      except: was?.block_id != null ? { kind: 'block', id: Number(was.block_id) } : undefined,
    });
    if (holder) {
      if (was?.block_id != null) await removeBlock(Number(was.block_id));
      const same =
        was !== undefined &&
        was.held_by_kind === holder.kind &&
        Number(was.held_by_id) === holder.id &&
        was.date_from === dates.dateFrom &&
        was.date_to === dates.dateTo;
      if (!same) await conflict(uid, dates, holder);
      return { block_id: null, held_by_kind: holder.kind, held_by_id: holder.id };
    }
    if (was?.block_id != null) {
      const block = await trx
        .selectFrom('blocks')
        .selectAll()
        .where('id', '=', Number(was.block_id))
        .executeTakeFirst();
      if (block) {
        if (block.date_from !== dates.dateFrom || block.date_to !== dates.dateTo) {
          const version = Number(block.version) + 1;
          const updated = await refusedAsTaken(
            updateBlockRow(trx, block.id, { date_from: dates.dateFrom, date_to: dates.dateTo, version, modified: now }),
          );
          await recordEvent(trx, clock, {
            type: 'block.updated',
            data: toBlock(updated),
            previous: toBlock(block),
            version,
          });
        }
        return { block_id: block.id, held_by_kind: null, held_by_id: null };
      }
    }
    return { block_id: await addBlock(dates), held_by_kind: null, held_by_id: null };
  };

  // Removals first: the nights they free may be those a moved or new event takes.
  const order: Step['kind'][] = ['removed', 'missing', 'reissued', 'moved', 'same', 'new'];
  const sorted = [...steps].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const before = version;
  for (const step of sorted) {
    const was = byUid.get(step.kind === 'reissued' ? step.from : step.uid);
    switch (step.kind) {
      case 'removed':
        if (was?.block_id != null) await removeBlock(Number(was.block_id));
        await trx
          .deleteFrom('calendar_events')
          .where('calendar_id', '=', calendar.id)
          .where('uid', '=', step.uid)
          .execute();
        break;
      case 'missing':
        await events.set({ missing: step.missing }).where('uid', '=', step.uid).execute();
        break;
      case 'reissued':
        await events.set({ uid: step.uid, missing: 0 }).where('uid', '=', step.from).execute();
        break;
      case 'same':
        if (step.conflict && was) {
          await events
            .set({ ...(await settle(step.uid, dateOf(was), was)), missing: 0 })
            .where('uid', '=', step.uid)
            .execute();
        } else if (was && Number(was.missing) !== 0) {
          await events.set({ missing: 0 }).where('uid', '=', step.uid).execute();
        }
        break;
      case 'moved':
        await events
          .set({ ...(await settle(step.uid, step, was)), date_from: step.dateFrom, date_to: step.dateTo, missing: 0 })
          .where('uid', '=', step.uid)
          .execute();
        break;
      case 'new':
        await trx
          .insertInto('calendar_events')
          .values({
            calendar_id: calendar.id,
            uid: step.uid,
            organization_id: calendar.organization_id,
            date_from: step.dateFrom,
            date_to: step.dateTo,
            ...(await settle(step.uid, step, undefined)),
          })
          .execute();
        break;
    }
  }
  return version - before;
}

const dateOf = (row: CalendarEventRow) => ({ dateFrom: row.date_from, dateTo: row.date_to });

/**
 * Unsubscribes: the calendar's blocks are removed (their nights free again, each with its
 * `block.deleted` event), then its events and the calendar. Under the organization's lock.
 */
export async function removeCalendar(trx: WriteTransaction, clock: Clock, calendar: CalendarRow): Promise<void> {
  const blocks = await trx
    .selectFrom('blocks')
    .selectAll()
    .where('calendar_id', '=', calendar.id)
    .orderBy('id')
    .execute();
  for (const block of blocks) {
    await deleteBlockRow(trx, block.id);
    await recordEvent(trx, clock, { type: 'block.deleted', data: toBlock(block), version: Number(block.version) + 1 });
  }
  await trx.deleteFrom('calendar_events').where('calendar_id', '=', calendar.id).execute();
  await trx.deleteFrom('calendars').where('id', '=', calendar.id).execute();
}
