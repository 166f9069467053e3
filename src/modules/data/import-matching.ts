import type { Kysely } from 'kysely';
import { rowsByIds, VALUES_PER_QUERY } from '../../db/owned-rows.js';
import type { BlockRow, Database, GuestRow, PriceRecordRow, StayRuleRow } from '../../db/schema.js';
import { type StayRule, stayRuleOf } from '../availability/stay-rules.js';
import { settingsJson, stayRuleRowsOf, toStayRule } from '../availability/stay-rules.repository.js';
import { blocksOfAccommodations } from '../blocks/blocks.repository.js';
import { emailKey } from '../guests/guests.repository.js';
import { columnsOf, type PriceRecordKind, termsJson, toPriceRecord } from '../prices/price-records.js';
import { priceRowsOf } from '../prices/prices.repository.js';
import { reservationIdsByNumber } from '../reservations/reservations.repository.js';
import { type FilePriceRecord, filePriceRecords, type FullDocument } from './import-document.js';
import { heldUnits } from './import-night-holds.js';
import type { ImportBlock, ImportGuest, ImportReservation, ImportStayRule } from './import.schemas.js';

/**
 * Which stored record each record of the file replaces: the one of its id, or, without an id, the
 * stored one that is the same (so importing a file again changes nothing); none for a new record.
 * Read in the load's transaction, with the stored rows the checks compare the file with.
 */

type Conn = Kysely<Database>;

/** The stored guests of the file's guests, and of its reservations' guests. */
export interface GuestMatches {
  /** Per guest of the file (by index), the stored guest it is (`storedGuestIds`), if any. */
  guestIds: (number | undefined)[];
  /** The stored rows of those guests and of every guest the file's reservations name, by id. */
  storedGuests: Map<number, GuestRow>;
}

export async function matchGuests(trx: Conn, doc: FullDocument): Promise<GuestMatches> {
  const guestIds = await storedGuestIds(trx, doc.guests);
  const storedGuests = await rowsByIds(trx, 'guests', [
    ...new Set([...guestIds.flatMap((id) => id ?? []), ...doc.reservations.flatMap((r) => r.guest ?? [])]),
  ]);
  return { guestIds, storedGuests };
}

/**
 * The stored records the file's reservations, blocks, stay rules and price records replace, and
 * the stored ones near them that the night-holds and conflict checks compare them with.
 */
export interface RecordMatches {
  /** A file reservation's stored id, when it replaces one. */
  storedIdOf: (r: ImportReservation) => number | undefined;
  /** The accommodations (and organizations) whose nights the file holds. */
  units: ReturnType<typeof heldUnits>;
  /** Every stored block of those accommodations. */
  blocksNearby: BlockRow[];
  /** Per block of the file (by index), the stored block it replaces; their rows by id. */
  blockIds: (number | undefined)[];
  storedBlocks: Map<number, BlockRow>;
  /** Every stored stay rule of the organizations the file's rules are of. */
  rulesOfOrganizations: StayRuleRow[];
  ruleIds: (number | undefined)[];
  storedRules: Map<number, StayRuleRow>;
  /** The file's price records, in its order (`filePriceRecords`). */
  prices: FilePriceRecord[];
  pricesOfOrganizations: PriceRecordRow[];
  priceIds: (number | undefined)[];
  storedPrices: Map<number, PriceRecordRow>;
}

export async function matchRecords(trx: Conn, doc: FullDocument): Promise<RecordMatches> {
  const knownReservationIds = await idsByReservationNumber(trx, doc.reservations);
  const storedIdOf = (r: ImportReservation) =>
    r.id ?? knownReservationIds.get(`${r.organization}\0${r.reservationNumber}`);
  // Blocks and rules are few: every stored one they may replace or meet is read at once.
  const units = heldUnits(doc);
  const blocksNearby = await blocksOfAccommodations(trx, units.organizations, units.accommodations);
  const blockIds = storedBlockIds(doc.blocks, blocksNearby);
  const storedBlocks = await rowsByIds(trx, 'blocks', blockIds.flatMap((id) => id ?? []));
  const rulesOfOrganizations = await stayRuleRowsOf(trx, [...new Set(doc.stayRules.map((r) => r.organization))]);
  const ruleIds = storedRuleIds(doc.stayRules, rulesOfOrganizations);
  const storedRules = await rowsByIds(trx, 'stay_rules', ruleIds.flatMap((id) => id ?? []));
  const prices = filePriceRecords(doc);
  const pricesOfOrganizations = await priceRowsOf(trx, [...new Set(prices.map((p) => p.record.organization))]);
  const priceIds = storedPriceIds(prices, pricesOfOrganizations);
  const storedPrices = await rowsByIds(trx, 'price_records', priceIds.flatMap((id) => id ?? []));
  return {
    storedIdOf,
    units,
    blocksNearby,
    blockIds,
    storedBlocks,
    rulesOfOrganizations,
    ruleIds,
    storedRules,
    prices,
    pricesOfOrganizations,
    priceIds,
    storedPrices,
  };
}

export type Matches = GuestMatches & RecordMatches;

/**
 * The stored guest each guest of the file is: by its id, else the organization's guest with its
 * e-mail address (so re-importing without ids is harmless, as for reservations), else none (new).
 */
async function storedGuestIds(trx: Conn, guests: readonly ImportGuest[]): Promise<(number | undefined)[]> {
  const byEmail = new Map<string, number>();
  for (const organization of new Set(guests.filter((g) => g.id === undefined).map((g) => g.organization))) {
    const keys = guests.flatMap((g) => (g.id === undefined && g.organization === organization ? (emailKey(g.email) ?? []) : []));
    for (let i = 0; i < keys.length; i += VALUES_PER_QUERY) {
      const rows = await trx
        .selectFrom('guests')
        .select(['id', 'email_key'])
        .where('organization_id', '=', organization)
        .where('email_key', 'in', keys.slice(i, i + VALUES_PER_QUERY))
        .execute();
      for (const row of rows) byEmail.set(`${organization}\0${row.email_key}`, row.id);
    }
  }
  return guests.map((g) => g.id ?? byEmail.get(`${g.organization}\0${emailKey(g.email)}`));
}

/** Reservations without an id are matched by organization and reservation number, so re-importing is harmless. */
async function idsByReservationNumber(
  trx: Conn,
  reservations: readonly ImportReservation[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const byOrganization = new Map<number, string[]>();
  for (const r of reservations) {
    if (r.id !== undefined) continue;
    // Pushed, not spread into a new array: a copy per reservation made a large file quadratic.
    const numbers = byOrganization.get(r.organization);
    if (numbers) numbers.push(r.reservationNumber);
    else byOrganization.set(r.organization, [r.reservationNumber]);
  }
  for (const [organization, numbers] of byOrganization) {
    for (const [number, id] of await reservationIdsByNumber(trx, organization, numbers)) {
      ids.set(`${organization}\0${number}`, id);
    }
  }
  return ids;
}

/**
 * The stored block each file block replaces: the one of its id, or, without an id, the stored block
 * of the same accommodation and nights (blocks of one accommodation never overlap, so those name it:
 * importing a file again changes nothing). A stored block is matched once, and never when the file
 * names its id elsewhere.
 */
function storedBlockIds(blocks: readonly ImportBlock[], stored: readonly BlockRow[]): (number | undefined)[] {
  const named = new Set(blocks.flatMap((b) => b.id ?? []));
  const nights = (organization: number, accommodation: number, dateFrom: string, dateTo: string) =>
    `${organization}\0${accommodation}\0${dateFrom}\0${dateTo}`;
  const byNights = new Map<string, number>();
  for (const row of stored) {
    if (!named.has(row.id))
      byNights.set(nights(row.organization_id, row.accommodation_id, row.date_from, row.date_to), row.id);
  }
  return blocks.map((b) => {
    if (b.id !== undefined) return b.id;
    const key = nights(b.organization, b.accommodation, b.dateFrom, b.dateTo);
    const id = byNights.get(key);
    byNights.delete(key);
    return id;
  });
}

/** A stay rule as stored, less its id and timestamps: what makes a rule without an id the same as a stored one. */
const ruleContent = (organization: number, rule: StayRule) =>
  JSON.stringify([
    organization,
    rule.accommodation ?? null,
    rule.type ?? null,
    rule.dateFrom,
    rule.dateTo,
    settingsJson(rule),
  ]);

/**
 * The stored record each of the file's replaces: the one of its id, or, without an id, a stored
 * record no other names that says exactly the same (`content`, less ids and timestamps), each
 * matched once: so importing a file again changes nothing.
 */
function storedIds<F, R extends { id: number }>(
  file: readonly F[],
  stored: readonly R[],
  idOf: (record: F) => number | undefined,
  content: { ofFile: (record: F) => string; ofStored: (row: R) => string },
): (number | undefined)[] {
  const named = new Set(file.flatMap((f) => idOf(f) ?? []));
  const byContent = new Map<string, number>();
  for (const row of stored) if (!named.has(row.id)) byContent.set(content.ofStored(row), row.id);
  return file.map((f) => {
    const id = idOf(f);
    if (id !== undefined) return id;
    const key = content.ofFile(f);
    const same = byContent.get(key);
    byContent.delete(key);
    return same;
  });
}

/** The stored rule each file rule replaces (`storedIds`). */
const storedRuleIds = (rules: readonly ImportStayRule[], stored: readonly StayRuleRow[]) =>
  storedIds(rules, stored, (r) => r.id, {
    ofFile: (r) => ruleContent(r.organization, stayRuleOf(r, 0)),
    ofStored: (row) => ruleContent(row.organization_id, toStayRule(row)),
  });

/** A price record as stored, less its id and timestamps: what makes one without an id the same as a stored one. */
const priceContent = (organization: number, kind: PriceRecordKind, fields: Record<string, unknown>) =>
  JSON.stringify([organization, kind, columnsOf(fields), termsJson(kind, fields)]);

/** The stored price record each of the file's replaces (`storedIds`; the three default age groups too). */
const storedPriceIds = (prices: readonly FilePriceRecord[], stored: readonly PriceRecordRow[]) =>
  storedIds(prices, stored, (p) => p.record.id, {
    ofFile: (p) => priceContent(p.record.organization, p.kind, p.fields),
    ofStored: (row) => priceContent(row.organization_id, row.record, toPriceRecord(row)),
  });
