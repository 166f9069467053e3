import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Selling (SPEC §13): blocks, stay rules, and one rule for every night.
 *
 * Blocks hold nights without a reservation. Reservations that hold nights, live drafts (§15) and
 * blocks of one accommodation never overlap, and on PostgreSQL the database itself refuses it for
 * all of them together. An exclusion constraint sees one table only, so the nights every holder
 * holds are copied into one, `night_holds`, by triggers in the holder's own statement: the
 * constraint on it replaces reservations' own (migration 011), deferrable in the same way for bulk
 * loads. Triggers rather than writes in application code, because every path that changes a holder
 * (the API, `booking import`, the bulk loader's COPY, SQL run by hand) then keeps the copy, and
 * none can forget it. They run once per statement over its transition tables, as migration 010's
 * do, so a COPY of a million reservations adds one insert, not a million trigger calls.
 *
 * SQLite has no exclusion constraints: there the writes check under `BEGIN IMMEDIATE`, which holds
 * the database's only write lock from before the check until the commit.
 *
 * A stay rule keeps what it sets as one JSON object (`settings`): an organization has a handful of
 * rules and every read takes them all, so no query looks inside.
 */
export function blocksAndStayRulesSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'date' : 'text';
  const timestamp = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('blocks')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id'))
        .addColumn('date_from', date, (c) => c.notNull())
        .addColumn('date_to', date, (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('maintenance', 'owner', 'closed', 'external')`),
        )
        .addColumn('note', 'text')
        // The subscribed calendar (§16) an `external` block came from.
        .addColumn('calendar_id', 'integer')
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addCheckConstraint('blocks_dates', sql`date_to > date_from`)
        .execute();
      await db.schema
        .createIndex('blocks_org_date_from')
        .on('blocks')
        .columns(['organization_id', 'date_from', 'id'])
        .execute();
      await db.schema
        .createIndex('blocks_accommodation_dates')
        .on('blocks')
        .columns(['accommodation_id', 'date_from', 'date_to'])
        .execute();

      await db.schema
        .createTable('stay_rules')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('accommodation_id', 'integer', (c) => c.references('accommodations.id'))
        .addColumn('type', 'text')
        .addColumn('date_from', date, (c) => c.notNull())
        .addColumn('date_to', date, (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addCheckConstraint('stay_rules_dates', sql`date_to >= date_from`)
        .execute();
      await db.schema.createIndex('stay_rules_org').on('stay_rules').columns(['organization_id', 'id']).execute();

      if (!pg) return;
      await sql`
        create table night_holds (
          holder text not null check (holder in ('reservation', 'block', 'draft')),
          holder_id integer not null,
          accommodation_id integer not null,
          date_from date not null,
          date_to date not null,
          primary key (holder, holder_id),
          constraint night_holds_no_overlap
            exclude using gist (accommodation_id with =, daterange(date_from, date_to, '[)') with &&)
            deferrable initially immediate
        )`.execute(db);
      for (const statement of NIGHT_HOLDS_TRIGGERS) await sql.raw(statement).execute(db);
      await sql`
        insert into night_holds (holder, holder_id, accommodation_id, date_from, date_to)
        select 'reservation', id, accommodation_id, date_from, date_to from reservations
         where status not in ('cancelled', 'no-show')`.execute(db);
      await sql`alter table reservations drop constraint reservations_no_double_booking`.execute(db);
    },
  };
}

/** The constraint a bulk load defers to its commit (bulk-writer.ts). */
export const NIGHT_HOLDS_CONSTRAINT = 'night_holds_no_overlap';

/** Which rows of a holder table hold nights: reservations in a night-holding status (§3), every block. */
const HOLDERS = [
  {
    table: 'reservations',
    holder: 'reservation',
    holds: (row: string) => `${row}.status not in ('cancelled', 'no-show')`,
  },
  { table: 'blocks', holder: 'block', holds: () => 'true' },
] as const;

/**
 * The triggers that keep `night_holds` a copy of one holder table's held nights; migration 017
 * adds drafts with them.
 */
export function holdsTriggers({
  table,
  holder,
  holds,
}: {
  table: string;
  holder: string;
  holds: (row: string) => string;
}): string[] {
  const fn = `${holder}_night_holds`;
  const insertHeld = (rows: string, where = 'true') => `
    insert into night_holds (holder, holder_id, accommodation_id, date_from, date_to)
    select '${holder}', n.id, n.accommodation_id, n.date_from, n.date_to from ${rows} n
     where ${holds('n')} and ${where};`;
  // An update copies only the rows whose held nights changed: a guest's name leaves the copy alone.
  const moved = `(o.accommodation_id, o.date_from, o.date_to, ${holds('o')})
    is distinct from (n.accommodation_id, n.date_from, n.date_to, ${holds('n')})`;
  return [
    `create function ${fn}() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then ${insertHeld('new_rows')}
       elsif tg_op = 'DELETE' then
         delete from night_holds h using old_rows o where h.holder = '${holder}' and h.holder_id = o.id;
       else
         delete from night_holds h using old_rows o join new_rows n on n.id = o.id
          where h.holder = '${holder}' and h.holder_id = o.id and ${moved};
         ${insertHeld('new_rows', `exists (select 1 from old_rows o where o.id = n.id and ${moved})`)}
       end if;
       return null;
     end $$`,
    `create trigger ${fn}_insert after insert on ${table}
     referencing new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${fn}_delete after delete on ${table}
     referencing old table as old_rows for each statement execute function ${fn}()`,
    `create trigger ${fn}_update after update on ${table}
     referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
  ];
}

const NIGHT_HOLDS_TRIGGERS = HOLDERS.flatMap(holdsTriggers);
