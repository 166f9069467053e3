import type { ReservationStatus } from './reservation-status.js';

/**
 * The reservation states of SPEC §3 and the moves between them. `cancelled`, `checked-out` and
 * `no-show` are final; cancelled and no-show reservations no longer hold their nights.
 */
export const TRANSITIONS: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  option: ['confirmed', 'cancelled'],
  confirmed: ['checked-in', 'cancelled', 'no-show'],
  'checked-in': ['checked-out'],
  'checked-out': [],
  cancelled: [],
  'no-show': [],
};

/** Statuses a new reservation may start in (SPEC §9). */
export const INITIAL_STATUSES = ['option', 'confirmed'] as const satisfies readonly ReservationStatus[];

/** Staying in the same state is not a move, and always allowed. */
export function canMove(from: ReservationStatus, to: ReservationStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

export function holdsNights(status: ReservationStatus): boolean {
  return status !== 'cancelled' && status !== 'no-show';
}

/** The statuses that hold nights, for queries and the PostgreSQL exclusion constraint. */
export const NIGHT_HOLDING_STATUSES: readonly ReservationStatus[] = (
  Object.keys(TRANSITIONS) as ReservationStatus[]
).filter(holdsNights);
