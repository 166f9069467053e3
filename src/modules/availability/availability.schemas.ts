import { type Static, Type } from 'typebox';
import { CalendarDate, Currency, FormattedMoney, OrganizationId, RecordId, int32, text } from '../../shared/schemas.js';
import { MAX_NIGHTS_AT_ONCE } from '../../shared/stay-dates.js';
import { TITLE_MAX, UNIT_TYPE_MAX } from '../accommodations/accommodations.schemas.js';
import { STAY_RULE_REASONS } from './stay-rules.js';

const UnitType = Type.String({
  minLength: 1,
  maxLength: UNIT_TYPE_MAX,
  description: 'Only accommodations of this type',
});

const AccommodationBrief = Type.Object(
  { id: RecordId, title: text(TITLE_MAX), type: text(UNIT_TYPE_MAX), maxPersons: int32() },
  { additionalProperties: false },
);

/** What holds nights (SPEC §13): a reservation, a block, or a live draft of the booking flow (§15). */
export const HOLD_KINDS = ['reservation', 'block', 'draft'] as const;

export const GridQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  dateFrom: { ...CalendarDate, description: 'The first night' },
  dateTo: { ...CalendarDate, description: 'The last night (at most 366 nights)' },
  type: Type.Optional(UnitType),
});
export type GridQuery = Static<typeof GridQuery>;

export const GridSchema = Type.Object(
  {
    dateFrom: CalendarDate,
    dateTo: CalendarDate,
    accommodations: Type.Array(
      Type.Object(
        {
          ...AccommodationBrief.properties,
          held: Type.Array(
            Type.Object(
              {
                dateFrom: CalendarDate,
                dateTo: { ...CalendarDate, description: 'A departure day: the day after the last night held' },
                kind: Type.Enum(HOLD_KINDS, {
                  description:
                    'A reservation, a block, or a draft: a booking in progress (SPEC §15) that holds the nights until it is placed or expires',
                }),
                id: RecordId,
              },
              { additionalProperties: false },
            ),
            { maxItems: MAX_NIGHTS_AT_ONCE },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    types: Type.Array(
      Type.Object(
        {
          type: text(UNIT_TYPE_MAX),
          total: int32(),
          free: Type.Array(int32(), {
            maxItems: MAX_NIGHTS_AT_ONCE,
            description: 'Accommodations free, night by night',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    $id: 'AvailabilityGrid',
    additionalProperties: false,
    description:
      'The park at a glance: what holds each active accommodation, and how many are free per night (SPEC §13)',
  },
);
export type Grid = Static<typeof GridSchema>;

export const SEARCH_REASONS = ['taken', 'blocked', 'capacity', ...STAY_RULE_REASONS, 'no-price'] as const;
export type SearchReason = (typeof SEARCH_REASONS)[number];

const Party = int32({ maximum: 1000 });
export const SearchQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  dateFrom: { ...CalendarDate, description: 'Arrival day' },
  dateTo: { ...CalendarDate, description: 'Departure day' },
  adults: { ...Party, minimum: 1 },
  children: Type.Optional(Party),
  babies: Type.Optional(Party),
  type: Type.Optional(UnitType),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResultSchema = Type.Object(
  {
    accommodation: AccommodationBrief,
    bookable: Type.Boolean(),
    reasons: Type.Array(Type.Enum(SEARCH_REASONS), {
      maxItems: SEARCH_REASONS.length,
      description: 'Every reason the stay cannot be sold',
    }),
    orderLinesTotal: Type.Union([FormattedMoney, Type.Null()], {
      description: 'The quote (SPEC §14); null when not bookable',
    }),
    currency: Type.Union([Currency, Type.Null()]),
  },
  {
    $id: 'AvailabilitySearchResult',
    additionalProperties: false,
    description: 'One accommodation for one stay (SPEC §13)',
  },
);
export type SearchResult = Static<typeof SearchResultSchema>;
