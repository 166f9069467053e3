import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addDays } from '../../shared/dates.js';
import { NIGHT_HOLDING_STATUSES } from '../reservations/state-machine.js';
import type { HolderKind } from './night-holds.js';

type Conn = Kysely<Database>;

/** An active accommodation, as availability shows it. */
export interface SellableAccommodation {
  id: number;
  title: string;
  type: string;
  maxPersons: number;
}

export async function activeAccommodations(conn: Conn, organizationId: number): Promise<SellableAccommodation[]> {
  const rows = await conn
    .selectFrom('accommodations')
    .select(['id', 'title', 'type', 'max_persons'])
    .where('organization_id', '=', organizationId)
    // A literal: better-sqlite3 cannot bind booleans (accommodations.repository.ts).
    .where('active', '=', sql<boolean>`true`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, maxPersons: r.max_persons }));
}

/** Something holding nights `dateFrom … dateTo − 1` of an accommodation. */
export interface Hold {
  accommodationId: number;
  dateFrom: string;
  dateTo: string;
  kind: HolderKind;
  id: number;
}

/**
 * Every hold of the organization on a night of `from … to − 1` (`to` a departure day), ordered by
 * accommodation and arrival. Reservations are bounded below by the organization's longest stay, as
 * `stay` summaries are (migration 006): a range on (organization_id, date_from), not a walk from
 * its first reservation ever.
 */
export async function holdsOfPeriod(
  conn: Conn,
  organizationId: number,
  period: { from: string; to: string; longestStayNights: number },
): Promise<Hold[]> {
  const reservations = conn
    .selectFrom('reservations')
    .select([
      'accommodation_id as accommodationId',
      'date_from as dateFrom',
      'date_to as dateTo',
      sql<HolderKind>`'reservation'`.as('kind'),
      'id',
    ])
    .where('organization_id', '=', organizationId)
    .where('date_from', '>=', addDays(period.from, -period.longestStayNights))
    .where('date_from', '<', period.to)
    .where('date_to', '>', period.from)
    .where('status', 'in', [...NIGHT_HOLDING_STATUSES]);
  const blocks = conn
    .selectFrom('blocks')
    .select([
      'accommodation_id as accommodationId',
      'date_from as dateFrom',
      'date_to as dateTo',
      sql<HolderKind>`'block'`.as('kind'),
      'id',
    ])
    .where('organization_id', '=', organizationId)
    .where('date_from', '<', period.to)
    .where('date_to', '>', period.from);
  const rows = await reservations.unionAll(blocks).orderBy('accommodationId').orderBy('dateFrom').execute();
  return rows as Hold[];
}
