import { addDays, daysBetween, formatTimestamp } from '../../shared/dates.js';
import { DEFAULT_AGE_GROUPS } from '../../db/migrations/015_prices.js';
import { formatAmount } from '../../shared/money.js';
import { SeededRandom } from '../../shared/random.js';
import type { ReservationStatus } from '../reservations/reservation-status.js';
import { holdsNights } from '../reservations/state-machine.js';
import type {
  ImportAccommodation,
  ImportAgeGroup,
  ImportBlock,
  ImportDiscount,
  ImportDocument,
  ImportOrganization,
  ImportPriceComponent,
  ImportReservation,
  ImportSupplement,
  RecordsDocument,
} from './import.schemas.js';

/**
 * A realistic demo data set: a holiday park, a city hotel and a small rental agency in different
 * time zones, two years of stays around `today` with seasons, weekends, lead times, cancellations
 * and every status, and a price list (SPEC §14) that prices every stay the demo could sell.
 * Deterministic for a given `today`.
 */

interface UnitKind {
  type: string;
  maxPersons: number;
  bedrooms: number | null;
  nightly: number;
  count: number;
  stay: readonly (readonly [number, number])[];
}

interface OrganizationPlan {
  organization: ImportOrganization & { id: number };
  code: string;
  currency: string;
  kinds: UnitKind[];
  /** Probability that a free night starts a stay, by season: [low, shoulder, high]. */
  demand: readonly [number, number, number];
  channels: readonly (readonly [string, number])[];
  /** Per adult and night, in minor units of `currency`. */
  touristTax: number;
}

const FIRST_NAMES = [
  'Anna',
  'Bram',
  'Chloé',
  'Daan',
  'Emma',
  'Finn',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katja',
  'Lars',
  'Mila',
  'Noah',
  'Olivia',
  'Pieter',
  'Quinn',
  'Rosa',
  'Sem',
  'Tess',
  'Umar',
  'Vera',
  'Willem',
  'Yara',
  'Zoë',
  'João',
  'Maria',
  'Lukas',
  'Sofia',
  'Mateo',
  'Aiko',
  'Liam',
];
const LAST_NAMES = [
  'de Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Müller',
  'Schmidt',
  'Dubois',
  'Martin',
  'Silva',
  'Santos',
  'Ferreira',
  'Rossi',
  'García',
  'Smith',
  'Johnson',
  'Brown',
  'Novak',
  'Kowalski',
  'Andersen',
  'Nielsen',
  'Tanaka',
  "O'Brien",
];

function plans(): OrganizationPlan[] {
  const created = '2023-01-02T09:00:00Z';
  return [
    {
      organization: {
        id: 1,
        name: 'Vakantiepark De Veluwse Bossen',
        timezone: 'Europe/Amsterdam',
        created,
        modified: created,
      },
      code: 'VB',
      currency: 'EUR',
      kinds: [
        {
          type: 'chalet',
          maxPersons: 6,
          bedrooms: 3,
          nightly: 12500,
          count: 60,
          stay: [
            [2, 20],
            [3, 25],
            [4, 25],
            [7, 25],
            [14, 5],
          ],
        },
        {
          type: 'bungalow',
          maxPersons: 4,
          bedrooms: 2,
          nightly: 9500,
          count: 40,
          stay: [
            [2, 20],
            [3, 25],
            [4, 25],
            [7, 30],
          ],
        },
        {
          type: 'pitch',
          maxPersons: 6,
          bedrooms: null,
          nightly: 3200,
          count: 40,
          stay: [
            [1, 10],
            [2, 25],
            [3, 25],
            [7, 30],
            [14, 10],
          ],
        },
        {
          type: 'tent',
          maxPersons: 4,
          bedrooms: 1,
          nightly: 6500,
          count: 12,
          stay: [
            [2, 30],
            [3, 30],
            [7, 40],
          ],
        },
      ],
      demand: [0.08, 0.2, 0.55],
      touristTax: 235,
      channels: [
        ['website', 50],
        ['booking.com', 20],
        ['phone', 10],
        ['airbnb', 8],
        ['natuurhuisje.nl', 12],
      ],
    },
    {
      organization: { id: 2, name: 'Hotel Miradouro Lisboa', timezone: 'Europe/Lisbon', created, modified: created },
      code: 'HML',
      currency: 'EUR',
      kinds: [
        {
          type: 'room',
          maxPersons: 2,
          bedrooms: 1,
          nightly: 14000,
          count: 30,
          stay: [
            [1, 30],
            [2, 35],
            [3, 25],
            [5, 10],
          ],
        },
        {
          type: 'room',
          maxPersons: 4,
          bedrooms: 1,
          nightly: 19500,
          count: 10,
          stay: [
            [1, 20],
            [2, 35],
            [3, 30],
            [5, 15],
          ],
        },
      ],
      demand: [0.3, 0.45, 0.6],
      touristTax: 400,
      channels: [
        ['booking.com', 45],
        ['expedia', 20],
        ['website', 25],
        ['phone', 10],
      ],
    },
    {
      organization: {
        id: 3,
        name: 'Cape Cod Cottage Rentals',
        timezone: 'America/New_York',
        created,
        modified: created,
      },
      code: 'CCR',
      currency: 'USD',
      kinds: [
        {
          type: 'apartment',
          maxPersons: 4,
          bedrooms: 2,
          nightly: 21000,
          count: 12,
          stay: [
            [3, 20],
            [7, 60],
            [14, 20],
          ],
        },
        {
          type: 'cottage',
          maxPersons: 8,
          bedrooms: 4,
          nightly: 38000,
          count: 8,
          stay: [
            [7, 70],
            [14, 30],
          ],
        },
      ],
      demand: [0.02, 0.1, 0.4],
      touristTax: 300,
      channels: [
        ['website', 40],
        ['airbnb', 35],
        ['vrbo', 20],
        ['phone', 5],
      ],
    },
  ];
}

/** 0 = low, 1 = shoulder, 2 = high season, by month (northern hemisphere). */
function season(date: string): 0 | 1 | 2 {
  const month = Number(date.slice(5, 7));
  if (month === 7 || month === 8) return 2;
  if (month >= 4 && month <= 10) return 1;
  return 0;
}

function isWeekendArrival(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 5 || day === 6;
}

/**
 * The status a stay would have today, so the console's Today has work to do: guests arriving today
 * are still to check in, guests leaving today still to check out.
 */
function statusFor(random: SeededRandom, dateFrom: string, dateTo: string, today: string): ReservationStatus {
  if (dateTo < today)
    return random.weighted([
      ['checked-out', 97],
      ['no-show', 3],
    ]);
  if (dateFrom < today) return 'checked-in';
  return daysBetween(today, dateFrom) < 14
    ? 'confirmed'
    : random.weighted([
        ['confirmed', 92],
        ['option', 8],
      ]);
}

export type DemoDocument = RecordsDocument &
  Required<Pick<ImportDocument, 'blocks' | 'ageGroups' | 'priceComponents' | 'supplements' | 'discounts'>>;

export function generateDemoData(today: string, seed = 20250417): DemoDocument {
  const random = new SeededRandom(seed);
  const start = addDays(today, -365);
  const end = addDays(today, 365);
  const nowMs = Date.parse(`${today}T12:00:00Z`);
  const organizations: ImportOrganization[] = [];
  const accommodations: ImportAccommodation[] = [];
  const reservations: ImportReservation[] = [];
  let accommodationId = 0;
  let reservationId = 0;

  for (const plan of plans()) {
    organizations.push({ ...plan.organization, currency: plan.currency });
    let sequence = 0;
    for (const kind of plan.kinds) {
      for (let n = 1; n <= kind.count; n++) {
        const id = ++accommodationId;
        const title = `${kind.type[0]?.toUpperCase()}${kind.type.slice(1)} ${String(n).padStart(2, '0')}${kind.maxPersons > 2 && kind.type === 'room' ? ' family' : ''}`;
        const active = random.chance(0.97);
        accommodations.push({
          id,
          organization: plan.organization.id,
          title,
          type: kind.type,
          maxPersons: kind.maxPersons,
          bedrooms: kind.bedrooms,
          active,
          created: plan.organization.created,
          modified: active ? plan.organization.created : formatTimestamp(new Date(nowMs - 30 * 86_400_000)),
        });
        if (!active) continue;

        let day = start;
        while (day < end) {
          const demand = plan.demand[season(day)] * (isWeekendArrival(day) ? 1.6 : 1);
          if (!random.chance(demand)) {
            day = addDays(day, 1);
            continue;
          }
          const nights = random.weighted(kind.stay);
          const dateTo = addDays(day, nights);
          const leadDays = random.int(0, season(day) === 2 ? 200 : 60);
          const createdMs = Math.min(
            Date.parse(`${day}T00:00:00Z`) - leadDays * 86_400_000 + random.int(28_800, 79_200) * 1000,
            nowMs - 3_600_000,
          );
          const created = formatTimestamp(new Date(createdMs));
          const adults = Math.max(1, Math.min(kind.maxPersons, random.int(1, kind.maxPersons)));
          const children = random.int(0, kind.maxPersons - adults);
          const peak = season(day) === 2 ? 1.35 : season(day) === 1 ? 1.1 : 0.9;
          const reservation = (status: ReservationStatus, cancelledMs: number | null): ImportReservation => {
            const modifiedMs = Math.min(
              nowMs - 60_000,
              Math.max(createdMs, cancelledMs ?? createdMs + random.int(0, 7) * 86_400_000),
            );
            return {
              id: ++reservationId,
              reservationNumber: `${plan.code}-${day.slice(0, 4)}-${String(++sequence).padStart(6, '0')}`,
              organization: plan.organization.id,
              accommodation: id,
              status,
              dateFrom: day,
              dateTo,
              adults,
              children,
              babies: random.chance(0.08) ? 1 : 0,
              guestName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
              totalAmount: formatAmount(Math.round((kind.nightly * nights * peak) / 5) * 5),
              currency: plan.currency,
              channel: random.weighted(plan.channels),
              created,
              modified: formatTimestamp(new Date(modifiedMs)),
              cancelled: cancelledMs === null ? null : formatTimestamp(new Date(cancelledMs)),
            };
          };
          // About one booking in ten is cancelled; it frees its nights, so another stay may follow.
          if (random.chance(0.1) && createdMs < nowMs - 86_400_000) {
            const cancelledMs = Math.min(
              nowMs - 3_600_000,
              createdMs + random.int(1, Math.max(1, leadDays)) * 86_400_000,
            );
            reservations.push(reservation('cancelled', Math.max(cancelledMs, createdMs + 60_000)));
            continue;
          }
          reservations.push(reservation(statusFor(random, day, dateTo, today), null));
          day = addDays(dateTo, random.int(0, 2));
        }
      }
    }
  }
  return {
    organizations,
    accommodations,
    reservations,
    blocks: demoBlocks(accommodations, reservations, today, seed),
    ...demoPrices(plans(), start, today),
  };
}

/** Minor units rounded to a whole unit of the currency, as a price list shows them. */
const wholeUnits = (minor: number) => Math.round(minor / 100) * 100;

/**
 * Each organization's price list (SPEC §14), from no random stream (the stays and blocks are the
 * same as before prices existed): its three age groups; per accommodation type a rent for the low
 * and the high season (July and August, the demo's peak), a weekend rent for Friday and Saturday
 * nights that beats it, and a final cleaning per stay; a tourist tax per adult and night for at most
 * 14 nights; four supplements and three discounts. Rents run from the first of January before the
 * first arrival to the summer after the last night of a stay the demo could sell (arriving up to two
 * years ahead, 28 nights long), so that every night of every stay it holds or sells has its rent.
 */
function demoPrices(
  organizationPlans: readonly OrganizationPlan[],
  firstArrival: string,
  today: string,
): Pick<DemoDocument, 'ageGroups' | 'priceComponents' | 'supplements' | 'discounts'> {
  const ageGroups: ImportAgeGroup[] = [];
  const priceComponents: ImportPriceComponent[] = [];
  const supplements: ImportSupplement[] = [];
  const discounts: ImportDiscount[] = [];
  const firstYear = Number(firstArrival.slice(0, 4));
  // The last night of the longest stay (28 nights) arriving two years after today.
  const lastYear = Number(addDays(today, 730 + 27).slice(0, 4));
  const always = { dateFrom: `${firstYear}-01-01`, dateTo: `${lastYear}-12-31` };
  const money = (minor: number) => formatAmount(minor);
  // One range of ids for the four kinds: they share one table.
  let id = 0;
  for (const plan of organizationPlans) {
    const { id: organization, created } = plan.organization;
    const stamps = { organization, created, modified: created };
    let adults = 0;
    for (const group of DEFAULT_AGE_GROUPS) {
      ageGroups.push({ id: ++id, ...stamps, ...group });
      if (group.category === 'adult') adults = id;
    }
    // A type's price is that of its first kind (the hotel's family rooms are rooms too).
    const types = new Map<string, number>();
    for (const kind of plan.kinds) if (!types.has(kind.type)) types.set(kind.type, kind.nightly);
    for (const [type, nightly] of types) {
      const rent = (description: string, amount: number, dateFrom: string, dateTo: string, weekend: boolean) =>
        priceComponents.push({
          id: ++id,
          ...stamps,
          type,
          description,
          kind: 'rent',
          basis: 'night',
          amount: money(wholeUnits(weekend ? amount * 1.15 : amount)),
          dateFrom,
          dateTo,
          ...(weekend ? { weekdays: [5, 6] } : {}),
        });
      for (const weekend of [false, true]) {
        const name = weekend ? 'Weekend night' : 'Night';
        // The demo stays' own factors for the low and the high season. A low season runs from
        // September to June: one rent per season, as few as a quote has to look through.
        const low = nightly * 0.9;
        rent(`${name}, low season`, low, `${firstYear}-01-01`, `${firstYear}-06-30`, weekend);
        for (let year = firstYear; year <= lastYear; year++) {
          rent(`${name}, high season`, nightly * 1.35, `${year}-07-01`, `${year}-08-31`, weekend);
          rent(`${name}, low season`, low, `${year}-09-01`, `${year + 1}-06-30`, weekend);
        }
      }
      priceComponents.push({
        id: ++id,
        ...stamps,
        type,
        description: 'Final cleaning',
        kind: 'fee',
        basis: 'stay',
        amount: money(wholeUnits(nightly * 0.6)),
        ...always,
      });
    }
    priceComponents.push({
      id: ++id,
      ...stamps,
      description: 'Tourist tax',
      kind: 'tax',
      basis: 'person-night',
      amount: money(plan.touristTax),
      ageGroups: [adults],
      maxNights: 14,
      ...always,
    });
    const supplement = (description: string, basis: ImportSupplement['basis'], amount: number, extra = {}) =>
      supplements.push({ id: ++id, ...stamps, description, basis, amount: money(amount), ...extra });
    supplement('Booking fee', 'stay', 1500, { required: true });
    supplement('Bed linen', 'person-stay', 1250);
    supplement('Dog', 'night', 450, { maxQuantity: 2 });
    supplement('Baby cot', 'stay', 750);
    const discount = (description: string, kind: ImportDiscount['kind'], percent: number, extra: object) =>
      discounts.push({ id: ++id, ...stamps, description, kind, percent, ...always, ...extra });
    discount('Long stay', 'long-stay', 10, { minNights: 14 });
    discount('Early booking', 'early-booking', 5, { minDaysBeforeArrival: 90 });
    discount('Last minute', 'last-minute', 15, { maxDaysBeforeArrival: 7 });
  }
  return { ageGroups, priceComponents, supplements, discounts };
}

/**
 * A few blocks (SPEC §13) for the board to show: every seventh active accommodation is closed for
 * maintenance or its owner's own use for two or three nights in the first gap between its stays a
 * week or more ahead. Placed after the stays, from a random stream of their own, so the stays are
 * the same as before blocks existed.
 */
function demoBlocks(
  accommodations: readonly ImportAccommodation[],
  reservations: readonly ImportReservation[],
  today: string,
  seed: number,
): ImportBlock[] {
  const random = new SeededRandom(seed + 1);
  const holding = reservations.filter((r) => holdsNights(r.status ?? 'confirmed'));
  const blocks: ImportBlock[] = [];
  accommodations
    .filter((a) => a.active !== false)
    .filter((_, i) => i % 7 === 3)
    .forEach((accommodation) => {
      const nights = random.int(2, 3);
      const stays = holding
        .filter((r) => r.accommodation === accommodation.id)
        .sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : 1));
      let from = addDays(today, 7 + random.int(0, 20));
      for (const stay of stays) {
        if (stay.dateTo <= from) continue;
        if (addDays(from, nights) <= stay.dateFrom) break;
        from = stay.dateTo;
      }
      const kind = random.chance(0.7) ? 'maintenance' : 'owner';
      blocks.push({
        id: blocks.length + 1,
        organization: accommodation.organization,
        accommodation: accommodation.id as number,
        dateFrom: from,
        dateTo: addDays(from, nights),
        kind,
        note: kind === 'maintenance' ? random.pick(MAINTENANCE_NOTES) : null,
        created: accommodation.created,
        modified: accommodation.created,
      });
    });
  return blocks;
}

const MAINTENANCE_NOTES = ['Painting', 'New boiler', 'Deep clean', 'Roof repair'];
