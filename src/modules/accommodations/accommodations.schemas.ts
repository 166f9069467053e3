import { type Static, Type } from 'typebox';
import { CalendarDate, OrganizationId, RecordId, Timestamp, inputText, int32, text } from '../../shared/schemas.js';
import { ModifiedSinceParameters } from '../../shared/modified-since.js';
import { MAX_NIGHTS_AT_ONCE } from '../../shared/stay-dates.js';

/** Length limits of stored text; the writes and the import enforce them, the responses promise them. */
export const TITLE_MAX = 200;
export const UNIT_TYPE_MAX = 50;
/** The longest period one availability request covers. */
export const MAX_AVAILABILITY_NIGHTS = MAX_NIGHTS_AT_ONCE;

export const AccommodationSchema = Type.Object(
  {
    id: RecordId,
    organization: int32({ minimum: 1, description: 'Owning organization id' }),
    title: text(TITLE_MAX),
    type: text(UNIT_TYPE_MAX, 'chalet, bungalow, pitch, apartment, room, tent, … (free text)'),
    maxPersons: int32(),
    bedrooms: Type.Union([int32(), Type.Null()]),
    active: Type.Boolean(),
    created: Timestamp,
    modified: Timestamp,
  },
  {
    $id: 'Accommodation',
    additionalProperties: false,
    description: 'A bookable unit of an organization (SPEC §2)',
    examples: [
      {
        id: 12,
        organization: 1,
        title: 'Chalet Heide 12',
        type: 'chalet',
        maxPersons: 6,
        bedrooms: 3,
        active: true,
        created: '2024-11-02T10:00:00Z',
        modified: '2025-03-15T08:30:00Z',
      },
    ],
  },
);
export type Accommodation = Static<typeof AccommodationSchema>;

export const AccommodationListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  // SPEC §4.1: modifiedDateFrom is the name the original service's published client sends.
  ...ModifiedSinceParameters,
  includeInactive: Type.Optional(Type.Boolean({ default: false, description: 'Include deactivated accommodations' })),
});
export type AccommodationListQuery = Static<typeof AccommodationListQuery>;

const Title = inputText({ minLength: 1, maxLength: TITLE_MAX });
const UnitType = inputText({
  minLength: 1,
  maxLength: UNIT_TYPE_MAX,
  description: 'chalet, bungalow, pitch, apartment, room, tent, …',
});
const Persons = int32({ maximum: 1000 });
const Bedrooms = Type.Union([int32({ maximum: 100 }), Type.Null()]);

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

/**
 * PATCH: at least one field of the create body but the organization (the accommodation's own
 * stays). `active` is declared again without the create body's default: a default here would
 * reactivate an accommodation on every PATCH that leaves it out.
 */
export const UpdateAccommodationBody = Type.Evaluate(
  Type.Intersect([
    Type.Partial(Type.Omit(CreateAccommodationBody, ['organization', 'active'])),
    Type.Object({ active: Type.Optional(Type.Boolean()) }),
  ]),
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateAccommodationBody = Static<typeof UpdateAccommodationBody>;

/**
 * PUT (SPEC §9): the whole record as for POST, every field PATCH may change required (`bedrooms`
 * may be null). `organization` may come along but cannot change: it only narrows where the
 * accommodation is looked for.
 */
export const ReplaceAccommodationBody = Type.Evaluate(
  Type.Intersect([
    Type.Required(UpdateAccommodationBody),
    Type.Object({ organization: Type.Optional(OrganizationId) }),
  ]),
  { additionalProperties: false },
);
export type ReplaceAccommodationBody = Static<typeof ReplaceAccommodationBody>;

export const AvailabilityQuery = Type.Object({
  dateFrom: { ...CalendarDate, description: 'First night' },
  dateTo: { ...CalendarDate, description: 'Departure day: the last night is the day before' },
});

export const AvailabilitySchema = Type.Object(
  {
    accommodation: RecordId,
    dateFrom: CalendarDate,
    dateTo: CalendarDate,
    available: Type.Boolean({ description: 'Every night of the period is free' }),
    nights: Type.Array(
      Type.Object(
        {
          date: CalendarDate,
          status: Type.Enum(['free', 'taken']),
          reservation: Type.Union([RecordId, Type.Null()], {
            description: 'The reservation holding a taken night',
          }),
          block: Type.Union([RecordId, Type.Null()], { description: 'The block holding a taken night (SPEC §13)' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_AVAILABILITY_NIGHTS },
    ),
  },
  { $id: 'Availability', additionalProperties: false, description: 'The nights of a period, each free or taken' },
);
export type Availability = Static<typeof AvailabilitySchema>;
