import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { dateInZone, formatTimestamp } from '../../shared/dates.js';
import { liveDraftExpiries } from '../booking-flow/drafts.repository.js';
import { nightsOfPeriod, nightsOfStay } from '../../shared/stay-dates.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import type { VersionedRead } from '../organizations/organizations.service.js';
import { VersionedCache } from '../../shared/versioned-cache.js';
import { activeAccommodations, holdsOfPeriod, type SellableAccommodation } from './availability.repository.js';
import { type GridQuery, type SearchQuery, type Grid, type SearchResult } from './availability.schemas.js';
import { availabilityGrid, searchStays } from './availability.js';
import { listStayRuleRows, toStayRule } from './stay-rules.repository.js';
import type { StayRule } from './stay-rules.js';
import { addDays } from '../../shared/dates.js';
import { invalidInput } from '../../shared/errors.js';
import { partyOfCounts } from '../prices/party.js';
import { toPrices } from '../prices/price-records.js';
import { currencyOf, listPriceRows } from '../prices/prices.repository.js';
import type { Prices } from '../prices/quote.js';

/**
 * Availability (SPEC §13) as reads a cache may keep under the organization's change counter: every
 * write that changes what they show (a reservation, a block, a rule, an accommodation) moves it.
 * The search also depends on the organization's today (the booking window), so today is part of
 * its key.
 */

type Conn = Kysely<Database>;

/**
 * What every selling read of an organization starts from (availability, quotes, quotations): its
 * active accommodations, its stay rules, its prices and their currency.
 */
export interface Park {
  accommodations: readonly SellableAccommodation[];
  rules: readonly StayRule[];
  prices: Prices;
  currency: string;
  /** When each draft live at the park's load expires, earliest first (SPEC §15: it holds its nights until then). */
  draftExpiries: readonly string[];
}

/**
 * Parks kept under their organization's change counter, as summaries' totals are: every write that
 * changes an accommodation or a rule moves it. A search read them anew each time, two statements and
 * every rule's JSON for an answer that is mostly the same for all of an organization's searches.
 */
export type ParkCache = VersionedCache<Park>;

export function createParkCache(): ParkCache {
  return new VersionedCache<Park>({ maxEntries: 1_000 });
}

/**
 * The organization's park as of at least `version` (read before it, as the data of every read is).
 * `now` is the instant the read sees drafts at: a park loaded then keeps the drafts live then.
 */
function parkOf(conn: Conn, parks: ParkCache, organizationId: number, version: number, now: string): Promise<Park> {
  return parks.getOrLoad(String(organizationId), version, async () => ({
    accommodations: await activeAccommodations(conn, organizationId),
    rules: (await listStayRuleRows(conn, organizationId)).map(toStayRule),
    prices: toPrices(await listPriceRows(conn, organizationId)),
    currency: await currencyOf(conn, organizationId),
    draftExpiries: await liveDraftExpiries(conn, organizationId, now),
  }));
}

const ofType = (accommodations: readonly SellableAccommodation[], type: string | undefined) =>
  type === undefined ? accommodations : accommodations.filter((a) => a.type === type);

/**
 * When the first of the park's drafts live at `now` expires (SPEC §15: a draft holds its nights
 * until then): an answer kept under the change counter is exact until that instant, so it is part
 * of the answer's key. No write marks a draft's expiry; the park knows them all, since every write
 * that makes or renews a draft moves the counter.
 */
function draftsUntil(park: Park, now: string): string | null {
  return park.draftExpiries.find((expires) => expires > now) ?? null;
}

/**
 * What a selling read sees of the park: the instant it reads at (`now`: drafts live then hold
 * nights), the park as of `version`, and `until` (`draftsUntil`), which keys its cached answer.
 */
export async function parkNow(
  conn: Conn,
  parks: ParkCache,
  clock: Clock,
  organizationId: number,
  version: number,
): Promise<{ now: string; park: Park; until: string | null }> {
  const now = formatTimestamp(clock());
  const park = await parkOf(conn, parks, organizationId, version, now);
  return { now, park, until: draftsUntil(park, now) };
}

export async function gridRead(
  conn: Conn,
  parks: ParkCache,
  clock: Clock,
  organizationId: number,
  query: GridQuery,
  known: KnownOrganizationState | null,
): Promise<VersionedRead<Grid>> {
  nightsOfPeriod(query.dateFrom, query.dateTo);
  const organization = await organizationStateFor(conn, organizationId, known);
  const seen = organization && (await parkNow(conn, parks, clock, organizationId, organization.version));
  return {
    version: organization?.version ?? -1,
    eventsCursor: organization?.eventsCursor,
    key: JSON.stringify([
      'grid',
      organizationId,
      query.dateFrom,
      query.dateTo,
      query.type ?? null,
      seen?.until ?? null,
    ]),
    load: async () => {
      if (!organization || !seen) return availabilityGrid([], [], query.dateFrom, query.dateTo);
      const holds = await holdsOfPeriod(conn, organizationId, {
        from: query.dateFrom,
        to: addDays(query.dateTo, 1),
        longestStayNights: organization.longestStayNights,
        now: seen.now,
      });
      return availabilityGrid(ofType(seen.park.accommodations, query.type), holds, query.dateFrom, query.dateTo);
    },
  };
}

export async function searchRead(
  conn: Conn,
  parks: ParkCache,
  clock: Clock,
  organizationId: number,
  query: SearchQuery,
  known: KnownOrganizationState | null,
): Promise<VersionedRead<SearchResult[]>> {
  nightsOfStay(query.dateFrom, query.dateTo);
  const organization = await organizationStateFor(conn, organizationId, known);
  const today = dateInZone(clock(), organization?.timezone ?? 'UTC');
  const seen = organization && (await parkNow(conn, parks, clock, organizationId, organization.version));
  const stay = {
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    adults: query.adults,
    children: query.children ?? 0,
    babies: query.babies ?? 0,
  };
  return {
    version: organization?.version ?? -1,
    eventsCursor: organization?.eventsCursor,
    key: JSON.stringify(['search', organizationId, today, stay, query.type ?? null, seen?.until ?? null]),
    load: async () => {
      if (!organization || !seen) return [];
      const { park, now } = seen;
      const holds = await holdsOfPeriod(conn, organizationId, {
        from: query.dateFrom,
        to: query.dateTo,
        longestStayNights: organization.longestStayNights,
        now,
      });
      const party = partyOfCounts(park.prices.ageGroups, stay);
      if ('problems' in party) throw invalidInput(party.problems);
      return searchStays(ofType(park.accommodations, query.type), holds, park.rules, stay, today, {
        prices: park.prices,
        currency: park.currency,
        party: party.party,
      });
    },
  };
}
