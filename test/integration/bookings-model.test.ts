import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../../src/modules/reservations/reservation-status.js';
import { addDays } from '../../src/shared/dates.js';
import { DIALECTS, type TestDatabase } from '../helpers/databases.js';
import { apiKeyFor, twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { useApp } from '../helpers/use-database.js';

/**
 * Model-based test: random sequences of create, change and cancel against the real app, with a
 * plain in-memory model predicting every answer. After each step the database must equal the
 * model and hold no double booking, and `stay` summaries (a range bounded by the organization's
 * longest stay, which writes maintain) must list exactly the model's overlapping stays.
 */

interface Stay {
  accommodation: number;
  dateFrom: string;
  dateTo: string;
  status: ReservationStatus;
}
type Model = Map<number, Stay>;
interface Real {
  app: FastifyInstance;
  key: string;
  database: TestDatabase;
}

const BASE = '2025-07-01';

// The model's own copy of SPEC §3, so a mistake in the service's table cannot hide in both.
const MOVES: Record<ReservationStatus, ReservationStatus[]> = {
  option: ['confirmed', 'cancelled'],
  confirmed: ['checked-in', 'cancelled', 'no-show'],
  'checked-in': ['checked-out'],
  'checked-out': [],
  cancelled: [],
  'no-show': [],
};
const canMove = (from: ReservationStatus, to: ReservationStatus) => from === to || MOVES[from].includes(to);
const holdsNights = (status: ReservationStatus) => status !== 'cancelled' && status !== 'no-show';

function conflicts(model: Model, stay: Omit<Stay, 'status'>, exceptId?: number): boolean {
  return [...model].some(
    ([id, other]) =>
      id !== exceptId &&
      holdsNights(other.status) &&
      other.accommodation === stay.accommodation &&
      other.dateFrom < stay.dateTo &&
      stay.dateFrom < other.dateTo,
  );
}

const request = (real: Real, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  real.app.inject({ method, url, payload, headers: { 'x-api-key': real.key } });

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(readonly stay: Stay) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await request(real, 'POST', '/api/reservations', {
      accommodation: this.stay.accommodation,
      dateFrom: this.stay.dateFrom,
      dateTo: this.stay.dateTo,
      status: this.stay.status,
      adults: 1,
      guestName: 'Model',
      totalAmount: '1.00',
      currency: 'EUR',
    });
    if (conflicts(model, this.stay)) {
      expect(response.statusCode).toBe(409);
    } else {
      expect(response.statusCode).toBe(201);
      model.set(response.json().id, { ...this.stay });
    }
    await expectDatabaseEqualsModel(real, model);
  }
  toString = () => `create ${JSON.stringify(this.stay)}`;
}

/** Commands on an existing reservation pick it by position, so shrinking keeps them meaningful. */
abstract class OnExisting implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.size > 0;
  protected target(model: Model): [number, Stay] {
    const entries = [...model].sort(([a], [b]) => a - b);
    return entries[this.pick % entries.length] as [number, Stay];
  }
  abstract run(model: Model, real: Real): Promise<void>;
}

class Move extends OnExisting {
  constructor(
    pick: number,
    readonly change: { accommodation: number; dateFrom: string; dateTo: string },
  ) {
    super(pick);
  }
  override async run(model: Model, real: Real) {
    const [id, stay] = this.target(model);
    const response = await request(real, 'PATCH', `/api/reservations/${id}`, this.change);
    if (holdsNights(stay.status) && conflicts(model, this.change, id)) {
      expect(response.statusCode).toBe(409);
    } else {
      expect(response.statusCode).toBe(200);
      model.set(id, { ...stay, ...this.change });
    }
    await expectDatabaseEqualsModel(real, model);
  }
  override toString = () => `move #${this.pick} to ${JSON.stringify(this.change)}`;
}

class ChangeStatus extends OnExisting {
  constructor(
    pick: number,
    readonly status: ReservationStatus,
  ) {
    super(pick);
  }
  override async run(model: Model, real: Real) {
    const [id, stay] = this.target(model);
    const response = await request(real, 'PATCH', `/api/reservations/${id}`, { status: this.status });
    if (canMove(stay.status, this.status)) {
      expect(response.statusCode).toBe(200);
      model.set(id, { ...stay, status: this.status });
    } else {
      expect(response.statusCode).toBe(409);
    }
    await expectDatabaseEqualsModel(real, model);
  }
  override toString = () => `status #${this.pick} → ${this.status}`;
}

class Cancel extends OnExisting {
  override async run(model: Model, real: Real) {
    const [id, stay] = this.target(model);
    const response = await request(real, 'DELETE', `/api/reservations/${id}`);
    if (canMove(stay.status, 'cancelled')) {
      expect(response.statusCode).toBe(200);
      model.set(id, { ...stay, status: 'cancelled' });
    } else {
      expect(response.statusCode).toBe(409);
    }
    await expectDatabaseEqualsModel(real, model);
  }
  override toString = () => `cancel #${this.pick}`;
}

const stayArbitrary = fc
  .record({ accommodation: fc.constantFrom(10, 12), start: fc.nat(30), nights: fc.integer({ min: 1, max: 20 }) })
  .map(({ accommodation, start, nights }) => ({
    accommodation,
    dateFrom: addDays(BASE, start),
    dateTo: addDays(BASE, start + nights),
  }));

const commands = [
  fc
    .tuple(stayArbitrary, fc.constantFrom<ReservationStatus>('option', 'confirmed'))
    .map(([stay, status]) => new Create({ ...stay, status })),
  fc.tuple(fc.nat(), stayArbitrary).map(([pick, change]) => new Move(pick, change)),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<ReservationStatus>('option', 'confirmed', 'checked-in', 'checked-out', 'cancelled', 'no-show'),
    )
    .map(([pick, status]) => new ChangeStatus(pick, status)),
  fc.nat().map((pick) => new Cancel(pick)),
];

async function expectDatabaseEqualsModel(real: Real, model: Model) {
  const rows = await real.database.db.kysely
    .selectFrom('reservations')
    .select(['id', 'accommodation_id', 'date_from', 'date_to', 'status'])
    .orderBy('id')
    .execute();
  expect(
    rows.map((r) => [
      r.id,
      { accommodation: r.accommodation_id, dateFrom: r.date_from, dateTo: r.date_to, status: r.status },
    ]),
  ).toEqual([...model].sort(([a], [b]) => a - b));
  expect(await countDoubleBookings(real.database.db)).toBe(0);
  for (const [from, to] of STAY_PERIODS) {
    const dateFrom = addDays(BASE, from);
    const dateTo = addDays(BASE, to);
    const response = await real.app.inject({
      url: `/api/reservations/summaries?referenceDate=stay&dateFrom=${dateFrom}&dateTo=${dateTo}&limit=100`,
      headers: { 'x-api-key': real.key, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    // Every status: a stay holds the period's nights if it arrives by its last day and leaves after its first.
    const expected = [...model].filter(([, s]) => s.dateFrom <= dateTo && s.dateTo > dateFrom).map(([id]) => id);
    const listed = (response.json() as { id: number }[]).map((r) => r.id);
    expect(
      listed.sort((a, b) => a - b),
      `stay ${dateFrom}…${dateTo}`,
    ).toEqual(expected.sort((a, b) => a - b));
  }
}

/** Periods (days after BASE, inclusive) whose `stay` summaries are checked after every step. */
const STAY_PERIODS = [
  [0, 0],
  [25, 25],
  [30, 34],
  [45, 60],
] as const;

describe.each(DIALECTS)('bookings against a model on %s', (dialect) => {
  const used = useApp(dialect, { data: twoOrganizations });
  let real: Real;

  beforeAll(async () => {
    const key = await apiKeyFor(used.db, { organizations: [1], scope: 'write' });
    real = { app: used.app, key, database: used.database };
  });

  it('agrees with the model after every step of random create, change and cancel sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (sequence) => {
        await real.database.db.kysely.deleteFrom('reservations').execute();
        // As a new database: no stay yet, and a new counter so no cached page of the last run is served.
        await real.database.db.kysely
          .updateTable('organizations')
          .set((eb) => ({ longest_stay_nights: 0, version: eb('version', '+', 1) }))
          .execute();
        const model: Model = new Map();
        await fc.asyncModelRun(() => ({ model, real }), sequence);
      }),
      { numRuns: 25 },
    );
  });
});
