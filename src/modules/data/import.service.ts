import { rowsByIds, VALUES_PER_QUERY } from '../../db/owned-rows.js';
import { Compile } from 'typebox/compile';
import {
  type BulkRow,
  bulkRow,
  type BulkTable,
  type BulkWriter,
  DEFER_INDEXES_FROM_ROWS,
  withBulkWriter,
} from '../../db/bulk-writer.js';
import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { replaceOrderLines } from '../booking-flow/order-lines.js';
import { liveDraftsOf, removeExpiredDrafts } from '../booking-flow/drafts.repository.js';
import type { Clock } from '../../shared/clock.js';
import { daysBetween, formatTimestamp, isStorableTimestamp, isTimeZone, normalizeTimestamp } from '../../shared/dates.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
import { holdsNights } from '../reservations/state-machine.js';
import { parseAmount } from '../../shared/money.js';
import { ulidFactory } from '../../shared/ulid.js';
import { stayDatesProblem } from '../../shared/stay-dates.js';
import { accommodationOwners, accommodationsByIds, toAccommodation } from '../accommodations/accommodations.repository.js';
import type { Accommodation } from '../accommodations/accommodations.schemas.js';
import { changedFields, eventOf, type RecordChange } from '../events/events.service.js';
import {
  existingOrganizationIds,
  lockEveryOrganization,
  organizationCounters,
  storeOrganizationCounters,
} from '../organizations/organizations.repository.js';
import {
  heldStaysOf,
  reservationIdsByNumber,
  toSummary,
} from '../reservations/reservations.repository.js';
import { SUMMARY } from '../reservations/summary-fields.js';
import { credentialsByIdentifier, replaceCredentialBindings } from '../credentials/credentials.repository.js';
import type { BlockRow, GuestRow, PriceRecordRow, StayRuleRow } from '../../db/schema.js';
import { emailKey } from '../guests/guests.repository.js';
import { GUEST_FIELDS } from '../guests/guests.schemas.js';
import { conflictingRent, priceRecordProblems, type RentScope } from '../prices/price-checks.js';
import {
  columnsOf,
  PRICE_DEFAULTS,
  PRICE_KINDS,
  type PriceRecord,
  type PriceRecordKind,
  termsJson,
  toPriceRecord,
} from '../prices/price-records.js';
import { currenciesOf, defaultAgeGroupRows, priceRowsOf } from '../prices/prices.repository.js';
import { MAX_PRICE_RECORDS } from '../prices/prices.schemas.js';
import { blocksOfAccommodations, toBlock } from '../blocks/blocks.repository.js';
import { conflictingRule, type StayRule, stayRuleOf } from '../availability/stay-rules.js';
import {
  settingsJson,
  stayRuleRowsOf,
  toStayRule,
  toStayRuleRecord,
} from '../availability/stay-rules.repository.js';
import { MAX_STAY_RULES } from '../availability/stay-rules.schemas.js';
import { stayRuleProblems } from '../availability/stay-rules.service.js';
import { SCOPES } from '../credentials/credentials.service.js';
import { passwordHashProblem } from '../credentials/password.js';
import {
  type ImportAgeGroup,
  type ImportBlock,
  type ImportCredential,
  type ImportDiscount,
  ImportDocument,
  ImportDocumentFrame,
  type ImportGuest,
  type ImportOrganization,
  type ImportPriceComponent,
  ImportOrderLine,
  ImportReservation,
  type ImportStayRule,
  type ImportCalendar,
  type ImportIcalFeed,
  type ImportSupplement,
} from './import.schemas.js';
import { isPlainReservation, validAmountToMinor } from './import.fast-check.js';

export interface ImportReport {
  organizations: number;
  accommodations: number;
  guests: number;
  reservations: number;
  blocks: number;
  calendars: number;
  icalFeeds: number;
  stayRules: number;
  ageGroups: number;
  priceComponents: number;
  supplements: number;
  discounts: number;
  credentials: number;
}

type FullDocument = Required<ImportDocument>;

type Conn = Kysely<Database>;

const documentValidator = Compile(ImportDocument);
/** Event ids of the loads: see eventRow in importDocument. */
const nextEventUlid = ulidFactory();
/** Reservations read and compared at a time. */
const IMPORT_CHUNK = 10_000;
/**
 * Reservations written at a time: their rows and events die young. A whole chunk's outlived
 * V8's young generation, and copying them out of it took more time than a third of the load.
 */
const WRITE_BATCH = 1_024;
/** Enough to fix a file in a few rounds without flooding the terminal. */
const MAX_REPORTED_ERRORS = 50;

/** `/reservations/3/dateFrom` → `reservations[3].dateFrom` */
function fieldName(instancePath: string, property?: string): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (property !== undefined) segments.push(property);
  return segments.reduce((name, s) => (/^\d+$/.test(s) ? `${name}[${s}]` : name ? `${name}.${s}` : s), '');
}

/** The document without its reservations, which `isPlainReservation` checks one by one. */
const frameValidator = Compile(ImportDocumentFrame);
const reservationValidator = Compile(ImportReservation);

/**
 * What the schema answers for the whole document, faster: the compiled checks of each reservation,
 * with the schema's own compiled check for any they do not vouch for.
 */
function passesSchema(document: unknown): boolean {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return false;
  const { reservations, ...frame } = document as Record<string, unknown>;
  if (!frameValidator.Check(frame)) return false;
  if (!('reservations' in document)) return true;
  if (!Array.isArray(reservations)) return false;
  for (const r of reservations as unknown[]) if (!isPlainReservation(r) && !reservationValidator.Check(r)) return false;
  return true;
}

function schemaErrors(document: unknown): ParameterError[] {
  if (passesSchema(document)) return [];
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

/** The timestamp fields of each collection, which an offset may move out of the stored range. */
const TIMESTAMP_FIELDS: Readonly<Record<keyof FullDocument, readonly string[]>> = {
  organizations: ['created', 'modified'],
  accommodations: ['created', 'modified'],
  guests: ['created', 'modified', 'erased'],
  reservations: ['created', 'modified', 'cancelled'],
  blocks: ['created', 'modified'],
  calendars: ['created', 'modified'],
  icalFeeds: ['created'],
  stayRules: ['created', 'modified'],
  ageGroups: ['created', 'modified'],
  priceComponents: ['created', 'modified'],
  supplements: ['created', 'modified'],
  discounts: ['created', 'modified'],
  credentials: ['created', 'lastUsed', 'revoked'],
};
const TIMESTAMP_RANGE = 'must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z';

/**
 * Rules a schema cannot state: real zones, date order, derived fields, duplicates in the file,
 * timestamps in the stored range.
 */
function recordErrors(doc: FullDocument): ParameterError[] {
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
  duplicateIds('guests', doc.guests);
  errors.push(...guestErrors(doc.guests));
  duplicateIds('blocks', doc.blocks);
  duplicateIds('calendars', doc.calendars);
  doc.calendars.forEach((c, i) =>
    (c.events ?? []).forEach((e, k) => {
      const problem = stayDatesProblem(e.dateFrom, e.dateTo);
      if (problem) errors.push({ ...problem, parameter: `calendars[${i}].events[${k}].dateTo` });
      if ((e.block === null) === (e.heldBy === null))
        errors.push({ parameter: `calendars[${i}].events[${k}]`, message: 'has either a block or heldBy' });
    }),
  );
  const feedsSeen = new Set<number>();
  doc.icalFeeds.forEach((f, i) => {
    if (feedsSeen.has(f.accommodation))
      errors.push({ parameter: `icalFeeds[${i}].accommodation`, message: 'has another feed earlier in the file' });
    feedsSeen.add(f.accommodation);
  });
  duplicateIds('stayRules', doc.stayRules);
  duplicateIds('credentials', doc.credentials);
  errors.push(...credentialErrors(doc.credentials));

  for (const [collection, fields] of Object.entries(TIMESTAMP_FIELDS)) {
    (doc[collection as keyof FullDocument] as readonly Record<string, unknown>[]).forEach((record, i) => {
      for (const field of fields) {
        const value = record[field];
        if (typeof value === 'string' && !isStorableTimestamp(value))
          errors.push({ parameter: `${collection}[${i}].${field}`, message: TIMESTAMP_RANGE });
      }
    });
  }

  doc.organizations.forEach((o, i) => {
    if (!isTimeZone(o.timezone))
      errors.push({ parameter: `organizations[${i}].timezone`, message: 'is not an IANA time zone' });
  });
  // Per organization: no key string made per reservation.
  const numbers = new Map<number, Set<string>>();
  doc.reservations.forEach((r, i) => {
    const datesProblem = stayDatesProblem(r.dateFrom, r.dateTo);
    if (datesProblem) errors.push({ ...datesProblem, parameter: `reservations[${i}].dateTo` });
    else if (r.nights !== undefined) {
      const nights = daysBetween(r.dateFrom, r.dateTo);
      if (r.nights !== nights)
        errors.push({ parameter: `reservations[${i}].nights`, message: `must equal dateTo - dateFrom (${nights})` });
    }
    let ofOrganization = numbers.get(r.organization);
    if (!ofOrganization) numbers.set(r.organization, (ofOrganization = new Set()));
    if (ofOrganization.has(r.reservationNumber))
      errors.push({
        parameter: `reservations[${i}].reservationNumber`,
        message: 'repeats a reservation number of its organization',
      });
    ofOrganization.add(r.reservationNumber);
  });
  doc.blocks.forEach((b, i) => {
    const datesProblem = stayDatesProblem(b.dateFrom, b.dateTo);
    if (datesProblem) errors.push({ ...datesProblem, parameter: `blocks[${i}].dateTo` });
    // A subscribed calendar (§16) makes the external blocks, and only those.
    if (b.kind === 'external' && b.calendar == null)
      errors.push({ parameter: `blocks[${i}].calendar`, message: 'is required for kind external' });
    if (b.kind !== 'external' && b.calendar != null)
      errors.push({ parameter: `blocks[${i}].calendar`, message: 'is only for kind external' });
  });
  doc.stayRules.forEach((rule, i) => {
    for (const problem of stayRuleProblems(stayRuleOf(rule, 0)))
      errors.push({ ...problem, parameter: `stayRules[${i}].${problem.parameter}` });
  });
  // The four price collections share one table, so one range of ids.
  const priceIds = new Map<number, string>();
  for (const price of filePriceRecords(doc)) {
    const { id } = price.record;
    if (id !== undefined) {
      const other = priceIds.get(id);
      if (other !== undefined) errors.push({ parameter: `${price.name}.id`, message: `repeats the id of ${other}` });
      else priceIds.set(id, price.name);
    }
    for (const problem of priceRecordProblems(price.kind, price.fields))
      errors.push({ ...problem, parameter: `${price.name}.${problem.parameter}` });
  }
  return errors;
}

/** The document's collections of price records (SPEC §14), in its order, with the kind each holds. */
const PRICE_COLLECTIONS = [
  ['ageGroups', 'age-group'],
  ['priceComponents', 'component'],
  ['supplements', 'supplement'],
  ['discounts', 'discount'],
] as const satisfies readonly (readonly [keyof FullDocument, PriceRecordKind])[];

type ImportPriceRecord = ImportAgeGroup | ImportPriceComponent | ImportSupplement | ImportDiscount;

/** A price record of the file, and what names it in an error. */
interface FilePriceRecord {
  collection: (typeof PRICE_COLLECTIONS)[number][0];
  kind: PriceRecordKind;
  /** `supplements[2]` */
  name: string;
  record: ImportPriceRecord;
  /** Its fields as the API's checks read them: the defaults of those it leaves out filled in. */
  fields: Record<string, unknown>;
}

function filePriceRecords(doc: FullDocument): FilePriceRecord[] {
  return PRICE_COLLECTIONS.flatMap(([collection, kind]) =>
    (doc[collection] as readonly ImportPriceRecord[]).map((record, i) => ({
      collection,
      kind,
      name: `${collection}[${i}]`,
      record,
      fields: { ...PRICE_DEFAULTS[kind], ...record },
    })),
  );
}

/** Each type carries its own identifier and hash and not the other's; no two share an identifier. */
function credentialErrors(credentials: readonly ImportCredential[]): ParameterError[] {
  const errors: ParameterError[] = [];
  const seen = new Set<string>();
  credentials.forEach((c, i) => {
    const [own, foreign] =
      c.type === 'api-key'
        ? [['keyPrefix', 'keyHash'], ['username', 'passwordHash']]
        : [['username', 'passwordHash'], ['keyPrefix', 'keyHash']];
    for (const field of own)
      if (c[field as keyof ImportCredential] === undefined)
        errors.push({ parameter: `credentials[${i}].${field}`, message: `is required for type ${c.type}` });
    for (const field of foreign)
      if (c[field as keyof ImportCredential] !== undefined)
        errors.push({ parameter: `credentials[${i}].${field}`, message: `is not a field of type ${c.type}` });
    const hashProblem = c.passwordHash === undefined ? undefined : passwordHashProblem(c.passwordHash);
    if (hashProblem) errors.push({ parameter: `credentials[${i}].passwordHash`, message: hashProblem });
    const identifier = credentialIdentifier(c);
    if (identifier === undefined) return;
    if (seen.has(identifier.key))
      errors.push({ parameter: `credentials[${i}].${identifier.field}`, message: 'is that of another credential in the file' });
    seen.add(identifier.key);
  });
  return errors;
}

/** What makes a credential unique besides its id: its key's hash, or its username. */
function credentialIdentifier(c: ImportCredential): { field: 'keyHash' | 'username'; key: string } | undefined {
  if (c.type === 'api-key') return c.keyHash === undefined ? undefined : { field: 'keyHash', key: `key\0${c.keyHash}` };
  return c.username === undefined ? undefined : { field: 'username', key: `user\0${c.username}` };
}

/**
 * An import never changes a stored record's organization (issue 41): moving a unit left the other
 * organization's reservations on it (and, on SQLite, let the new owner book their nights again), and
 * moving a reservation put one organization's guest into another's feed. An operator who means it
 * exports, deletes and imports under new ids.
 */
const movedMessage = (record: string, id: number | undefined, owner: number) =>
  `${record} ${id} belongs to organization ${owner}: an import never moves a record to another organization`;

/**
 * References to organizations and accommodations must exist in the file or in the database, and a
 * stored accommodation stays in its organization (`movedMessage`).
 */
async function referenceErrors(trx: Conn, doc: FullDocument): Promise<ParameterError[]> {
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

interface HeldStay {
  /** Where it comes from: an index in the file, or a stored record's id. */
  source:
    | { collection: 'reservations' | 'blocks'; index: number }
    | { kind: 'reservation' | 'block' | 'draft'; id: number };
  accommodation: number;
  dateFrom: string;
  dateTo: string;
}

function describe(stay: HeldStay): string {
  return 'index' in stay.source
    ? `${stay.source.collection}[${stay.source.index}]`
    : `${stay.source.kind} ${stay.source.id}`;
}

/** What the night-holds check compares: the file's holders and their stored ids, the stored blocks near them. */
interface NightHolders {
  reservations: readonly ImportReservation[];
  /** A file reservation's stored id, when it replaces one. */
  idOf: (r: ImportReservation) => number | undefined;
  blocks: readonly ImportBlock[];
  /** The stored id each file block replaces (by index), if any. */
  blockIds: readonly (number | undefined)[];
  /** Every stored block of the accommodations the file holds nights of (`heldUnits`). */
  storedBlocks: readonly BlockRow[];
}

/** The accommodations whose nights the file holds: of its night-holding reservations and of its blocks. */
function heldUnits(doc: FullDocument): { organizations: number[]; accommodations: number[] } {
  const accommodations = new Set<number>();
  for (const r of doc.reservations) if (holdsNights(r.status ?? 'confirmed')) accommodations.add(accommodationIdOf(r));
  for (const b of doc.blocks) accommodations.add(b.accommodation);
  const organizations = new Set([...doc.reservations, ...doc.blocks].map((r) => r.organization));
  return { organizations: [...organizations], accommodations: [...accommodations] };
}

/**
 * One rule for every night (SPEC §9, §13), whichever way data enters: the file's night-holding
 * reservations and its blocks must not overlap each other, nor stored reservations and blocks that
 * the file does not replace.
 */
async function nightHoldErrors(
  trx: Conn,
  units: ReturnType<typeof heldUnits>,
  holders: NightHolders,
): Promise<ParameterError[]> {
  const fileStays: HeldStay[] = [];
  holders.reservations.forEach((r, index) => {
    if (holdsNights(r.status ?? 'confirmed')) {
      fileStays.push({
        source: { collection: 'reservations', index },
        accommodation: accommodationIdOf(r),
        dateFrom: r.dateFrom,
        dateTo: r.dateTo,
      });
    }
  });
  holders.blocks.forEach((b, index) => {
    fileStays.push({
      source: { collection: 'blocks', index },
      accommodation: b.accommodation,
      dateFrom: b.dateFrom,
      dateTo: b.dateTo,
    });
  });
  const replaced = new Set(holders.reservations.flatMap((r) => holders.idOf(r) ?? []));
  const replacedBlocks = new Set(holders.blockIds.flatMap((id) => id ?? []));
  const stored: HeldStay[] = [];
  for (const row of await heldStaysOf(trx, units.organizations, units.accommodations)) {
    if (!replaced.has(row.id)) {
      stored.push({
        source: { kind: 'reservation', id: row.id },
        accommodation: row.accommodation_id,
        dateFrom: row.date_from,
        dateTo: row.date_to,
      });
    }
  }
  // Live drafts (SPEC §15) hold their nights as reservations do; the expired ones are gone by now.
  for (const row of await liveDraftsOf(trx, units.organizations, units.accommodations)) {
    stored.push({
      source: { kind: 'draft', id: row.id },
      accommodation: row.accommodation_id,
      dateFrom: row.date_from,
      dateTo: row.date_to,
    });
  }
  for (const row of holders.storedBlocks) {
    if (!replacedBlocks.has(row.id)) {
      stored.push({
        source: { kind: 'block', id: row.id },
        accommodation: row.accommodation_id,
        dateFrom: row.date_from,
        dateTo: row.date_to,
      });
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
      const nights = `(${other.dateFrom} … ${other.dateTo})`;
      errors.push({
        parameter: describe(fromFile),
        message:
          'collection' in fromFile.source && fromFile.source.collection === 'blocks'
            ? `overlaps ${describe(other)} on accommodation ${stay.accommodation} ${nights}`
            : `double-books accommodation ${stay.accommodation} with ${describe(other)} ${nights}`,
      });
    }
    if (!latest || latest.accommodation !== stay.accommodation || stay.dateTo > latest.dateTo) latest = stay;
  }
  return errors;
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

/**
 * Stay rules as the API keeps them (SPEC §13): two rules of one scope whose arrival periods overlap
 * never set the same field, and an organization keeps at most MAX_STAY_RULES. Checked on what the
 * load leaves: the file's rules beside the stored ones it does not replace.
 */
function stayRuleConflicts(
  rules: readonly ImportStayRule[],
  ruleIds: readonly (number | undefined)[],
  stored: readonly StayRuleRow[],
): ParameterError[] {
  const errors: ParameterError[] = [];
  const replaced = new Set(ruleIds.flatMap((id) => id ?? []));
  const labels = new Map<StayRule, string>();
  const kept = new Map<number, StayRule[]>();
  const keptOf = (organization: number) => {
    let list = kept.get(organization);
    if (!list) kept.set(organization, (list = []));
    return list;
  };
  for (const row of stored) {
    if (replaced.has(row.id)) continue;
    const rule = toStayRule(row);
    labels.set(rule, `stay rule ${row.id}`);
    keptOf(row.organization_id).push(rule);
  }
  rules.forEach((r, i) => {
    // A rule new to the database has no id yet: one that no stored rule has, for the comparison.
    const rule = stayRuleOf(r, ruleIds[i] ?? -1 - i);
    const others = keptOf(r.organization);
    const conflict = conflictingRule(others, rule);
    if (conflict) {
      const other = labels.get(conflict.rule) ?? 'another rule';
      errors.push({
        parameter: `stayRules[${i}]`,
        message: `sets ${conflict.field} for the same scope and overlapping arrival days as ${other}`,
      });
    }
    labels.set(rule, `stayRules[${i}]`);
    others.push(rule);
  });
  for (const [organization, list] of kept) {
    if (list.length > MAX_STAY_RULES)
      errors.push({
        parameter: 'stayRules',
        message: `organization ${organization} would keep ${list.length} stay rules, more than ${MAX_STAY_RULES}`,
      });
  }
  return errors;
}

/** A price record as stored, less its id and timestamps: what makes one without an id the same as a stored one. */
const priceContent = (organization: number, kind: PriceRecordKind, fields: Record<string, unknown>) =>
  JSON.stringify([organization, kind, columnsOf(fields), termsJson(kind, fields)]);

/** The stored price record each of the file's replaces (`storedIds`; the three default age groups too). */
const storedPriceIds = (prices: readonly FilePriceRecord[], stored: readonly PriceRecordRow[]) =>
  storedIds(prices, stored, (p) => p.record.id, {
    ofFile: (p) => priceContent(p.record.organization, p.kind, p.fields),
    ofStored: (row) => priceContent(row.organization_id, row.record, toPriceRecord(row)),
  });

/** A file record whose id is a stored record of another kind: one id is one record, of one kind. */
function otherKindErrors(
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

/**
 * Price records as the API keeps them (SPEC §14), checked on what the load leaves (the file's beside
 * the stored ones it does not replace), per organization: no two rents of one scope and weekday set
 * over one night, every age group a component counts is one of the organization's, and at most
 * MAX_PRICE_RECORDS of each kind.
 */
function priceConflicts(
  prices: readonly FilePriceRecord[],
  ids: readonly (number | undefined)[],
  stored: readonly PriceRecordRow[],
): ParameterError[] {
  const errors: ParameterError[] = [];
  const replaced = new Set(ids.flatMap((id) => id ?? []));
  const labels = new Map<RentScope, string>();
  const kept = new Map<number, { kind: PriceRecordKind; record: PriceRecord }[]>();
  const keptOf = (organization: number) => {
    let list = kept.get(organization);
    if (!list) kept.set(organization, (list = []));
    return list;
  };
  for (const row of stored) {
    if (replaced.has(row.id)) continue;
    const record = toPriceRecord(row);
    labels.set(record, `${PRICE_KINDS[row.record].noun} ${row.id}`);
    keptOf(row.organization_id).push({ kind: row.record, record });
  }
  // A record new to the database has no id yet: one that no stored record has, for the comparison.
  const files = prices.map((p, i) => ({ ...p, record: { ...p.fields, id: ids[i] ?? -1 - i } as PriceRecord }));
  for (const p of files) {
    const others = keptOf(p.record.organization);
    if (p.kind === 'component') {
      const conflict = conflictingRent(
        others.filter((o) => o.kind === 'component').map((o) => o.record),
        p.record,
      );
      if (conflict)
        errors.push({
          parameter: p.name,
          message: `is a rent of the same scope and weekdays as ${labels.get(conflict) ?? 'another one'} for a night of its period`,
        });
    }
    labels.set(p.record, p.name);
    others.push({ kind: p.kind, record: p.record });
  }
  for (const p of files) {
    if (!Array.isArray(p.record.ageGroups)) continue;
    const groups = new Set(
      (kept.get(p.record.organization) ?? []).flatMap((o) => (o.kind === 'age-group' ? [o.record.id] : [])),
    );
    const unknown = (p.record.ageGroups as number[]).filter((g) => !groups.has(g));
    if (unknown.length > 0)
      errors.push({
        parameter: `${p.name}.ageGroups`,
        message: `no age group specification ${unknown.join(', ')} in organization ${p.record.organization}`,
      });
  }
  for (const [organization, list] of kept) {
    for (const [collection, kind] of PRICE_COLLECTIONS) {
      const count = list.filter((o) => o.kind === kind).length;
      if (count > MAX_PRICE_RECORDS)
        errors.push({
          parameter: collection,
          message: `organization ${organization} would keep ${count} ${PRICE_KINDS[kind].noun}s, more than ${MAX_PRICE_RECORDS}`,
        });
    }
  }
  return errors;
}

/** A stored record (by id) that the file would move to another organization (`movedMessage`). */
function movedRecords(
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

function fail(errors: ParameterError[]): never {
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  if (errors.length > shown.length)
    shown.push({ parameter: 'document', message: `and ${errors.length - shown.length} more errors` });
  throw invalidInput(shown);
}

/** An erased guest carries no personal field; two guests of one organization in the file never share an e-mail address. */
function guestErrors(guests: readonly ImportGuest[]): ParameterError[] {
  const errors: ParameterError[] = [];
  const emails = new Map<string, number>();
  guests.forEach((g, i) => {
    if (g.erased) {
      for (const { field } of GUEST_FIELDS)
        if (g[field] != null) errors.push({ parameter: `guests[${i}].${field}`, message: 'must be null for an erased guest' });
    }
    const key = emailKey(g.email);
    if (key === null) return;
    const other = emails.get(`${g.organization}\0${key}`);
    if (other !== undefined)
      errors.push({ parameter: `guests[${i}].email`, message: `repeats the e-mail address of guests[${other}]` });
    else emails.set(`${g.organization}\0${key}`, i);
  });
  return errors;
}

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

/** A guest of the file whose e-mail address a stored guest of its organization with another id has. */
async function guestEmailErrors(
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
function reservationGuestErrors(
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
 * Loads a document (SPEC §8 `booking import`): validates everything first, then upserts by id in
 * one transaction. A bad record is named by collection, index and field, and nothing is written.
 */
export async function importDocument(db: Db, clock: Clock, input: unknown): Promise<ImportReport> {
  const shapeErrors = schemaErrors(input);
  if (shapeErrors.length > 0) fail(shapeErrors);
  const parsed = input as ImportDocument;
  const doc: FullDocument = {
    organizations: parsed.organizations ?? [],
    accommodations: parsed.accommodations ?? [],
    guests: parsed.guests ?? [],
    reservations: parsed.reservations ?? [],
    blocks: parsed.blocks ?? [],
    calendars: parsed.calendars ?? [],
    icalFeeds: parsed.icalFeeds ?? [],
    stayRules: parsed.stayRules ?? [],
    ageGroups: parsed.ageGroups ?? [],
    priceComponents: parsed.priceComponents ?? [],
    supplements: parsed.supplements ?? [],
    discounts: parsed.discounts ?? [],
    credentials: parsed.credentials ?? [],
  };
  const errors = recordErrors(doc);
  if (errors.length > 0) fail(errors);
  const now = formatTimestamp(clock());
  const timestamp = (value: string | undefined | null) => (value ? normalizeTimestamp(value) : undefined);

  // The checks run in the load's transaction, after every organization is locked: a booking made
  // through the API meanwhile either committed before (and is checked against) or waits for the load.
  await withBulkWriter(db, async (writer, trx) => {
    await lockEveryOrganization(trx);
    // Expired drafts hold nothing (SPEC §15), but on PostgreSQL their rows in night_holds would
    // still refuse the load's stays at the constraint: they go first, as before any write of nights.
    await removeExpiredDrafts(trx, { now: formatTimestamp(clock()) });
    const refErrors = await referenceErrors(trx, doc);
    if (refErrors.length > 0) fail(refErrors);
    const guestIds = await storedGuestIds(trx, doc.guests);
    const storedGuests = await rowsByIds(trx, 'guests', [
      ...new Set([...guestIds.flatMap((id) => id ?? []), ...doc.reservations.flatMap((r) => r.guest ?? [])]),
    ]);
    const guestErrorsFound = [
      ...movedRecords('guests', 'guest', doc.guests, guestIds, storedGuests),
      ...(await guestEmailErrors(trx, doc.guests, guestIds)),
      ...reservationGuestErrors(doc, guestIds, storedGuests),
    ];
    if (guestErrorsFound.length > 0) fail(guestErrorsFound);
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
    const movedErrors = [
      ...movedRecords('blocks', 'block', doc.blocks, blockIds, storedBlocks),
      ...movedRecords('stayRules', 'stay rule', doc.stayRules, ruleIds, storedRules),
      ...PRICE_COLLECTIONS.flatMap(([collection, kind]) => {
        const indexes = prices.flatMap((p, i) => (p.collection === collection ? [i] : []));
        const records = indexes.map((i) => (prices[i] as FilePriceRecord).record);
        const ids = indexes.map((i) => priceIds[i]);
        return movedRecords(collection, PRICE_KINDS[kind].noun, records, ids, storedPrices);
      }),
      ...otherKindErrors(prices, priceIds, storedPrices),
    ];
    if (movedErrors.length > 0) fail(movedErrors);
    const overlapErrors = [
      ...(await nightHoldErrors(trx, units, {
        reservations: doc.reservations,
        idOf: storedIdOf,
        blocks: doc.blocks,
        blockIds,
        storedBlocks: blocksNearby,
      })),
      ...stayRuleConflicts(doc.stayRules, ruleIds, rulesOfOrganizations),
      ...priceConflicts(prices, priceIds, pricesOfOrganizations),
    ];
    if (overlapErrors.length > 0) fail(overlapErrors);

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

    if (doc.reservations.length >= DEFER_INDEXES_FROM_ROWS) {
      await writer.deferIndexes('reservations');
      // Each reservation the file creates or changes records an event.
      await writer.deferIndexes('events');
    }
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
    // Each record that the file creates or changes records its event; one it leaves as it is, none.
    const clockNow = clock();
    const occurred = formatTimestamp(clockNow);
    const newEventId = () => `evt_${nextEventUlid(clockNow.getTime())}`;
    // Each event takes its organization's next counter value (migration 012); the counters are
    // stored when the load's events are written (every organization's row is locked until then).
    const counters = await organizationCounters(trx);
    const moved = new Map<number, number>();
    const nextSeq = (organization: number) => {
      const seq = (moved.get(organization) ?? counters.get(organization) ?? 0) + 1;
      moved.set(organization, seq);
      return seq;
    };
    const eventRow = (change: RecordChange): BulkRow<'events'> => {
      const event = eventOf(change, clockNow);
      // One generator for every event of the load, so their ids grow in the order they are written.
      event.id = newEventId();
      const { resource } = event;
      return [
        event.id,
        event.organization,
        event.type,
        resource.type,
        resource.id,
        resource.version,
        event.occurred,
        JSON.stringify(event),
        nextSeq(event.organization),
      ];
    };

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

    /**
     * A reservation new to the database: its row, and its event's body written out directly. The
     * body is JSON.stringify(eventOf(…)) of a `reservation.created` to the byte (the tests compare
     * them); its `data` written by the summary's field table (summary-fields.ts) from the row instead
     * of an object graph stringified halves a million-row load's time per row.
     */
    const addNew = (r: ImportReservation, id: number, rows: BulkRow<'reservations'>[], events: BulkRow<'events'>[]) => {
      const accommodation = accommodationIdOf(r);
      const status = r.status ?? 'confirmed';
      const modified = timestamp(r.modified) ?? now;
      const row = {
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
        created: timestamp(r.created) ?? now,
        modified,
        // A cancelled reservation always says when; without a date in the file, its last change is the best answer.
        cancelled: timestamp(r.cancelled) ?? (status === 'cancelled' ? modified : null),
        version: 1,
        guest_id: r.guest ?? null,
      };
      rows.push(bulkRow('reservations', row));
      const eventId = newEventId();
      const body =
        `{"id":"${eventId}","type":"reservation.created","organization":${row.organization_id},"occurred":"${occurred}",` +
        `"resource":{"type":"reservation","id":${id},"version":1},"data":${SUMMARY.json(row)}}`;
      events.push([eventId, row.organization_id, 'reservation.created', 'reservation', id, 1, occurred, body, nextSeq(row.organization_id)]);
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
        const accommodation = accommodationIdOf(r);
        // Both sides see today's titles: renaming the accommodation is its own change, not this one's.
        const stored =
          storedRow && toSummary({ ...storedRow, accommodation_title: titles.get(storedRow.accommodation_id) ?? '' });
        const status = r.status ?? 'confirmed';
        const modified = timestamp(r.modified) ?? now;
        const minor = parseAmount(r.totalAmount) as number;
        const record = toSummary({
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
          // Left out, a stored reservation keeps its guest.
          guest_id: r.guest === undefined ? (storedRow?.guest_id ?? null) : r.guest,
          total_amount_minor: minor,
          currency: r.currency,
          channel: r.channel ?? 'unknown',
          created: timestamp(r.created) ?? stored?.created ?? now,
          modified,
          // A cancelled reservation always says when; without a date in the file, its last change is the best answer.
          cancelled: timestamp(r.cancelled) ?? (status === 'cancelled' ? (stored?.cancelled ?? modified) : null),
        });
        if (stored && changedFields(stored, record).length === 0) continue;
        const version = (storedRow?.version ?? 0) + 1;
        rows.push([
          id,
          r.organization,
          accommodation,
          r.reservationNumber,
          status,
          r.dateFrom,
          r.dateTo,
          record.adults,
          record.children,
          record.babies,
          r.guestName,
          minor,
          r.currency,
          record.channel,
          record.created,
          modified,
          record.cancelled,
          version,
          record.guest,
        ]);
        const change = !stored ? 'created' : status === 'cancelled' && stored.status !== 'cancelled' ? 'cancelled' : 'updated';
        events.push(eventRow({ type: `reservation.${change}`, data: record, previous: stored, version }));
      }
      await writer.upsert('reservations', rows);
      await writer.upsert('events', events);
    }
    // No foreign key ties a line to its reservation row (migration 017), so the writer's queue may
    // still hold the rows back.
    if (orderLineSets.length > 0) await replaceOrderLines(trx, orderLineSets);

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
      organizationRows.map(([id]) => id),
      now,
      () => nextId.priceRecords++,
    );
    await writer.upsert(
      'price_records',
      defaults.map((row) => bulkRow('price_records', row)),
    );

    await storeOrganizationCounters(trx, moved);
    await importCalendars(trx, doc.calendars, doc.icalFeeds, now, timestamp);
    await importCredentials(trx, writer, doc.credentials, now);
  });
  return {
    organizations: doc.organizations.length,
    accommodations: doc.accommodations.length,
    guests: doc.guests.length,
    reservations: doc.reservations.length,
    blocks: doc.blocks.length,
    calendars: doc.calendars.length,
    icalFeeds: doc.icalFeeds.length,
    stayRules: doc.stayRules.length,
    ageGroups: doc.ageGroups.length,
    priceComponents: doc.priceComponents.length,
    supplements: doc.supplements.length,
    discounts: doc.discounts.length,
    credentials: doc.credentials.length,
  };
}

/**
 * Subscribed calendars by id, each with its events as the file has them (its fetch state starts
 * again: due at once, without validators, so the first fetch reads the whole feed), and export
 * feeds by accommodation. Few rows: plain statements, not the bulk writer.
 */
async function importCalendars(
  trx: Conn,
  calendars: readonly ImportCalendar[],
  feeds: readonly ImportIcalFeed[],
  now: string,
  timestamp: (value: string | undefined | null) => string | undefined,
): Promise<void> {
  for (const c of calendars) {
    const values = {
      organization_id: c.organization,
      accommodation_id: c.accommodation,
      name: c.name,
      url: c.url,
      modified: timestamp(c.modified) ?? now,
    };
    await trx
      .insertInto('calendars')
      .values({ id: c.id, ...values, created: timestamp(c.created) ?? now, next_fetch_at: 0 })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ ...values, next_fetch_at: 0, etag: null, last_modified: null }),
      )
      .execute();
    await trx.deleteFrom('calendar_events').where('calendar_id', '=', c.id).execute();
    const events = c.events ?? [];
    for (let i = 0; i < events.length; i += 500) {
      await trx
        .insertInto('calendar_events')
        .values(
          events.slice(i, i + 500).map((e) => ({
            calendar_id: c.id,
            uid: e.uid,
            organization_id: c.organization,
            date_from: e.dateFrom,
            date_to: e.dateTo,
            block_id: e.block,
            held_by_kind: e.heldBy?.kind ?? null,
            held_by_id: e.heldBy?.id ?? null,
            missing: e.missing,
          })),
        )
        .execute();
    }
  }
  if (calendars.length > 0 && isPostgres(trx)) {
    // Ids given explicitly: the identity goes on after the highest.
    await sql`select setval(pg_get_serial_sequence('calendars', 'id'), (select max(id) from calendars))`.execute(trx);
  }
  for (const f of feeds) {
    const values = { organization_id: f.organization, token_hash: f.tokenHash, created: timestamp(f.created) ?? now };
    await trx
      .insertInto('ical_feeds')
      .values({ accommodation_id: f.accommodation, ...values })
      .onConflict((oc) => oc.column('accommodation_id').doUpdateSet(values))
      .execute();
  }
}

/**
 * Credentials arrive with their hashes (SPEC §8, `booking dump`), so each keeps working as it did.
 * One without an id replaces the stored one of the same key or username, so re-importing is harmless;
 * one whose key or username a stored credential of another id holds is refused.
 */
async function importCredentials(
  trx: Conn,
  writer: BulkWriter,
  credentials: readonly ImportCredential[],
  now: string,
): Promise<void> {
  if (credentials.length === 0) return;
  const stored = await credentialsByIdentifier(
    trx,
    credentials.flatMap((c) => c.keyHash ?? []),
    credentials.flatMap((c) => c.username ?? []),
  );
  const errors: ParameterError[] = [];
  const known = credentials.map((c, i) => {
    const identifier = credentialIdentifier(c) as NonNullable<ReturnType<typeof credentialIdentifier>>;
    const holder = stored.get(identifier.key);
    if (holder !== undefined && c.id !== undefined && holder !== c.id)
      errors.push({ parameter: `credentials[${i}].${identifier.field}`, message: `belongs to stored credential ${holder}` });
    return c.id ?? holder;
  });
  if (errors.length > 0) fail(errors);
  let nextId = known.reduce<number>((max, id) => Math.max(max, id ?? 0), await writer.maxId('credentials')) + 1;
  const ids = known.map((id) => id ?? nextId++);
  const rows: BulkRow<'credentials'>[] = [];
  const bindings: { credential_id: number; organization_id: number }[] = [];
  credentials.forEach((c, i) => {
    const id = ids[i] as number;
    // Stored in SCOPES order, as `credentials create` stores them.
    const scopes = SCOPES.filter((scope) => c.scopes.includes(scope)).join(',');
    const at = (value: string | null | undefined) => (value ? normalizeTimestamp(value) : null);
    rows.push([
      id,
      c.name ?? '',
      c.type,
      c.keyPrefix ?? null,
      c.keyHash ?? null,
      c.username ?? null,
      c.passwordHash ?? null,
      scopes,
      c.compatibilityDate ?? null,
      at(c.created) ?? now,
      at(c.lastUsed),
      at(c.revoked),
    ]);
    for (const organization of c.organizations) bindings.push({ credential_id: id, organization_id: organization });
  });
  await writer.upsert('credentials', rows);
  await replaceCredentialBindings(trx, ids, bindings);
}
