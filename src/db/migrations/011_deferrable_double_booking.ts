import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL's constraint against double bookings (migration 002) becomes DEFERRABLE, still checked
 * at once by default: a single write is refused at its own statement as before, while a bulk load
 * defers it to its commit (bulk-writer.ts). A load is checked on what it leaves, as `booking import`
 * validates a file: a row that moves onto nights which a later row of the same file releases (by a
 * cancellation, a no-show or a move) no longer fails the whole load with a raw database error. A
 * double booking still stored at the commit fails it, and nothing is written.
 *
 * PostgreSQL alters only foreign keys in place, so the constraint is added again: its index is
 * rebuilt and every stored reservation checked once (~25 s per million on two cores).
 */
export function deferrableDoubleBooking(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`alter table reservations drop constraint reservations_no_double_booking`.execute(db);
      await sql`
        alter table reservations add constraint reservations_no_double_booking
        exclude using gist (accommodation_id with =, daterange(date_from, date_to, '[)') with &&)
        where (status not in ('cancelled', 'no-show'))
        deferrable initially immediate
      `.execute(db);
    },
  };
}
