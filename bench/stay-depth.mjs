// `stay` summaries at every history depth (issue 20, item 3): the cost of a cold `stay` page of a
// one-year period, deep in the result, as a ratio to the same page by `date-from` measured in the
// same rounds, for each year of the largest organization's history. The landed main's unbounded
// overlap (earliest arrival: the first day there is) is measured beside it in the same rounds.
//
//   npm run build && node bench/stay-depth.mjs                 # SQLite, bench/data/bench.sqlite
//   BENCH_DATABASE_URL=postgres://… node bench/stay-depth.mjs  # PostgreSQL
//
// Writes bench/results/stay-depth-<dialect>.md. Each round asks pages at distinct offsets, so no
// database or service cache answers twice; the page and the total are read as a cold request reads them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, cli, commitId } from './lib.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(ROOT, 'bench', 'data', 'bench.sqlite')}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PAGES_PER_ROUND = 5;
const ORGANIZATION = 1;

const { createDb, closeDb } = await import(join(ROOT, 'dist/src/db/database.js'));
const { parseDatabaseUrl } = await import(join(ROOT, 'dist/src/config.js'));
const { findSummaries, countSummaries } = await import(
  join(ROOT, 'dist/src/modules/reservations/reservations.repository.js')
);
const { addDays } = await import(join(ROOT, 'dist/src/shared/dates.js'));

const env = { ...process.env, DATABASE_URL: databaseUrl };
cli(['migrate'], env);
const db = createDb(parseDatabaseUrl({ value: databaseUrl, name: 'BENCH_DATABASE_URL' }));
let count = Number(
  (
    await db.kysely
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
  ).n,
);
if (count < 1_000_000) {
  await closeDb(db);
  process.stdout.write(
    cli(['seed', '--synthetic', '--organizations', '200', '--reservations', '1000000', '--seed', '1'], env),
  );
  execFileSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: process.env });
  process.exit(0);
}

const organization = await db.kysely
  .selectFrom('organizations')
  .select(['longest_stay_nights'])
  .where('id', '=', ORGANIZATION)
  .executeTakeFirstOrThrow();
const span = await db.kysely
  .selectFrom('reservations')
  .select((eb) => [eb.fn.min('date_from').as('first'), eb.fn.max('date_from').as('last')])
  .where('organization_id', '=', ORGANIZATION)
  .executeTakeFirstOrThrow();
const years = [];
for (let y = Number(span.first.slice(0, 4)); y <= Number(span.last.slice(0, 4)); y++) years.push(y);

const selections = (year) => {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  return {
    'date-from': { kind: 'date', column: 'date_from', from, to },
    stay: { kind: 'stay', from, to, earliestArrival: addDays(from, -organization.longest_stay_nights) },
    'stay, unbounded (landed main)': { kind: 'stay', from, to, earliestArrival: '0001-01-01' },
  };
};

/** One cold request's reads: the page at `offset`, then the total. */
async function coldRequest(selection, offset) {
  const filter = { organizationId: ORGANIZATION, selection };
  const started = performance.now();
  await findSummaries(db.kysely, filter, { limit: 100, offset });
  await countSummaries(db.kysely, filter);
  return performance.now() - started;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// Deep pages: around the middle of each year's result, a distinct offset per round and page.
const totals = new Map();
for (const year of years)
  totals.set(
    year,
    await countSummaries(db.kysely, { organizationId: ORGANIZATION, selection: selections(year)['date-from'] }),
  );
const samples = new Map(); // `${year}|${name}` → ms per request, per round (median of the round's pages)
for (let round = 0; round < ROUNDS; round++) {
  for (const year of years) {
    const middle = Math.floor((totals.get(year) ?? 0) / 200) * 100;
    for (const [name, selection] of Object.entries(selections(year))) {
      const times = [];
      for (let page = 0; page < PAGES_PER_ROUND; page++) {
        times.push(await coldRequest(selection, middle + (round * PAGES_PER_ROUND + page) * 100));
      }
      const key = `${year}|${name}`;
      samples.set(key, [...(samples.get(key) ?? []), median(times)]);
    }
  }
}
await closeDb(db);

const rows = years.map((year) => {
  const ms = (name) => median(samples.get(`${year}|${name}`));
  const perRoundRatio = (name) =>
    median(samples.get(`${year}|${name}`).map((t, i) => t / samples.get(`${year}|date-from`)[i]));
  return `| ${year} | ${year - years[0]} | ${totals.get(year)} | ${ms('date-from').toFixed(2)} | ${ms('stay').toFixed(2)} | **${perRoundRatio('stay').toFixed(2)}** | ${ms('stay, unbounded (landed main)').toFixed(2)} | ${perRoundRatio('stay, unbounded (landed main)').toFixed(2)} |`;
});
const dialect = databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
const report = `# \`stay\` at every history depth (${dialect})

Commit ${commitId()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Organization ${ORGANIZATION} of the
bench data set (1,000,000 reservations, 200 organizations; longest stay ${organization.longest_stay_nights} nights).
A cold request's reads of a one-year period: a 100-item page around the middle of the result, then
the total; ${ROUNDS} rounds × ${PAGES_PER_ROUND} distinct pages; milliseconds are medians, ratios the median
of the rounds' ratios to \`date-from\` in the same round.

| year | years of history before it | date-from items | date-from ms | stay ms | stay ÷ date-from | unbounded stay ms | unbounded ÷ date-from |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', `stay-depth-${dialect}.md`), report);
process.stdout.write(report);
