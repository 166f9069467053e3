import { normalizeTimestamp } from '../../shared/dates.js';
import { PRICE_DEFAULTS, type PriceRecordKind } from '../prices/price-records.js';
import type {
  ImportAgeGroup,
  ImportDiscount,
  ImportDocument,
  ImportPriceComponent,
  ImportReservation,
  ImportSupplement,
} from './import.schemas.js';

/**
 * The document as a load reads it (SPEC §8 `booking import`): every collection present, however
 * few the file gives, and the few readings of its records that the checks and the writes share.
 */

export type FullDocument = Required<ImportDocument>;

/** A document that passed the schema, with the collections it leaves out empty. */
export function fullDocument(parsed: ImportDocument): FullDocument {
  return {
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
}

export function accommodationIdOf(reservation: ImportReservation): number {
  return typeof reservation.accommodation === 'number' ? reservation.accommodation : reservation.accommodation.id;
}

/** A time of the file as stored; undefined when the file gives none (each caller has its default). */
export const timestamp = (value: string | undefined | null) => (value ? normalizeTimestamp(value) : undefined);

/** The document's collections of price records (SPEC §14), in its order, with the kind each holds. */
export const PRICE_COLLECTIONS = [
  ['ageGroups', 'age-group'],
  ['priceComponents', 'component'],
  ['supplements', 'supplement'],
  ['discounts', 'discount'],
] as const satisfies readonly (readonly [keyof FullDocument, PriceRecordKind])[];

export type ImportPriceRecord = ImportAgeGroup | ImportPriceComponent | ImportSupplement | ImportDiscount;

/** A price record of the file, and what names it in an error. */
export interface FilePriceRecord {
  collection: (typeof PRICE_COLLECTIONS)[number][0];
  kind: PriceRecordKind;
  /** `supplements[2]` */
  name: string;
  record: ImportPriceRecord;
  /** Its fields as the API's checks read them: the defaults of those it leaves out filled in. */
  fields: Record<string, unknown>;
}

export function filePriceRecords(doc: FullDocument): FilePriceRecord[] {
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
