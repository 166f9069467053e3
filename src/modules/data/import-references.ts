import type { Kysely } from 'kysely';
import type { Database, PriceRecordRow } from '../../db/schema.js';
import type { ParameterError } from '../../shared/errors.js';
import { accommodationOwners } from '../accommodations/accommodations.repository.js';
import { emailKey } from '../guests/guests.repository.js';
import { existingOrganizationIds } from '../organizations/organizations.repository.js';
import { PRICE_KINDS } from '../prices/price-records.js';
import {
  accommodationIdOf,
  type FilePriceRecord,
  filePriceRecords,
  type FullDocument,
  PRICE_COLLECTIONS,
  type ImportPriceRecord,
} from './import-document.js';
import type {
  ImportBlock,
  ImportCalendar,
  ImportGuest,
  ImportIcalFeed,
  ImportReservation,
  ImportStayRule,
} from './import.schemas.js';

/**
 * The checks of a document against what is stored, of what its records name and own: every
 * organization, accommodation and guest it refers to exists (in the file or stored), a stored
 * record stays in its organization (and a price record of its kind), and no two guests of an
 * organization share an e-mail address.
 */

type Conn = Kysely<Database>;

/**
 * An import never changes a stored record's organization (issue 41): moving a unit left the other
 * organization's reservations on it (and, on SQLite, let the new owner book their nights again), and
 * moving a reservation put one organization's guest into another's feed. An operator who means it
 * exports, deletes and imports under new ids.
 */
export const movedMessage = (record: string, id: number | undefined, owner: number) =>
  `${record} ${id} belongs to organization ${owner}: an import never moves a record to another organization`;

/**
 * References to organizations and accommodations must exist in the file or in the database, and a
 * stored accommodation stays in its organization (`movedMessage`).
 */
export async function referenceErrors(trx: Conn, doc: FullDocument): Promise<ParameterError[]> {
  const errors: ParameterError[] = [];
  const fileOrganizations = new Set(doc.organizations.flatMap((o) => (o.id === undefined ? [] : [o.id])));
  const referencedOrganizations = [
    ...new Set([
      ...[...doc.accommodations, ...doc.guests, ...doc.reservations, ...doc.blocks, ...doc.stayRules].map(
        (r) => r.organization,
      ),
      ...[...doc.calendars, ...doc.icalFeeds].map((r) => r.organization),
      ...filePriceRecords(doc).map((p) => p.record.organization),
      ...doc.credentials.flatMap((c) => c.organizations),
    ]),
  ].filter((id) => !fileOrganizations.has(id));
  const storedOrganizations = await existingOrganizationIds(trx, referencedOrganizations);
  const organizationExists = (id: number) => fileOrganizations.has(id) || storedOrganizations.has(id);

  const accommodationOrganization = new Map<number, number>();
  for (const a of doc.accommodations) if (a.id !== undefined) accommodationOrganization.set(a.id, a.organization);
  const missingAccommodations = [
    ...new Set([
      ...doc.reservations.map(accommodationIdOf),
      ...doc.blocks.map((b) => b.accommodation),
      ...[...doc.calendars, ...doc.icalFeeds].map((c) => c.accommodation),
      ...doc.stayRules.flatMap((r) => r.accommodation ?? []),
      ...filePriceRecords(doc).flatMap((p) => ('accommodation' in p.record ? (p.record.accommodation ?? []) : [])),
    ]),
  ].filter((id) => !accommodationOrganization.has(id));
  const storedOwners = await accommodationOwners(trx, [
    ...new Set([...accommodationOrganization.keys(), ...missingAccommodations]),
  ]);
  for (const id of missingAccommodations) {
    const owner = storedOwners.get(id);
    if (owner !== undefined) accommodationOrganization.set(id, owner);
  }

  doc.accommodations.forEach((a, i) => {
    const owner = a.id === undefined ? undefined : storedOwners.get(a.id);
    if (!organizationExists(a.organization))
      errors.push({
        parameter: `accommodations[${i}].organization`,
        message: `no organization with id ${a.organization}`,
      });
    else if (owner !== undefined && owner !== a.organization)
      errors.push({ parameter: `accommodations[${i}].organization`, message: movedMessage('accommodation', a.id, owner) });
  });
  doc.credentials.forEach((c, i) => {
    for (const organization of c.organizations)
      if (!organizationExists(organization))
        errors.push({ parameter: `credentials[${i}].organizations`, message: `no organization with id ${organization}` });
  });
  // Reservations, blocks and stay rules: of an organization, and of an accommodation of it.
  const checkOwned = (
    collection: string,
    records: readonly { organization: number }[],
    unitOf: (i: number) => number | null,
  ) => {
    records.forEach((r, i) => {
      if (!organizationExists(r.organization)) {
        errors.push({
          parameter: `${collection}[${i}].organization`,
          message: `no organization with id ${r.organization}`,
        });
        return;
      }
      const accommodation = unitOf(i);
      if (accommodation === null) return;
      const owner = accommodationOrganization.get(accommodation);
      if (owner === undefined)
        errors.push({
          parameter: `${collection}[${i}].accommodation`,
          message: `no accommodation with id ${accommodation}`,
        });
      else if (owner !== r.organization) {
        errors.push({
          parameter: `${collection}[${i}].accommodation`,
          message: `accommodation ${accommodation} belongs to another organization`,
        });
      }
    });
  };
  checkOwned('guests', doc.guests, () => null);
  checkOwned('reservations', doc.reservations, (i) => accommodationIdOf(doc.reservations[i] as ImportReservation));
  checkOwned('blocks', doc.blocks, (i) => (doc.blocks[i] as ImportBlock).accommodation);
  checkOwned('calendars', doc.calendars, (i) => (doc.calendars[i] as ImportCalendar).accommodation);
  checkOwned('icalFeeds', doc.icalFeeds, (i) => (doc.icalFeeds[i] as ImportIcalFeed).accommodation);
  checkOwned('stayRules', doc.stayRules, (i) => (doc.stayRules[i] as ImportStayRule).accommodation ?? null);
  for (const [collection] of PRICE_COLLECTIONS) {
    const records = doc[collection] as readonly (ImportPriceRecord & { accommodation?: number | null })[];
    checkOwned(collection, records, (i) => records[i]?.accommodation ?? null);
  }
  return errors;
}

/** A stored record (by id) that the file would move to another organization (`movedMessage`). */
export function movedRecords(
  collection: string,
  record: string,
  records: readonly { organization: number }[],
  ids: readonly (number | undefined)[],
  stored: ReadonlyMap<number, { organization_id: number }>,
): ParameterError[] {
  return records.flatMap((r, i) => {
    const id = ids[i];
    const owner = id === undefined ? undefined : stored.get(id)?.organization_id;
    return owner === undefined || owner === r.organization
      ? []
      : [{ parameter: `${collection}[${i}].organization`, message: movedMessage(record, id, owner) }];
  });
}

/** A file record whose id is a stored record of another kind: one id is one record, of one kind. */
export function otherKindErrors(
  prices: readonly FilePriceRecord[],
  ids: readonly (number | undefined)[],
  stored: ReadonlyMap<number, PriceRecordRow>,
): ParameterError[] {
  return prices.flatMap((p, i) => {
    const row = stored.get(ids[i] ?? 0);
    return row === undefined || row.record === p.kind
      ? []
      : [{ parameter: `${p.name}.id`, message: `is the id of stored ${PRICE_KINDS[row.record].noun} ${row.id}` }];
  });
}

/** A guest of the file whose e-mail address a stored guest of its organization with another id has. */
export async function guestEmailErrors(
  trx: Conn,
  guests: readonly ImportGuest[],
  ids: readonly (number | undefined)[],
): Promise<ParameterError[]> {
  const errors: ParameterError[] = [];
  const fileIds = new Set(ids.flatMap((id) => id ?? []));
  for (const [i, g] of guests.entries()) {
    const key = emailKey(g.email);
    if (key === null) continue;
    const holder = await trx
      .selectFrom('guests')
      .select('id')
      .where('organization_id', '=', g.organization)
      .where('email_key', '=', key)
      .executeTakeFirst();
    // Another stored guest has it, unless the file gives that guest another address too.
    if (holder && holder.id !== ids[i] && !fileIds.has(holder.id))
      errors.push({ parameter: `guests[${i}].email`, message: `belongs to stored guest ${holder.id}` });
  }
  return errors;
}

/** A reservation's guest must be a guest of its organization, in the file or stored. */
export function reservationGuestErrors(
  doc: FullDocument,
  guestIds: readonly (number | undefined)[],
  stored: ReadonlyMap<number, { organization_id: number }>,
): ParameterError[] {
  const owners = new Map<number, number>();
  for (const [id, row] of stored) owners.set(id, row.organization_id);
  doc.guests.forEach((g, i) => {
    const id = guestIds[i];
    if (id !== undefined) owners.set(id, g.organization);
  });
  return doc.reservations.flatMap((r, i) => {
    if (r.guest == null) return [];
    const owner = owners.get(r.guest);
    if (owner === r.organization) return [];
    const message = owner === undefined ? `no guest with id ${r.guest}` : `guest ${r.guest} belongs to another organization`;
    return [{ parameter: `reservations[${i}].guest`, message }];
  });
}
