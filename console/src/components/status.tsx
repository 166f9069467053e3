import type { ComponentChildren } from 'preact';
import type { ReservationStatus } from '../../../client/index.js';

/** SPEC §3 as the console shows it; the moves mirror src/modules/reservations/state-machine.ts. */

export const STATUS_LABEL: Record<ReservationStatus, string> = {
  option: 'Option',
  confirmed: 'Confirmed',
  'checked-in': 'Checked in',
  'checked-out': 'Checked out',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};

export const MOVES: Record<ReservationStatus, readonly ReservationStatus[]> = {
  option: ['confirmed', 'cancelled'],
  confirmed: ['checked-in', 'cancelled', 'no-show'],
  'checked-in': ['checked-out'],
  'checked-out': [],
  cancelled: [],
  'no-show': [],
};

/** The button text for moving into a status. */
export const MOVE_LABEL: Record<ReservationStatus, string> = {
  option: 'Make option',
  confirmed: 'Confirm',
  'checked-in': 'Check in',
  'checked-out': 'Check out',
  cancelled: 'Cancel reservation',
  'no-show': 'No-show',
};

/** Statuses that hold nights (SPEC §3): all but cancelled and no-show. */
export const HOLDING: readonly ReservationStatus[] = ['option', 'confirmed', 'checked-in', 'checked-out'];

export function StatusBadge({ status }: { status: ReservationStatus }) {
  return (
    <span class={`badge status-${status}`} data-testid="status" data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/** The status colours; `children` adds items of a screen's own (the board's blocks). */
export function Legend({ children }: { children?: ComponentChildren }) {
  return (
    <ul class="legend" aria-label="Status colours">
      {(Object.keys(STATUS_LABEL) as ReservationStatus[]).map((status) => (
        <li key={status}>
          <span class={`swatch bar status-${status}`} aria-hidden="true" />
          {STATUS_LABEL[status]}
        </li>
      ))}
      {children}
    </ul>
  );
}
