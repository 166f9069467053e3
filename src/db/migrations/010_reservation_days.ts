import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { REBUILD_RESERVATION_DAYS_SQL } from '../reservation-days.js';

/**
 * Reservations per organization and day: how many arrive and how many leave that day, kept by the
 * database itself in the transaction of every write (triggers), so a `date-from`, `date-to` or
 * `stay` total is a sum over the period's days instead of a walk over its reservations (a large
 * park's year: 20,000 rows at a million reservations, ten times that at ten million).
 *
 * SQLite counts row by row. PostgreSQL counts once per statement over its transition tables, so a
 * COPY of a million rows adds one grouped insert, not a million trigger calls. Days may be left at
 * zero: a sum does not mind them.
 */
export function reservationDaysSchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('reservation_days')
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('day', dialect === 'postgres' ? 'date' : 'text', (c) => c.notNull())
        .addColumn('arrivals', 'integer', (c) => c.notNull())
        .addColumn('departures', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('reservation_days_pk', ['organization_id', 'day'])
        .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
        .execute();
      for (const statement of RESERVATION_DAYS_TRIGGERS[dialect]) await sql.raw(statement).execute(db);
      await sql.raw(REBUILD_RESERVATION_DAYS_SQL).execute(db);
    },
  };
}

const sqliteCount = (row: 'new' | 'old', sign: '+' | '-') =>
  ['date_from', 'date_to']
    .map((column) => {
      const counted = column === 'date_from' ? 'arrivals' : 'departures';
      const values = column === 'date_from' ? `${sign}1, 0` : `0, ${sign}1`;
      return `insert into reservation_days (organization_id, day, arrivals, departures)
        values (${row}.organization_id, ${row}.${column}, ${values})
        on conflict (organization_id, day) do update set ${counted} = ${counted} ${sign} 1;`;
    })
    .join('\n');

/** Net moves of a statement's rows per organization and day: new rows count +1, old rows −1. */
const pgMoves = (tables: readonly ['new_rows' | 'old_rows', 1 | -1][]) => `
  insert into reservation_days (organization_id, day, arrivals, departures)
  select organization_id, day, sum(arrivals), sum(departures) from (
    ${tables
      .map(
        ([table, sign]) =>
          `select organization_id, date_from as day, ${sign} as arrivals, 0 as departures from ${table}
           union all select organization_id, date_to, 0, ${sign} from ${table}`,
      )
      .join(' union all ')}
  ) as moves
  group by organization_id, day
  having sum(arrivals) <> 0 or sum(departures) <> 0
  on conflict (organization_id, day) do update
    set arrivals = reservation_days.arrivals + excluded.arrivals,
        departures = reservation_days.departures + excluded.departures;`;

const RESERVATION_DAYS_TRIGGERS: Record<Dialect, readonly string[]> = {
  sqlite: [
    `create trigger reservation_days_insert after insert on reservations begin
       ${sqliteCount('new', '+')}
     end`,
    `create trigger reservation_days_delete after delete on reservations begin
       ${sqliteCount('old', '-')}
     end`,
    `create trigger reservation_days_update after update of organization_id, date_from, date_to on reservations
     when old.organization_id <> new.organization_id or old.date_from <> new.date_from or old.date_to <> new.date_to
     begin
       ${sqliteCount('old', '-')}
       ${sqliteCount('new', '+')}
     end`,
  ],
  postgres: [
    `create function reservation_days_count() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then ${pgMoves([['new_rows', 1]])}
       elsif tg_op = 'DELETE' then ${pgMoves([['old_rows', -1]])}
       else ${pgMoves([
         ['new_rows', 1],
         ['old_rows', -1],
       ])}
       end if;
       return null;
     end $$`,
    `create trigger reservation_days_insert after insert on reservations
     referencing new table as new_rows for each statement execute function reservation_days_count()`,
    `create trigger reservation_days_delete after delete on reservations
     referencing old table as old_rows for each statement execute function reservation_days_count()`,
    `create trigger reservation_days_update after update on reservations
     referencing old table as old_rows new table as new_rows for each statement execute function reservation_days_count()`,
  ],
};
