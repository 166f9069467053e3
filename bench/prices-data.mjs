// The prices bench's data set (SPEC §14): the availability bench's (availability-data.mjs: the
// synthetic 1,000,000 reservations of 200 organizations, with blocks and stay rules), and a price
// list per organization written through the API's admin writes (so every record passes the checks a
// park's own would: no two rents of one scope and weekday set over one night), the same for every
// organization but for its types and accommodations:
//
// - 20 price components: 10 rents (the organization's nightly rent 2022–2027, a weekend rent for
//   Friday and Saturday nights, a high season July–August of every year for its first type, a
//   person-night rent for its second type, one accommodation's own rent), 6 fees (final cleaning for
//   the stay, replaced for the first type by its own, a booking fee, energy per night, linen per
//   adult and child for the stay, a service charge per person-night for the second type) and 4
//   taxes (tourist tax per adult-night at most 14 nights, raised from 2025, per child-night, and an
//   environmental levy per stay);
// - 5 supplements: linen (the organization's and the first type's own), a pet per night, breakfast
//   per person-night, and a required reservation charge;
// - 9 discounts, 3 of each kind: long stays of 7, 14 and 21 nights, early booking 60, 120 and 180
//   days before arrival, last minute 3, 7 and 14 days before.
//
// And the request lists: distinct quotes (a random organization, accommodation, stay, party and
// supplements) and the original's quotations of 31-day windows (a random accommodation and first
// day from the organizations' today on), one path per line for wrk-mix.lua.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

// Enough that no run asks one twice on a two-core machine of 2026 (SQLite answered ~2,500 quotes/s
// and ~330 quotations/s: 40,000 and 10,000 ran out within a run, and the repeats hit the cache).
export const QUOTE_REQUESTS = Number(process.env.BENCH_QUOTE_REQUESTS ?? 250_000);
export const QUOTATION_REQUESTS = Number(process.env.BENCH_QUOTATION_REQUESTS ?? 40_000);
/** The window of the original's quotations: dateFrom … dateTo, 31 days inclusive. */
export const QUOTATION_DAYS = 31;
export const PRICE_LIST = { components: 20, supplements: 5, discounts: 9 };
const ORGANIZATIONS = 200;
const FIRST_DAY = '2022-01-01';
const LAST_QUOTE_ARRIVAL = '2027-11-30';
const LAST_QUOTATION_DAY = '2027-12-31';
const PRICED_FROM = '2022-01-01';
const PRICED_TO = '2027-12-31';
const YEARS = [2022, 2023, 2024, 2025, 2026, 2027];
const DAY_MS = 86_400_000;

/** mulberry32, as cold-mix.mjs: the same seed gives the same lists on every machine. */
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

/** Every organization's active accommodations (id, type) and its types, by organization. */
async function parksOf(databaseUrl) {
  const { db, close } = await openDb(databaseUrl);
  try {
    const rows = await db.kysely
      .selectFrom('accommodations')
      .select(['id', 'organization_id', 'type', 'active'])
      .orderBy('id')
      .execute();
    const parks = new Map();
    for (const row of rows) {
      if (!row.active) continue;
      const park = parks.get(row.organization_id) ?? { accommodations: [], types: [] };
      park.accommodations.push({ id: row.id, type: row.type });
      if (!park.types.includes(row.type)) park.types.push(row.type);
      parks.set(row.organization_id, park);
    }
    for (const park of parks.values()) park.types.sort();
    return parks;
  } finally {
    await close();
  }
}

/** Price records beside the three age groups every organization starts with. */
async function priceRecordCount(databaseUrl) {
  const { db, close } = await openDb(databaseUrl);
  try {
    const row = await db.kysely
      .selectFrom('price_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('record', '!=', 'age-group')
      .executeTakeFirst();
    return Number(row.n);
  } finally {
    await close();
  }
}

/** One organization's price list (see the top of the file), as POST bodies by path. */
function priceListOf(organization, park, ageGroups) {
  const [first, second = first] = park.types;
  const own = park.accommodations[Math.floor(park.accommodations.length / 2)].id;
  const adults = ageGroups.filter((g) => g.category === 'adult').map((g) => g.id);
  const children = ageGroups.filter((g) => g.category === 'child').map((g) => g.id);
  const whole = { dateFrom: PRICED_FROM, dateTo: PRICED_TO };
  const amount = (minor) => (minor / 100).toFixed(2);
  // Prices differ a little between organizations, so their quotes do.
  const base = 6_500 + (organization % 17) * 500;
  const component = (description, kind, basis, minor, fields = {}) => ({
    organization,
    description,
    kind,
    basis,
    amount: amount(minor),
    ...whole,
    ...fields,
  });
  const components = [
    component('Rent', 'rent', 'night', base),
    component('Rent, weekend', 'rent', 'night', base + 2_000, { weekdays: [5, 6] }),
    ...YEARS.map((year) =>
      component(`Rent, high season ${year}`, 'rent', 'night', base + 4_000 + (year - 2022) * 300, {
        type: first,
        dateFrom: `${year}-07-01`,
        dateTo: `${year}-08-31`,
      }),
    ),
    component('Rent per person', 'rent', 'person-night', Math.round(base / 3), { type: second }),
    component('Rent', 'rent', 'night', base + 3_500, { accommodation: own }),
    component('Final cleaning', 'fee', 'stay', 4_500),
    component('Final cleaning', 'fee', 'stay', 6_500, { type: first }),
    component('Booking fee', 'fee', 'stay', 1_500),
    component('Energy', 'fee', 'night', 350),
    component('Linen', 'fee', 'person-stay', 1_200, { ageGroups: [...adults, ...children] }),
    component('Service charge', 'fee', 'person-night', 150, { type: second }),
    component('Tourist tax', 'tax', 'person-night', 185, { ageGroups: adults, dateTo: '2024-12-31', maxNights: 14 }),
    component('Tourist tax', 'tax', 'person-night', 215, { ageGroups: adults, dateFrom: '2025-01-01', maxNights: 14 }),
    component('Tourist tax, children', 'tax', 'person-night', 95, { ageGroups: children, maxNights: 14 }),
    component('Environmental levy', 'tax', 'stay', 250),
  ];
  const supplement = (description, basis, minor, fields = {}) => ({
    organization,
    description,
    basis,
    amount: amount(minor),
    ...fields,
  });
  const supplements = [
    supplement('Linen package', 'person-stay', 1_750, { maxQuantity: 10 }),
    supplement('Linen package', 'person-stay', 1_950, { maxQuantity: 10, type: first }),
    supplement('Pet', 'night', 500, { maxQuantity: 2 }),
    supplement('Breakfast', 'person-night', 1_250, { maxQuantity: 10 }),
    supplement('Reservation charge', 'stay', 995, { required: true, maxQuantity: 1 }),
  ];
  const discount = (description, kind, percent, fields) => ({
    organization,
    description,
    kind,
    percent,
    ...whole,
    ...fields,
  });
  const discounts = [
    discount('Week stay', 'long-stay', 5, { minNights: 7 }),
    discount('Two weeks', 'long-stay', 10, { minNights: 14 }),
    discount('Three weeks', 'long-stay', 15, { minNights: 21 }),
    discount('Early booking', 'early-booking', 5, { minDaysBeforeArrival: 60 }),
    discount('Early booking', 'early-booking', 7.5, { minDaysBeforeArrival: 120 }),
    discount('Early booking', 'early-booking', 10, { minDaysBeforeArrival: 180 }),
    discount('Last minute', 'last-minute', 12.5, { maxDaysBeforeArrival: 3 }),
    discount('Last minute', 'last-minute', 10, { maxDaysBeforeArrival: 7 }),
    discount('Last minute', 'last-minute', 5, { maxDaysBeforeArrival: 14 }),
  ];
  if (
    components.length !== PRICE_LIST.components ||
    supplements.length !== PRICE_LIST.supplements ||
    discounts.length !== PRICE_LIST.discounts
  )
    throw new Error('the price list is not the one described');
  return [
    ...components.map((body) => ['/api/accommodation_price_components/', body]),
    ...supplements.map((body) => ['/api/supplements/', body]),
    ...discounts.map((body) => ['/api/discount_specifications/', body]),
  ];
}

/**
 * Writes every organization's price list through the running server `url` with an admin key bound
 * to every organization, unless the database already holds price records (it is reused between
 * runs). One write at a time, in one order, so both databases give the records the same ids and
 * one request list serves both. Returns the records written, or undefined.
 */
export async function preparePriceData(databaseUrl, url, adminKey) {
  if ((await priceRecordCount(databaseUrl)) > 0) return undefined;
  const parks = await parksOf(databaseUrl);
  const headers = { 'x-api-key': adminKey, 'content-type': 'application/json', accept: 'application/json' };
  const call = async (method, path, body) => {
    const response = await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  let written = 0;
  for (let organization = 1; organization <= ORGANIZATIONS; organization++) {
    const ageGroups = await call('GET', `/api/age_group_specifications/?organization=${organization}`);
    for (const [path, body] of priceListOf(organization, parks.get(organization), ageGroups)) {
      await call('POST', path, body);
      written++;
    }
  }
  return written;
}

/** The file a list is kept in, beside the data sets (bench/data/), one per kind and what it depends on. */
const listFile = (kind, ...parts) => {
  const tag = createHash('sha256')
    .update([kind, ...parts].join('|'))
    .digest('hex')
    .slice(0, 12);
  return join(ROOT, 'bench', 'data', `prices-${kind}-${tag}.txt`);
};

/** The optional supplements of each organization, by description (its own ids, read once). */
async function supplementsOf(databaseUrl) {
  const { db, close } = await openDb(databaseUrl);
  try {
    const rows = await db.kysely
      .selectFrom('price_records')
      .select(['id', 'organization_id', 'accommodation_id', 'type', 'terms'])
      .where('record', '=', 'supplement')
      .orderBy('id')
      .execute();
    const byOrganization = new Map();
    for (const row of rows) {
      const terms = typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms;
      // The organization-wide ones: a type's own replaces its organization's under the same name.
      if (terms.required || row.type !== null || row.accommodation_id !== null) continue;
      const list = byOrganization.get(row.organization_id) ?? [];
      list.push({ id: row.id, maxQuantity: terms.maxQuantity });
      byOrganization.set(row.organization_id, list);
    }
    return byOrganization;
  } finally {
    await close();
  }
}

/**
 * `count` distinct quote paths: a random organization of the 200 and one of its active
 * accommodations, an arrival from 2022-01-01 to 2027-11-30, 1–14 nights, 1–4 adults (2 in half),
 * children in two parties of five, a baby in one of ten, and in half of them one or two of the
 * organization's optional supplements. The same for both databases (they hold the same data set
 * and the same price list, written in the same order).
 */
export async function quoteList(databaseUrl, count = QUOTE_REQUESTS) {
  const file = listFile('quote', count);
  if (existsSync(file)) return file;
  const parks = await parksOf(databaseUrl);
  const supplements = await supplementsOf(databaseUrl);
  const next = random(31);
  const first = dayNumber(FIRST_DAY);
  const last = dayNumber(LAST_QUOTE_ARRIVAL);
  const paths = new Set();
  while (paths.size < count) {
    const organization = between(next, 1, ORGANIZATIONS);
    const park = parks.get(organization);
    const accommodation = park.accommodations[Math.floor(next() * park.accommodations.length)];
    const arrival = between(next, first, last);
    const nights = between(next, 1, 14);
    const adults = next() < 0.5 ? 2 : between(next, 1, 4);
    const children = next() < 0.4 ? between(next, 1, 3) : 0;
    const babies = next() < 0.1 ? 1 : 0;
    const offered = supplements.get(organization) ?? [];
    const chosen = [];
    if (next() < 0.5 && offered.length > 0) {
      const wanted = between(next, 1, 2);
      for (const s of [...offered].sort(() => next() - 0.5).slice(0, wanted)) {
        chosen.push(`${s.id}:${between(next, 1, Math.min(3, s.maxQuantity))}`);
      }
      chosen.sort();
    }
    paths.add(
      `/api/quotes?organization=${organization}&accommodation=${accommodation.id}` +
        `&dateFrom=${dateOf(arrival)}&dateTo=${dateOf(arrival + nights)}&adults=${adults}` +
        (children > 0 ? `&children=${children}` : '') +
        (babies > 0 ? `&babies=${babies}` : '') +
        (chosen.length > 0 ? `&supplements=${chosen.join(',')}` : ''),
    );
  }
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  writeFileSync(file, `${[...paths].join('\n')}\n`);
  return file;
}

/**
 * `count` distinct quotations of the original's client: a random organization, one of its active
 * accommodations, a 31-day window whose first day is from `today` + 1 to the end of the price list
 * (an arrival before the organization's today is sold by no stay rule, so earlier windows would list
 * nothing and price nothing), for the default party of 2 adults.
 */
export async function quotationList(databaseUrl, today, count = QUOTATION_REQUESTS) {
  const file = listFile('quotations', count, today);
  if (existsSync(file)) return file;
  const parks = await parksOf(databaseUrl);
  const next = random(32);
  const first = dayNumber(today) + 1;
  const last = dayNumber(LAST_QUOTATION_DAY) - (QUOTATION_DAYS - 1);
  if (last - first < 30) throw new Error(`too few days left in the price list after ${today}`);
  const paths = new Set();
  while (paths.size < count) {
    const organization = between(next, 1, ORGANIZATIONS);
    const park = parks.get(organization);
    const accommodation = park.accommodations[Math.floor(next() * park.accommodations.length)];
    const start = between(next, first, last);
    paths.add(
      `/api/accommodations/${accommodation.id}/quotations/?dateFrom=${dateOf(start)}` +
        `&dateTo=${dateOf(start + QUOTATION_DAYS - 1)}`,
    );
  }
  mkdirSync(join(ROOT, 'bench', 'data'), { recursive: true });
  writeFileSync(file, `${[...paths].join('\n')}\n`);
  return file;
}
