import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import parseLinkHeader from 'parse-link-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGINAL_MAX_PERIOD, splitPeriod } from '../../src/cli/export/period-chunks.js';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { lockOrganization } from '../../src/modules/organizations/organizations.service.js';
import { MemoryStore } from '../../src/http/rate-limit/stores.js';
import { holderOfNights } from '../../src/modules/availability/night-holds.js';
import { createStayRule, updateStayRule } from '../../src/modules/availability/stay-rules.service.js';
import { createBlock, updateBlock } from '../../src/modules/blocks/blocks.service.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { eraseGuest } from '../../src/modules/guests/guests.service.js';
import { createPriceRecord, updatePriceRecord } from '../../src/modules/prices/prices.service.js';
import { SCRYPT_PARAMS } from '../../src/modules/credentials/password.js';
import { generateDemoData } from '../../src/modules/data/demo-data.js';
import type { ImportDocument } from '../../src/modules/data/import.schemas.js';
import { seedSynthetic } from '../../src/modules/data/synthetic-data.js';
import { REFERENCE_DATES } from '../../src/modules/reservations/reservations.schemas.js';
import { NIGHT_HOLDING_STATUSES } from '../../src/modules/reservations/state-machine.js';
import { addDays } from '../../src/shared/dates.js';
import { testApp } from '../helpers/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/databases.js';
import { apiKeyFor, basicFor, fixedClock, load } from '../helpers/fixtures.js';
import { runCli } from '../helpers/processes.js';

/**
 * Issue 17's move: a SQLite database → `booking dump` → `booking import` into a fresh database
 * (PostgreSQL when the suite has one) answers every request exactly as the original did. Both
 * apps share one frozen clock and rate-limit time, so even RateLimit headers must match.
 */

const NOW = '2026-03-10T12:00:00Z';
/**
 * Differ by nature and are left out of the comparison: the request's own id, the moment it was
 * answered (Date), and a cursor into the answering database's feed (a moved database's feed starts anew).
 */
const PER_DATABASE_HEADERS = new Set(['x-request-id', 'date', 'events-cursor']);
/** A stay the price comparison asks every accommodation's price of. */
const SUMMER_WEEK = { dateFrom: '2026-07-17', dateTo: '2026-07-24' };

type Source = 'demo' | 'synthetic';

interface Caller {
  name: string;
  headers: Record<string, string>;
  organizations: number[];
}

/** The credentials an operator would have made: keys of one and of several organizations, scopes, Basic, pinned, revoked. */
async function makeCallers(source: TestDatabase, organizations: number[]): Promise<Caller[]> {
  const [first, second = first] = organizations as [number, number?];
  const key = async (name: string, input: Parameters<typeof apiKeyFor>[1], bound: number[]): Promise<Caller> => ({
    name,
    headers: { 'x-api-key': await apiKeyFor(source.db, input) },
    organizations: bound,
  });
  const callers = [
    await key('read key of all', { organizations }, organizations),
    await key('write key of one', { organizations: [first], scope: 'write' }, [first]),
    await key(
      'admin key pinned to the original rules',
      { organizations: [second], scope: 'admin', compatibilityDate: '2025-01-01' },
      [second],
    ),
  ];
  // At the service's own cost: `booking import` refuses a password hash weaker than SPEC §5's.
  const basic = await basicFor(source.db, 'front-desk', { organizations: [first] }, SCRYPT_PARAMS);
  callers.push({ name: 'basic', headers: { authorization: basic.authorization }, organizations: [first] });
  const revoked = await key('revoked key', { organizations: [first] }, [first]);
  const revokedId = (
    await source.db.kysely.selectFrom('credentials').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
  ).id;
  await source.db.kysely
    .updateTable('credentials')
    .set({ revoked: '2026-01-02T03:04:05Z' })
    .where('id', '=', revokedId)
    .execute();
  callers.push(revoked);
  return callers;
}

/**
 * What an operator would have made through the API (SPEC §13) before the move: blocks of each kind
 * a client may set on free weeks of two accommodations per organization, and stay rules of every
 * scope; one of each changed later, so that created and modified differ.
 */
async function makeBlocksAndRules(source: TestDatabase, organizations: number[]): Promise<void> {
  const made = fixedClock('2026-01-05T09:00:00Z');
  const changed = fixedClock('2026-02-01T10:30:00Z');
  const kinds = ['maintenance', 'owner', 'closed'] as const;
  let blocks = 0;
  for (const organization of organizations.slice(0, 2)) {
    const units = (
      await source.db.kysely
        .selectFrom('accommodations')
        .select(['id', 'type', 'active'])
        .where('organization_id', '=', organization)
        .orderBy('id')
        .execute()
    )
      .filter((unit) => Boolean(unit.active))
      .slice(0, 2);
    for (const unit of units) {
      // The first free week from April on, so that the blocks sit among the reservations.
      let dateFrom = '2026-04-06';
      const free = async () =>
        !(await holderOfNights(source.db.kysely, {
          organizationId: organization,
          accommodationId: unit.id,
          dateFrom,
          dateTo: addDays(dateFrom, 7),
        }));
      while (!(await free())) dateFrom = addDays(dateFrom, 7);
      const block = await withWriteTransaction(source.db, async (trx) =>
        createBlock(trx, made, await lockOrganization(trx, organization), {
          accommodation: unit.id,
          dateFrom,
          dateTo: addDays(dateFrom, 7),
          kind: kinds[blocks % kinds.length] as (typeof kinds)[number],
          note: blocks % 2 ? null : `Work on ${unit.id}`,
        }),
      );
      if (++blocks === 1) {
        await withWriteTransaction(source.db, (trx) =>
          updateBlock(trx, changed, [organization], block.id, {
            note: 'Painted "twice"',
            dateTo: addDays(dateFrom, 5),
          }),
        );
      }
    }
    const [unit] = units;
    const rule = await withWriteTransaction(source.db, async (trx) =>
      createStayRule(trx, made, await lockOrganization(trx, organization), {
        dateFrom: '2026-01-01',
        dateTo: '2026-12-31',
        minNights: 2,
        maxNights: 21,
      }),
    );
    await withWriteTransaction(source.db, async (trx) =>
      createStayRule(trx, made, await lockOrganization(trx, organization), {
        type: unit?.type,
        dateFrom: '2026-04-01',
        dateTo: '2026-09-30',
        arrivalDays: [1, 5, 6],
        closedToArrival: ['2026-05-01'],
      }),
    );
    await withWriteTransaction(source.db, async (trx) =>
      createStayRule(trx, made, await lockOrganization(trx, organization), {
        accommodation: unit?.id,
        dateFrom: '2026-06-01',
        dateTo: '2026-06-30',
        bookable: false,
      }),
    );
    await withWriteTransaction(source.db, (trx) =>
      updateStayRule(trx, changed, [organization], rule.id, { minNights: 3, minDaysBeforeArrival: 1 }),
    );
    // Prices (SPEC §14) of the accommodation beside its type's (the demo's) or alone (the synthetic's).
    const rent = await withWriteTransaction(source.db, async (trx) =>
      createPriceRecord(trx, made, 'component', await lockOrganization(trx, organization), {
        accommodation: unit?.id,
        description: 'Renovated',
        kind: 'rent',
        basis: 'night',
        amount: '150.00',
        dateFrom: '2026-01-01',
        dateTo: '2027-12-31',
      }),
    );
    await withWriteTransaction(source.db, (trx) =>
      updatePriceRecord(trx, changed, 'component', [organization], rent.id, { amount: '155.50' }),
    );
    // Guests (SPEC §15) as place makes them, linked to the organization's first reservations; one erased.
    const reservations = await source.db.kysely
      .selectFrom('reservations')
      .select('id')
      .where('organization_id', '=', organization)
      .orderBy('id')
      .limit(3)
      .execute();
    for (const [n, reservation] of reservations.entries()) {
      const guest = await withWriteTransaction(source.db, (trx) =>
        guestForPlacement(
          trx,
          organization,
          { firstName: 'Moved', surname: `Guest ${n}`, email: `moved${n}@example.com`, country: 'NL', locale: 'nl' },
          made(),
        ),
      );
      await source.db.kysely
        .updateTable('reservations')
        .set({ guest_id: guest })
        .where('id', '=', reservation.id)
        .execute();
      if (n === 0) await withWriteTransaction(source.db, (trx) => eraseGuest(trx, changed, [organization], guest));
    }
    await withWriteTransaction(source.db, async (trx) =>
      createPriceRecord(trx, made, 'supplement', await lockOrganization(trx, organization), {
        accommodation: unit?.id,
        description: 'Sauna',
        basis: 'stay',
        amount: '30.00',
        required: true,
      }),
    );
  }
}

/** Every day any reservation's dates touch, as one period. */
function wholeSpan(document: ImportDocument): { dateFrom: string; dateTo: string } {
  const days = (document.reservations ?? []).flatMap((r) =>
    [r.dateFrom, r.dateTo, r.created, r.modified, r.cancelled].flatMap((d) => (d ? [d.slice(0, 10)] : [])),
  );
  days.sort();
  return { dateFrom: days[0] as string, dateTo: days.at(-1) as string };
}

/** Every URL a client could ask: accommodation lists, and every page of every summaries walk. */
function* requestsFor(caller: Caller, span: { dateFrom: string; dateTo: string }): Generator<string> {
  yield '/api/accommodations/';
  for (const organization of caller.organizations) {
    yield `/api/accommodations/?organization=${organization}`;
    yield `/api/accommodations/?organization=${organization}&includeInactive=true`;
    yield `/api/accommodations/?organization=${organization}&modifiedSince=2025-06-01T00:00:00Z`;
    // Blocks and stay rules (SPEC §13).
    yield `/api/blocks?organization=${organization}&dateFrom=2026-01-01&dateTo=2026-12-31`;
    yield `/api/stay-rules?organization=${organization}`;
    // Guests (SPEC §15), a page and all of them.
    yield `/api/guests/?organization=${organization}`;
    yield `/api/guests/?organization=${organization}&limit=2&offset=1`;
    // Prices and what they quote (SPEC §14): every accommodation's price of a summer week.
    for (const list of [
      'age_group_specifications',
      'accommodation_price_components',
      'supplements',
      'discount_specifications',
    ])
      yield `/api/${list}/?organization=${organization}`;
    yield `/api/availability/search?organization=${organization}&dateFrom=${SUMMER_WEEK.dateFrom}&dateTo=${SUMMER_WEEK.dateTo}&adults=2&children=1`;
    // Periods every credential may ask, the pinned one (original rules) included.
    for (const { dateFrom, dateTo } of splitPeriod(span, ORIGINAL_MAX_PERIOD)) {
      for (const referenceDate of REFERENCE_DATES) {
        yield `/api/reservations/summaries?organization=${organization}&dateFrom=${dateFrom}&dateTo=${dateTo}&referenceDate=${referenceDate}&limit=250`;
      }
    }
  }
}

function comparable(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !PER_DATABASE_HEADERS.has(name)),
  );
  return { status: response.statusCode, headers, body: response.body };
}

describe.each(DIALECTS)('moving a SQLite database with booking dump and booking import into %s', (target) => {
  const databases: TestDatabase[] = [];
  const open = async (dialect: 'sqlite' | 'postgres') => {
    const database = await createTestDatabase(dialect);
    databases.push(database);
    return database;
  };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'booking-dump-'));
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it.each<Source>(['demo', 'synthetic'])(
    'the %s database answers identically after the move, and its feed goes on',
    async (kind) => {
      const source = await open('sqlite');
      if (kind === 'demo') await load(source.db, generateDemoData('2026-03-10'));
      else await seedSynthetic(source.db, { organizations: 3, reservations: 3_000, seed: 11 });
      const organizations = (
        await source.db.kysely.selectFrom('organizations').select('id').orderBy('id').execute()
      ).map((o) => o.id);
      const callers = await makeCallers(source, organizations);
      await makeBlocksAndRules(source, organizations);

      const file = join(dir, `${kind}-${target}.json`);
      const dumped = await runCli(['dump', file], { DATABASE_URL: source.url });
      expect(dumped.stderr).toBe('');
      expect(dumped.code).toBe(0);
      const document = JSON.parse(readFileSync(file, 'utf8')) as Required<ImportDocument>;
      expect(document.credentials).toHaveLength(callers.length);
      // The four made above, and the demo data's own.
      const stored = await source.db.kysely.selectFrom('blocks').select('id').orderBy('id').execute();
      expect(stored.length).toBeGreaterThanOrEqual(4);
      expect(document.blocks.map((b) => b.id)).toEqual(stored.map((b) => b.id));
      expect(document.stayRules).toHaveLength(6);
      // Prices move as the API shows them: the demo's price list, and the two made above of each organization.
      const priceRecords = await source.db.kysely.selectFrom('price_records').select('id').orderBy('id').execute();
      const dumpedPrices = [
        ...document.ageGroups,
        ...document.priceComponents,
        ...document.supplements,
        ...document.discounts,
      ];
      expect(dumpedPrices.map((r) => r.id).sort((a, b) => (a as number) - (b as number))).toEqual(
        priceRecords.map((r) => r.id),
      );
      expect(document.supplements.filter((s) => s.description === 'Sauna')).toHaveLength(2);
      if (kind === 'demo') {
        expect(document.organizations.map((o) => o.currency)).toEqual(['EUR', 'EUR', 'USD']);
        expect(document.priceComponents.length).toBeGreaterThan(50);
      }
      // Hashes only: no secret a caller sends appears anywhere in the dump.
      const text = readFileSync(file, 'utf8');
      for (const caller of callers)
        for (const secret of Object.values(caller.headers)) expect(text).not.toContain(secret.replace(/^Basic /, ''));

      const destination = await open(target);
      const imported = await runCli(['import', file], { DATABASE_URL: destination.url });
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);

      // The operator's view of the credentials is the same before any of them is used.
      const listings = await Promise.all(
        [source, destination].map(
          async (d) => (await runCli(['credentials', 'list', '--json'], { DATABASE_URL: d.url })).stdout,
        ),
      );
      expect(JSON.parse(listings[1] as string)).toEqual(JSON.parse(listings[0] as string));

      const rateLimitTime = Date.parse(NOW);
      const [before, after] = await Promise.all(
        [source, destination].map((d) =>
          testApp(d.db, { clock: fixedClock(NOW), rateLimitStore: new MemoryStore(() => rateLimitTime) }),
        ),
      );
      const span = wholeSpan(document);
      let compared = 0;
      const ask = async (app: FastifyInstance, caller: Caller, url: string) =>
        app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...caller.headers } });
      for (const caller of callers) {
        for (const first of requestsFor(caller, span)) {
          for (let url: string | undefined = first; url;) {
            const original: LightMyRequestResponse = await ask(before as FastifyInstance, caller, url);
            const moved: LightMyRequestResponse = await ask(after as FastifyInstance, caller, url);
            expect(comparable(moved), `${caller.name}: GET ${url}`).toEqual(comparable(original));
            compared += 1;
            const next: string | undefined = parseLinkHeader(original.headers.link as string | undefined)?.next?.url;
            url = next && `${new URL(next, 'http://x').pathname}${new URL(next, 'http://x').search}`;
          }
        }
      }
      // The walk saw real answers: pages of items for the live credentials, 401s for the revoked one.
      expect(compared).toBeGreaterThan(200);
      // …and quotes the same prices (SPEC §14): the demo's price list prices every accommodation.
      // A key of the first organization alone: the quote finds the organization by the accommodation.
      const reader = callers[1] as Caller;
      const units = document.accommodations.filter((a) => a.organization === organizations[0] && a.active !== false);
      for (const unit of units.slice(0, 5)) {
        const url = `/api/quotes?accommodation=${unit.id}&dateFrom=${SUMMER_WEEK.dateFrom}&dateTo=${SUMMER_WEEK.dateTo}&adults=2`;
        const original = await ask(before as FastifyInstance, reader, url);
        const moved = await ask(after as FastifyInstance, reader, url);
        expect(comparable(moved), url).toEqual(comparable(original));
        expect(moved.statusCode, moved.body).toBe(200);
        const { orderLinesTotal, currency } = moved.json() as { orderLinesTotal: string | null; currency: string };
        if (kind === 'demo') expect(orderLinesTotal, url).toMatch(/^\d+\.\d\d$/);
        expect(currency).toBe('EUR');
      }

      // A file whose block holds a reservation's nights is refused, naming it, and nothing is stored.
      const held = document.reservations.find(
        (r) => r.organization === organizations[0] && NIGHT_HOLDING_STATUSES.includes(r.status as never),
      ) as Required<ImportDocument>['reservations'][number];
      const overlapping = join(dir, `overlapping-${kind}-${target}.json`);
      const heldUnit = held.accommodation as number;
      const overlappingBlock = {
        organization: held.organization,
        accommodation: heldUnit,
        dateFrom: held.dateFrom,
        dateTo: addDays(held.dateFrom, 1),
        kind: 'maintenance',
      };
      writeFileSync(overlapping, JSON.stringify({ blocks: [overlappingBlock] }));
      const refused = await runCli(['import', overlapping], { DATABASE_URL: destination.url });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `booking: Invalid parameter: blocks[0]\n  blocks[0]: overlaps reservation ${held.id} on accommodation ${heldUnit} (${held.dateFrom} … ${held.dateTo})\n`,
      );
      const blocksAfter = await destination.db.kysely.selectFrom('blocks').select('id').execute();
      expect(blocksAfter).toHaveLength(document.blocks.length);

      // The moved database's feed holds one `created` event per record of the organization…
      const writer = callers[1] as Caller;
      const organization = writer.organizations[0] as number;
      const types: string[] = [];
      let url: string | undefined = `/api/events?organization=${organization}&limit=1000`;
      for (let page = 0; url && page < 100; page++) {
        const response = await ask(after as FastifyInstance, writer, url);
        expect(response.statusCode).toBe(200);
        const events = response.json() as { type: string }[];
        types.push(...events.map((e) => e.type));
        url = events.length < 1000 ? undefined : parseLinkHeader(response.headers.link as string)?.next?.url;
      }
      const records = [...document.accommodations, ...document.reservations, ...document.blocks].filter(
        (r) => r.organization === organization,
      );
      expect(types).toHaveLength(records.length);
      expect(new Set(types)).toEqual(new Set(['accommodation.created', 'reservation.created', 'block.created']));

      // …and records the next change after them, from the cursor a list gives.
      const list = await ask(after as FastifyInstance, writer, `/api/accommodations/?organization=${organization}`);
      const cursor = list.headers['events-cursor'] as string;
      const accommodation = document.accommodations.find((a) => a.organization === organization && a.active !== false);
      const booked = await (after as FastifyInstance).inject({
        method: 'POST',
        url: '/api/reservations',
        headers: { accept: 'application/json', ...writer.headers },
        payload: {
          accommodation: accommodation?.id,
          dateFrom: '2031-02-01',
          dateTo: '2031-02-03',
          adults: 1,
          guestName: 'After the move',
          totalAmount: '10.00',
          currency: 'EUR',
        },
      });
      expect(booked.statusCode).toBe(201);
      const later = await ask(
        after as FastifyInstance,
        writer,
        `/api/events?organization=${organization}&after=${cursor}`,
      );
      expect(
        (later.json() as { type: string; resource: { id: number } }[]).map((e) => [e.type, e.resource.id]),
      ).toEqual([['reservation.created', booked.json().id]]);
    },
    // Two CLI processes, two databases and a walk of every list: 30–50 s beside three other files,
    // 61 s once while the run started; the default 60 s left no room.
    120_000,
  );
});

describe('booking dump', () => {
  it('refuses to overwrite a file, and writes to standard output with its summary on standard error', async () => {
    const source = await createTestDatabase('sqlite');
    try {
      await seedSynthetic(source.db, { organizations: 2, reservations: 50, seed: 3 });
      const dir = mkdtempSync(join(tmpdir(), 'booking-dump-'));
      const file = join(dir, 'exists.json');
      writeFileSync(file, 'keep me');
      const refused = await runCli(['dump', file], { DATABASE_URL: source.url });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/exists already/);
      expect(readFileSync(file, 'utf8')).toBe('keep me');

      const piped = await runCli(['dump', '-'], { DATABASE_URL: source.url });
      expect(piped.code).toBe(0);
      expect(piped.stderr).toMatch(
        /^Dumped 2 organizations, \d+ accommodations, 0 guests, 50 reservations, 0 blocks, 0 calendars, 0 ical feeds, 0 stay rules, 6 age groups, 0 price components, 0 supplements, 0 discounts, 0 credentials in/,
      );
      const document = JSON.parse(piped.stdout) as Required<ImportDocument>;
      expect(document.reservations).toHaveLength(50);
      expect(Object.keys(document)).toEqual([
        'organizations',
        'accommodations',
        'guests',
        'reservations',
        'blocks',
        'calendars',
        'icalFeeds',
        'stayRules',
        'ageGroups',
        'priceComponents',
        'supplements',
        'discounts',
        'credentials',
      ]);
    } finally {
      await source.drop();
    }
  });

  it('streams: a dump far larger than its heap allows it to hold completes, in batches', async () => {
    const source = await createTestDatabase('sqlite');
    try {
      await seedSynthetic(source.db, { organizations: 5, reservations: 300_000, seed: 5 });
      const file = join(mkdtempSync(join(tmpdir(), 'booking-dump-')), 'big.json');
      // 64 MB of heap against a document of about 100 MB: holding the document, or the rows of one
      // table, in memory at once aborts the process. (32 MB was enough on Node 20; Node 24's CLI
      // needs ~30 MB just to load its modules.)
      const dumped = await runCli(['dump', file], {
        DATABASE_URL: source.url,
        NODE_OPTIONS: '--max-old-space-size=64',
      });
      expect(dumped.stderr).toBe('');
      expect(dumped.code).toBe(0);
      expect(statSync(file).size).toBeGreaterThan(96 * 1024 * 1024);
      const document = JSON.parse(readFileSync(file, 'utf8')) as Required<ImportDocument>;
      expect(document.reservations.map((r) => r.id)).toEqual(Array.from({ length: 300_000 }, (_, i) => i + 1));
    } finally {
      await source.drop();
    }
  });
});
