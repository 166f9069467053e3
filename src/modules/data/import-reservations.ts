import { type BulkRow, bulkRow } from '../../db/bulk-writer.js';
import { rowsByIds } from '../../db/owned-rows.js';
import type { ParameterError } from '../../shared/errors.js';
import type { ReservationRow } from '../../db/schema.js';
import { replaceOrderLines } from '../booking-flow/order-lines.js';
import { changedFields } from '../events/events.service.js';
import { toSummary } from '../reservations/reservations.repository.js';
import { SUMMARY } from '../reservations/summary-fields.js';
import { fail } from './import-checks.js';
import { accommodationIdOf, type FullDocument, timestamp } from './import-document.js';
import type { LoadEvents } from './import-events.js';
import { movedMessage } from './import-references.js';
import type { Load } from './import-writes.js';
import { validAmountToMinor } from './import.fast-check.js';
import type { ImportOrderLine, ImportReservation } from './import.schemas.js';

/**
 * A load's reservations (SPEC §8), the many records of a large file: read, compared and written a
 * chunk at a time, each that the file creates or changes with its event, then their order lines.
 */

/** Reservations read and compared at a time. */
const IMPORT_CHUNK = 10_000;
/**
 * Reservations written at a time: their rows and events die young. A whole chunk's outlived
 * V8's young generation, and copying them out of it took more time than a third of the load.
 */
const WRITE_BATCH = 1_024;

/**
 * Writes the file's reservations. `storedIdOf` names the stored reservation each replaces
 * (`matchRecords`); `titles`, the accommodations' titles as their events show them.
 */
export async function writeReservations(
  load: Load,
  events: LoadEvents,
  doc: FullDocument,
  storedIdOf: (r: ImportReservation) => number | undefined,
  titles: ReadonlyMap<number, string>,
): Promise<void> {
  const { trx, writer, now, nextId } = load;
  const { occurred, newEventId, nextSeq, eventRow } = events;
  /**
   * The row a reservation of the file makes, with the accommodation's title a summary shows. A
   * stored one keeps its creation, its guest link and when it was cancelled where the file leaves
   * them out; a cancelled one without a date in the file says its last change, the best answer.
   */
  const rowOf = (r: ImportReservation, id: number, stored?: ReservationRow) => {
    const accommodation = accommodationIdOf(r);
    const status = r.status ?? 'confirmed';
    const modified = timestamp(r.modified) ?? now;
    return {
      id,
      organization_id: r.organization,
      accommodation_id: accommodation,
      accommodation_title: titles.get(accommodation) ?? '',
      reservation_number: r.reservationNumber,
      status,
      date_from: r.dateFrom,
      date_to: r.dateTo,
      adults: r.adults,
      children: r.children ?? 0,
      babies: r.babies ?? 0,
      guest_name: r.guestName,
      total_amount_minor: validAmountToMinor(r.totalAmount),
      currency: r.currency,
      channel: r.channel ?? 'unknown',
      created: timestamp(r.created) ?? stored?.created ?? now,
      modified,
      cancelled: timestamp(r.cancelled) ?? (status === 'cancelled' ? (stored?.cancelled ?? modified) : null),
      version: (stored?.version ?? 0) + 1,
      guest_id: r.guest === undefined ? (stored?.guest_id ?? null) : r.guest,
    };
  };

  /**
   * A reservation new to the database: its row, and its event's body written out directly. The
   * body is JSON.stringify(eventOf(…)) of a `reservation.created` to the byte (the tests compare
   * them); its `data` written by the summary's field table (summary-fields.ts) from the row instead
   * of an object graph stringified halves a million-row load's time per row.
   */
  const addNew = (
    r: ImportReservation,
    id: number,
    rows: BulkRow<'reservations'>[],
    events: BulkRow<'events'>[],
  ) => {
    const row = rowOf(r, id);
    rows.push(bulkRow('reservations', row));
    const eventId = newEventId();
    const body =
      `{"id":"${eventId}","type":"reservation.created","organization":${row.organization_id},"occurred":"${occurred}",` +
      `"resource":{"type":"reservation","id":${id},"version":1},"data":${SUMMARY.json(row)}}`;
    events.push([
      eventId,
      row.organization_id,
      'reservation.created',
      'reservation',
      id,
      1,
      occurred,
      body,
      nextSeq(row.organization_id),
    ]);
  };

  // The order lines the file gives (SPEC §15), written once every reservation is.
  const orderLineSets: { organizationId: number; reservationId: number; lines: ImportOrderLine[] }[] = [];
  // In chunks: the rows and events of a million reservations need not be held at once.
  for (let start = 0; start < doc.reservations.length; start += IMPORT_CHUNK) {
    const chunk = doc.reservations.slice(start, start + IMPORT_CHUNK);
    const storedRows = await rowsByIds(trx, 'reservations', chunk.flatMap((r) => storedIdOf(r) ?? []));
    // Read here, chunk by chunk, to cost no query of its own; the load's transaction undoes the
    // chunks written before a refusal.
    const moved = chunk.flatMap((r, i): ParameterError[] => {
      const owner = storedRows.get(storedIdOf(r) ?? 0)?.organization_id;
      return owner === undefined || owner === r.organization
        ? []
        : [{ parameter: `reservations[${start + i}].organization`, message: movedMessage('reservation', r.id, owner) }];
    });
    if (moved.length > 0) fail(moved);
    let rows: BulkRow<'reservations'>[] = [];
    let events: BulkRow<'events'>[] = [];
    for (const r of chunk) {
      if (rows.length === WRITE_BATCH) {
        await writer.upsert('reservations', rows);
        await writer.upsert('events', events);
        rows = [];
        events = [];
      }
      const id = storedIdOf(r) ?? nextId.reservations++;
      if (r.orderLines) orderLineSets.push({ organizationId: r.organization, reservationId: id, lines: r.orderLines });
      const storedRow = storedRows.get(id);
      if (!storedRow) {
        addNew(r, id, rows, events);
        continue;
      }
      // Both sides see today's titles: renaming the accommodation is its own change, not this one's.
      const stored = toSummary({ ...storedRow, accommodation_title: titles.get(storedRow.accommodation_id) ?? '' });
      const row = rowOf(r, id, storedRow);
      const record = toSummary(row);
      if (changedFields(stored, record).length === 0) continue;
      rows.push(bulkRow('reservations', row));
      const change = row.status === 'cancelled' && stored.status !== 'cancelled' ? 'cancelled' : 'updated';
      events.push(eventRow({ type: `reservation.${change}`, data: record, previous: stored, version: row.version }));
    }
    await writer.upsert('reservations', rows);
    await writer.upsert('events', events);
  }
  // No foreign key ties a line to its reservation row (migration 017), so the writer's queue may
  // still hold the rows back.
  if (orderLineSets.length > 0) await replaceOrderLines(trx, orderLineSets);
}
