import { type Static, Type } from 'typebox';
import { STAY_RULE_REASONS } from '../availability/stay-rules.js';
import { CalendarDate, Currency, Money, OrganizationId, inputText, int32 } from '../../shared/schemas.js';
import { DATE_OR_TIMESTAMP_PATTERN, ModifiedSinceParameters } from '../../shared/modified-since.js';
import { RESERVATION_STATUSES, ReservationStatusSchema } from './reservation-status.js';
import { INITIAL_STATUSES } from './state-machine.js';
import { SUMMARY } from './summary-fields.js';
import { TEXT_MAX, RESERVATION_NUMBER_MAX } from './text-limits.js';

export { TEXT_MAX } from './text-limits.js';

/** The read model of a reservation: its fields are named in summary-fields.ts. */
export const ReservationSummarySchema = SUMMARY.schema;
export type ReservationSummary = Static<typeof ReservationSummarySchema>;

export const REFERENCE_DATES = ['date-from', 'date-to', 'stay', 'created', 'modified', 'cancelled'] as const;
export type ReferenceDate = (typeof REFERENCE_DATES)[number];

const statusAlternatives = RESERVATION_STATUSES.join('|');

export const SUMMARY_PAGE_LIMIT = 100;

/**
 * A period's end: a calendar date, or an RFC 3339 timestamp whose calendar date, as written, is the
 * date (SPEC §4.2: the original's client documents them as timestamps). The shape is checked here,
 * with the other parameters; calendar validity in `interpretSummaryQuery`.
 */
const periodEnd = (description: string) =>
  Type.String({
    maxLength: 40,
    pattern: DATE_OR_TIMESTAMP_PATTERN,
    description: `${description}: a calendar date YYYY-MM-DD, or an RFC 3339 timestamp whose date as written is the date`,
    examples: ['2025-07-01', '2025-07-01T00:00:00Z'],
  });

export const SummaryListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  dateFrom: periodEnd('Start of the period (inclusive)'),
  dateTo: periodEnd('End of the period (inclusive)'),
  referenceDate: Type.Optional(
    Type.Enum(REFERENCE_DATES, {
      description: 'Which date of a reservation must fall in the period; default date-from',
    }),
  ),
  limit: Type.Optional(int32({ minimum: 1, maximum: SUMMARY_PAGE_LIMIT, description: 'Page size; default 100' })),
  offset: Type.Optional(
    Type.Integer({
      format: 'int64',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Zero-based position of the first item; default 0',
    }),
  ),
  status: Type.Optional(
    Type.String({
      pattern: `^(${statusAlternatives})(,(${statusAlternatives}))*$`,
      maxLength: 200,
      description: `Comma-separated states: ${RESERVATION_STATUSES.join(', ')}`,
      examples: ['confirmed,checked-in'],
    }),
  ),
  // SPEC §4.2: the original service's published client sends modifiedDateFrom here too.
  ...ModifiedSinceParameters,
});
export type SummaryListQuery = Static<typeof SummaryListQuery>;

const Guests = int32({ maximum: 1000 });
const Text = inputText({ minLength: 1, maxLength: TEXT_MAX });

export const CreateReservationBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    accommodation: int32({ minimum: 1, description: 'Accommodation id' }),
    dateFrom: { ...CalendarDate, description: 'Arrival day' },
    dateTo: { ...CalendarDate, description: 'Departure day' },
    adults: int32({ minimum: 1, maximum: 1000 }),
    children: Type.Optional(Guests),
    babies: Type.Optional(Guests),
    guestName: Text,
    // Left out: the stay's quote, in the organization's currency (SPEC §14); given, it stands.
    totalAmount: Type.Optional(Money),
    currency: Type.Optional(Currency),
    channel: Type.Optional(Text),
    status: Type.Optional(Type.Enum(INITIAL_STATUSES, { description: 'Initial state; default confirmed' })),
    reservationNumber: Type.Optional(
      inputText({ minLength: 1, maxLength: RESERVATION_NUMBER_MAX, description: 'Generated when omitted' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateReservationBody = Static<typeof CreateReservationBody>;

/**
 * PATCH: at least one field of the create body, but neither the organization (the reservation's
 * own stays) nor the reservation number. `status` may name any state here, not only an initial
 * one: the state machine checks the move.
 */
export const UpdateReservationBody = Type.Evaluate(
  Type.Intersect([
    Type.Partial(Type.Omit(CreateReservationBody, ['organization', 'status', 'reservationNumber'])),
    Type.Object({ status: Type.Optional(ReservationStatusSchema) }),
  ]),
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateReservationBody = Static<typeof UpdateReservationBody>;

/**
 * PUT (SPEC §9, the original service's way to update): the whole record as for POST, every field
 * PATCH may change required. `organization` may come along but cannot change: it only narrows
 * where the reservation is looked for.
 */
export const ReplaceReservationBody = Type.Evaluate(
  Type.Intersect([Type.Required(UpdateReservationBody), Type.Object({ organization: Type.Optional(OrganizationId) })]),
  { additionalProperties: false },
);
export type ReplaceReservationBody = Static<typeof ReplaceReservationBody>;

export const SEARCH_PAGE_LIMIT = 100;
/** The longest search text, once trimmed. */
export const SEARCH_TEXT_MAX = 100;

/** Search text: at least one character besides spaces, and no NUL (neither database can compare one). */
const SEARCH_TEXT_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';

export const ReservationSearchQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  q: Type.String({
    minLength: 1,
    // The text as sent may carry spaces around it; its trimmed length is checked beside (400 naming q).
    maxLength: 2 * SEARCH_TEXT_MAX,
    pattern: SEARCH_TEXT_PATTERN,
    description:
      'Text to look for, 1 to 100 characters once leading and trailing spaces are trimmed: the start of a ' +
      'reservation number or any part of a guest name, case-insensitive; % and _ match themselves',
    examples: ['de vries'],
  }),
  limit: Type.Optional(
    int32({ minimum: 1, maximum: SEARCH_PAGE_LIMIT, description: 'At most this many reservations; default 20' }),
  ),
});
export type ReservationSearchQuery = Static<typeof ReservationSearchQuery>;

/** A rule a stay breaks (SPEC §13): a §9 write records a stay sold elsewhere, and says so. */
export const StayWarningSchema = Type.Object(
  {
    rule: Type.Enum(STAY_RULE_REASONS),
    detail: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);

/** POST's 201: the summary, and the stay rules the stay breaks (empty when none). */
export const CreatedReservationSchema = Type.Object(
  {
    ...ReservationSummarySchema.properties,
    warnings: Type.Array(StayWarningSchema, {
      maxItems: STAY_RULE_REASONS.length,
      description: 'The stay rules this stay breaks: it was recorded all the same (SPEC §13)',
    }),
  },
  {
    $id: 'CreatedReservation',
    additionalProperties: false,
    description: 'A created reservation, with the stay rules it breaks',
  },
);
export type CreatedReservation = Static<typeof CreatedReservationSchema>;
