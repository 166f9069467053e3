import { type Static, Type } from 'typebox';
import { OrganizationId, RecordId, Timestamp, int32, text, ref } from '../../shared/schemas.js';
import { AccommodationSchema } from '../accommodations/accommodations.schemas.js';
import { BlockSchema } from '../blocks/blocks.schemas.js';
import { GuestSchema } from '../guests/guests.schemas.js';
import { CalendarConflictEventSchema } from '../calendars/calendars.schemas.js';
import { ReservationSummarySchema } from '../reservations/reservations.schemas.js';
import { CURSOR_MAX_LENGTH } from './cursor.js';

/** The event types of SPEC §10 (`ping` only ever goes to a webhook as a test). */
export const EVENT_TYPES = [
  'reservation.created',
  'reservation.updated',
  'reservation.cancelled',
  'accommodation.created',
  'accommodation.updated',
  'accommodation.deactivated',
  'block.created',
  'block.updated',
  'block.deleted',
  'guest.erased',
  'calendar.conflict',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EventSchema = Type.Object(
  {
    id: Type.String({ pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$', maxLength: 30, description: 'evt_ + a ULID' }),
    type: Type.Enum(EVENT_TYPES),
    organization: RecordId,
    occurred: Timestamp,
    resource: Type.Object(
      {
        type: Type.Enum(['reservation', 'accommodation', 'block', 'guest', 'calendar']),
        id: RecordId,
        version: int32({ minimum: 1, description: 'Grows by one with every change of the record' }),
      },
      { additionalProperties: false },
    ),
    data: Type.Union(
      [
        ref(ReservationSummarySchema),
        ref(AccommodationSchema),
        ref(BlockSchema),
        ref(GuestSchema),
        ref(CalendarConflictEventSchema),
      ],
      {
        description: 'The whole record after the change (for calendar.conflict: the conflict and its calendar)',
      },
    ),
    changes: Type.Optional(
      Type.Array(text(50), { maxItems: 50, description: 'For *.updated and *.cancelled: the fields that changed' }),
    ),
    previous: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: 'The values of `changes` before the change' }),
    ),
  },
  {
    $id: 'Event',
    additionalProperties: false,
    description:
      'One change of a reservation, an accommodation, a block or a guest, or a calendar’s conflict (SPEC §10, §13, §15, §16)',
  },
);
export type Event = Static<typeof EventSchema>;

const typeAlternatives = EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|');

export const FEED_LIMIT_MAX = 1000;
export const FEED_WAIT_MAX_SECONDS = 30;

export const FeedQuery = Type.Object({
  organization: Type.Optional({
    ...OrganizationId,
    description: 'One organization; omitted, every organization of the credential',
  }),
  after: Type.Optional(
    Type.String({
      maxLength: CURSOR_MAX_LENGTH,
      description: 'A cursor from a `next` link or an Events-Cursor header',
    }),
  ),
  types: Type.Optional(
    Type.String({
      pattern: `^(${typeAlternatives})(,(${typeAlternatives}))*$`,
      maxLength: 300,
      description: `Comma-separated event types: ${EVENT_TYPES.join(', ')}`,
    }),
  ),
  reservation: Type.Optional({ ...RecordId, description: 'Only the events of this reservation' }),
  accommodation: Type.Optional({ ...RecordId, description: 'Only the events of this accommodation' }),
  limit: Type.Optional(int32({ minimum: 1, maximum: FEED_LIMIT_MAX, description: 'Events per page; default 100' })),
  wait: Type.Optional(
    int32({
      minimum: 0,
      maximum: FEED_WAIT_MAX_SECONDS,
      description: 'Seconds to hold an empty answer for new events',
    }),
  ),
});
export type FeedQuery = Static<typeof FeedQuery>;
