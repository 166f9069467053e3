import { Compile } from 'typebox/compile';
import { type BulkRow, type BulkTable, DEFER_INDEXES_FROM_ROWS, withBulkWriter } from '../../db/bulk-writer.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import { daysBetween, formatTimestamp, isTimeZone, normalizeTimestamp } from '../../shared/dates.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
import { holdsNights, NIGHT_HOLDING_STATUSES } from '../reservations/state-machine.js';
import { parseAmount } from '../../shared/money.js';
import {
  type ImportAccommodation,
  ImportDocument,
  type ImportOrganization,
  type ImportReservation,
} from './import.schemas.js';

export interface ImportReport {
  organizations: number;
  accommodations: number;
  reservations: number;
}

const documentValidator = Compile(ImportDocument);
/** Enough to fix a file in a few rounds without flooding the terminal. */
const MAX_REPORTED_ERRORS = 50;

/** `/reservations/3/dateFrom` → `reservations[3].dateFrom` */
function fieldName(instancePath: string, property?: string): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (property !== undefined) segments.push(property);
  return segments.reduce((name, s) => (/^\d+$/.test(s) ? `${name}[${s}]` : name ? `${name}.${s}` : s), '');
}

function schemaErrors(document: unknown): ParameterError[] {
  const errors: ParameterError[] = [];
  for (const error of documentValidator.Errors(document)) {
    const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (error.keyword === 'boolean') continue; // reported again as additionalProperties
    if (error.keyword === 'required') {
      for (const p of params.requiredProperties ?? [])
        errors.push({ parameter: fieldName(error.instancePath, p), message: 'is required' });
    } else if (error.keyword === 'additionalProperties') {
      for (const p of params.additionalProperties ?? [])
        errors.push({ parameter: fieldName(error.instancePath, p), message: 'is not a known field' });
    } else {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
      const message = allowed ? `must be one of ${allowed.join(', ')}` : error.message;
      errors.push({ parameter: fieldName(error.instancePath) || 'document', message });
    }
  }
  // A union reports each branch it tried; one message per field is what a person can act on.
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.parameter) && seen.add(e.parameter));
}

function accommodationIdOf(reservation: ImportReservation): number {
  return typeof reservation.accommodation === 'number' ? reservation.accommodation : reservation.accommodation.id;
}

/** Rules a schema cannot state: real zones, date order, derived fields, duplicates in the file. */
function recordErrors(doc: Required<ImportDocument>): ParameterError[] {
  const errors: ParameterError[] = [];
  const duplicateIds = (collection: string, records: readonly { id?: number | undefined }[]) => {
    const seen = new Set<number>();
    records.forEach((r, i) => {
      if (r.id === undefined) return;
      if (seen.has(r.id)) errors.push({ parameter: `${collection}[${i}].id`, message: `repeats id ${r.id}` });
      seen.add(r.id);
    });
  };
  duplicateIds('organizations', doc.organizations);
  duplicateIds('accommodations', doc.accommodations);
  duplicateIds('reservations', doc.reservations);

  doc.organizations.forEach((o, i) => {
    if (!isTimeZone(o.timezone))
      errors.push({ parameter: `organizations[${i}].timezone`, message: 'is not an IANA time zone' });
  });
  const numbers = new Set<string>();
  doc.reservations.forEach((r, i) => {
    const at = `reservations[${i}]`;
    const nights = daysBetween(r.dateFrom, r.dateTo);
    if (nights < 1) errors.push({ parameter: `${at}.dateTo`, message: 'must be after dateFrom' });
    else if (r.nights !== undefined && r.nights !== nights) {
      errors.push({ parameter: `${at}.nights`, message: `must equal dateTo - dateFrom (${nights})` });
    }
    const key = `${r.organization}\0${r.reservationNumber}`;
    if (numbers.has(key))
      errors.push({
        parameter: `${at}.reservationNumber`,
        message: 'repeats a reservation number of its organization',
      });
    numbers.add(key);
  });
  return errors;
}

/** References to organizations and accommodations must exist in the file or in the database. */
async function referenceErrors(db: Db, doc: Required<ImportDocument>): Promise<ParameterError[]> {
  const errors: ParameterError[] = [];
  const fileOrganizations = new Set(doc.organizations.flatMap((o) => (o.id === undefined ? [] : [o.id])));
  const referencedOrganizations = [
    ...new Set([...doc.accommodations, ...doc.reservations].map((r) => r.organization)),
  ].filter((id) => !fileOrganizations.has(id));
  const storedOrganizations = new Set(
    referencedOrganizations.length === 0
      ? []
      : (
          await db.kysely.selectFrom('organizations').select('id').where('id', 'in', referencedOrganizations).execute()
        ).map((r) => r.id),
  );
  const organizationExists = (id: number) => fileOrganizations.has(id) || storedOrganizations.has(id);

  const accommodationOrganization = new Map<number, number>();
  for (const a of doc.accommodations) if (a.id !== undefined) accommodationOrganization.set(a.id, a.organization);
  const missingAccommodations = [...new Set(doc.reservations.map(accommodationIdOf))].filter(
    (id) => !accommodationOrganization.has(id),
  );
  for (let i = 0; i < missingAccommodations.length; i += 10_000) {
    const rows = await db.kysely
      .selectFrom('accommodations')
      .select(['id', 'organization_id'])
      .where('id', 'in', missingAccommodations.slice(i, i + 10_000))
      .execute();
    for (const row of rows) accommodationOrganization.set(row.id, row.organization_id);
  }

  doc.accommodations.forEach((a, i) => {
    if (!organizationExists(a.organization))
      errors.push({
        parameter: `accommodations[${i}].organization`,
        message: `no organization with id ${a.organization}`,
      });
  });
  doc.reservations.forEach((r, i) => {
    if (!organizationExists(r.organization)) {
      errors.push({
        parameter: `reservations[${i}].organization`,
        message: `no organization with id ${r.organization}`,
      });
      return;
    }
    const accommodation = accommodationIdOf(r);
    const owner = accommodationOrganization.get(accommodation);
    if (owner === undefined)
      errors.push({
        parameter: `reservations[${i}].accommodation`,
        message: `no accommodation with id ${accommodation}`,
      });
    else if (owner !== r.organization) {
      errors.push({
        parameter: `reservations[${i}].accommodation`,
        message: `accommodation ${accommodation} belongs to another organization`,
      });
    }
  });
  return errors;
}

interface HeldStay {
  /** Where it comes from: an index in the file, or a stored reservation's id. */
  source: { index: number } | { id: number };
  accommodation: number;
  dateFrom: string;
  dateTo: string;
}

function describe(stay: HeldStay): string {
  return 'index' in stay.source ? `reservations[${stay.source.index}]` : `reservation ${stay.source.id}`;
}

/**
 * No double booking, whichever way data enters (SPEC §9): the file's night-holding reservations
 * must not overlap each other, nor stored ones that the file does not replace.
 */
async function doubleBookingErrors(
  db: Db,
  reservations: readonly ImportReservation[],
  idOf: (r: ImportReservation) => number | undefined,
): Promise<ParameterError[]> {
  const fileStays: HeldStay[] = [];
  reservations.forEach((r, index) => {
    if (holdsNights(r.status ?? 'confirmed')) {
      fileStays.push({ source: { index }, accommodation: accommodationIdOf(r), dateFrom: r.dateFrom, dateTo: r.dateTo });
    }
  });
  const replaced = new Set(reservations.flatMap((r) => idOf(r) ?? []));
  const accommodations = [...new Set(fileStays.map((s) => s.accommodation))];
  const organizations = [...new Set(reservations.map((r) => r.organization))];
  const stored: HeldStay[] = [];
  for (let i = 0; i < accommodations.length; i += 10_000) {
    const rows = await db.kysely
      .selectFrom('reservations')
      .select(['id', 'accommodation_id', 'date_from', 'date_to'])
      .where('organization_id', 'in', organizations)
      .where('accommodation_id', 'in', accommodations.slice(i, i + 10_000))
      .where('status', 'in', [...NIGHT_HOLDING_STATUSES])
      .execute();
    for (const row of rows) {
      if (!replaced.has(row.id)) {
        stored.push({ source: { id: row.id }, accommodation: row.accommodation_id, dateFrom: row.date_from, dateTo: row.date_to });
      }
    }
  }
  const stays = [...fileStays, ...stored].sort((a, b) =>
    a.accommodation !== b.accommodation ? a.accommodation - b.accommodation : a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0,
  );
  const errors: ParameterError[] = [];
  let latest: HeldStay | undefined; // the stay reaching furthest so far on this accommodation
  for (const stay of stays) {
    if (latest && latest.accommodation === stay.accommodation && stay.dateFrom < latest.dateTo) {
      const [fromFile, other] = 'index' in stay.source ? [stay, latest] : [latest, stay];
      errors.push({
        parameter: describe(fromFile),
        message: `double-books accommodation ${stay.accommodation} with ${describe(other)} (${other.dateFrom} … ${other.dateTo})`,
      });
    }
    if (!latest || latest.accommodation !== stay.accommodation || stay.dateTo > latest.dateTo) latest = stay;
  }
  return errors;
}

function fail(errors: ParameterError[]): never {
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  if (errors.length > shown.length)
    shown.push({ parameter: 'document', message: `and ${errors.length - shown.length} more errors` });
  throw invalidInput(shown);
}

/** Reservations without an id are matched by organization and reservation number, so re-importing is harmless. */
async function idsByReservationNumber(
  db: Db,
  reservations: readonly ImportReservation[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const byOrganization = new Map<number, string[]>();
  for (const r of reservations)
    if (r.id === undefined)
      byOrganization.set(r.organization, [...(byOrganization.get(r.organization) ?? []), r.reservationNumber]);
  for (const [organization, numbers] of byOrganization) {
    // Chunks keep each IN list under SQLite's limit on bound parameters.
    for (let i = 0; i < numbers.length; i += 10_000) {
      const rows = await db.kysely
        .selectFrom('reservations')
        .select(['id', 'reservation_number'])
        .where('organization_id', '=', organization)
        .where('reservation_number', 'in', numbers.slice(i, i + 10_000))
        .execute();
      for (const row of rows) ids.set(`${organization}\0${row.reservation_number}`, row.id);
    }
  }
  return ids;
}

/**
 * Loads a document (SPEC §8 `booking import`): validates everything first, then upserts by id in
 * one transaction. A bad record is named by collection, index and field, and nothing is written.
 */
export async function importDocument(db: Db, clock: Clock, input: unknown): Promise<ImportReport> {
  const shapeErrors = schemaErrors(input);
  if (shapeErrors.length > 0) fail(shapeErrors);
  const parsed = input as ImportDocument;
  const doc: Required<ImportDocument> = {
    organizations: parsed.organizations ?? [],
    accommodations: parsed.accommodations ?? [],
    reservations: parsed.reservations ?? [],
  };
  const errors = recordErrors(doc);
  if (errors.length > 0) fail(errors);
  const refErrors = await referenceErrors(db, doc);
  if (refErrors.length > 0) fail(refErrors);

  const knownReservationIds = await idsByReservationNumber(db, doc.reservations);
  const storedIdOf = (r: ImportReservation) => r.id ?? knownReservationIds.get(`${r.organization}\0${r.reservationNumber}`);
  const overlapErrors = await doubleBookingErrors(db, doc.reservations, storedIdOf);
  if (overlapErrors.length > 0) fail(overlapErrors);

  const now = formatTimestamp(clock());
  const timestamp = (value: string | undefined | null) => (value ? normalizeTimestamp(value) : undefined);

  await withBulkWriter(db, async (writer) => {
    // New ids start above every id in the table and in the file (a reduce: a spread of a million
    // ids would overflow the call stack).
    const firstFreeId = async (table: BulkTable, records: readonly { id?: number | undefined }[]) =>
      Math.max(await writer.maxId(table), records.reduce((max, r) => Math.max(max, r.id ?? 0), 0)) + 1;
    const nextId = {
      organizations: await firstFreeId('organizations', doc.organizations),
      accommodations: await firstFreeId('accommodations', doc.accommodations),
      reservations: await firstFreeId('reservations', doc.reservations),
    };

    if (doc.reservations.length >= DEFER_INDEXES_FROM_ROWS) await writer.deferIndexes('reservations');
    await writer.upsert(
      'organizations',
      doc.organizations.map((o: ImportOrganization): BulkRow => {
        const created = timestamp(o.created) ?? now;
        return [o.id ?? nextId.organizations++, o.name, o.timezone, created, timestamp(o.modified) ?? now];
      }),
    );
    await writer.upsert(
      'accommodations',
      doc.accommodations.map(
        (a: ImportAccommodation): BulkRow => [
          a.id ?? nextId.accommodations++,
          a.organization,
          a.title,
          a.type,
          a.maxPersons,
          a.bedrooms ?? null,
          a.active ?? true,
          timestamp(a.created) ?? now,
          timestamp(a.modified) ?? now,
        ],
      ),
    );
    await writer.upsert(
      'reservations',
      doc.reservations.map((r: ImportReservation): BulkRow => {
        const status = r.status ?? 'confirmed';
        const modified = timestamp(r.modified) ?? now;
        // A cancelled reservation always says when; without a date in the file, its last change is the best answer.
        const cancelled = timestamp(r.cancelled) ?? (status === 'cancelled' ? modified : null);
        return [
          storedIdOf(r) ?? nextId.reservations++,
          r.organization,
          accommodationIdOf(r),
          r.reservationNumber,
          status,
          r.dateFrom,
          r.dateTo,
          r.adults,
          r.children ?? 0,
          r.babies ?? 0,
          r.guestName,
          parseAmount(r.totalAmount),
          r.currency,
          r.channel ?? 'unknown',
          timestamp(r.created) ?? now,
          modified,
          cancelled,
        ];
      }),
    );
  });
  return {
    organizations: doc.organizations.length,
    accommodations: doc.accommodations.length,
    reservations: doc.reservations.length,
  };
}
