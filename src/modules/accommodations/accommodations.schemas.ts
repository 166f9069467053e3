import { type Static, Type } from 'typebox';
import { CalendarDate, OrganizationId, Timestamp } from '../../shared/schemas.js';

export const AccommodationSchema = Type.Object(
  {
    id: Type.Integer(),
    organization: Type.Integer({ description: 'Owning organization id' }),
    title: Type.String(),
    type: Type.String({ description: 'chalet, bungalow, pitch, apartment, room, tent, … (free text)' }),
    maxPersons: Type.Integer({ minimum: 0 }),
    bedrooms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    active: Type.Boolean(),
    created: Timestamp,
    modified: Timestamp,
  },
  { additionalProperties: false },
);
export type Accommodation = Static<typeof AccommodationSchema>;

export const AccommodationListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  modifiedSince: Type.Optional(
    Type.String({
      // The shape is checked here so it is reported with the other parameters; calendar validity in the service.
      pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|z|[+-]\\d{2}:\\d{2}))?$',
      description:
        "Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp",
      examples: ['2025-01-01', '2025-01-20T14:03:11Z'],
    }),
  ),
  includeInactive: Type.Optional(Type.Boolean({ default: false, description: 'Include deactivated accommodations' })),
});
export type AccommodationListQuery = Static<typeof AccommodationListQuery>;

const Title = Type.String({ minLength: 1, maxLength: 200 });
const UnitType = Type.String({
  minLength: 1,
  maxLength: 50,
  description: 'chalet, bungalow, pitch, apartment, room, tent, …',
});
const Persons = Type.Integer({ minimum: 0, maximum: 1000 });
const Bedrooms = Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]);

export const CreateAccommodationBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    title: Title,
    type: UnitType,
    maxPersons: Persons,
    bedrooms: Type.Optional(Bedrooms),
    active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type CreateAccommodationBody = Static<typeof CreateAccommodationBody>;

export const UpdateAccommodationBody = Type.Object(
  {
    title: Type.Optional(Title),
    type: Type.Optional(UnitType),
    maxPersons: Type.Optional(Persons),
    bedrooms: Type.Optional(Bedrooms),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateAccommodationBody = Static<typeof UpdateAccommodationBody>;

export const AvailabilityQuery = Type.Object({
  dateFrom: { ...CalendarDate, description: 'First night' },
  dateTo: { ...CalendarDate, description: 'Departure day: the last night is the day before' },
});

export const AvailabilitySchema = Type.Object(
  {
    accommodation: Type.Integer(),
    dateFrom: CalendarDate,
    dateTo: CalendarDate,
    available: Type.Boolean({ description: 'Every night of the period is free' }),
    nights: Type.Array(
      Type.Object(
        {
          date: CalendarDate,
          status: Type.Enum(['free', 'taken']),
          reservation: Type.Union([Type.Integer(), Type.Null()], {
            description: 'The reservation holding a taken night',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Availability = Static<typeof AvailabilitySchema>;
