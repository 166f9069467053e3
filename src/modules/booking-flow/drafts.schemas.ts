import { type Static, type TOptional, type TString, Type } from 'typebox';
import {
  CalendarDate,
  Currency,
  FormattedMoney,
  INT32_MAX,
  RecordId,
  Timestamp,
  int32,
  ref,
} from '../../shared/schemas.js';
import { DATE_OR_TIMESTAMP_PATTERN } from '../../shared/modified-since.js';
import { GUEST_FIELDS } from '../guests/guests.schemas.js';
import { MAX_QUANTITY } from '../prices/prices.schemas.js';
import { OrderLineSchema } from '../prices/quotes.schemas.js';
import { TEXT_MAX } from '../reservations/reservations.schemas.js';

/**
 * The original's booking flow as its published client sends it (SPEC §15). That client sends ids
 * and quantities as digit strings (values typed at its prompts): here, and only here, an id or a
 * quantity may be an integer or its decimal digits. Nothing else is coerced.
 */

/** An id as a number or as its decimal digits (no sign, no leading zero, within int32). */
export const LenientId = Type.Union(
  [RecordId, Type.String({ pattern: '^[1-9][0-9]{0,9}$', maxLength: 10, description: 'The id as decimal digits' })],
  { description: 'Record id: an integer, or its decimal digits as the original client sends it' },
);
/** A quantity as a number or as its decimal digits. */
export const LenientQuantity = Type.Union(
  [
    int32({ maximum: MAX_QUANTITY }),
    Type.String({ pattern: '^[0-9]{1,4}$', maxLength: 4, description: 'The quantity as decimal digits' }),
  ],
  { description: `0 to ${MAX_QUANTITY}: an integer, or its decimal digits as the original client sends it` },
);

/** A digit string or number as the number it names; undefined when out of range. */
export function lenientNumber(value: number | string, maximum = INT32_MAX): number | undefined {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(n) && n <= maximum ? n : undefined;
}

/**
 * A stay's day as the original's client sends it: a calendar date, or an RFC 3339 timestamp whose
 * date as written is the day (its help text documents `2019-01-01T00:00:00Z`), as SPEC §4.2 takes
 * the summaries' period.
 */
const StayDay = (description: string) =>
  Type.String({
    maxLength: 40,
    pattern: DATE_OR_TIMESTAMP_PATTERN,
    description: `${description}: a calendar date YYYY-MM-DD, or an RFC 3339 timestamp whose date as written is the day`,
    examples: ['2025-07-14'],
  });

export const CreateDraftBody = Type.Object(
  {
    accommodation: Type.Object({ id: LenientId }, { additionalProperties: false }),
    dateFrom: StayDay('Arrival day'),
    dateTo: StayDay('Departure day'),
  },
  {
    $id: 'CreateDraft',
    additionalProperties: false,
    description:
      "The original's booking flow, step 1 (SPEC §15): a draft that holds the nights. Told apart from a reservation's POST by `accommodation` being an object.",
  },
);
export type CreateDraftBody = Static<typeof CreateDraftBody>;

export const AgeGroupLine = Type.Object(
  {
    quantity: LenientQuantity,
    ageGroupSpecification: Type.Object({ id: LenientId }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export const SupplementOrderLine = Type.Object(
  {
    quantity: LenientQuantity,
    supplement: Type.Object({ id: LenientId }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export const ConfigureDraftBody = Type.Object(
  {
    ageGroupLines: Type.Optional(
      Type.Array(AgeGroupLine, {
        maxItems: 100,
        description: 'Persons by age group; replaces the party (default 2 adults)',
      }),
    ),
    supplementOrderLines: Type.Optional(
      Type.Array(SupplementOrderLine, { maxItems: 100, description: 'Chosen supplements; replaces the choice' }),
    ),
  },
  {
    $id: 'ConfigureDraft',
    additionalProperties: false,
    minProperties: 1,
    description:
      "The original's booking flow, step 2 (SPEC §15), sent to PUT /api/reservations/{id}?token=: told apart from a reservation's PUT by the token.",
  },
);
export type ConfigureDraftBody = Static<typeof ConfigureDraftBody>;

const GuestText = Type.String({ maxLength: TEXT_MAX, pattern: '^[^\\u0000]*$' });

/**
 * The guest as the original's client sends it: every field a string, empty when not given (its
 * prompts default to ''), each as long as the guest record keeps it (GUEST_FIELDS). An e-mail
 * address, when given, is one.
 */
export const PlaceGuest = Type.Object(
  Object.fromEntries(
    GUEST_FIELDS.map((f) => [
      f.field,
      Type.Optional(
        Type.String({
          maxLength: f.max,
          pattern: f.field === 'email' ? '^$|^[^\\s@\\u0000]+@[^\\s@\\u0000]+$' : '^[^\\u0000]*$',
          description: f.field === 'email' ? 'E-mail address, or empty' : `${f.field}, or empty`,
        }),
      ),
    ]),
  ) as { [K in (typeof GUEST_FIELDS)[number]['field']]: TOptional<TString> },
  { additionalProperties: false, description: 'The guest; an empty field is one not given' },
);
export type PlaceGuest = Static<typeof PlaceGuest>;

export const PlaceDraftBody = Type.Object(
  {
    guest: PlaceGuest,
    source: Type.Optional({
      ...GuestText,
      description: 'Where it was booked: the reservation’s channel (default api)',
    }),
    confirmed: Type.Optional(Type.Boolean({ description: 'true: confirmed; otherwise an option' })),
  },
  {
    $id: 'PlaceDraft',
    additionalProperties: false,
    description: "The original's booking flow, step 3 (SPEC §15): the guest, the source, and whether it is confirmed.",
  },
);
export type PlaceDraftBody = Static<typeof PlaceDraftBody>;

export const TokenQuery = Type.Object({
  token: Type.Optional(
    Type.String({ maxLength: 200, description: 'The draft’s token (SPEC §15): it alone opens the draft' }),
  ),
});

export const DraftSchema = Type.Object(
  {
    id: { ...RecordId, description: 'The draft’s id: the placed reservation keeps it' },
    token: Type.String({
      maxLength: 200,
      description: 'The secret that alone opens the draft (≥ 128 bits); stored only as a hash',
      examples: ['Ydq5yq3hC0V6cWf0lX7bq3l7rJ4m2u9qk8mZ0fWm1xE'],
    }),
    status: Type.Literal('draft'),
    accommodation: Type.Object(
      { id: RecordId, title: Type.String({ maxLength: TEXT_MAX }) },
      { additionalProperties: false },
    ),
    dateFrom: { ...CalendarDate, description: 'Arrival day' },
    dateTo: { ...CalendarDate, description: 'Departure day' },
    expires: { ...Timestamp, description: 'When it stops holding the nights: DRAFT_MINUTES after its last change' },
    orderLines: Type.Array(ref(OrderLineSchema), { maxItems: 1000 }),
    orderLinesTotal: { ...FormattedMoney, description: 'The price it is placed at' },
    currency: Currency,
  },
  {
    $id: 'Draft',
    additionalProperties: false,
    description:
      "A draft of the original's booking flow (SPEC §15): not a reservation yet, in no list, summary or event until placed",
  },
);
export type Draft = Static<typeof DraftSchema>;

export const OrderLinesSchema = Type.Array(ref(OrderLineSchema), {
  maxItems: 1000,
  description: 'The priced lines the reservation was placed at (SPEC §15); empty for a reservation made otherwise',
});
