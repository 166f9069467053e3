import type { Dialect } from './database.js';

/**
 * Raises every organization's `longest_stay_nights` to its longest stored stay, in one pass over
 * the reservations: after a bulk load (which writes rows without the single writes' bookkeeping)
 * and once when migration 006 adds the column.
 */
export const LONGEST_STAY_SQL: Record<Dialect, string> = {
  sqlite: `update organizations set longest_stay_nights = max(longest_stay_nights, s.nights)
    from (select organization_id, cast(max(julianday(date_to) - julianday(date_from)) as integer) as nights
          from reservations group by organization_id) as s
    where s.organization_id = organizations.id`,
  postgres: `update organizations set longest_stay_nights = greatest(longest_stay_nights, s.nights)
    from (select organization_id, max(date_to - date_from) as nights from reservations group by organization_id) as s
    where s.organization_id = organizations.id`,
};
