import type { TObject } from 'typebox';
import type { PriceRecordRow, PriceRecordTable } from '../../db/schema.js';
import { formatAmount, parseAmount } from '../../shared/money.js';
import { AgeGroupKind, DiscountKind, PriceComponentKind, SupplementKind } from './prices.schemas.js';
import type { AgeGroup, Discount, PriceComponent, Prices, Supplement } from './quote.js';

/**
 * The four record kinds of SPEC §14 as one table of definitions: the path of each list, its
 * operation names, its schemas, and how a record and its stored row map to each other. Routes,
 * writes, `booking dump` and `import` all go through these, so a field is declared once (in
 * prices.schemas.ts) and every one of them follows.
 *
 * A record's fields are either columns (what lists filter and writes check) or `terms`, kept as
 * one JSON object of the fields that are set; amounts as integer minor units, percentages as
 * integer hundredths.
 */

export type PriceRecordKind = PriceRecordTable['record'];
/** A record as the API shows it. */
export type PriceRecord = Record<string, unknown> & { id: number; organization: number; modified: string };

interface KindDefinition {
  record: PriceRecordKind;
  /** The original's path (SPEC §14), without its trailing slash. */
  path: string;
  /** As a sentence names one. */
  noun: string;
  /** Operation ids end with this (listSupplements, createSupplement …). */
  operation: { one: string; many: string };
  tag: string;
  schemas: { record: TObject; create: TObject; update: TObject; optional: readonly string[] };
}

export const PRICE_KINDS: Record<PriceRecordKind, KindDefinition> = {
  'age-group': {
    record: 'age-group',
    path: '/api/age_group_specifications',
    noun: 'age group specification',
    operation: { one: 'AgeGroupSpecification', many: 'AgeGroupSpecifications' },
    tag: 'prices',
    schemas: AgeGroupKind,
  },
  component: {
    record: 'component',
    path: '/api/accommodation_price_components',
    noun: 'price component',
    operation: { one: 'PriceComponent', many: 'PriceComponents' },
    tag: 'prices',
    schemas: PriceComponentKind,
  },
  supplement: {
    record: 'supplement',
    path: '/api/supplements',
    noun: 'supplement',
    operation: { one: 'Supplement', many: 'Supplements' },
    tag: 'prices',
    schemas: SupplementKind,
  },
  discount: {
    record: 'discount',
    path: '/api/discount_specifications',
    noun: 'discount specification',
    operation: { one: 'DiscountSpecification', many: 'DiscountSpecifications' },
    tag: 'prices',
    schemas: DiscountKind,
  },
};

/** Defaults of fields a POST (or a `booking import` file) may leave out (prices.schemas.ts `defaulted`). */
export const PRICE_DEFAULTS: Partial<Record<PriceRecordKind, Record<string, unknown>>> = {
  supplement: { required: false, maxQuantity: 1 },
};

/** Record fields kept as columns, by the column that keeps them. */
const COLUMNS = {
  accommodation: 'accommodation_id',
  type: 'type',
  description: 'description',
  dateFrom: 'date_from',
  dateTo: 'date_to',
} as const satisfies Record<string, keyof PriceRecordRow>;
type ColumnField = keyof typeof COLUMNS;
const NOT_TERMS = new Set(['id', 'organization', 'created', 'modified', ...Object.keys(COLUMNS)]);

/** Terms stored in another unit than the API's: money as minor units, percent as hundredths. */
const CODECS: Record<string, { store(value: unknown): unknown; show(value: unknown): unknown }> = {
  amount: { store: (v) => parseAmount(v as string), show: (v) => formatAmount(v as number) },
  percent: { store: (v) => Math.round((v as number) * 100), show: (v) => (v as number) / 100 },
};

const fieldsOf = (kind: PriceRecordKind) => Object.keys(PRICE_KINDS[kind].schemas.record.properties);
const termFieldsOf = (kind: PriceRecordKind) => fieldsOf(kind).filter((f) => !NOT_TERMS.has(f));

/** The record's terms as stored: the fields that are set, in stored units. */
export function termsJson(kind: PriceRecordKind, record: Record<string, unknown>): string {
  const terms: Record<string, unknown> = {};
  for (const field of termFieldsOf(kind)) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    terms[field] = CODECS[field] ? CODECS[field].store(value) : value;
  }
  return JSON.stringify(terms);
}

/** The columns of a record as stored (null for a column its kind has not). */
export function columnsOf(record: Record<string, unknown>): Pick<PriceRecordRow, (typeof COLUMNS)[ColumnField]> {
  const value = (field: ColumnField) => (record[field] ?? null) as never;
  return {
    accommodation_id: value('accommodation'),
    type: value('type'),
    description: value('description'),
    date_from: value('dateFrom'),
    date_to: value('dateTo'),
  };
}

/** A stored row as the API shows it: every field of its kind, null where an optional one is not set. */
export function toPriceRecord(row: PriceRecordRow): PriceRecord {
  const terms = JSON.parse(row.terms) as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  for (const field of fieldsOf(row.record)) {
    if (field === 'id') record.id = row.id;
    else if (field === 'organization') record.organization = row.organization_id;
    else if (field === 'created' || field === 'modified') record[field] = row[field];
    else if (field in COLUMNS) record[field] = row[COLUMNS[field as ColumnField]];
    else {
      const stored = terms[field];
      record[field] = stored === undefined ? null : CODECS[field] ? CODECS[field].show(stored) : stored;
    }
  }
  return record as PriceRecord;
}

/** An organization's stored prices as the quote (quote.ts) takes them: amounts in minor units. */
export function toPrices(rows: readonly PriceRecordRow[]): Prices {
  const prices = {
    ageGroups: [] as AgeGroup[],
    components: [] as PriceComponent[],
    supplements: [] as Supplement[],
    discounts: [] as Discount[],
  };
  for (const row of rows) {
    const terms = JSON.parse(row.terms) as Record<string, unknown>;
    type Terms<T> = Omit<T, 'id' | 'accommodation' | 'type' | 'description' | 'dateFrom' | 'dateTo'>;
    const scoped = {
      id: row.id,
      accommodation: row.accommodation_id,
      type: row.type,
      description: row.description,
    };
    switch (row.record) {
      case 'age-group':
        prices.ageGroups.push({ id: row.id, category: (terms as Terms<AgeGroup>).category });
        break;
      case 'component':
        prices.components.push({
          ...scoped,
          ...(terms as Terms<PriceComponent>),
          dateFrom: row.date_from as string,
          dateTo: row.date_to as string,
        });
        break;
      case 'supplement':
        prices.supplements.push({ ...scoped, ...(terms as Terms<Supplement>) });
        break;
      case 'discount':
        prices.discounts.push({
          ...scoped,
          ...(terms as Terms<Discount>),
          percent: (terms.percent as number) / 100,
          dateFrom: row.date_from as string,
          dateTo: row.date_to as string,
        });
        break;
    }
  }
  return prices;
}
