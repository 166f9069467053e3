import { type Static, Type } from 'typebox';

/** The reservation states of SPEC §3. */
export const ReservationStatusSchema = Type.Union([
  Type.Literal('option'),
  Type.Literal('confirmed'),
  Type.Literal('checked-in'),
  Type.Literal('checked-out'),
  Type.Literal('cancelled'),
  Type.Literal('no-show'),
]);
export type ReservationStatus = Static<typeof ReservationStatusSchema>;

export const RESERVATION_STATUSES: readonly ReservationStatus[] = [
  'option',
  'confirmed',
  'checked-in',
  'checked-out',
  'cancelled',
  'no-show',
];
