import { type Static, Type } from 'typebox';
import { TITLE_MAX, UNIT_TYPE_MAX } from '../accommodations/accommodations.schemas.js';
import { ReservationStatusSchema } from '../reservations/reservation-status.js';
import { CalendarDate, Currency, Money, RecordId, YEAR_PATTERN, inputText, int32 } from '../../shared/schemas.js';
import { RESERVATION_NUMBER_MAX, TEXT_MAX } from '../reservations/reservations.schemas.js';

/**
 * The document `booking import` reads: SPEC §2 field names. Ids, statuses and timestamps may be
 * given (an export from another system keeps them) or left out (they are generated). Unknown
 * fields are refused, so a typo cannot silently drop data.
 */
// Stored as 32-bit integers in both dialects: the API's bounds.
const Id = RecordId;
const Count = int32();
const DateText = CalendarDate;
/** Any RFC 3339 offset is accepted (and stored in UTC); the year range is the dates' one. */
const TimestampText = Type.String({ format: 'date-time', pattern: `${YEAR_PATTERN}-`, maxLength: 40 });
const strict = { additionalProperties: false } as const;

export const ImportOrganization = Type.Object(
  {
    id: Type.Optional(Id),
    name: inputText({ minLength: 1, maxLength: TITLE_MAX }),
    timezone: inputText({ minLength: 1, maxLength: 64 }),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
  },
  strict,
);

export const ImportAccommodation = Type.Object(
  {
    id: Type.Optional(Id),
    organization: Id,
    title: inputText({ minLength: 1, maxLength: TITLE_MAX }),
    type: inputText({ minLength: 1, maxLength: UNIT_TYPE_MAX }),
    maxPersons: Count,
    bedrooms: Type.Optional(Type.Union([Count, Type.Null()])),
    active: Type.Optional(Type.Boolean()),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
  },
  strict,
);

export const ImportReservation = Type.Object(
  {
    id: Type.Optional(Id),
    reservationNumber: inputText({ minLength: 1, maxLength: RESERVATION_NUMBER_MAX }),
    organization: Id,
    accommodation: Type.Union([Id, Type.Object({ id: Id, title: Type.Optional(inputText({ maxLength: TITLE_MAX })) }, strict)]),
    status: Type.Optional(ReservationStatusSchema),
    dateFrom: DateText,
    dateTo: DateText,
    nights: Type.Optional(Count),
    adults: Count,
    children: Type.Optional(Count),
    babies: Type.Optional(Count),
    guestName: inputText({ maxLength: TEXT_MAX }),
    totalAmount: Money,
    currency: Currency,
    channel: Type.Optional(inputText({ maxLength: TEXT_MAX })),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
    cancelled: Type.Optional(Type.Union([TimestampText, Type.Null()])),
  },
  strict,
);

export const ImportDocument = Type.Object(
  {
    organizations: Type.Optional(Type.Array(ImportOrganization)),
    accommodations: Type.Optional(Type.Array(ImportAccommodation)),
    reservations: Type.Optional(Type.Array(ImportReservation)),
  },
  strict,
);

export type ImportOrganization = Static<typeof ImportOrganization>;
export type ImportAccommodation = Static<typeof ImportAccommodation>;
export type ImportReservation = Static<typeof ImportReservation>;
export type ImportDocument = Static<typeof ImportDocument>;
