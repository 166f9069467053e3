import { type Static, type TSchema, Type } from 'typebox';
import { ModifiedSinceParameters } from '../../shared/modified-since.js';
import { CalendarDate, Money, OrganizationId, RecordId, Timestamp, inputText, int32 } from '../../shared/schemas.js';
import { UNIT_TYPE_MAX } from '../accommodations/accommodations.schemas.js';

/**
 * The four price records of SPEC §14, as the API shows them and as writes send them. Each record is
 * declared once, by its fields; the bodies of POST and PATCH are made from the same fields
 * (`createBody`, `updateBody`), and the store keeps what is not a column as `terms`
 * (price-records.ts).
 */

export const DESCRIPTION_MAX = 200;
/** Records of one kind an organization may keep: every quote reads them all. */
export const MAX_PRICE_RECORDS = 1000;
export const MAX_AGE = 120;
/** The most a supplement may be chosen, and the most persons a party may have. */
export const MAX_QUANTITY = 1000;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const BASES = ['night', 'stay', 'person-night', 'person-stay'] as const;
export const AGE_CATEGORIES = ['adult', 'child', 'baby'] as const;
export const COMPONENT_KINDS = ['rent', 'fee', 'tax'] as const;
export const DISCOUNT_KINDS = ['long-stay', 'early-booking', 'last-minute'] as const;

const Description = inputText({ minLength: 1, maxLength: DESCRIPTION_MAX, description: 'Printed on the order line' });
const Basis = Type.Enum(BASES, {
  description: 'What one unit is: a night, the stay, a person for a night, a person for the stay',
});
const Weekdays = Type.Array(int32({ minimum: 1, maximum: 7 }), {
  minItems: 1,
  maxItems: 7,
  uniqueItems: true,
  description: 'Only nights of these ISO weekdays (1 = Monday … 7 = Sunday); null: every night',
});
const AgeGroupIds = Type.Array(RecordId, {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
  description: 'Counts only persons of these age groups; null: every person',
});
const Nights = int32({ minimum: 1, maximum: 366 });
const DaysBefore = int32({ maximum: 3660, description: "Days from the organization's today to the arrival" });
const Percent = Type.Number({
  exclusiveMinimum: 0,
  maximum: 100,
  description: 'Percent of the rent, at most two decimals',
  examples: [12.5],
});

/** Fields every record has: the scope fields only the scoped ones. */
const Scope = {
  accommodation: nullable({ ...RecordId, description: 'The one accommodation it applies to' }),
  type: nullable(
    inputText({
      minLength: 1,
      maxLength: UNIT_TYPE_MAX,
      description: 'Every accommodation of this type; with neither, every accommodation',
    }),
  ),
};
const Stamps = { created: Timestamp, modified: Timestamp };

/**
 * One record kind's fields: `required` ones a POST must send; `defaulted` ones it may leave out
 * (the default is stored, so the record always shows one); `optional` ones are null when not set,
 * and a PATCH sends null to unset one. A PATCH may send any of them.
 */
function recordKind<
  R extends Record<string, TSchema>,
  D extends Record<string, TSchema>,
  O extends Record<string, TSchema>,
>($id: string, description: string, fields: { required: R; defaulted: D; optional: O }) {
  const { required, defaulted, optional } = fields;
  type Opt<T extends Record<string, TSchema>> = { [K in keyof T]: ReturnType<typeof Type.Optional<T[K]>> };
  const optionalOf = <T extends Record<string, TSchema>>(schemas: T) =>
    Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, Type.Optional(v)])) as Opt<T>;
  const nullables = Object.fromEntries(Object.entries(optional).map(([k, v]) => [k, nullable(v)])) as {
    [K in keyof O]: ReturnType<typeof nullable<O[K]>>;
  };
  const record = Type.Object(
    { id: RecordId, organization: int32({ minimum: 1 }), ...required, ...defaulted, ...nullables, ...Stamps },
    { $id, additionalProperties: false, description },
  );
  const create = Type.Object(
    { organization: Type.Optional(OrganizationId), ...required, ...optionalOf(defaulted), ...optionalOf(nullables) },
    { additionalProperties: false },
  );
  const update = Type.Object(
    { ...optionalOf(required), ...optionalOf(defaulted), ...optionalOf(nullables) },
    { additionalProperties: false, minProperties: 1 },
  );
  return { record, create, update, optional: Object.keys(optional) };
}

export const AgeGroupKind = recordKind(
  'AgeGroupSpecification',
  'Whom a party counts (SPEC §14): a person of minAge … maxAge years is in this group',
  {
    required: {
      description: Description,
      minAge: int32({ maximum: MAX_AGE }),
      maxAge: int32({ maximum: MAX_AGE }),
      category: Type.Enum(AGE_CATEGORIES, { description: 'The adults, children or babies of a search count here' }),
    },
    defaulted: {},
    optional: {},
  },
);

export const PriceComponentKind = recordKind(
  'PriceComponent',
  'A rent, fee or tax (SPEC §14). Validity: nights for night and person-night bases, arrival days for the others.',
  {
    required: {
      description: Description,
      kind: Type.Enum(COMPONENT_KINDS),
      basis: Basis,
      amount: Money,
      dateFrom: { ...CalendarDate, description: 'First night (or arrival day) it prices' },
      dateTo: { ...CalendarDate, description: 'Last night (or arrival day) it prices, inclusive' },
    },
    defaulted: {},
    optional: {
      ...Scope,
      weekdays: Weekdays,
      ageGroups: AgeGroupIds,
      maxNights: { ...Nights, description: 'Counts at most this many nights of a stay (a tourist tax cap)' },
    },
  },
);

export const SupplementKind = recordKind(
  'Supplement',
  'An extra (SPEC §14): required ones are on every quote, others when chosen (at most maxQuantity)',
  {
    required: { description: Description, basis: Basis, amount: Money },
    defaulted: {
      required: Type.Boolean({ description: 'On every quote; default false' }),
      maxQuantity: int32({ minimum: 1, maximum: MAX_QUANTITY, description: 'Most a quote may choose; default 1' }),
    },
    optional: Scope,
  },
);

export const DiscountKind = recordKind(
  'DiscountSpecification',
  'A percentage off the rent (SPEC §14): the single largest that applies to a stay is given',
  {
    required: {
      description: Description,
      kind: Type.Enum(DISCOUNT_KINDS),
      percent: Percent,
      dateFrom: { ...CalendarDate, description: 'First arrival day it applies to' },
      dateTo: { ...CalendarDate, description: 'Last arrival day it applies to' },
    },
    defaulted: {},
    optional: {
      ...Scope,
      minNights: { ...Nights, description: 'Stays of at least this many nights' },
      minDaysBeforeArrival: { ...DaysBefore, description: 'Booked at least this many days before arrival' },
      maxDaysBeforeArrival: { ...DaysBefore, description: 'Booked at most this many days before arrival' },
    },
  },
);

export type AgeGroupRecord = Static<typeof AgeGroupKind.record>;
export type PriceComponentRecord = Static<typeof PriceComponentKind.record>;
export type SupplementRecord = Static<typeof SupplementKind.record>;
export type DiscountRecord = Static<typeof DiscountKind.record>;

export const PriceListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  accommodation: Type.Optional({ ...RecordId, description: 'Only records that apply to this accommodation' }),
  dateFrom: Type.Optional({ ...CalendarDate, description: 'Only records valid on a day from this one …' }),
  dateTo: Type.Optional({ ...CalendarDate, description: '… to this one (inclusive)' }),
  required: Type.Optional(Type.Boolean({ description: 'Supplements only: required ones, or the others' })),
  ...ModifiedSinceParameters,
});
export type PriceListQuery = Static<typeof PriceListQuery>;
