import { type Static, Type } from 'typebox';
import { CalendarDate, OrganizationId, Timestamp } from '../../shared/schemas.js';
import { RESERVATION_STATUSES, ReservationStatusSchema } from './reservation-status.js';
import { INITIAL_STATUSES } from './state-machine.js';

export const ReservationSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    reservationNumber: Type.String({ description: 'Human reference, unique per organization' }),
    organization: Type.Integer(),
    accommodation: Type.Object({ id: Type.Integer(), title: Type.String() }, { additionalProperties: false }),
    status: ReservationStatusSchema,
    dateFrom: { ...CalendarDate, description: 'Arrival day' },
    dateTo: { ...CalendarDate, description: 'Departure day' },
    nights: Type.Integer({ minimum: 1, description: 'dateTo − dateFrom in days' }),
    adults: Type.Integer({ minimum: 0 }),
    children: Type.Integer({ minimum: 0 }),
    babies: Type.Integer({ minimum: 0 }),
    guestName: Type.String({ description: 'Main booker, as displayed' }),
    totalAmount: Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['412.50'] }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', examples: ['EUR'] }),
    channel: Type.String({ examples: ['website', 'booking.com'] }),
    created: Timestamp,
    modified: Timestamp,
    cancelled: Type.Union([Timestamp, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ReservationSummary = Static<typeof ReservationSummarySchema>;

export const REFERENCE_DATES = ['date-from', 'date-to', 'stay', 'created', 'modified', 'cancelled'] as const;
export type ReferenceDate = (typeof REFERENCE_DATES)[number];

const statusAlternatives = RESERVATION_STATUSES.join('|');

export const SUMMARY_PAGE_LIMIT = 100;

export const SummaryListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  dateFrom: { ...CalendarDate, description: 'Start of the period (inclusive)' },
  dateTo: { ...CalendarDate, description: 'End of the period (inclusive)' },
  referenceDate: Type.Optional(
    Type.Enum(REFERENCE_DATES, {
      description: 'Which date of a reservation must fall in the period; default date-from',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: SUMMARY_PAGE_LIMIT, description: 'Page size; default 100' }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Zero-based position of the first item; default 0',
    }),
  ),
  status: Type.Optional(
    Type.String({
      pattern: `^(${statusAlternatives})(,(${statusAlternatives}))*$`,
      description: `Comma-separated states: ${RESERVATION_STATUSES.join(', ')}`,
      examples: ['confirmed,checked-in'],
    }),
  ),
});
export type SummaryListQuery = Static<typeof SummaryListQuery>;

const Guests = Type.Integer({ minimum: 0, maximum: 1000 });
const Money = Type.String({
  pattern: '^\\d{1,13}(\\.\\d{1,2})?$',
  description: 'decimal amount, e.g. 412.50',
  examples: ['412.50'],
});
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. EUR', examples: ['EUR'] });
const Text = Type.String({ minLength: 1, maxLength: 200 });

export const CreateReservationBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    accommodation: Type.Integer({ minimum: 1, description: 'Accommodation id' }),
    dateFrom: { ...CalendarDate, description: 'Arrival day' },
    dateTo: { ...CalendarDate, description: 'Departure day' },
    adults: Type.Integer({ minimum: 1, maximum: 1000 }),
    children: Type.Optional(Guests),
    babies: Type.Optional(Guests),
    guestName: Text,
    totalAmount: Money,
    currency: Currency,
    channel: Type.Optional(Text),
    status: Type.Optional(Type.Enum(INITIAL_STATUSES, { description: 'Initial state; default confirmed' })),
    reservationNumber: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Generated when omitted' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateReservationBody = Static<typeof CreateReservationBody>;

export const UpdateReservationBody = Type.Object(
  {
    accommodation: Type.Optional(Type.Integer({ minimum: 1 })),
    dateFrom: Type.Optional(CalendarDate),
    dateTo: Type.Optional(CalendarDate),
    adults: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    children: Type.Optional(Guests),
    babies: Type.Optional(Guests),
    guestName: Type.Optional(Text),
    totalAmount: Type.Optional(Money),
    currency: Type.Optional(Currency),
    channel: Type.Optional(Text),
    status: Type.Optional(ReservationStatusSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateReservationBody = Static<typeof UpdateReservationBody>;
