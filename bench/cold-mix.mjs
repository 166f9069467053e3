// The cold mix (issue 20): what integrators really send. Each request asks for a page no request
// asked for before: a random organization, a calendar month or year, a random reference date among
// date-from / date-to / stay / modified, and a random page that exists (its offset below the
// query's total). Generated deterministically (a seeded PRNG) from the data set itself, through the
// service's own query code in this process (not through a server, whose caches that would fill),
// and kept in bench/data beside the data set it was made from.
//
// Its variant `php-client` asks as the original service's PHP client does (issue 34): no
// referenceDate, the period's ends as timestamps, `offset` before `limit`, a `modifiedDateFrom`
// (an instant from 180 days before the period to 30 days after it: from everything to nothing
// modified since), `organization` last.
//
//   node bench/cold-mix.mjs <database URL> [requests]   → prints the list's file
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

// The issue measured 20,000 at ~650 requests/s. Five rounds of 2 s (and a warm-up second per server)
// at ~2,100 requests/s walked past the end of 20,000 and asked 9–15% of the list a second time, so the
// list holds twice that: every request of a round is one no request asked before.
export const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 40_000);
const REFERENCE_DATES = ['date-from', 'date-to', 'stay', 'modified'];
const YEARS = [2022, 2023, 2024, 2025, 2026, 2027];
const ORGANIZATIONS = 200;
const PAGE = 100;

/** mulberry32: a small seeded PRNG, so the same seed gives the same list on every machine. */
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

const pad = (n) => String(n).padStart(2, '0');
const lastDay = (year, month) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A calendar month (6 in 7) or a calendar year of the data set's years. */
function period(next) {
  const year = YEARS[Math.floor(next() * YEARS.length)];
  if (next() < 1 / 7) return { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
  const month = 1 + Math.floor(next() * 12);
  return { dateFrom: `${year}-${pad(month)}-01`, dateTo: `${year}-${pad(month)}-${pad(lastDay(year, month))}` };
}

const DAY_MS = 86_400_000;

/** An instant, whole seconds, from 180 days before the period to 30 days after its end. */
function modifiedDateFrom(next, dateFrom, dateTo) {
  const from = Date.parse(`${dateFrom}T00:00:00Z`) - 180 * DAY_MS;
  const to = Date.parse(`${dateTo}T00:00:00Z`) + 30 * DAY_MS;
  return `${new Date(from + Math.floor((next() * (to - from)) / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** The file the list of a data set is kept in: one per database, size and variant. */
function listFile(databaseUrl, count, variant) {
  const key = variant === 'plain' ? `${databaseUrl}|${count}` : `${databaseUrl}|${count}|${variant}`;
  const tag = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return join(ROOT, 'bench', 'data', `cold-mix-${tag}.txt`);
}

/** Beside a list: how many summaries each of its requests answers with, one number per line. */
const itemsFile = (list) => `${list}.items`;

/**
 * The list of `count` distinct request paths (no host; `organization` names the organization, so one
 * key bound to all of them asks them all), made once per data set and reused, with the number of
 * items each answers with beside it (`listItems`).
 */
export async function coldMix(databaseUrl, count = COLD_REQUESTS, seed = 20, variant = 'plain') {
  const file = listFile(databaseUrl, count, variant);
  if (existsSync(file) && existsSync(itemsFile(file))) return file;
  const { createDb, closeDb } = await import(join(ROOT, 'dist/src/db/database.js'));
  const { parseDatabaseUrl } = await import(join(ROOT, 'dist/src/config.js'));
  const { summaryList, createSummaryTotals } = await import(
    join(ROOT, 'dist/src/modules/reservations/summaries.service.js')
  );
  const db = createDb(parseDatabaseUrl({ value: databaseUrl, name: 'DATABASE_URL' }));
  const totals = new Map();
  const totalOf = async (organization, request) => {
    const key = JSON.stringify([organization, request.dateFrom, request.dateTo, request.referenceDate, request.since]);
    if (!totals.has(key)) {
      const read = await summaryList(
        db.kysely,
        organization,
        {
          ...request,
          statuses: undefined,
          modifiedSince: request.since && { instant: new Date(request.since) },
          page: { limit: 1, offset: 0 },
        },
        createSummaryTotals(),
      );
      totals.set(key, (await read.load()).total);
    }
    return totals.get(key);
  };
  const next = random(seed);
  const paths = new Map();
  try {
    while (paths.size < count) {
      const organization = 1 + Math.floor(next() * ORGANIZATIONS);
      const referenceDate =
        variant === 'php-client' ? 'date-from' : REFERENCE_DATES[Math.floor(next() * REFERENCE_DATES.length)];
      const { dateFrom, dateTo } = period(next);
      const since = variant === 'php-client' ? modifiedDateFrom(next, dateFrom, dateTo) : undefined;
      const total = await totalOf(organization, { dateFrom, dateTo, referenceDate, since });
      const offset = Math.floor(next() * Math.max(1, Math.ceil(total / PAGE))) * PAGE;
      const path =
        variant === 'php-client'
          ? `/api/reservations/summaries?dateFrom=${dateFrom}T00%3A00%3A00Z&dateTo=${dateTo}T00%3A00%3A00Z` +
            `&offset=${offset}&limit=${PAGE}&modifiedDateFrom=${encodeURIComponent(since)}&organization=${organization}`
          : `/api/reservations/summaries?organization=${organization}&dateFrom=${dateFrom}&dateTo=${dateTo}` +
            `&referenceDate=${referenceDate}&offset=${offset}`;
      paths.set(path, Math.min(PAGE, total - offset));
    }
  } finally {
    await closeDb(db);
  }
  writeFileSync(file, `${[...paths.keys()].join('\n')}\n`);
  writeFileSync(itemsFile(file), `${[...paths.values()].join('\n')}\n`);
  return file;
}

/** The number of items each request of a list answers with, in list order. */
export const listItems = (file) => readFileSync(itemsFile(file), 'utf8').trimEnd().split('\n').map(Number);

/** How many paths a list file holds. */
export const listLength = (file) => readFileSync(file, 'utf8').trimEnd().split('\n').length;

if (process.argv[1]?.endsWith('cold-mix.mjs')) {
  const [url, count] = process.argv.slice(2);
  if (!url) throw new Error('usage: node bench/cold-mix.mjs <database URL> [requests]');
  process.stdout.write(`${await coldMix(url, count ? Number(count) : undefined)}\n`);
}
