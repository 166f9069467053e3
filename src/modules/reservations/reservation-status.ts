import { type Static, Type } from 'typebox';

/** The reservation states of SPEC §3. */
export const RESERVATION_STATUSES = [
  'option',
  'confirmed',
  'checked-in',
  'checked-out',
  'cancelled',
  'no-show',
] as const;

export const ReservationStatusSchema = Type.Enum(RESERVATION_STATUSES, { description: 'Reservation state (SPEC §3)' });
export type ReservationStatus = Static<typeof ReservationStatusSchema>;
