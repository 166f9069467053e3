import { type Static, Type } from 'typebox';
import { CalendarDate, OrganizationId, RecordId, Timestamp, inputText, int32, text } from '../../shared/schemas.js';

/** The longest note a block keeps. */
export const NOTE_MAX = 500;

/** What holds the nights: `external` only comes from a subscribed calendar (SPEC §16). */
export const BLOCK_KINDS = ['maintenance', 'owner', 'closed', 'external'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
/** The kinds a client may set. */
export const WRITABLE_BLOCK_KINDS = ['maintenance', 'owner', 'closed'] as const;

export const BlockSchema = Type.Object(
  {
    id: RecordId,
    organization: int32({ minimum: 1, description: 'Owning organization id' }),
    accommodation: RecordId,
    dateFrom: { ...CalendarDate, description: 'The first night held' },
    dateTo: { ...CalendarDate, description: 'The day after the last night held (as a departure day)' },
    kind: Type.Enum(BLOCK_KINDS),
    note: Type.Union([text(NOTE_MAX), Type.Null()]),
    calendar: Type.Union([RecordId, Type.Null()], { description: 'The subscribed calendar of an external block' }),
    created: Timestamp,
    modified: Timestamp,
  },
  {
    $id: 'Block',
    additionalProperties: false,
    description: 'Nights of an accommodation held without a reservation (SPEC §13)',
    examples: [
      {
        id: 3,
        organization: 1,
        accommodation: 12,
        dateFrom: '2027-03-01',
        dateTo: '2027-03-04',
        kind: 'maintenance',
        note: 'New roof',
        calendar: null,
        created: '2027-01-10T09:00:00Z',
        modified: '2027-01-10T09:00:00Z',
      },
    ],
  },
);
export type Block = Static<typeof BlockSchema>;

export const BlockListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  dateFrom: { ...CalendarDate, description: 'First night of the period' },
  dateTo: { ...CalendarDate, description: 'Last night of the period' },
  accommodation: Type.Optional({ ...RecordId, description: 'Only the blocks of this accommodation' }),
});
export type BlockListQuery = Static<typeof BlockListQuery>;

const Note = Type.Union([inputText({ maxLength: NOTE_MAX }), Type.Null()]);
const WritableKind = Type.Enum(WRITABLE_BLOCK_KINDS, { description: '`external` only comes from a calendar (§16)' });

export const CreateBlockBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    accommodation: RecordId,
    dateFrom: { ...CalendarDate, description: 'The first night held' },
    dateTo: { ...CalendarDate, description: 'The day after the last night held' },
    kind: WritableKind,
    note: Type.Optional(Note),
  },
  { additionalProperties: false },
);
export type CreateBlockBody = Static<typeof CreateBlockBody>;

export const UpdateBlockBody = Type.Object(
  {
    accommodation: Type.Optional(RecordId),
    dateFrom: Type.Optional(CalendarDate),
    dateTo: Type.Optional(CalendarDate),
    kind: Type.Optional(WritableKind),
    note: Type.Optional(Note),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateBlockBody = Static<typeof UpdateBlockBody>;
