import { Compile } from 'typebox/compile';
import { daysBetween, isStorableTimestamp, isTimeZone } from '../../shared/dates.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
import { stayDatesProblem } from '../../shared/stay-dates.js';
import { stayRuleOf } from '../availability/stay-rules.js';
import { stayRuleProblems } from '../availability/stay-rules.service.js';
import { passwordHashProblem } from '../credentials/password.js';
import { emailKey } from '../guests/guests.repository.js';
import { GUEST_FIELDS } from '../guests/guests.schemas.js';
import { priceRecordProblems } from '../prices/price-checks.js';
import { type FullDocument, filePriceRecords } from './import-document.js';
import { isPlainReservation } from './import.fast-check.js';
import {
  type ImportCredential,
  ImportDocument,
  ImportDocumentFrame,
  type ImportGuest,
  ImportReservation,
} from './import.schemas.js';

/**
 * The checks of a document on its own, before a load reads anything stored: its shape (the
 * schema), then the rules a schema cannot state. And the one way a load refuses: `fail`.
 */

const documentValidator = Compile(ImportDocument);
/** Enough to fix a file in a few rounds without flooding the terminal. */
const MAX_REPORTED_ERRORS = 50;

/** Refuses the load with the errors found: nothing is written (the load's transaction is undone). */
export function fail(errors: ParameterError[]): never {
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  if (errors.length > shown.length)
    shown.push({ parameter: 'document', message: `and ${errors.length - shown.length} more errors` });
  throw invalidInput(shown);
}

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

export function schemaErrors(document: unknown): ParameterError[] {
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
export function recordErrors(doc: FullDocument): ParameterError[] {
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
export function credentialIdentifier(c: ImportCredential): { field: 'keyHash' | 'username'; key: string } | undefined {
  if (c.type === 'api-key') return c.keyHash === undefined ? undefined : { field: 'keyHash', key: `key\0${c.keyHash}` };
  return c.username === undefined ? undefined : { field: 'username', key: `user\0${c.username}` };
}
