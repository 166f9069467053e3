import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { LONGEST_STAY_SQL } from '../longest-stay.js';

/**
 * The longest stay (in nights) any reservation of an organization has ever had: a bound that turns
 * the `stay` overlap of a summaries request into a range on (organization_id, date_from), as a stay
 * that ends after a period's first day must arrive at most that many nights before it. Writes and
 * bulk loads only ever raise it (a shorter or cancelled stay leaves it as it is: it stays a bound).
 */
export function longestStaySchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('organizations')
        .addColumn('longest_stay_nights', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql.raw(LONGEST_STAY_SQL[dialect]).execute(db);
    },
  };
}
