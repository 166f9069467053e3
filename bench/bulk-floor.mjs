// What SQLite itself needs to load the seed's million reservations into the service's schema, with
// no service code and no JavaScript per row: the rows come from a recursive CTE inside SQLite and go
// in through one INSERT … SELECT, with the bulk writer's settings (rollback journal, 1 GiB page
// cache, foreign keys on, secondary indexes and the per-day counting triggers set aside and rebuilt
// before the commit). The bulk figures of `npm run bench` are read against this floor, measured in
// the same run.
//
//   node bench/bulk-floor.mjs <fresh file> [reservations]   → one JSON line on stdout
import { performance } from 'node:perf_hooks';
import { REBUILD_RESERVATION_DAYS_SQL } from '../dist/src/db/reservation-days.js';
import { SQLite } from '../dist/src/db/sqlite-driver.js';
import { cli, removeDatabaseFiles } from './lib.mjs';

const [file, count = '1000000'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/bulk-floor.mjs <fresh file> [reservations]');
const reservations = Number(count);
const ORGANIZATIONS = 200;
const UNITS_PER_ORGANIZATION = 28;

removeDatabaseFiles(file);
cli(['migrate'], { ...process.env, DATABASE_URL: `sqlite:${file}` });

const db = new SQLite(file);
db.pragma('journal_mode = DELETE');
db.pragma('foreign_keys = ON');
db.pragma('cache_size = -1048576');

const started = performance.now();
const seconds = (from) => Math.round(performance.now() - from) / 1000;
db.exec('begin immediate');
const indexes = db
  .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = 'reservations' and sql is not null`)
  .all();
for (const index of indexes) db.exec(`drop index ${index.name}`);
// As the bulk writer does: the per-day counting triggers set aside, the counts taken afresh at the end.
const triggers = db
  .prepare(
    `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'reservations' and name like 'reservation_days_%'`,
  )
  .all();
for (const trigger of triggers) db.exec(`drop trigger ${trigger.name}`);
db.exec(`
  with recursive o(id) as (select 1 union all select id + 1 from o where id < ${ORGANIZATIONS})
  insert into organizations (id, name, timezone, created, modified)
  select id, 'Floor ' || id, 'UTC', '2021-06-01T00:00:00.000Z', '2021-06-01T00:00:00.000Z' from o`);
db.exec(`
  with recursive a(id) as (select 1 union all select id + 1 from a where id < ${ORGANIZATIONS * UNITS_PER_ORGANIZATION})
  insert into accommodations (id, organization_id, title, type, max_persons, bedrooms, active, created, modified)
  select id, 1 + (id - 1) / ${UNITS_PER_ORGANIZATION}, 'unit ' || id, 'chalet', 4, 2, 1,
         '2021-06-01T00:00:00.000Z', '2021-06-01T00:00:00.000Z' from a`);
const inserting = performance.now();
// Organizations take consecutive id ranges, as in the seed; dates and times are spread so that the
// index builds sort real work, and are formatted by printf (SQLite's date functions cost more).
db.exec(`
  with recursive n(id) as (select 1 union all select id + 1 from n where id < ${reservations}),
  r as (select id, 1 + (id - 1) * ${ORGANIZATIONS} / ${reservations} as org, id * 7919 % 1800 as day from n)
  insert into reservations (id, organization_id, accommodation_id, reservation_number, status, date_from, date_to,
    adults, children, babies, guest_name, total_amount_minor, currency, channel, created, modified, cancelled)
  select id, org, (org - 1) * ${UNITS_PER_ORGANIZATION} + 1 + id % ${UNITS_PER_ORGANIZATION}, 'S' || org || '-' || id,
    case when id % 12 = 0 then 'cancelled' else 'confirmed' end,
    printf('%04d-%02d-%02d', 2022 + day / 360, 1 + day / 30 % 12, 1 + day % 27),
    printf('%04d-%02d-%02d', 2022 + day / 360, 1 + day / 30 % 12, 2 + day % 27),
    2, 1, 0, 'Guest ' || id, 12345, 'EUR', 'website',
    printf('2021-%02d-%02dT%02d:%02d:%02d.000Z', 1 + id % 12, 1 + id % 28, id % 24, id % 60, id * 7 % 60),
    printf('2021-%02d-%02dT%02d:%02d:%02d.000Z', 1 + id % 12, 1 + id % 28, id % 24, id % 60, id * 11 % 60),
    case when id % 12 = 0 then printf('2021-%02d-%02dT00:00:00.000Z', 1 + id % 12, 1 + id % 28) end
  from r`);
const insertSeconds = seconds(inserting);
const indexing = performance.now();
for (const index of indexes) db.exec(index.sql);
for (const trigger of triggers) db.exec(trigger.sql);
db.exec(`delete from reservation_days; ${REBUILD_RESERVATION_DAYS_SQL}`);
const indexSeconds = seconds(indexing);
const committing = performance.now();
db.exec('commit');
const commitSeconds = seconds(committing);
const total = seconds(started);
db.close();
removeDatabaseFiles(file);
process.stdout.write(
  `${JSON.stringify({ reservations, seconds: total, reservationsPerSecond: Math.round(reservations / total), insertSeconds, indexSeconds, commitSeconds })}\n`,
);
