import { type Static, type TNull, type TOptional, type TSchema, type TUnion, Type } from 'typebox';
import { CalendarDate, OrganizationId, RecordId, Timestamp, inputText, int32 } from '../../shared/schemas.js';
import { UNIT_TYPE_MAX } from '../accommodations/accommodations.schemas.js';

/** Bounds of what a rule may set: a year of nights, dates of one year, lead times of ten years. */
export const MAX_RULE_NIGHTS = 366;
export const MAX_CLOSED_DATES = 366;
export const MAX_DAYS_BEFORE_ARRIVAL = 3660;
/** Rules one organization may keep: every availability answer reads them all. */
export const MAX_STAY_RULES = 1000;

const Nights = int32({ minimum: 1, maximum: MAX_RULE_NIGHTS });
const Weekdays = Type.Array(int32({ minimum: 1, maximum: 7 }), {
  minItems: 1,
  maxItems: 7,
  uniqueItems: true,
  description: 'ISO weekdays, 1 = Monday … 7 = Sunday',
});
const Dates = Type.Array(CalendarDate, { maxItems: MAX_CLOSED_DATES, uniqueItems: true });
const DaysBefore = int32({ maximum: MAX_DAYS_BEFORE_ARRIVAL, description: "Days from the organization's today" });

/** Every field a rule may set, with its schema and what it means. */
const SETTING_SCHEMAS = {
  minNights: { ...Nights, description: 'Fewest nights a stay may have' },
  maxNights: { ...Nights, description: 'Most nights a stay may have' },
  arrivalDays: { ...Weekdays, description: 'Weekdays a stay may arrive on (ISO: 1 = Monday … 7 = Sunday)' },
  departureDays: { ...Weekdays, description: 'Weekdays a stay may leave on' },
  closedToArrival: { ...Dates, description: 'Dates no stay may arrive on' },
  closedToDeparture: { ...Dates, description: 'Dates no stay may leave on' },
  minDaysBeforeArrival: {
    ...DaysBefore,
    description: "Sold at least this many days before arrival (from the organization's today)",
  },
  maxDaysBeforeArrival: { ...DaysBefore, description: 'Sold at most this many days before arrival' },
  bookable: Type.Boolean({ description: 'false stops the sale' }),
} as const;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
type Settings = typeof SETTING_SCHEMAS;
type Nullable<K extends keyof Settings> = TUnion<[Settings[K], TNull]>;

/** Every setting as a record shows it: null where the rule sets nothing. */
const nullableSettings = () =>
  Object.fromEntries(Object.entries(SETTING_SCHEMAS).map(([k, v]) => [k, nullable(v)])) as {
    [K in keyof Settings]: Nullable<K>;
  };

/** Every setting as a body may send it: absent, or null for "not set". */
const optionalSettings = () =>
  Object.fromEntries(Object.entries(SETTING_SCHEMAS).map(([k, v]) => [k, Type.Optional(nullable(v))])) as {
    [K in keyof Settings]: TOptional<Nullable<K>>;
  };

export const StayRuleSchema = Type.Object(
  {
    id: RecordId,
    organization: int32({ minimum: 1 }),
    accommodation: Type.Union([RecordId, Type.Null()], { description: 'The one accommodation it applies to' }),
    type: Type.Union([Type.String({ maxLength: UNIT_TYPE_MAX }), Type.Null()], {
      description: 'Every accommodation of this type; with neither, the whole organization',
    }),
    dateFrom: { ...CalendarDate, description: 'First arrival day it applies to' },
    dateTo: { ...CalendarDate, description: 'Last arrival day it applies to' },
    ...nullableSettings(),
    created: Timestamp,
    modified: Timestamp,
  },
  {
    $id: 'StayRule',
    additionalProperties: false,
    description:
      'Which stays arriving in a period may be sold (SPEC §13). A null field is not set by this rule: a less specific rule or the default decides it.',
  },
);
export type StayRuleRecord = Static<typeof StayRuleSchema>;

export const StayRuleListQuery = Type.Object({ organization: Type.Optional(OrganizationId) });

const Scope = {
  accommodation: Type.Optional(nullable({ ...RecordId, description: 'One accommodation' })),
  type: Type.Optional(
    nullable(inputText({ minLength: 1, maxLength: UNIT_TYPE_MAX, description: 'Every accommodation of this type' })),
  ),
};

export const CreateStayRuleBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    ...Scope,
    dateFrom: { ...CalendarDate, description: 'First arrival day it applies to' },
    dateTo: { ...CalendarDate, description: 'Last arrival day it applies to' },
    ...optionalSettings(),
  },
  { additionalProperties: false },
);
export type CreateStayRuleBody = Static<typeof CreateStayRuleBody>;

export const UpdateStayRuleBody = Type.Object(
  {
    ...Scope,
    dateFrom: Type.Optional(CalendarDate),
    dateTo: Type.Optional(CalendarDate),
    ...optionalSettings(),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateStayRuleBody = Static<typeof UpdateStayRuleBody>;
