import type { RecordsDocument, ImportReservation } from '../../src/modules/data/import.schemas.js';
import { addDays } from '../../src/shared/dates.js';

/**
 * 4,000 reservations of one park from 2025-01-01 to mid-2026 (over 2,000 arrivals in 2025 alone),
 * stays across the new year on their own units, and guest names that CSV must quote: commas,
 * quotes, line breaks, non-ASCII letters, a leading equals sign. A second organization exists for
 * the 403 case and holds reservations that must never appear.
 */
export const PARK = 1;
export const OTHER = 2;
export const RESERVATIONS = 4000;
export const UNITS = 16;

const AWKWARD_NAMES = ['Jansen, Piet', 'Anna "Annie" de Vries', 'Zoë Ünal\nc/o Müller', '=SUM(A1:A9)', 'Ōsaka 大阪'];

export function exportDataSet(): RecordsDocument {
  const reservations: ImportReservation[] = [];
  const add = (id: number, organization: number, accommodation: number, dateFrom: string, nights: number) => {
    const created = `${addDays(dateFrom, -30)}T${String(id % 24).padStart(2, '0')}:15:00Z`;
    reservations.push({
      id,
      reservationNumber: `EX-${id}`,
      organization,
      accommodation,
      status: id % 7 === 0 ? 'cancelled' : 'confirmed',
      dateFrom,
      dateTo: addDays(dateFrom, nights),
      adults: 1 + (id % 4),
      children: id % 3,
      babies: id % 2,
      guestName: id % 10 === 0 ? (AWKWARD_NAMES[(id / 10) % AWKWARD_NAMES.length] as string) : `Guest ${id}`,
      totalAmount: `${(id % 900) + 50}.${String(id % 100).padStart(2, '0')}`,
      currency: 'EUR',
      channel: id % 2 ? 'website' : 'booking.com',
      created,
      modified: created,
      cancelled: id % 7 === 0 ? created : null,
    });
  };
  // One-night stays: unit u takes every other day, so no two of a unit overlap.
  for (let n = 0; n < RESERVATIONS; n++) {
    const unit = (n % UNITS) + 1;
    const slot = Math.floor(n / UNITS);
    add(10_000 + n, PARK, unit, addDays('2025-01-01', slot * 2 + (unit % 2)), 1);
  }
  // Stays across the new year: in both one-year chunks for referenceDate=stay.
  add(20_001, PARK, UNITS + 1, '2025-12-30', 4);
  add(20_002, PARK, UNITS + 2, '2025-12-31', 2);
  for (let n = 0; n < 10; n++) add(30_000 + n, OTHER, 100, addDays('2025-03-01', n * 2), 1);

  const accommodations = [
    ...Array.from({ length: UNITS + 2 }, (_, i) => ({
      id: i + 1,
      organization: PARK,
      title: i === 0 ? 'Chalet "De Eik", bij het meer' : `Unit ${i + 1}`,
      type: 'chalet',
      maxPersons: 6,
    })),
    { id: 100, organization: OTHER, title: 'Room 1', type: 'room', maxPersons: 2 },
  ];
  return {
    organizations: [
      { id: PARK, name: 'Park', timezone: 'Europe/Amsterdam' },
      { id: OTHER, name: 'Hotel', timezone: 'Europe/Amsterdam' },
    ],
    accommodations,
    reservations,
  };
}
