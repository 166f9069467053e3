// The availability bench's data set (SPEC §13): the synthetic one of `npm run bench` (200
// organizations, 1,000,000 reservations, six accommodation types dealt round-robin), and what the
// synthetic seed does not make, added here deterministically so both databases hold the same rows:
//
// - blocks: maintenance (1–3 nights) and the owner's own use (the whole gap) in about one in twenty
//   of the gaps of two nights or more between an accommodation's stays, and for pitches and tents a
//   season closed after their last stay;
// - stay rules, as a park sets them: every summer at least 3 nights, December closed to arrival and
//   departure around Christmas and New Year, changeover days for the first type in high season,
//   2 nights at least for bungalows from April to October, pitches and tents not for sale in winter,
//   sold from the day before arrival, and a maximum or minimum for one accommodation in twenty;
// - organization 1 (556 accommodations) with 56 of them inactive, so the park at a glance is 500
//   accommodations of six types.
//
// And the request lists: distinct searches (a random organization, arrival, 1–14 nights, party and
// type) and 90-night grids of organization 1, each one path per line, for wrk-mix.lua.
//
//   node bench/availability-data.mjs <database URL>   → prepares the database, prints the lists' files
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

export const ORGANIZATIONS = 200;
export const RESERVATIONS = 1_000_000;
export const GRID_ORGANIZATION = 1;
export const GRID_ACCOMMODATIONS = 500;
export const GRID_NIGHTS = 90;
export const SEARCH_REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 40_000);
/** Arrivals and grids where the synthetic calendars are full (they run from 2022 into 2027). */
const FIRST_DAY = '2022-01-01';
const LAST_SEARCH_ARRIVAL = '2026-09-30';
const LAST_GRID_NIGHT = '2027-03-31';
const YEARS = [2022, 2023, 2024, 2025, 2026, 2027];
const DAY_MS = 86_400_000;
const CHUNK = 1_000;
const CREATED = '2021-06-01T00:00:00Z';

/** mulberry32, as cold-mix.mjs: the same seed gives the same rows and lists on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayNumber = (date) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const between = (next, low, high) => low + Math.floor(next() * (high - low + 1));

async function openDb(databaseUrl) {
  const { createDb, closeDb } = await import(join(ROOT, 'dist/src/db/database.js'));
  const { parseDatabaseUrl } = await import(join(ROOT, 'dist/src/config.js'));
  const db = createDb(parseDatabaseUrl({ value: databaseUrl, name: 'DATABASE_URL' }), { readThreads: 0 });
  return { db, close: () => closeDb(db) };
}

/** Blocks in the gaps between stays, and a closed season after the last stay of pitches and tents. */
function blocksOf(accommodations, stays) {
  const next = random(13);
  const byAccommodation = new Map();
  for (const stay of stays) {
    const list = byAccommodation.get(stay.accommodation_id);
    if (list) list.push(stay);
    else byAccommodation.set(stay.accommodation_id, [stay]);
  }
  const blocks = [];
  for (const accommodation of accommodations) {
    const list = byAccommodation.get(accommodation.id) ?? [];
    const add = (kind, from, to, note) =>
      blocks.push({
        organization_id: accommodation.organization_id,
        accommodation_id: accommodation.id,
        date_from: dateOf(from),
        date_to: dateOf(to),
        kind,
        note,
        created: CREATED,
        modified: CREATED,
      });
    for (let i = 0; i + 1 < list.length; i++) {
      const from = dayNumber(list[i].date_to);
      const gap = dayNumber(list[i + 1].date_from) - from;
      if (gap < 2 || next() >= 0.05) continue;
      if (next() < 0.7) add('maintenance', from, from + between(next, 1, Math.min(3, gap)), 'Maintenance');
      else add('owner', from, from + gap, "Owner's stay");
    }
    const last = list.at(-1);
    if (last && (accommodation.type === 'pitch' || accommodation.type === 'tent')) {
      const from = dayNumber(last.date_to) + between(next, 0, 10);
      add('closed', from, from + between(next, 90, 150), 'Closed for the season');
    }
  }
  return blocks;
}

/** An organization's stay rules (see the top of the file), in the API's shape less `id`. */
function rulesOf(organizationId, accommodations, next) {
  const types = [...new Set(accommodations.map((a) => a.type))].sort();
  const rules = [];
  const rule = (scope, dateFrom, dateTo, settings) => rules.push({ ...scope, dateFrom, dateTo, ...settings });
  const organization = { accommodation: null, type: null };
  rule(organization, `${YEARS[0]}-01-01`, `${YEARS.at(-1)}-12-31`, { minDaysBeforeArrival: 1 });
  for (const year of YEARS) {
    rule(organization, `${year}-07-01`, `${year}-08-31`, { minNights: 3, maxNights: 21 });
    rule(organization, `${year}-12-01`, `${year}-12-31`, {
      closedToArrival: [`${year}-12-24`, `${year}-12-25`, `${year}-12-31`],
      closedToDeparture: [`${year}-12-25`, `${year}-12-26`, `${year + 1}-01-01`],
    });
    if (types[0]) {
      rule({ accommodation: null, type: types[0] }, `${year}-06-15`, `${year}-09-15`, {
        arrivalDays: [1, 5],
        departureDays: [1, 5],
      });
    }
    if (types.includes('bungalow')) {
      rule({ accommodation: null, type: 'bungalow' }, `${year}-04-01`, `${year}-10-31`, { minNights: 2 });
    }
    for (const type of ['pitch', 'tent']) {
      if (types.includes(type)) {
        rule({ accommodation: null, type }, `${year}-11-01`, `${year + 1}-03-31`, { bookable: false });
      }
    }
  }
  for (const accommodation of accommodations) {
    if (next() >= 0.05) continue;
    const settings = next() < 0.5 ? { maxNights: 14 } : { minNights: 2 };
    rule({ accommodation: accommodation.id, type: null }, `${YEARS[0]}-01-01`, `${YEARS.at(-1)}-12-31`, settings);
  }
  return rules.map((r) => ({ organization: organizationId, ...r }));
}

/**
 * Adds the blocks and stay rules and makes organization 1's park 500 active accommodations, unless
 * the database already holds blocks (it is reused between runs). Returns what it added.
 */
export async function prepareAvailabilityData(databaseUrl) {
  const { db, close } = await openDb(databaseUrl);
  const { conflictingRule } = await import(join(ROOT, 'dist/src/modules/availability/stay-rules.js'));
  const { settingsJson } = await import(join(ROOT, 'dist/src/modules/availability/stay-rules.repository.js'));
  const k = db.kysely;
  try {
    const count = async (table) =>
      Number(
        (
          await k
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        ).n,
      );
    if ((await count('blocks')) > 0) return undefined;
    const accommodations = await k
      .selectFrom('accommodations')
      .select(['id', 'organization_id', 'type'])
      .orderBy('id')
      .execute();
    const stays = await k
      .selectFrom('reservations')
      .select(['accommodation_id', 'date_from', 'date_to'])
      .where('status', 'not in', ['cancelled', 'no-show'])
      .orderBy('accommodation_id')
      .orderBy('date_from')
      .execute();
    const blocks = blocksOf(accommodations, stays);
    const next = random(14);
    const rules = [];
    for (let organization = 1; organization <= ORGANIZATIONS; organization++) {
      const own = accommodations.filter((a) => a.organization_id === organization);
      const stored = [];
      for (const candidate of rulesOf(organization, own, next)) {
        const asStayRule = { ...candidate, id: stored.length + 1 };
        const conflict = conflictingRule(stored, asStayRule);
        if (conflict) throw new Error(`stay rule ${JSON.stringify(candidate)} conflicts on ${conflict.field}`);
        stored.push(asStayRule);
        rules.push({
          organization_id: organization,
          accommodation_id: candidate.accommodation,
          type: candidate.type,
          date_from: candidate.dateFrom,
          date_to: candidate.dateTo,
          settings: settingsJson(candidate),
          created: CREATED,
          modified: CREATED,
        });
      }
    }
    const inactive = accommodations
      .filter((a) => a.organization_id === GRID_ORGANIZATION)
      .slice(GRID_ACCOMMODATIONS)
      .map((a) => a.id);
    await k.transaction().execute(async (trx) => {
      for (let i = 0; i < blocks.length; i += CHUNK) {
        await trx
          .insertInto('blocks')
          .values(blocks.slice(i, i + CHUNK))
          .execute();
      }
      for (let i = 0; i < rules.length; i += CHUNK) {
        await trx
          .insertInto('stay_rules')
          .values(rules.slice(i, i + CHUNK))
          .execute();
      }
      if (inactive.length > 0) {
        await trx
          .updateTable('accommodations')
          .set({ active: db.dialect === 'postgres' ? false : 0 })
          .where('id', 'in', inactive)
          .execute();
      }
      // Every organization's change counter moves, as the API's writes would move it.
      await trx
        .updateTable('organizations')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .execute();
    });
    // PostgreSQL: statistics for the planner, and pages all-visible, as autovacuum would leave them.
    if (db.dialect === 'postgres') {
      const { sql } = await import('kysely');
      for (const table of ['blocks', 'stay_rules', 'accommodations', 'night_holds']) {
        await sql.raw(`vacuum (analyze) ${table}`).execute(k);
      }
    }
    return { blocks: blocks.length, rules: rules.length, inactive: inactive.length };
  } finally {
    await close();
  }
}

/** The file a list is kept in, beside the data sets (bench/data/), one per kind and length. */
const listFile = (kind, count) => {
  const tag = createHash('sha256').update(`${kind}|${count}`).digest('hex').slice(0, 12);
  return join(ROOT, 'bench', 'data', `availability-${kind}-${tag}.txt`);
};

/**
 * `count` distinct search paths: a random organization of the 200, an arrival from 2022-01-01 to
 * 2026-09-30, 1–14 nights, 1–4 adults (2 most often), children in two parties of five, a baby in
 * one of ten, and the organization's accommodations of one of its types in half of them. The same
 * for both databases (they hold the same data set); only the organizations' types are read.
 */
export async function searchList(databaseUrl, count = SEARCH_REQUESTS) {
  const file = listFile('search', count);
  if (existsSync(file)) return file;
  const { db, close } = await openDb(databaseUrl);
  const types = new Map();
  try {
    const rows = await db.kysely
      .selectFrom('accommodations')
      .select(['organization_id', 'type'])
      .distinct()
      .orderBy('organization_id')
      .orderBy('type')
      .execute();
    for (const row of rows) types.set(row.organization_id, [...(types.get(row.organization_id) ?? []), row.type]);
  } finally {
    await close();
  }
  const next = random(21);
  const first = dayNumber(FIRST_DAY);
  const last = dayNumber(LAST_SEARCH_ARRIVAL);
  const paths = new Set();
  while (paths.size < count) {
    const organization = between(next, 1, ORGANIZATIONS);
    const arrival = between(next, first, last);
    const nights = between(next, 1, 14);
    const adults = next() < 0.5 ? 2 : between(next, 1, 4);
    const children = next() < 0.4 ? between(next, 1, 3) : 0;
    const babies = next() < 0.1 ? 1 : 0;
    const own = types.get(organization) ?? [];
    const type = next() < 0.5 && own.length > 0 ? own[Math.floor(next() * own.length)] : undefined;
    paths.add(
      `/api/availability/search?organization=${organization}&dateFrom=${dateOf(arrival)}` +
        `&dateTo=${dateOf(arrival + nights)}&adults=${adults}` +
        (children > 0 ? `&children=${children}` : '') +
        (babies > 0 ? `&babies=${babies}` : '') +
        (type ? `&type=${type}` : ''),
    );
  }
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  writeFileSync(file, `${[...paths].join('\n')}\n`);
  return file;
}

/** Every 90-night grid of organization 1 whose first night is 2022-01-01 … 2027-03-31, shuffled. */
export function gridList() {
  const first = dayNumber(FIRST_DAY);
  const days = Array.from({ length: dayNumber(LAST_GRID_NIGHT) - first + 1 }, (_, i) => first + i);
  const next = random(22);
  for (let i = days.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [days[i], days[j]] = [days[j], days[i]];
  }
  const file = listFile('grid', days.length);
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  writeFileSync(
    file,
    `${days
      .map(
        (day) =>
          `/api/availability?organization=${GRID_ORGANIZATION}&dateFrom=${dateOf(day)}&dateTo=${dateOf(day + GRID_NIGHTS - 1)}`,
      )
      .join('\n')}\n`,
  );
  return file;
}

if (process.argv[1]?.endsWith('availability-data.mjs')) {
  const [url] = process.argv.slice(2);
  if (!url) throw new Error('usage: node bench/availability-data.mjs <database URL>');
  const added = await prepareAvailabilityData(url);
  process.stdout.write(`${added ? JSON.stringify(added) : 'already prepared'}\n`);
  process.stdout.write(`${await searchList(url)}\n${gridList()}\n`);
}
