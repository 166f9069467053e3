// Writes a `booking import` document (SPEC §2 field names) holding the first organizations of the
// bench database, up to a number of reservations: the input of the bulk-import figure.
// Usage: node bench/import-document.mjs <bench.sqlite> <out.json> <reservations>
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { SQLite } from '../dist/src/db/sqlite-driver.js';

const [source, target, wanted] = process.argv.slice(2);
const db = new SQLite(source, { readonly: true });
const organizations = [];
let reservations = 0;
for (const row of db
  .prepare(
    'select o.id, count(r.id) as n from organizations o join reservations r on r.organization_id = o.id group by o.id order by o.id',
  )
  .iterate()) {
  if (reservations >= Number(wanted)) break;
  organizations.push(row.id);
  reservations += row.n;
}
const within = `(${organizations.join(',')})`;
const out = createWriteStream(target);
const write = async (text) => {
  if (!out.write(text)) await once(out, 'drain');
};
const list = async (name, rows, toRecord) => {
  await write(`"${name}":[`);
  let first = true;
  for (const row of rows) {
    await write(`${first ? '' : ','}\n${JSON.stringify(toRecord(row))}`);
    first = false;
  }
  await write(']');
};
await write('{');
await list('organizations', db.prepare(`select * from organizations where id in ${within}`).iterate(), (o) => ({
  id: o.id,
  name: o.name,
  timezone: o.timezone,
  created: o.created,
  modified: o.modified,
}));
await write(',');
await list(
  'accommodations',
  db.prepare(`select * from accommodations where organization_id in ${within}`).iterate(),
  (a) => ({
    id: a.id,
    organization: a.organization_id,
    title: a.title,
    type: a.type,
    maxPersons: a.max_persons,
    bedrooms: a.bedrooms,
    active: a.active === 1,
    created: a.created,
    modified: a.modified,
  }),
);
await write(',');
await list(
  'reservations',
  db.prepare(`select * from reservations where organization_id in ${within} order by id`).iterate(),
  (r) => ({
    id: r.id,
    reservationNumber: r.reservation_number,
    organization: r.organization_id,
    accommodation: r.accommodation_id,
    status: r.status,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    adults: r.adults,
    children: r.children,
    babies: r.babies,
    guestName: r.guest_name,
    totalAmount: (r.total_amount_minor / 100).toFixed(2),
    currency: r.currency,
    channel: r.channel,
    created: r.created,
    modified: r.modified,
    cancelled: r.cancelled,
  }),
);
await write('}\n');
out.end();
await once(out, 'finish');
process.stdout.write(`${reservations} reservations of ${organizations.length} organizations\n`);
