/**
 * Every reservation's arrival and departure per organization and day (migration 010), counted
 * afresh into an empty `reservation_days`: by the migration, and by a bulk load that set the
 * counting triggers aside.
 */
export const REBUILD_RESERVATION_DAYS_SQL = `
  insert into reservation_days (organization_id, day, arrivals, departures)
  select organization_id, day, sum(arrivals), sum(departures) from (
    select organization_id, date_from as day, 1 as arrivals, 0 as departures from reservations
    union all
    select organization_id, date_to, 0, 1 from reservations
  ) as moves
  group by organization_id, day`;
