import type { Kysely } from 'kysely';
import type { Database, PriceRecordRow } from '../../db/schema.js';
import type { WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { modifiedLowerBound, modifiedSinceOf } from '../../shared/modified-since.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import {
  type LockedOrganization,
  lockRecordForChange,
  type VersionedRead,
} from '../organizations/organizations.service.js';
import { conflictingRent, priceRecordProblems } from './price-checks.js';
import {
  columnsOf,
  PRICE_DEFAULTS,
  PRICE_KINDS,
  type PriceRecord,
  type PriceRecordKind,
  termsJson,
  toPriceRecord,
} from './price-records.js';
import { deletePriceRow, insertPriceRow, listPriceRows, priceRecords, updatePriceRow } from './prices.repository.js';
import { MAX_PRICE_RECORDS, type PriceListQuery } from './prices.schemas.js';

/**
 * An organization's prices (SPEC §14), listed by anyone who may read and changed by admins. Each
 * write locks the organization first: two writes whose rents would overlap cannot both pass the
 * check, and the organization's change counter moves, so every cached quote and list is dropped.
 */

type Conn = Kysely<Database>;
type Fields = Record<string, unknown>;

function notFound(kind: PriceRecordKind, id: number): AppError {
  return new AppError('not-found', `No ${PRICE_KINDS[kind].noun} ${id}.`);
}

/** Whether a record applies to an accommodation: its own, its type's, or every accommodation's. */
export function appliesTo(record: Fields, accommodation: { id: number; type: string }): boolean {
  if (record.accommodation !== null && record.accommodation !== undefined)
    return record.accommodation === accommodation.id;
  if (record.type !== null && record.type !== undefined) return record.type === accommodation.type;
  return true;
}

/** A list of one kind (SPEC §14), as a read that may be cached under the organization's change counter. */
export async function priceList(
  conn: Conn,
  kind: PriceRecordKind,
  organizationId: number,
  query: PriceListQuery,
  known: KnownOrganizationState | null,
): Promise<VersionedRead<PriceRecord[]>> {
  const since = modifiedSinceOf(query);
  if (query.dateFrom !== undefined && query.dateTo !== undefined && query.dateTo < query.dateFrom) {
    throw invalidInput([{ parameter: 'dateTo', message: 'must not be before dateFrom' }]);
  }
  const organization = await organizationStateFor(conn, organizationId, known);
  const modifiedSince = since && modifiedLowerBound(organization?.timezone ?? 'UTC', since);
  const { accommodation, dateFrom, dateTo, required } = query;
  return {
    version: organization?.version ?? -1,
    eventsCursor: organization?.eventsCursor,
    key: JSON.stringify([kind, organizationId, modifiedSince ?? 'any', accommodation, dateFrom, dateTo, required]),
    load: async () => {
      if (!organization || modifiedSince === null) return [];
      const target =
        accommodation === undefined ? undefined : await findAccommodationRow(conn, [organizationId], accommodation);
      if (accommodation !== undefined && !target) {
        throw invalidInput([{ parameter: 'accommodation', message: 'no such accommodation in this organization' }]);
      }
      const rows = await listPriceRows(conn, organizationId, { kind, ...(modifiedSince ? { modifiedSince } : {}) });
      return rows
        .map(toPriceRecord)
        .filter(
          (r) =>
            (!target || appliesTo(r, target)) &&
            (r.dateFrom === undefined ||
              ((dateTo === undefined || (r.dateFrom as string) <= dateTo) &&
                (dateFrom === undefined || (r.dateTo as string) >= dateFrom))) &&
            (required === undefined || r.required === undefined || r.required === required),
        );
    },
  };
}

/** Checks a record against the organization's others, under its lock: 400 or 409 when it may not be stored. */
async function checkRecord(trx: Conn, kind: PriceRecordKind, organizationId: number, record: Fields & { id: number }) {
  const problems = priceRecordProblems(kind, record);
  if (problems.length > 0) throw invalidInput(problems);
  if (
    typeof record.accommodation === 'number' &&
    !(await findAccommodationRow(trx, [organizationId], record.accommodation))
  ) {
    throw invalidInput([{ parameter: 'accommodation', message: 'no such accommodation in this organization' }]);
  }
  const stored = (await listPriceRows(trx, organizationId)).map(toPriceRecord);
  if (Array.isArray(record.ageGroups)) {
    const groups = new Set(stored.filter((r) => 'minAge' in r).map((r) => r.id));
    const unknown = (record.ageGroups as number[]).filter((g) => !groups.has(g));
    if (unknown.length > 0) {
      throw invalidInput([
        { parameter: 'ageGroups', message: `no age group specification ${unknown.join(', ')} in this organization` },
      ]);
    }
  }
  const ofKind = stored.filter((r) => kindOf(r) === kind);
  if (record.id === 0 && ofKind.length >= MAX_PRICE_RECORDS) {
    throw new AppError('conflict', `An organization keeps at most ${MAX_PRICE_RECORDS} of each kind of price record.`);
  }
  if (kind === 'component') {
    const conflict = conflictingRent(ofKind, record);
    if (conflict) {
      throw new AppError(
        'conflict',
        `Price component ${conflict.id} is already the rent of the same scope and weekdays for a night of this period.`,
        { extensions: { conflictingComponent: conflict.id } },
      );
    }
  }
}

/** Which kind a record shown by `toPriceRecord` is, by the fields only it has. */
function kindOf(record: Fields): PriceRecordKind {
  if ('minAge' in record) return 'age-group';
  if ('percent' in record) return 'discount';
  if ('maxQuantity' in record) return 'supplement';
  return 'component';
}

export async function createPriceRecord(
  trx: WriteTransaction,
  clock: Clock,
  kind: PriceRecordKind,
  organization: LockedOrganization,
  body: Fields,
): Promise<PriceRecord> {
  const organizationId = organization.id;
  const { organization: _organization, ...fields } = body;
  const record = { ...PRICE_DEFAULTS[kind], ...fields, id: 0 };
  await checkRecord(trx, kind, organizationId, record);
  const now = formatTimestamp(clock());
  const row = await insertPriceRow(trx, {
    organization_id: organizationId,
    record: kind,
    ...columnsOf(record),
    terms: termsJson(kind, record),
    created: now,
    modified: now,
  });
  return toPriceRecord(row);
}

async function lockPriceRecord(
  trx: WriteTransaction,
  kind: PriceRecordKind,
  organizationIds: readonly number[],
  id: number,
): Promise<PriceRecordRow> {
  const row = await lockRecordForChange(trx, priceRecords, organizationIds, id);
  if (!row || row.record !== kind) throw notFound(kind, id);
  return row;
}

/** PATCH: the fields given change; an optional one given as null is no longer set. */
export async function updatePriceRecord(
  trx: WriteTransaction,
  clock: Clock,
  kind: PriceRecordKind,
  organizationIds: readonly number[],
  id: number,
  changes: Fields,
): Promise<PriceRecord> {
  const row = await lockPriceRecord(trx, kind, organizationIds, id);
  const record = { ...toPriceRecord(row), ...changes };
  await checkRecord(trx, kind, row.organization_id, record);
  const updated = await updatePriceRow(trx, id, {
    ...columnsOf(record),
    terms: termsJson(kind, record),
    modified: formatTimestamp(clock()),
    version: row.version + 1,
  });
  return toPriceRecord(updated);
}

export async function deletePriceRecord(
  trx: WriteTransaction,
  kind: PriceRecordKind,
  organizationIds: readonly number[],
  id: number,
): Promise<PriceRecord> {
  const row = await lockPriceRecord(trx, kind, organizationIds, id);
  if (kind === 'age-group') {
    const user = (await listPriceRows(trx, row.organization_id, { kind: 'component' }))
      .map(toPriceRecord)
      .find((c) => Array.isArray(c.ageGroups) && (c.ageGroups as number[]).includes(id));
    if (user) {
      throw new AppError('conflict', `Price component ${user.id} counts age group ${id}: change it first.`, {
        extensions: { conflictingComponent: user.id },
      });
    }
  }
  await deletePriceRow(trx, id);
  return toPriceRecord(row);
}
