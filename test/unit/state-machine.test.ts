import { describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../src/modules/reservations/reservation-status.js';
import { canMove, holdsNights, NIGHT_HOLDING_STATUSES } from '../../src/modules/reservations/state-machine.js';

// SPEC §3, written out in full: every pair of states, and whether the move is allowed.
const ALLOWED: [ReservationStatus, ReservationStatus][] = [
  ['option', 'confirmed'],
  ['option', 'cancelled'],
  ['confirmed', 'checked-in'],
  ['confirmed', 'cancelled'],
  ['confirmed', 'no-show'],
  ['checked-in', 'checked-out'],
];

const pairs = RESERVATION_STATUSES.flatMap((from) => RESERVATION_STATUSES.map((to) => [from, to] as const));

describe('reservation state machine', () => {
  it.each(pairs.filter(([from, to]) => from !== to))('%s → %s', (from, to) => {
    const expected = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canMove(from, to)).toBe(expected);
  });

  it.each(RESERVATION_STATUSES)('staying %s is not a move and always allowed', (status) => {
    expect(canMove(status, status)).toBe(true);
  });

  it.each(['cancelled', 'checked-out', 'no-show'] as const)('%s is final', (status) => {
    expect(RESERVATION_STATUSES.filter((to) => to !== status && canMove(status, to))).toEqual([]);
  });

  it('lets every state but cancelled and no-show hold nights', () => {
    expect(RESERVATION_STATUSES.filter(holdsNights)).toEqual(['option', 'confirmed', 'checked-in', 'checked-out']);
    expect(NIGHT_HOLDING_STATUSES).toEqual(['option', 'confirmed', 'checked-in', 'checked-out']);
  });
});
