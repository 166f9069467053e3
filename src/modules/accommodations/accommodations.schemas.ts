import { type Static, Type } from 'typebox';
import { OrganizationId, Timestamp } from '../../shared/schemas.js';

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
