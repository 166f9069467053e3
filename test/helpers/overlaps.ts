import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/** Pairs of night-holding reservations of one accommodation that share a night: must always be 0. */
export async function countDoubleBookings(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*) as n from reservations a join reservations b
      on a.accommodation_id = b.accommodation_id and a.id < b.id
     and a.date_from < b.date_to and b.date_from < a.date_to
   where a.status not in ('cancelled', 'no-show') and b.status not in ('cancelled', 'no-show')
  `.execute(db.kysely);
  return Number(result.rows[0]?.n);
}
