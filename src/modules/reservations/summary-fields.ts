import { Type } from 'typebox';
import { documentWriter, field, type FieldInput, kindsOf, shape } from '../../db/json-fields.js';
import type { ReservationRow } from '../../db/schema.js';
import type { ImportReservation } from '../data/import.schemas.js';
import {
  CalendarDate,
  Currency,
  FormattedMoney,
  InputTimestamp,
  Money,
  RecordId,
  Timestamp,
  inputText,
  int32,
  text,
} from '../../shared/schemas.js';
import { TITLE_MAX } from '../accommodations/accommodations.schemas.js';
import { ReservationStatusSchema } from './reservation-status.js';
import { RESERVATION_NUMBER_MAX, TEXT_MAX } from './text-limits.js';

/**
 * The reservation summary (SPEC §2), the one place its fields are named: in order, each with its
 * schema, the columns it is made from and how they print (db/json-fields.ts), and how `booking
 * import` reads it back. From this table come the response schema, `toSummary`, the JSON text of
 * an imported reservation's event, the page printed by SQLite and by PostgreSQL
 * (summaries-json.ts) and the columns they select (reservations.repository.ts).
 */

/** A reservation row joined with its accommodation's title (`r`, `a`): what a summary is made from. */
export type SummaryRow = Omit<ReservationRow, 'version'> & { accommodation_title: string };

const kind = kindsOf<SummaryRow>();
const strict = { additionalProperties: false } as const;

/** Read back as given; `optional`: may be left out (generated, or a default). */
const given = <S extends Parameters<typeof Type.Optional>[0]>(schema: S): FieldInput<S> => ({ schema });
const optional = <S extends Parameters<typeof Type.Optional>[0]>(schema: S) => given(Type.Optional(schema));
const Count = int32();

const ACCOMMODATION = shape(
  [
    field('id', RecordId, kind.integer('r.accommodation_id')),
    field('title', text(TEXT_MAX), kind.text('a.title as accommodation_title')),
  ],
  strict,
);

export const SUMMARY = shape(
  [
    field('id', RecordId, kind.integer('r.id'), optional(RecordId)),
    field(
      'reservationNumber',
      text(RESERVATION_NUMBER_MAX, 'Human reference, unique per organization'),
      kind.text('r.reservation_number'),
      given(inputText({ minLength: 1, maxLength: RESERVATION_NUMBER_MAX })),
    ),
    field('organization', RecordId, kind.integer('r.organization_id'), given(RecordId)),
    field(
      'accommodation',
      ACCOMMODATION.schema,
      ACCOMMODATION.kind,
      // By id, or as the summary shows it (the title is the accommodation's, not the reservation's);
      // a dump gives the id alone.
      {
        ...given(
          Type.Union([
            RecordId,
            Type.Object({ id: RecordId, title: Type.Optional(inputText({ maxLength: TITLE_MAX })) }, strict),
          ]),
        ),
        written: (accommodation: { id: number }) => accommodation.id,
      },
    ),
    field('status', ReservationStatusSchema, kind.text('r.status'), optional(ReservationStatusSchema)),
    field('dateFrom', { ...CalendarDate, description: 'Arrival day' }, kind.date('r.date_from'), given(CalendarDate)),
    field('dateTo', { ...CalendarDate, description: 'Departure day' }, kind.date('r.date_to'), given(CalendarDate)),
    field(
      'nights',
      int32({ minimum: 1, description: 'dateTo − dateFrom in days' }),
      kind.dayCount('r.date_from', 'r.date_to'),
      // Derived: read, and not used; a dump leaves it out.
      { ...optional(Count), written: false },
    ),
    field('adults', int32(), kind.integer('r.adults'), given(Count)),
    field('children', int32(), kind.integer('r.children'), optional(Count)),
    field('babies', int32(), kind.integer('r.babies'), optional(Count)),
    field(
      'guestName',
      text(TEXT_MAX, 'Main booker, as displayed'),
      kind.text('r.guest_name'),
      given(inputText({ maxLength: TEXT_MAX })),
    ),
    field(
      'name',
      text(
        TEXT_MAX,
        "The same text as guestName: the field the original service's published client reads (`$reservation->name`)",
      ),
      kind.text('r.guest_name'),
    ),
    field(
      'guest',
      Type.Union([RecordId, Type.Null()], { description: 'The guest record (SPEC §15) when there is one' }),
      kind.nullableInteger('r.guest_id'),
      // Left out, a stored reservation keeps its link. After the import's own `orderLines`. A dump
      // gives it only where there is one: most reservations have none, and a dump is written per row.
      {
        schema: Type.Optional(Type.Union([RecordId, Type.Null()])),
        last: true,
        written: (guest: number | null) => guest ?? undefined,
      },
    ),
    field('totalAmount', FormattedMoney, kind.money('r.total_amount_minor'), given(Money)),
    field('currency', Currency, kind.text('r.currency'), given(Currency)),
    field(
      'channel',
      Type.String({ maxLength: TEXT_MAX, examples: ['website', 'booking.com'] }),
      kind.text('r.channel'),
      optional(inputText({ maxLength: TEXT_MAX })),
    ),
    field('created', Timestamp, kind.timestamp('r.created'), optional(InputTimestamp)),
    field('modified', Timestamp, kind.timestamp('r.modified'), optional(InputTimestamp)),
    field(
      'cancelled',
      Type.Union([Timestamp, Type.Null()]),
      kind.nullableTimestamp('r.cancelled'),
      optional(Type.Union([InputTimestamp, Type.Null()])),
    ),
  ],
  {
    $id: 'ReservationSummary',
    additionalProperties: false,
    description: 'The read model of a reservation (SPEC §2)',
    examples: [
      {
        id: 4711,
        reservationNumber: 'DH-2025-00412',
        organization: 1,
        accommodation: { id: 12, title: 'Chalet Heide 12' },
        status: 'confirmed',
        dateFrom: '2025-07-14',
        dateTo: '2025-07-21',
        nights: 7,
        adults: 2,
        children: 1,
        babies: 0,
        guestName: 'Anna de Vries',
        name: 'Anna de Vries',
        guest: null,
        totalAmount: '875.00',
        currency: 'EUR',
        channel: 'website',
        created: '2025-01-20T14:03:11Z',
        modified: '2025-02-02T09:12:45Z',
        cancelled: null,
      },
    ],
  },
);

const summaryDocument = documentWriter(SUMMARY.fields);

/**
 * A stored reservation as `booking dump` writes it for `booking import` to read back: the fields
 * the import takes, in its order, without its own `orderLines` (the dump adds them where there are).
 */
export function dumpedReservation(row: Omit<ReservationRow, 'version'>): ImportReservation {
  // Without the accommodation's title: a dump names the accommodation by id (`written` above), and
  // a copy of each row to add one cost a million-row dump a sixth of its time.
  return summaryDocument(row as SummaryRow) as ImportReservation;
}
