import type { Kysely } from 'kysely';
import type { BulkRow } from '../../db/bulk-writer.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { ulidFactory } from '../../shared/ulid.js';
import { eventOf, type RecordChange } from '../events/events.service.js';
import { organizationCounters, storeOrganizationCounters } from '../organizations/organizations.repository.js';

/**
 * The events a load records (SPEC §10), as rows for the bulk writer: their ids, their time, and
 * the organization counter each takes (migration 012).
 */

type Conn = Kysely<Database>;

/** Event ids of the loads: see `newEventId`. */
const nextEventUlid = ulidFactory();

/** What the write steps of one load use to record their events. */
export interface LoadEvents {
  /** When every event of the load occurred: the clock read once, as `startEvents` begins. */
  occurred: string;
  /** The next event id of the load. */
  newEventId: () => string;
  /** The organization's next counter value, which its next event takes. */
  nextSeq: (organization: number) => number;
  /** The events table's row of a change. */
  eventRow: (change: RecordChange) => BulkRow<'events'>;
  /** Stores the counters the load's events moved: once they are all written. */
  storeCounters: () => Promise<void>;
}

/** Begins the load's events: after its organizations are written, so each of them has its counter. */
export async function startEvents(trx: Conn, clock: Clock): Promise<LoadEvents> {
  const clockNow = clock();
  const occurred = formatTimestamp(clockNow);
  const newEventId = () => `evt_${nextEventUlid(clockNow.getTime())}`;
  // Each event takes its organization's next counter value (migration 012); the counters are
  // stored when the load's events are written (every organization's row is locked until then).
  const counters = await organizationCounters(trx);
  const moved = new Map<number, number>();
  const nextSeq = (organization: number) => {
    const seq = (moved.get(organization) ?? counters.get(organization) ?? 0) + 1;
    moved.set(organization, seq);
    return seq;
  };
  const eventRow = (change: RecordChange): BulkRow<'events'> => {
    const event = eventOf(change, clockNow);
    // One generator for every event of the load, so their ids grow in the order they are written.
    event.id = newEventId();
    const { resource } = event;
    return [
      event.id,
      event.organization,
      event.type,
      resource.type,
      resource.id,
      resource.version,
      event.occurred,
      JSON.stringify(event),
      nextSeq(event.organization),
    ];
  };
  return { occurred, newEventId, nextSeq, eventRow, storeCounters: () => storeOrganizationCounters(trx, moved) };
}
