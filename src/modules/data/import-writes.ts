import type { Kysely } from 'kysely';
import { type BulkRow, bulkRow, type BulkTable, type BulkWriter } from '../../db/bulk-writer.js';
import type { BlockRow, Database, GuestRow, PriceRecordRow, StayRuleRow } from '../../db/schema.js';
import { accommodationsByIds, toAccommodation } from '../accommodations/accommodations.repository.js';
import type { Accommodation } from '../accommodations/accommodations.schemas.js';
import { stayRuleOf } from '../availability/stay-rules.js';
import { settingsJson, toStayRuleRecord } from '../availability/stay-rules.repository.js';
import { toBlock } from '../blocks/blocks.repository.js';
import { changedFields } from '../events/events.service.js';
import { emailKey } from '../guests/guests.repository.js';
import { GUEST_FIELDS } from '../guests/guests.schemas.js';
import { columnsOf, termsJson, toPriceRecord } from '../prices/price-records.js';
import { currenciesOf, defaultAgeGroupRows } from '../prices/prices.repository.js';
import { accommodationIdOf, type FullDocument, timestamp } from './import-document.js';
import type { LoadEvents } from './import-events.js';
import type { Matches } from './import-matching.js';
import type { ImportOrganization } from './import.schemas.js';

/**
 * A load's writes with the bulk writer, one step per collection, in the order the load runs them:
 * a record that the file leaves as it is stored is not written again (and records no event).
 * Reservations are import-reservations.ts; calendars and credentials, plain statements, theirs.
 */

type Conn = Kysely<Database>;

/** What the write steps of one load share. */
export interface Load {
  trx: Conn;
  writer: BulkWriter;
  /** The load's time: a record's, where the file gives none. */
  now: string;
  /** The id each table's next new record takes (`firstFreeIds`). */
  nextId: NextIds;
}

export interface NextIds {
  organizations: number;
  accommodations: number;
  reservations: number;
  guests: number;
  blocks: number;
  stayRules: number;
  priceRecords: number;
}

/** The id each table's first new record of the load takes. */
export async function firstFreeIds(writer: BulkWriter, doc: FullDocument, matches: Matches): Promise<NextIds> {
  const { guestIds, prices } = matches;
  // New ids start above every id in the table and in the file (a reduce: a spread of a million
  // ids would overflow the call stack).
  const firstFreeId = async (table: BulkTable, records: readonly { id?: number | undefined }[]) =>
    Math.max(await writer.maxId(table), records.reduce((max, r) => Math.max(max, r.id ?? 0), 0)) + 1;
  const nextId = {
    organizations: await firstFreeId('organizations', doc.organizations),
    accommodations: await firstFreeId('accommodations', doc.accommodations),
    reservations: await firstFreeId('reservations', doc.reservations),
    guests: await firstFreeId(
      'guests',
      guestIds.map((id) => ({ id })),
    ),
    blocks: await firstFreeId('blocks', doc.blocks),
    stayRules: await firstFreeId('stay_rules', doc.stayRules),
    priceRecords: await firstFreeId(
      'price_records',
      prices.map((p) => p.record),
    ),
  };
  return nextId;
}

/** The file's organizations; their ids. */
export async function writeOrganizations(load: Load, doc: FullDocument): Promise<number[]> {
  const { trx, writer, now, nextId } = load;
  // A stored organization that its file gives no currency keeps its own: every price of it is in it.
  const currencies = await currenciesOf(
    trx,
    doc.organizations.flatMap((o) => (o.currency === undefined ? (o.id ?? []) : [])),
  );
  const organizationRows = doc.organizations.map((o: ImportOrganization): BulkRow<'organizations'> => {
    const created = timestamp(o.created) ?? now;
    const id = o.id ?? nextId.organizations++;
    const currency = o.currency ?? currencies.get(id) ?? 'EUR';
    return [id, o.name, o.timezone, created, timestamp(o.modified) ?? now, currency];
  });
  await writer.upsert('organizations', organizationRows);
  return organizationRows.map(([id]) => id);
}

/** The file's accommodations, with their events; the titles the reservations' events show. */
export async function writeAccommodations(
  load: Load,
  events: LoadEvents,
  doc: FullDocument,
): Promise<Map<number, string>> {
  const { trx, writer, now, nextId } = load;
  const { eventRow } = events;
  const unitIds = [...new Set([...doc.accommodations.flatMap((a) => a.id ?? []), ...doc.reservations.map(accommodationIdOf)])];
  const storedUnits = await accommodationsByIds(trx, unitIds);
  const titles = new Map([...storedUnits].map(([id, row]) => [id, row.title]));
  for (const a of doc.accommodations) if (a.id !== undefined) titles.set(a.id, a.title);
  const unitRows: BulkRow<'accommodations'>[] = [];
  const unitEvents: BulkRow<'events'>[] = [];
  for (const a of doc.accommodations) {
    const id = a.id ?? nextId.accommodations++;
    const storedRow = storedUnits.get(id);
    const stored = storedRow && toAccommodation(storedRow);
    const record: Accommodation = {
      id,
      organization: a.organization,
      title: a.title,
      type: a.type,
      maxPersons: a.maxPersons,
      bedrooms: a.bedrooms ?? null,
      active: a.active ?? true,
      created: timestamp(a.created) ?? stored?.created ?? now,
      modified: timestamp(a.modified) ?? now,
    };
    if (stored && changedFields(stored, record).length === 0) continue;
    const version = (storedRow?.version ?? 0) + 1;
    const { title, type, maxPersons, bedrooms, active, created, modified } = record;
    unitRows.push([id, a.organization, title, type, maxPersons, bedrooms, active, created, modified, version]);
    const change = !stored ? 'created' : stored.active && !active ? 'deactivated' : 'updated';
    unitEvents.push(eventRow({ type: `accommodation.${change}`, data: record, previous: stored, version }));
  }
  await writer.upsert('accommodations', unitRows);
  await writer.upsert('events', unitEvents);
  return titles;
}

/** The file's guests, as `matchGuests` matched them. */
export async function writeGuests(load: Load, doc: FullDocument, matches: Matches): Promise<void> {
  const { writer, now, nextId } = load;
  const { guestIds, storedGuests } = matches;
  // Guests before the reservations that name them. They record no event (§10 has none but erasure).
  const guestRows = doc.guests.map((g, i) => {
    const id = guestIds[i] ?? nextId.guests++;
    const storedRow = storedGuests.get(id);
    const row: GuestRow = {
      id,
      organization_id: g.organization,
      ...(Object.fromEntries(GUEST_FIELDS.map(({ field, column }) => [column, g[field] ?? null])) as Pick<
        GuestRow,
        (typeof GUEST_FIELDS)[number]['column']
      >),
      email_key: emailKey(g.email),
      created: timestamp(g.created) ?? storedRow?.created ?? now,
      modified: timestamp(g.modified) ?? now,
      erased: timestamp(g.erased) ?? null,
      version: (storedRow?.version ?? 0) + 1,
    };
    return bulkRow('guests', row);
  });
  await writer.upsert('guests', guestRows);
}

/** The file's blocks, with their events. */
export async function writeBlocks(load: Load, events: LoadEvents, doc: FullDocument, matches: Matches): Promise<void> {
  const { writer, now, nextId } = load;
  const { eventRow } = events;
  const { blockIds, storedBlocks } = matches;
  // Blocks record their events as reservations do; stay rules record none (the API's do not).
  const blockRows: BulkRow<'blocks'>[] = [];
  const blockEvents: BulkRow<'events'>[] = [];
  doc.blocks.forEach((b, i) => {
    const id = blockIds[i] ?? nextId.blocks++;
    const storedRow = storedBlocks.get(id);
    const stored = storedRow && toBlock(storedRow);
    const row: BlockRow = {
      id,
      organization_id: b.organization,
      accommodation_id: b.accommodation,
      date_from: b.dateFrom,
      date_to: b.dateTo,
      kind: b.kind,
      note: b.note ?? null,
      calendar_id: b.calendar ?? null,
      created: timestamp(b.created) ?? stored?.created ?? now,
      modified: timestamp(b.modified) ?? now,
      version: (storedRow?.version ?? 0) + 1,
    };
    const record = toBlock(row);
    if (stored && changedFields(stored, record).length === 0) return;
    blockRows.push(bulkRow('blocks', row));
    const type = stored ? 'block.updated' : 'block.created';
    blockEvents.push(eventRow({ type, data: record, previous: stored, version: row.version }));
  });
  await writer.upsert('blocks', blockRows);
  await writer.upsert('events', blockEvents);
}

/** The file's stay rules. */
export async function writeStayRules(load: Load, doc: FullDocument, matches: Matches): Promise<void> {
  const { writer, now, nextId } = load;
  const { ruleIds, storedRules } = matches;
  const ruleRows: BulkRow<'stay_rules'>[] = [];
  doc.stayRules.forEach((r, i) => {
    const id = ruleIds[i] ?? nextId.stayRules++;
    const storedRow = storedRules.get(id);
    const row: StayRuleRow = {
      id,
      organization_id: r.organization,
      accommodation_id: r.accommodation ?? null,
      type: r.type ?? null,
      date_from: r.dateFrom,
      date_to: r.dateTo,
      settings: settingsJson(stayRuleOf(r, id)),
      created: timestamp(r.created) ?? storedRow?.created ?? now,
      modified: timestamp(r.modified) ?? now,
      version: (storedRow?.version ?? 0) + 1,
    };
    if (storedRow && changedFields(toStayRuleRecord(storedRow), toStayRuleRecord(row)).length === 0) return;
    ruleRows.push(bulkRow('stay_rules', row));
  });
  await writer.upsert('stay_rules', ruleRows);
}

/** The file's price records, and the default age groups of its organizations that have none. */
export async function writePriceRecords(load: Load, matches: Matches, organizationIds: number[]): Promise<void> {
  const { trx, writer, now, nextId } = load;
  const { prices, priceIds, storedPrices } = matches;
  // Price records record no events (the API's do not). The file's age groups come first: an
  // organization of the file that still has none afterwards gets the three defaults (SPEC §14).
  const priceRows: BulkRow<'price_records'>[] = [];
  prices.forEach((p, i) => {
    const id = priceIds[i] ?? nextId.priceRecords++;
    const storedRow = storedPrices.get(id);
    const row: PriceRecordRow = {
      id,
      organization_id: p.record.organization,
      record: p.kind,
      ...columnsOf(p.fields),
      terms: termsJson(p.kind, p.fields),
      created: timestamp(p.record.created) ?? storedRow?.created ?? now,
      modified: timestamp(p.record.modified) ?? now,
      version: (storedRow?.version ?? 0) + 1,
    };
    if (storedRow && changedFields(toPriceRecord(storedRow), toPriceRecord(row)).length === 0) return;
    priceRows.push(bulkRow('price_records', row));
  });
  await writer.upsert('price_records', priceRows);
  const defaults = await defaultAgeGroupRows(
    trx,
    organizationIds,
    now,
    () => nextId.priceRecords++,
  );
  await writer.upsert(
    'price_records',
    defaults.map((row) => bulkRow('price_records', row)),
  );
}
