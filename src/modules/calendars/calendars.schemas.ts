import { type Static, Type } from 'typebox';
import { CalendarDate, RecordId, Timestamp, inputText, int32, ref, text } from '../../shared/schemas.js';

/** Calendar sync (SPEC §16): the export feed's URL, subscriptions to other channels' feeds, conflicts. */

/** The longest feed URL kept. */
export const CALENDAR_URL_MAX = 2_000;
export const CALENDAR_NAME_MAX = 100;
/** Subscriptions per accommodation: a handful of channels, never an unbounded fan-out of fetches. */
export const CALENDARS_PER_ACCOMMODATION = 20;

export const IcalFeedSchema = Type.Object(
  {
    accommodation: RecordId,
    url: Type.String({
      maxLength: 2_100,
      description: 'The feed’s address, shown only here: the token in it is the only access',
    }),
    path: Type.String({ maxLength: 100, description: 'The same address relative to the service' }),
    created: Timestamp,
  },
  {
    $id: 'IcalFeed',
    additionalProperties: false,
    description: 'An accommodation’s iCalendar export feed (SPEC §16): the previous address stops at once',
  },
);
export type IcalFeed = Static<typeof IcalFeedSchema>;

const HeldBy = Type.Object(
  { kind: Type.Enum(['reservation', 'block', 'draft']), id: RecordId },
  {
    additionalProperties: false,
    description:
      'What holds the nights here: a reservation, a block, or a draft of the booking flow (SPEC §15; it clears at the first fetch after the draft expires)',
  },
);

export const CalendarConflictSchema = Type.Object(
  {
    uid: text(1_000, 'The event’s UID in the feed'),
    dateFrom: { ...CalendarDate, description: 'The event’s first night' },
    dateTo: { ...CalendarDate, description: 'The day after its last night' },
    heldBy: HeldBy,
  },
  { $id: 'CalendarConflict', additionalProperties: false },
);
export type CalendarConflict = Static<typeof CalendarConflictSchema>;

export const CalendarSchema = Type.Object(
  {
    id: RecordId,
    organization: RecordId,
    accommodation: RecordId,
    name: text(CALENDAR_NAME_MAX),
    url: text(CALENDAR_URL_MAX),
    created: Timestamp,
    modified: Timestamp,
    lastFetched: Type.Union([Timestamp, Type.Null()], { description: 'The last fetch, whatever its outcome' }),
    lastSuccess: Type.Union([Timestamp, Type.Null()], { description: 'The last fetch that read the feed (or 304)' }),
    lastError: Type.Union([text(200), Type.Null()], {
      description: 'Why the last fetch failed (null when it succeeded): an HTTP status or an error class',
    }),
    stale: Type.Boolean({ description: 'No success for 24 hours (since its creation when it never had one)' }),
    events: int32({ minimum: 0, description: 'Events of the feed that hold nights, as last read' }),
    conflicts: Type.Array(ref(CalendarConflictSchema), {
      maxItems: 10_000,
      description: 'Events over nights already held here: not stored as blocks',
    }),
  },
  {
    $id: 'Calendar',
    additionalProperties: false,
    description: 'A subscription of an accommodation to another channel’s iCalendar feed (SPEC §16)',
    examples: [
      {
        id: 2,
        organization: 1,
        accommodation: 12,
        name: 'Airbnb',
        url: 'https://www.airbnb.com/calendar/ical/123.ics?s=…',
        created: '2027-01-10T09:00:00Z',
        modified: '2027-01-10T09:00:00Z',
        lastFetched: '2027-01-10T09:15:00Z',
        lastSuccess: '2027-01-10T09:15:00Z',
        lastError: null,
        stale: false,
        events: 3,
        conflicts: [],
      },
    ],
  },
);
export type Calendar = Static<typeof CalendarSchema>;

/** What a `calendar.conflict` event carries: the conflict, with the calendar it was found in. */
export const CalendarConflictEventSchema = Type.Object(
  {
    id: { ...RecordId, description: 'The calendar' },
    organization: RecordId,
    accommodation: RecordId,
    name: text(CALENDAR_NAME_MAX, 'The calendar’s name'),
    uid: text(1_000, 'The event’s UID in the feed'),
    dateFrom: CalendarDate,
    dateTo: CalendarDate,
    heldBy: HeldBy,
  },
  {
    $id: 'CalendarConflictEvent',
    additionalProperties: false,
    description: 'An imported event over nights already held here (SPEC §16), recorded once',
  },
);
export type CalendarConflictEvent = Static<typeof CalendarConflictEventSchema>;

export const CreateCalendarBody = Type.Object(
  {
    url: inputText({
      minLength: 1,
      maxLength: CALENDAR_URL_MAX,
      description: 'The channel’s export feed: https, no credentials, not a private address',
    }),
    name: inputText({ minLength: 1, maxLength: CALENDAR_NAME_MAX, description: 'e.g. Airbnb, Booking.com, Vrbo' }),
  },
  { additionalProperties: false },
);
export type CreateCalendarBody = Static<typeof CreateCalendarBody>;

export const CalendarParams = Type.Object({ id: RecordId, calendarId: RecordId });
export type CalendarParams = Static<typeof CalendarParams>;

/** `{token}.ics`: the token is base64url of 32 random bytes. */
export const FeedParams = Type.Object({ file: Type.String({ maxLength: 100 }) });
