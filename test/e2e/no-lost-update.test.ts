import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDocument } from '../../src/modules/data/import.schemas.js';
import { addDays } from '../../src/shared/dates.js';
import { releasedTogether } from '../helpers/barrier.js';
import { DIALECTS } from '../helpers/databases.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { runCli, startServer } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

/** SPEC §9 "No lost update" and import beside API writes, with real server and CLI processes. */

const ROUNDS = 30;
/** Accommodations the import and the bookings fight over, each with a run of back-to-back stays. */
const UNITS = Array.from({ length: 40 }, (_, i) => 100 + i);
const STAYS_PER_UNIT = 400;
const FIRST_NIGHT = '2027-01-01';

describe.each(DIALECTS)('writes across server processes on %s', (dialect) => {
  const used = useDatabase(dialect);
  let dir: string;
  let env: Record<string, string>;
  let apiKey: string;
  let servers: Awaited<ReturnType<typeof startServer>>[];

  const writeJson = (name: string, value: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  };
  const send = (server: number, method: string, path: string, body?: object) =>
    fetch(`${servers[server]?.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
      body: body && JSON.stringify(body),
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'booking-lost-update-'));
    env = { DATABASE_URL: used.url };
    const units: ImportDocument = {
      ...twoOrganizations,
      accommodations: [
        ...(twoOrganizations.accommodations ?? []),
        ...UNITS.map((id) => ({ id, organization: 1, title: `Unit ${id}`, type: 'chalet', maxPersons: 4 })),
      ],
    };
    expect((await runCli(['import', writeJson('units.json', units)], env)).code).toBe(0);
    const created = await runCli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--json'], env);
    apiKey = JSON.parse(created.stdout).apiKey;
    servers = await Promise.all([startServer([], env), startServer([], env)]);
  });
  afterAll(async () => {
    for (const { server } of servers ?? []) expect(await server.stop()).toBe(0);
  });

  it(`keeps both of two PATCHes of one reservation sent to different processes at once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const booked = await send(0, 'POST', '/api/reservations', {
        accommodation: 10,
        dateFrom: addDays('2026-01-01', round * 3),
        dateTo: addDays('2026-01-03', round * 3),
        adults: 2,
        guestName: 'First',
        totalAmount: '100.00',
        currency: 'EUR',
      });
      expect(booked.status).toBe(201);
      const path = `/api/reservations/${((await booked.json()) as { id: number }).id}`;
      const responses = await releasedTogether([
        () => send(0, 'PATCH', path, { guestName: `Renamed ${round}` }),
        () => send(1, 'PATCH', path, { adults: 3 }),
      ]);
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      expect(await (await send(1, 'GET', path)).json()).toMatchObject({ guestName: `Renamed ${round}`, adults: 3 });
    }
  });

  it(`settles a PUT and a PATCH of one reservation sent to different processes at once as one serial order (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const stay = { dateFrom: addDays('2026-06-01', round * 3), dateTo: addDays('2026-06-03', round * 3) };
      const booked = await send(0, 'POST', '/api/reservations', {
        accommodation: 10,
        ...stay,
        adults: 2,
        guestName: 'First',
        totalAmount: '100.00',
        currency: 'EUR',
      });
      expect(booked.status).toBe(201);
      const path = `/api/reservations/${((await booked.json()) as { id: number }).id}`;
      const whole = {
        accommodation: 10,
        ...stay,
        adults: 3,
        children: 0,
        babies: 0,
        guestName: `Put ${round}`,
        totalAmount: '150.00',
        currency: 'EUR',
        channel: 'website',
        status: 'confirmed',
      };
      const [put, patch] = await releasedTogether([
        () => send(0, 'PUT', path, whole),
        () => send(1, 'PATCH', path, { channel: 'phone' }),
      ]);
      expect([put?.status, patch?.status]).toEqual([200, 200]);
      const answers = [await put?.json(), await patch?.json()];
      const stored = (await (await send(1, 'GET', path)).json()) as { channel: string };
      // PUT's fields always survive; the channel is the PATCH's exactly when the PATCH came last.
      expect(stored).toMatchObject({ guestName: `Put ${round}`, adults: 3, totalAmount: '150.00' });
      expect(stored).toEqual(stored.channel === 'phone' ? answers[1] : answers[0]);
    }
  });

  it('never stores an overlap when booking import runs beside API bookings of the same nights', async () => {
    // Back-to-back two-night stays on every unit; the bookings below ask for nights among them.
    const reservations = UNITS.flatMap((unit) =>
      Array.from({ length: STAYS_PER_UNIT }, (_, i) => ({
        reservationNumber: `IMP-${unit}-${i}`,
        organization: 1,
        accommodation: unit,
        dateFrom: addDays(FIRST_NIGHT, i * 2),
        dateTo: addDays(FIRST_NIGHT, i * 2 + 2),
        adults: 2,
        guestName: `Imported ${unit}/${i}`,
        totalAmount: '200.00',
        currency: 'EUR',
      })),
    );
    const file = writeJson('stays.json', { reservations });
    const importing = runCli(['import', file], env);
    let imported: Awaited<typeof importing> | undefined;
    void importing.then((result) => (imported = result));

    // Bookings on both processes until the import has ended (bounded: it cannot run forever).
    const codes: number[] = [];
    for (let i = 0; i < 400 && imported === undefined; i++) {
      const unit = UNITS[i % UNITS.length] as number;
      const night = (i * 7) % (STAYS_PER_UNIT * 2);
      const responses = await Promise.all(
        [0, 1].map((server) =>
          send(server, 'POST', '/api/reservations', {
            accommodation: unit,
            dateFrom: addDays(FIRST_NIGHT, night + server),
            dateTo: addDays(FIRST_NIGHT, night + server + 1),
            adults: 1,
            guestName: `Walk-in ${i}`,
            totalAmount: '90.00',
            currency: 'EUR',
          }),
        ),
      );
      codes.push(...responses.map((r) => r.status));
    }
    const result = await importing;

    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((c) => ![201, 409].includes(c))).toEqual([]);
    expect(await countDoubleBookings(used.db)).toBe(0);
    // Either the import landed whole (and later bookings of its nights were refused), or it found a
    // booking that got there first and refused itself whole, naming the double booking.
    const importedRows = await used.db.kysely
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reservation_number', 'like', 'IMP-%')
      .executeTakeFirstOrThrow();
    if (result.code === 0) {
      expect(Number(importedRows.n)).toBe(reservations.length);
    } else {
      expect(result.stderr).toMatch(/double-books/);
      expect(Number(importedRows.n)).toBe(0);
    }
  });
});
