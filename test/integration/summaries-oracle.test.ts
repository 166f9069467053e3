import { isDeepStrictEqual } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ReservationRow } from '../../src/db/schema.js';
import type { ImportDocument, ImportReservation } from '../../src/modules/data/import.schemas.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import { AppError } from '../../src/shared/errors.js';
import { DIALECTS, type TestDatabase } from '../helpers/databases.js';
import { apiKeyFor } from '../helpers/fixtures.js';
import { countDoubleBookings } from '../helpers/overlaps.js';
import { useApp } from '../helpers/use-database.js';

/**
 * Issue 20: the summaries endpoint keeps totals per query and whole serialized pages under the
 * organization's change counter, and turns `stay` into a range with the organization's longest
 * stay (migration 006). Random writes (POST, PATCH, PUT, DELETE, accommodation renames) and bulk
 * imports (`booking import`'s importDocument) are interleaved with reads of random periods,
 * reference dates, status filters and pages, many of them repeated (plainly and with
 * If-None-Match) after the data changed. Every answer — items in order, X-Total-Count, Link and
 * X-Pagination-* headers, 304 or not — must equal an oracle computed here from the rows read back
 * raw from the database (SPEC §4.2, §4.3), with no code of the service.
 */

const PATH = '/api/reservations/summaries';
const STATUSES = ['option', 'confirmed', 'checked-in', 'checked-out', 'cancelled', 'no-show'] as const;
type Status = (typeof STATUSES)[number];
const REFERENCES = ['date-from', 'date-to', 'stay', 'created', 'modified', 'cancelled'] as const;
type Reference = (typeof REFERENCES)[number];
/** Zones whose local midnight is not a whole UTC hour, or that leave summer time inside the window. */
const ZONES = [
  'Europe/Amsterdam',
  'America/New_York',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'UTC',
];
/** Around the end of summer time in Europe (26 October) and North America (2 November). */
const BASE = '2025-10-20';
const CLOCK_START = Date.parse('2025-10-24T20:00:00Z');
const UNITS_PER_ORGANIZATION = 3;
const PAGINATION_HEADERS = [
  'x-total-count',
  'link',
  'x-pagination-next',
  'x-pagination-last',
  'x-pagination-prev',
  'x-pagination-first',
] as const;

// ---------------------------------------------------------------------------------------------
// Plain date arithmetic, written here rather than taken from the service.

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => dayOf(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
const nightsBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const timestampOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day an instant falls on in a time zone. */
function localDay(instant: string, zone: string): string {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    zoneFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// ---------------------------------------------------------------------------------------------
// The oracle: raw rows, and SPEC §4.2/§4.3 applied to them.

/** A stored reservation, as `selectAll` reads it (the version is not part of a summary). */
type Row = Omit<ReservationRow, 'version'>;

interface World {
  zone: string;
  rows: Row[];
  titles: Map<number, string>;
}

async function readWorld(database: TestDatabase, organization: number): Promise<World> {
  const kysely = database.db.kysely;
  const org = await kysely
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organization)
    .executeTakeFirstOrThrow();
  const rows = await kysely
    .selectFrom('reservations')
    .selectAll()
    .where('organization_id', '=', organization)
    .orderBy('id')
    .execute();
  const units = await kysely
    .selectFrom('accommodations')
    .selectAll()
    .where('organization_id', '=', organization)
    .execute();
  return { zone: org.timezone, rows: rows as Row[], titles: new Map(units.map((u) => [u.id, u.title])) };
}

function summaryOf(row: Row, titles: Map<number, string>) {
  const minor = Number(row.total_amount_minor);
  return {
    id: row.id,
    reservationNumber: row.reservation_number,
    organization: row.organization_id,
    accommodation: { id: row.accommodation_id, title: titles.get(row.accommodation_id) },
    status: row.status,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    nights: nightsBetween(row.date_from, row.date_to),
    adults: row.adults,
    children: row.children,
    babies: row.babies,
    guestName: row.guest_name,
    name: row.guest_name,
    guest: null,
    totalAmount: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
    currency: row.currency,
    channel: row.channel,
    created: row.created,
    modified: row.modified,
    cancelled: row.cancelled,
  };
}

/** A summaries request, as the parameters of its query string in the order they are sent. */
interface SummaryQuery {
  organization: number;
  pinned: boolean;
  dateFrom: string;
  dateTo: string;
  /** How the period's ends are written: as dates, or as timestamps whose date as written is the date. */
  periodSpelling: PeriodSpelling;
  /** modifiedSince under one of its names, and its value: a date or a timestamp. */
  modified: { name: 'modifiedSince' | 'modifiedDateFrom'; value: string } | undefined;
  reference: Reference | undefined;
  status: string | undefined;
  limit: number | undefined;
  offset: number | undefined;
  pageFirst: boolean;
  trailingSlash: boolean;
  encoding: 'identity' | 'gzip' | 'br';
}

function parametersOf(q: SummaryQuery): [string, string][] {
  const page: [string, string][] = [];
  if (q.limit !== undefined) page.push(['limit', String(q.limit)]);
  if (q.offset !== undefined) page.push(['offset', String(q.offset)]);
  const rest: [string, string][] = [
    ['organization', String(q.organization)],
    ['dateFrom', spelled(q.dateFrom, q.periodSpelling)],
    ['dateTo', spelled(q.dateTo, q.periodSpelling)],
  ];
  if (q.reference !== undefined) rest.push(['referenceDate', q.reference]);
  if (q.status !== undefined) rest.push(['status', q.status]);
  if (q.modified !== undefined) rest.push([q.modified.name, q.modified.value]);
  return q.pageFirst ? [...page, ...rest] : [...rest, ...page];
}

type PeriodSpelling = 'date' | 'midnight-utc' | 'late-with-offset';
/** A period end as sent: the date, or a timestamp on that date as written (whatever day it is in UTC). */
function spelled(date: string, spelling: PeriodSpelling): string {
  if (spelling === 'midnight-utc') return `${date}T00:00:00Z`;
  if (spelling === 'late-with-offset') return `${date}T23:30:00+05:45`;
  return date;
}

/** A value as written in the query string: `+` would read as a space, so it is sent as %2B. */
const wire = (value: string) => value.replace(/\+/g, '%2B');

const pathOf = (q: SummaryQuery) => (q.trailingSlash ? `${PATH}/` : PATH);
const urlOf = (q: SummaryQuery) =>
  `${pathOf(q)}?${parametersOf(q)
    .map(([k, v]) => `${k}=${wire(v)}`)
    .join('&')}`;

/** SPEC §4.3: the request's URL with limit and offset set, each in its place or appended (limit first). */
function pageLink(q: SummaryQuery, limit: number, offset: number): string {
  const parameters = parametersOf(q).map(([k, v]): [string, string] =>
    k === 'limit' ? [k, String(limit)] : k === 'offset' ? [k, String(offset)] : [k, v],
  );
  if (q.limit === undefined) parameters.push(['limit', String(limit)]);
  if (q.offset === undefined) parameters.push(['offset', String(offset)]);
  // In Link, a character that could end an entry for a simple parser is percent-encoded (`,` of status).
  const linkValue = (v: string) =>
    wire(v).replace(/[;,'<>" ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${pathOf(q)}?${parameters.map(([k, v]) => `${k}=${linkValue(v)}`).join('&')}`;
}

interface Answer {
  status: number;
  items?: unknown[];
  headers: Record<(typeof PAGINATION_HEADERS)[number], string | undefined>;
}

const noHeaders = (): Answer['headers'] => ({
  'x-total-count': undefined,
  link: undefined,
  'x-pagination-next': undefined,
  'x-pagination-last': undefined,
  'x-pagination-prev': undefined,
  'x-pagination-first': undefined,
});

function periodAllowed(q: SummaryQuery): boolean {
  if (q.dateTo < q.dateFrom) return false;
  // A credential pinned before 2025-04-17: at most 31 days counting both ends; after: one calendar year.
  if (q.pinned) return nightsBetween(q.dateFrom, q.dateTo) + 1 <= 31;
  return q.dateTo <= `${Number(q.dateFrom.slice(0, 4)) + 1}${q.dateFrom.slice(4)}`;
}

function expectedAnswer(world: World, q: SummaryQuery): Answer {
  if (!periodAllowed(q)) return { status: 400, headers: noHeaders() };
  const reference = q.reference ?? 'date-from';
  const statuses = q.status?.split(',');
  // A date: modified on that day or later in the organization's zone; a timestamp: at or after it.
  const since = q.modified?.value;
  const modifiedSince = (row: Row) =>
    since === undefined ||
    (since.length === 10 ? localDay(row.modified, world.zone) >= since : Date.parse(row.modified) >= Date.parse(since));
  const inPeriod = (day: string) => day >= q.dateFrom && day <= q.dateTo;
  const keyOf = (row: Row): string | number | undefined => {
    switch (reference) {
      case 'date-from':
        return inPeriod(row.date_from) ? row.date_from : undefined;
      case 'date-to':
        return inPeriod(row.date_to) ? row.date_to : undefined;
      case 'stay':
        return row.date_from <= q.dateTo && row.date_to > q.dateFrom ? row.date_from : undefined;
      default: {
        const instant = row[reference];
        return instant !== null && inPeriod(localDay(instant, world.zone)) ? Date.parse(instant) : undefined;
      }
    }
  };
  const matching = world.rows
    .filter((row) => (statuses === undefined || statuses.includes(row.status)) && modifiedSince(row))
    .flatMap((row) => {
      const key = keyOf(row);
      return key === undefined ? [] : [{ key, row }];
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id - b.row.id))
    .map(({ row }) => summaryOf(row, world.titles));

  const headers = noHeaders();
  const paginated = !q.pinned || q.limit !== undefined || q.offset !== undefined;
  if (!paginated) return { status: 200, items: matching, headers };
  const limit = q.limit ?? 100;
  const offset = q.offset ?? 0;
  const total = matching.length;
  headers['x-total-count'] = String(total);
  if (!(offset === 0 && total <= limit)) {
    const relations: [string, number | undefined][] = [
      ['next', offset + limit < total ? offset + limit : undefined],
      ['last', Math.max(0, Math.floor((total - 1) / limit) * limit)],
      ['prev', offset > 0 ? Math.max(0, offset - limit) : undefined],
      ['first', offset > 0 ? 0 : undefined],
    ];
    const present = relations.filter((r): r is [string, number] => r[1] !== undefined);
    headers.link = present.map(([rel, at]) => `<${pageLink(q, limit, at)}>; rel="${rel}"`).join(', ');
    for (const [rel, at] of present) headers[`x-pagination-${rel}` as keyof Answer['headers']] = String(at);
  }
  return { status: 200, items: matching.slice(offset, offset + limit), headers };
}

function bodyOf(response: LightMyRequestResponse): unknown {
  const coding = response.headers['content-encoding'];
  const bytes =
    coding === 'gzip'
      ? gunzipSync(response.rawPayload)
      : coding === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : response.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
}

function answerOf(response: LightMyRequestResponse): Answer {
  const headers = noHeaders();
  for (const name of PAGINATION_HEADERS) {
    const value = response.headers[name];
    headers[name] = value === undefined ? undefined : String(value);
  }
  if (response.statusCode !== 200) return { status: response.statusCode, headers };
  return { status: 200, items: bodyOf(response) as unknown[], headers };
}

// ---------------------------------------------------------------------------------------------
// Commands.

/** A stay as days from BASE: arrival and nights. */
interface StaySpec {
  from: number;
  nights: number;
}

type Anchor =
  | { kind: 'absolute'; offset: number }
  | {
      kind: 'reservation';
      pick: number;
      field: 'date_from' | 'date_to' | 'last-night' | 'created' | 'modified' | 'cancelled';
    }
  /** The organization's longest stay: a period starting on its last night is where a `stay` bound must reach. */
  | { kind: 'longest'; field: 'date_from' | 'date_to' | 'last-night' };

interface PeriodSpec {
  anchor: Anchor;
  delta: number;
  shape: 'day' | 'week' | 'month' | 'year' | number;
  anchorIsEnd: boolean;
}

/**
 * A modifiedSince filter: an instant (a reservation's own `modified`, so the bound falls on a row,
 * or any instant in the window), sent as its day in the organization's zone, as itself, or half a
 * second later (which excludes a row modified at that second).
 */
interface ModifiedSpec {
  name: 'modifiedSince' | 'modifiedDateFrom';
  pick: number | undefined;
  instant: string;
  form: 'date' | 'instant' | 'half-second-later';
}

interface ReadSpec {
  organization: 0 | 1;
  pinned: boolean;
  period: PeriodSpec;
  periodSpelling: PeriodSpelling;
  modified: ModifiedSpec | undefined;
  reference: Reference | undefined;
  statuses: Status[] | undefined;
  limit: number | undefined;
  offset: number | undefined;
  pageFirst: boolean;
  trailingSlash: boolean;
  encoding: 'identity' | 'gzip' | 'br';
}

interface NewImport {
  kind: 'new';
  organization: 0 | 1;
  unit: number;
  stay: StaySpec;
  status: Status | undefined;
  created: string | undefined;
  modified: string | undefined;
  cancelled: string | null | undefined;
}
interface UpdateImport {
  kind: 'update';
  pick: number;
  stay: StaySpec | { shiftFrom: number; shiftTo: number } | undefined;
  status: Status | undefined;
  modified: string | undefined;
}

type Command =
  | {
      kind: 'book';
      organization: 0 | 1;
      unit: number;
      stay: StaySpec;
      status: 'option' | 'confirmed' | undefined;
      guest: string;
      minor: number;
      advance: number;
    }
  | {
      kind: 'move';
      pick: number;
      change: StaySpec | { shiftFrom: number; shiftTo: number };
      unit: number | undefined;
      put: boolean;
      advance: number;
    }
  | { kind: 'status'; pick: number; status: Status; put: boolean; advance: number }
  | { kind: 'cancel'; pick: number; advance: number }
  | { kind: 'rename'; organization: 0 | 1; unit: number; title: string; advance: number }
  | { kind: 'import'; items: (NewImport | UpdateImport)[]; zone: string | undefined; advance: number }
  | { kind: 'read'; read: ReadSpec }
  | { kind: 'repeat'; back: number; conditional: boolean }
  | { kind: 'walk'; read: ReadSpec };

const shortStay = fc.record({ from: fc.integer({ min: -8, max: 12 }), nights: fc.integer({ min: 1, max: 6 }) });
/** Long stays that reach into the window from far before it: each may be the longest yet. */
const longStay = fc
  .record({ nights: fc.integer({ min: 7, max: 80 }), departs: fc.integer({ min: -2, max: 12 }) })
  .map(({ nights, departs }) => ({ from: departs - nights, nights }));
const stayArb: fc.Arbitrary<StaySpec> = fc.oneof(
  { weight: 4, arbitrary: shortStay },
  { weight: 1, arbitrary: longStay },
);
const shiftArb = fc.record({ shiftFrom: fc.integer({ min: -20, max: 5 }), shiftTo: fc.integer({ min: -5, max: 20 }) });
const organizationArb = fc.constantFrom<0 | 1>(0, 0, 0, 1);
const unitArb = fc.integer({ min: 0, max: UNITS_PER_ORGANIZATION - 1 });
/** Seconds to move the clock on: none, a second, quarter hours (local midnights), or up to 8 hours. */
const advanceArb = fc.oneof(
  fc.constant(0),
  fc.constant(1),
  fc.integer({ min: 1, max: 32 }).map((k) => k * 900),
  fc.integer({ min: 1, max: 8 * 3600 }),
);
/** Instants in the window, often a second either side of some zone's local midnight. */
const instantArb = fc
  .record({
    day: fc.integer({ min: 0, max: 18 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 14, 15, 29, 30, 44, 45, 59),
    second: fc.constantFrom(0, 59, 1),
    offset: fc.constantFrom('Z', 'Z', 'Z', '+02:00', '-05:00'),
  })
  .map(({ day, hour, minute, second, offset }) => {
    const utc = Date.parse(`${plusDays(BASE, day)}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000;
    if (offset === 'Z') return timestampOf(utc);
    const shift = offset === '+02:00' ? 2 : -5;
    return `${new Date(utc + shift * 3_600_000).toISOString().slice(0, 19)}${offset}`;
  });
const guestArb = fc.constantFrom('Anna de Vries', 'Zoë Ødegård', '王芳', 'O\'Brien "Jr"', 'Ana\u0301 & <Co>');

const periodArb: fc.Arbitrary<PeriodSpec> = fc.record({
  anchor: fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('absolute' as const), offset: fc.integer({ min: -15, max: 25 }) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('reservation' as const),
        pick: fc.nat(),
        field: fc.constantFrom('date_from', 'date_to', 'last-night', 'created', 'modified', 'cancelled' as const),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('longest' as const),
        field: fc.constantFrom('last-night', 'last-night', 'date_from', 'date_to' as const),
      }),
    },
  ),
  delta: fc.integer({ min: -1, max: 1 }),
  shape: fc.oneof(
    fc.constantFrom('day' as const, 'week' as const, 'month' as const, 'year' as const),
    fc.integer({ min: 0, max: 40 }),
  ),
  anchorIsEnd: fc.boolean(),
});

const readArb = (
  pages: fc.Arbitrary<{ limit: number | undefined; offset: number | undefined }>,
): fc.Arbitrary<ReadSpec> =>
  fc
    .record({
      organization: organizationArb,
      pinned: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      period: periodArb,
      // `stay` is the one the longest-stay bound serves: asked more often.
      reference: fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: fc.constantFrom(...REFERENCES) },
        { weight: 2, arbitrary: fc.constant('stay' as const) },
      ),
      statuses: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.array(fc.constantFrom(...STATUSES), { minLength: 1, maxLength: 4 }) },
      ),
      periodSpelling: fc.constantFrom<PeriodSpelling>('date', 'date', 'midnight-utc', 'late-with-offset'),
      modified: fc.option(
        fc.record({
          name: fc.constantFrom('modifiedSince' as const, 'modifiedDateFrom' as const),
          pick: fc.option(fc.nat(), { nil: undefined, freq: 4 }),
          instant: instantArb,
          form: fc.constantFrom('date' as const, 'instant' as const, 'half-second-later' as const),
        }),
        { nil: undefined, freq: 3 },
      ),
      page: pages,
      pageFirst: fc.boolean(),
      trailingSlash: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      encoding: fc.constantFrom('identity' as const, 'gzip' as const, 'br' as const),
    })
    .map(({ page, ...rest }) => ({ ...rest, limit: page.limit, offset: page.offset }));

const anyPage = fc.record({
  limit: fc.option(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(100)), { nil: undefined }),
  offset: fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 6 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 }) },
  ),
});
const firstSmallPage = fc.record({ limit: fc.integer({ min: 1, max: 4 }), offset: fc.constant(0) });

const newImportArb: fc.Arbitrary<NewImport> = fc.record({
  kind: fc.constant('new' as const),
  organization: organizationArb,
  unit: unitArb,
  stay: stayArb,
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
  created: fc.option(instantArb, { nil: undefined }),
  modified: fc.option(instantArb, { nil: undefined }),
  cancelled: fc.option(fc.option(instantArb, { nil: null }), { nil: undefined }),
});
const updateImportArb: fc.Arbitrary<UpdateImport> = fc.record({
  kind: fc.constant('update' as const),
  pick: fc.nat(),
  stay: fc.option(fc.oneof(stayArb, shiftArb), { nil: undefined }),
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
  modified: fc.option(instantArb, { nil: undefined }),
});

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      organization: organizationArb,
      unit: unitArb,
      // Bookings are where a new longest stay most often arrives (the single write's own bookkeeping).
      stay: fc.oneof({ weight: 3, arbitrary: shortStay }, { weight: 2, arbitrary: longStay }),
      status: fc.constantFrom('option' as const, 'confirmed' as const, undefined),
      guest: guestArb,
      minor: fc.integer({ min: 0, max: 250_000 }),
      advance: advanceArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      change: fc.oneof(shiftArb, stayArb),
      unit: fc.option(unitArb, { nil: undefined }),
      put: fc.boolean(),
      advance: advanceArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...STATUSES),
      put: fc.boolean(),
      advance: advanceArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), advance: advanceArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      organization: organizationArb,
      unit: unitArb,
      title: fc.constantFrom('Chalet Heide', 'Pitch 7', 'Zoë’s room'),
      advance: advanceArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      items: fc.array(fc.oneof(newImportArb, updateImportArb), { minLength: 1, maxLength: 4 }),
      zone: fc.option(fc.constantFrom(...ZONES), { nil: undefined, freq: 6 }),
      advance: advanceArb,
    }),
  },
  { weight: 7, arbitrary: fc.record({ kind: fc.constant('read' as const), read: readArb(anyPage) }) },
  {
    weight: 7,
    arbitrary: fc.record({ kind: fc.constant('repeat' as const), back: fc.nat({ max: 8 }), conditional: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('walk' as const), read: readArb(firstSmallPage) }) },
);

const scenarioArb = fc.record({
  zones: fc.tuple(fc.constantFrom(...ZONES.slice(0, -1)), fc.constantFrom(...ZONES)),
  seed: fc.array(newImportArb, { minLength: 2, maxLength: 10, size: 'max' }),
  commands: fc.array(commandArb, { minLength: 12, maxLength: 30, size: 'max' }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------

describe.each(DIALECTS)('summaries against a plain oracle on %s', (dialect) => {
  let now = CLOCK_START;
  let run = 0;
  const used = useApp(dialect, { app: { clock: () => new Date(now) } });

  /**
   * One scenario on two organizations of its own (earlier scenarios' organizations stay in the
   * database, as neighbours whose rows must never show up, and keep the caches' other keys alive).
   */
  async function runScenario(scenario: Scenario): Promise<void> {
    const trace: string[] = [];
    try {
      await runScenarioTraced(scenario, trace);
    } catch (error) {
      if (error instanceof Error && !error.message.includes('after:')) error.message += `\nafter:\n${trace.join('\n')}`;
      throw error;
    }
  }
  async function runScenarioTraced({ zones, seed, commands }: Scenario, trace: string[]): Promise<void> {
    run += 1;
    now = CLOCK_START;
    const organizations = [2 * run - 1, 2 * run] as const;
    const unitId = (organization: 0 | 1, unit: number) => organizations[organization] * 10 + unit + 1;
    const clock = () => new Date(now);
    await importDocument(used.db, clock, {
      organizations: organizations.map((id, i) => ({ id, name: `Park ${id}`, timezone: zones[i] as string })),
      accommodations: organizations.flatMap((organization, i) =>
        Array.from({ length: UNITS_PER_ORGANIZATION }, (_, unit) => ({
          id: unitId(i as 0 | 1, unit),
          organization,
          title: `Unit ${unit + 1}`,
          type: 'chalet',
          maxPersons: 4,
        })),
      ),
    });
    const writer = await apiKeyFor(used.db, { organizations: [...organizations], scope: 'write' });
    const reader = await apiKeyFor(used.db, { organizations: [...organizations] });
    const pinned = await apiKeyFor(used.db, {
      organizations: [...organizations],
      compatibilityDate: '2025-04-16',
    });
    let imported = 0;

    const allRows = async (): Promise<Row[]> =>
      (await used.db.kysely
        .selectFrom('reservations')
        .selectAll()
        .where('organization_id', 'in', [...organizations])
        .orderBy('id')
        .execute()) as Row[];
    const stayDates = (stay: StaySpec) => ({
      dateFrom: plusDays(BASE, stay.from),
      dateTo: plusDays(BASE, stay.from + stay.nights),
    });
    const changedDates = (row: Row, change: StaySpec | { shiftFrom: number; shiftTo: number }) => {
      if ('nights' in change) return stayDates(change);
      // Longer or shorter at either end; never shorter than one night.
      const dateFrom = plusDays(row.date_from, change.shiftFrom);
      const dateTo = plusDays(row.date_to, change.shiftTo);
      return { dateFrom, dateTo: dateTo > dateFrom ? dateTo : plusDays(dateFrom, 1) };
    };
    const amountOf = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    const wholeRecord = (row: Row) => ({
      accommodation: row.accommodation_id,
      dateFrom: row.date_from,
      dateTo: row.date_to,
      adults: row.adults,
      children: row.children,
      babies: row.babies,
      guestName: row.guest_name,
      totalAmount: amountOf(Number(row.total_amount_minor)),
      currency: row.currency,
      channel: row.channel,
      status: row.status,
    });
    const importRecord = (i: NewImport): ImportReservation => {
      imported += 1;
      const record: ImportReservation = {
        reservationNumber: `IMP-${run}-${imported}`,
        organization: organizations[i.organization],
        accommodation: unitId(i.organization, i.unit),
        ...stayDates(i.stay),
        adults: 2,
        guestName: `Imported ${imported}`,
        totalAmount: '99.95',
        currency: 'EUR',
      };
      if (i.status !== undefined) record.status = i.status;
      if (i.created !== undefined) record.created = i.created;
      if (i.modified !== undefined) record.modified = i.modified;
      if (i.cancelled !== undefined) record.cancelled = i.cancelled;
      return record;
    };
    /** A bulk load, as `booking import FILE` runs it; a refused one (a double booking) changes nothing. */
    const load = async (document: ImportDocument) => {
      try {
        await importDocument(used.db, clock, document);
        return 'loaded';
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid-input') return `refused: ${error.detail}`;
        throw error;
      }
    };
    const send = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object) => {
      const response = await used.app.inject({
        method,
        url,
        headers: { 'x-api-key': writer, accept: 'application/json' },
        ...(body === undefined ? {} : { payload: body }),
      });
      trace.push(`${method} ${url} ${JSON.stringify(body ?? null)} -> ${response.statusCode}`);
      // A refused write (a double booking, a move outside SPEC §3) is fine: the oracle reads the database.
      expect([200, 201, 409], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    };

    // The reads so far (to repeat), and the last 200 of each URL, credential and coding (for If-None-Match).
    const reads: SummaryQuery[] = [];
    const seen = new Map<string, { etag: string; answer: Answer }>();

    const resolvePeriod = (world: World, period: PeriodSpec): { dateFrom: string; dateTo: string } => {
      let day = plusDays(BASE, period.anchor.kind === 'absolute' ? period.anchor.offset : 0);
      if (period.anchor.kind !== 'absolute' && world.rows.length > 0) {
        const longest = (a: Row, b: Row) =>
          nightsBetween(b.date_from, b.date_to) > nightsBetween(a.date_from, a.date_to) ? b : a;
        const row =
          period.anchor.kind === 'longest'
            ? world.rows.reduce(longest)
            : (world.rows[period.anchor.pick % world.rows.length] as Row);
        const field = period.anchor.field;
        if (field === 'last-night') day = plusDays(row.date_to, -1);
        else if (field === 'date_from' || field === 'date_to') day = row[field];
        else day = localDay(row[field] ?? row.modified, world.zone);
      }
      day = plusDays(day, period.delta);
      const { shape } = period;
      if (shape === 'month') {
        const first = `${day.slice(0, 8)}01`;
        return { dateFrom: first, dateTo: plusDays(`${plusDays(first, 32).slice(0, 8)}01`, -1) };
      }
      if (shape === 'year') return { dateFrom: `${day.slice(0, 4)}-01-01`, dateTo: `${day.slice(0, 4)}-12-31` };
      const length = shape === 'day' ? 0 : shape === 'week' ? 6 : shape;
      // The longest stay's anchor starts the period: its first day is where the bound must reach.
      return period.anchorIsEnd && period.anchor.kind !== 'longest'
        ? { dateFrom: plusDays(day, -length), dateTo: day }
        : { dateFrom: day, dateTo: plusDays(day, length) };
    };

    const resolveModified = (world: World, spec: ModifiedSpec): string => {
      const row =
        spec.pick === undefined || world.rows.length === 0 ? undefined : world.rows[spec.pick % world.rows.length];
      const instant = row?.modified ?? spec.instant;
      if (spec.form === 'date') return localDay(instant, world.zone);
      if (spec.form === 'instant') return instant;
      return `${timestampOf(Date.parse(instant)).slice(0, 19)}.5Z`;
    };

    /** One GET, compared whole with the oracle's answer from the rows as they are now. */
    const check = async (q: SummaryQuery, conditional: boolean): Promise<Answer> => {
      const world = await readWorld(used.database, q.organization);
      const expected = expectedAnswer(world, q);
      const url = urlOf(q);
      const key = `${q.pinned}|${q.encoding}|${url}`;
      const before = seen.get(key);
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-api-key': q.pinned ? pinned : reader,
        'accept-encoding': q.encoding,
      };
      if (conditional && before) headers['if-none-match'] = before.etag;
      const response = await used.app.inject({ method: 'GET', url, headers });
      trace.push(`GET ${url}${headers['if-none-match'] ? ' (If-None-Match)' : ''} -> ${response.statusCode}`);
      const context = `after:\n${trace.join('\n')}`;
      if (conditional && before) {
        // 304 exactly when the page and its pagination headers are what the client holds.
        const unchanged = isDeepStrictEqual(before.answer, expected);
        expect({ url, status: response.statusCode }, context).toEqual({ url, status: unchanged ? 304 : 200 });
        if (unchanged) {
          expect({ url, headers: answerOf(response).headers }, context).toEqual({ url, headers: expected.headers });
          return expected;
        }
      }
      const actual = answerOf(response);
      expect({ url, ...actual }, context).toEqual({ url, ...expected });
      if (response.statusCode === 200) seen.set(key, { etag: String(response.headers.etag), answer: actual });
      return actual;
    };

    const toQuery = async (spec: ReadSpec): Promise<SummaryQuery> => {
      const organization = organizations[spec.organization];
      const world = await readWorld(used.database, organization);
      return {
        organization,
        pinned: spec.pinned,
        ...resolvePeriod(world, spec.period),
        periodSpelling: spec.periodSpelling,
        modified: spec.modified && { name: spec.modified.name, value: resolveModified(world, spec.modified) },
        reference: spec.reference,
        status: spec.statuses?.join(','),
        limit: spec.limit,
        offset: spec.offset,
        pageFirst: spec.pageFirst,
        trailingSlash: spec.trailingSlash,
        encoding: spec.encoding,
      };
    };

    // The seed as one file; should two of its stays overlap, one file per stay (some then refused).
    const seedResult = await load({ reservations: seed.map(importRecord) });
    trace.push(`seed import: ${seedResult}`);
    if (seedResult !== 'loaded') {
      for (const item of seed) trace.push(`seed import: ${await load({ reservations: [importRecord(item)] })}`);
    }

    for (const command of commands) {
      if ('advance' in command) now += command.advance * 1000;
      switch (command.kind) {
        case 'book': {
          await send('POST', '/api/reservations', {
            organization: organizations[command.organization],
            accommodation: unitId(command.organization, command.unit),
            ...stayDates(command.stay),
            adults: 2,
            guestName: command.guest,
            totalAmount: amountOf(command.minor),
            currency: 'EUR',
            ...(command.status === undefined ? {} : { status: command.status }),
          });
          break;
        }
        case 'move':
        case 'status':
        case 'cancel': {
          const rows = await allRows();
          if (rows.length === 0) break;
          const row = rows[command.pick % rows.length] as Row;
          const url = `/api/reservations/${row.id}`;
          if (command.kind === 'cancel') {
            await send('DELETE', url);
            break;
          }
          let changes: Record<string, unknown>;
          if (command.kind === 'status') {
            changes = { status: command.status };
          } else {
            changes = changedDates(row, command.change);
            if (command.unit !== undefined) {
              const organization = organizations.indexOf(row.organization_id) as 0 | 1;
              changes.accommodation = unitId(organization, command.unit);
            }
          }
          await send(command.put ? 'PUT' : 'PATCH', url, command.put ? { ...wholeRecord(row), ...changes } : changes);
          break;
        }
        case 'rename':
          await send('PATCH', `/api/accommodations/${unitId(command.organization, command.unit)}`, {
            title: `${command.title} ${now}`,
          });
          break;
        case 'import': {
          const rows = await allRows();
          const reservations: ImportReservation[] = [];
          const updated = new Set<number>();
          for (const item of command.items) {
            if (item.kind === 'new') {
              reservations.push(importRecord(item));
              continue;
            }
            if (rows.length === 0) continue;
            const row = rows[item.pick % rows.length] as Row;
            // One record per id in a file.
            if (updated.has(row.id)) continue;
            updated.add(row.id);
            const record: ImportReservation = {
              id: row.id,
              reservationNumber: row.reservation_number,
              organization: row.organization_id,
              ...wholeRecord(row),
              ...(item.stay === undefined ? {} : changedDates(row, item.stay)),
            };
            if (item.status !== undefined) record.status = item.status;
            if (item.modified !== undefined) record.modified = item.modified;
            reservations.push(record);
          }
          const document: ImportDocument = { reservations };
          if (command.zone !== undefined) {
            document.organizations = [
              { id: organizations[0], name: `Park ${organizations[0]}`, timezone: command.zone },
            ];
          }
          trace.push(`import ${JSON.stringify(document)}`);
          trace.push(`  -> ${await load(document)}`);
          break;
        }
        case 'read': {
          const q = await toQuery(command.read);
          reads.push(q);
          await check(q, false);
          break;
        }
        case 'repeat': {
          if (reads.length === 0) break;
          await check(reads[reads.length - 1 - (command.back % reads.length)] as SummaryQuery, command.conditional);
          break;
        }
        case 'walk': {
          // Every page of one query in turn: the first page counts, the next ones use the kept total.
          const q = await toQuery(command.read);
          reads.push(q);
          let at: SummaryQuery = q;
          for (let page = 0; page < 12; page++) {
            const next = (await check(at, false)).headers['x-pagination-next'];
            if (next === undefined) break;
            at = { ...at, offset: Number(next) };
          }
          break;
        }
      }
    }
    expect(await countDoubleBookings(used.db)).toBe(0);
  }

  it('answers every read as a plain query of the rows would, across writes and imports', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, (scenario) => runScenario(scenario)),
      {
        numRuns: 40,
        // Shrinking replays whole scenarios against a database (minutes on PostgreSQL): the first
        // failure is reported at once instead, with the trace of every request and load before it.
        endOnFailure: true,
      },
    );
  }, 120_000);
});
