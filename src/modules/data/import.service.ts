import type { Kysely } from 'kysely';
import { DEFER_INDEXES_FROM_ROWS, withBulkWriter } from '../../db/bulk-writer.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { removeExpiredDrafts } from '../booking-flow/drafts.repository.js';
import { lockEveryOrganization } from '../organizations/organizations.repository.js';
import { PRICE_KINDS } from '../prices/price-records.js';
import { importCalendars } from './import-calendars.js';
import { fail, recordErrors, schemaErrors } from './import-checks.js';
import { priceConflicts, stayRuleConflicts } from './import-conflicts.js';
import { importCredentials } from './import-credentials.js';
import { type FilePriceRecord, type FullDocument, fullDocument, PRICE_COLLECTIONS } from './import-document.js';
import { startEvents } from './import-events.js';
import { type Matches, matchGuests, matchRecords } from './import-matching.js';
import { nightHoldErrors } from './import-night-holds.js';
import {
  guestEmailErrors,
  movedRecords,
  otherKindErrors,
  referenceErrors,
  reservationGuestErrors,
} from './import-references.js';
import { writeReservations } from './import-reservations.js';
import {
  firstFreeIds,
  type Load,
  writeAccommodations,
  writeBlocks,
  writeGuests,
  writeOrganizations,
  writePriceRecords,
  writeStayRules,
} from './import-writes.js';
import type { ImportDocument } from './import.schemas.js';

/** How many records of each collection the document held: a load lands whole or not at all. */
export interface ImportReport {
  organizations: number;
  accommodations: number;
  guests: number;
  reservations: number;
  blocks: number;
  calendars: number;
  icalFeeds: number;
  stayRules: number;
  ageGroups: number;
  priceComponents: number;
  supplements: number;
  discounts: number;
  credentials: number;
}

type Conn = Kysely<Database>;

/**
 * Loads a document (SPEC §8 `booking import`): validates everything first, then upserts by id in
 * one transaction. A bad record is named by collection, index and field, and nothing is written.
 * The steps, top to bottom: the document on its own (`readDocument`); in the transaction, the
 * document against what is stored, finding the stored record each of the file's replaces
 * (`checkAgainstStored`); the writes, collection by collection, with their events; the report.
 */
export async function importDocument(db: Db, clock: Clock, input: unknown): Promise<ImportReport> {
  const doc = readDocument(input);
  const now = formatTimestamp(clock());

  // The checks run in the load's transaction, after every organization is locked: a booking made
  // through the API meanwhile either committed before (and is checked against) or waits for the load.
  await withBulkWriter(db, async (writer, trx) => {
    await lockEveryOrganization(trx);
    // Expired drafts hold nothing (SPEC §15), but on PostgreSQL their rows in night_holds would
    // still refuse the load's stays at the constraint: they go first, as before any write of nights.
    await removeExpiredDrafts(trx, { now: formatTimestamp(clock()) });
    const matches = await checkAgainstStored(trx, doc);

    const load: Load = { trx, writer, now, nextId: await firstFreeIds(writer, doc, matches) };
    if (doc.reservations.length >= DEFER_INDEXES_FROM_ROWS) {
      await writer.deferIndexes('reservations');
      // Each reservation the file creates or changes records an event.
      await writer.deferIndexes('events');
    }
    const organizationIds = await writeOrganizations(load, doc);
    // Each record that the file creates or changes records its event; one it leaves as it is, none.
    const events = await startEvents(trx, clock);
    const titles = await writeAccommodations(load, events, doc);
    await writeGuests(load, doc, matches);
    await writeReservations(load, events, doc, matches.storedIdOf, titles);
    await writeBlocks(load, events, doc, matches);
    await writeStayRules(load, doc, matches);
    await writePriceRecords(load, matches, organizationIds);
    await events.storeCounters();
    await importCalendars(trx, doc.calendars, doc.icalFeeds, now);
    await importCredentials(trx, writer, doc.credentials, now);
  });
  return reportOf(doc);
}

/** The document on its own: its shape, then the rules a schema cannot state. */
function readDocument(input: unknown): FullDocument {
  const shapeErrors = schemaErrors(input);
  if (shapeErrors.length > 0) fail(shapeErrors);
  const doc = fullDocument(input as ImportDocument);
  const errors = recordErrors(doc);
  if (errors.length > 0) fail(errors);
  return doc;
}

/**
 * The document against what is stored, in stages that each refuse the load when they find errors:
 * its references; its guests; stored records it would move to another organization; nights held
 * twice, and stay rules and price records in conflict. Between the stages, the stored record each
 * of the file's replaces is found (`matchGuests`, `matchRecords`): the later stages compare with it.
 */
async function checkAgainstStored(trx: Conn, doc: FullDocument): Promise<Matches> {
  const refErrors = await referenceErrors(trx, doc);
  if (refErrors.length > 0) fail(refErrors);
  const guestMatches = await matchGuests(trx, doc);
  const { guestIds, storedGuests } = guestMatches;
  const guestErrorsFound = [
    ...movedRecords('guests', 'guest', doc.guests, guestIds, storedGuests),
    ...(await guestEmailErrors(trx, doc.guests, guestIds)),
    ...reservationGuestErrors(doc, guestIds, storedGuests),
  ];
  if (guestErrorsFound.length > 0) fail(guestErrorsFound);
  const recordMatches = await matchRecords(trx, doc);
  const { storedIdOf, units, blocksNearby, blockIds, storedBlocks } = recordMatches;
  const { rulesOfOrganizations, ruleIds, storedRules, prices, pricesOfOrganizations, priceIds, storedPrices } =
    recordMatches;
  const movedErrors = [
    ...movedRecords('blocks', 'block', doc.blocks, blockIds, storedBlocks),
    ...movedRecords('stayRules', 'stay rule', doc.stayRules, ruleIds, storedRules),
    ...PRICE_COLLECTIONS.flatMap(([collection, kind]) => {
      const indexes = prices.flatMap((p, i) => (p.collection === collection ? [i] : []));
      const records = indexes.map((i) => (prices[i] as FilePriceRecord).record);
      const ids = indexes.map((i) => priceIds[i]);
      return movedRecords(collection, PRICE_KINDS[kind].noun, records, ids, storedPrices);
    }),
    ...otherKindErrors(prices, priceIds, storedPrices),
  ];
  if (movedErrors.length > 0) fail(movedErrors);
  const overlapErrors = [
    ...(await nightHoldErrors(trx, units, {
      reservations: doc.reservations,
      idOf: storedIdOf,
      blocks: doc.blocks,
      blockIds,
      storedBlocks: blocksNearby,
    })),
    ...stayRuleConflicts(doc.stayRules, ruleIds, rulesOfOrganizations),
    ...priceConflicts(prices, priceIds, pricesOfOrganizations),
  ];
  if (overlapErrors.length > 0) fail(overlapErrors);
  return { ...guestMatches, ...recordMatches };
}

function reportOf(doc: FullDocument): ImportReport {
  return {
    organizations: doc.organizations.length,
    accommodations: doc.accommodations.length,
    guests: doc.guests.length,
    reservations: doc.reservations.length,
    blocks: doc.blocks.length,
    calendars: doc.calendars.length,
    icalFeeds: doc.icalFeeds.length,
    stayRules: doc.stayRules.length,
    ageGroups: doc.ageGroups.length,
    priceComponents: doc.priceComponents.length,
    supplements: doc.supplements.length,
    discounts: doc.discounts.length,
    credentials: doc.credentials.length,
  };
}
