import type { RecordsDocument, ImportReservation } from '../../src/modules/data/import.schemas.js';
import type { ReservationStatus } from '../../src/modules/reservations/reservation-status.js';
import { addDays } from '../../src/shared/dates.js';

/**
 * A generated data set for the summaries endpoint: 1,150 arrivals in July 2025 at a park in
 * Europe/Amsterdam (UTC+2 in summer), stays crossing the month edges, every status, timestamps on
 * both sides of local midnight, and a second organization whose rows must never show up.
 */
export const PARK = 1;
export const OTHER = 2;
export const PARK_ZONE = 'Europe/Amsterdam';
export const JULY_ARRIVALS = 1150;

const STATUSES: ReservationStatus[] = ['confirmed', 'option', 'checked-in', 'checked-out', 'cancelled', 'no-show'];

export function summariesDataSet(): RecordsDocument {
  const reservations: ImportReservation[] = [];
  let id = 1000;
  const add = (organization: number, accommodation: number, dateFrom: string, nights: number, created: string) => {
    id += 1;
    const status = STATUSES[id % STATUSES.length] as ReservationStatus;
    const modified = new Date(Date.parse(created) + (id % 5) * 3_600_000).toISOString().replace('.000', '');
    reservations.push({
      id,
      reservationNumber: `R-${id}`,
      organization,
      accommodation,
      status,
      dateFrom,
      dateTo: addDays(dateFrom, nights),
      adults: 2,
      children: id % 3,
      babies: 0,
      guestName: `Guest ${id}`,
      totalAmount: `${100 + (id % 50)}.${String(id % 100).padStart(2, '0')}`,
      currency: 'EUR',
      channel: id % 2 ? 'website' : 'booking.com',
      created,
      modified,
      cancelled: status === 'cancelled' ? modified : null,
    });
  };

  // 1,149 one-night July arrivals over 38 units (the 1,150th arrives on unit 43 below), created at
  // varied hours of the day before arrival.
  for (let n = 0; n < JULY_ARRIVALS - 1; n++) {
    const day = n % 31;
    const unit = 1 + Math.floor(n / 31);
    const arrival = addDays('2025-07-01', day);
    add(
      PARK,
      unit,
      arrival,
      1,
      `${addDays(arrival, -1)}T${String((n * 7) % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00Z`,
    );
  }
  // Stays across the month edges on their own units, so nothing overlaps a July one-nighter.
  add(PARK, 41, '2025-06-28', 5, '2025-05-01T10:00:00Z'); // leaves 3 July: a July stay, not a July arrival
  add(PARK, 42, '2025-06-25', 6, '2025-05-02T10:00:00Z'); // leaves 1 July: occupies no July night
  add(PARK, 43, '2025-07-30', 4, '2025-05-03T10:00:00Z'); // leaves 3 August
  add(PARK, 44, '2025-06-20', 45, '2025-05-04T10:00:00Z'); // around the whole month
  add(PARK, 45, '2025-08-01', 2, '2025-05-05T10:00:00Z');
  // 22:30 UTC on 30 June is 00:30 on 1 July in Amsterdam: created in July for this organization.
  add(PARK, 46, '2025-09-01', 2, '2025-06-30T22:30:00Z');
  // 22:30 UTC on 31 July is already 1 August there.
  add(PARK, 47, '2025-09-01', 2, '2025-07-31T22:30:00Z');
  // The other organization: July arrivals that must never appear for the park.
  for (let n = 0; n < 20; n++) add(OTHER, 100, addDays('2025-07-01', n), 1, '2025-06-01T00:00:00Z');

  const units = Array.from({ length: 47 }, (_, i) => ({
    id: i + 1,
    organization: PARK,
    title: `Unit ${i + 1}`,
    type: 'chalet',
    maxPersons: 4,
  }));
  return {
    organizations: [
      { id: PARK, name: 'Park', timezone: PARK_ZONE },
      { id: OTHER, name: 'Other', timezone: 'UTC' },
    ],
    accommodations: [...units, { id: 100, organization: OTHER, title: 'Room', type: 'room', maxPersons: 2 }],
    reservations,
  };
}
