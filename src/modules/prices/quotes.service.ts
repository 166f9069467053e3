import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { dateInZone, daysBetween } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { formatAmount } from '../../shared/money.js';
import { nightsOfStay } from '../../shared/stay-dates.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import { holdsOfAccommodation, type SellableAccommodation } from '../availability/availability.repository.js';
import { SEARCH_REASONS, type SearchReason } from '../availability/availability.schemas.js';
import { type Park, type ParkCache, parkNow } from '../availability/availability.service.js';
import { type KnownOrganizationState, organizationStateFor } from '../organizations/organizations.repository.js';
import type { VersionedRead } from '../organizations/organizations.service.js';
import { parseQuantities, partyOfCounts, personsCounted } from './party.js';
import { toPrices } from './price-records.js';
import { MAX_QUANTITY } from './prices.schemas.js';
import { currencyOf, listPriceRows } from './prices.repository.js';
import { MAX_QUOTATION_DAYS, type OrderLine, type Prices, quotations, quote, supplementsFor } from './quote.js';
import type { QuoteBody, QuoteQuery, QuotationBody, QuotationsQuery } from './quotes.schemas.js';

/**
 * The quote and the original's quotations (SPEC §14) as reads a cache may keep under the
 * organization's change counter, with its today in the key (discounts and the booking window
 * depend on it). Prices and rules come from the park, read once per change of the organization;
 * a request reads only what holds the accommodation's nights.
 */

type Conn = Kysely<Database>;
type Party = Pick<QuoteQuery, 'adults' | 'children' | 'babies' | 'ageGroups' | 'supplements'>;

export const formatLine = (l: OrderLine) => ({
  ...l,
  unitAmount: formatAmount(l.unitAmount),
  amount: formatAmount(l.amount),
});

/** Persons by age group, each group one of the organization's: 400 naming `parameter` otherwise. */
export function checkedParty(ageGroups: Prices['ageGroups'], named: ReadonlyMap<number, number>, parameter: string) {
  const unknown = [...named.keys()].filter((id) => !ageGroups.some((g) => g.id === id));
  if (unknown.length > 0) {
    throw invalidInput([{ parameter, message: `no age group specification ${unknown.join(', ')}` }]);
  }
  const persons = [...named.values()].reduce((sum, n) => sum + n, 0);
  if (persons === 0 || persons > MAX_QUANTITY) {
    throw invalidInput([{ parameter, message: `must count 1 to ${MAX_QUANTITY} persons` }]);
  }
  return new Map(named);
}

/**
 * Chosen supplements, each offered for the accommodation and within its maxQuantity: 400 naming
 * `parameter` otherwise. A supplement of the organization or the type that the accommodation's
 * own replaces is chosen as the one that replaces it: the guest chose "Linen", not a scope.
 */
export function checkedChoices(
  prices: Prices,
  accommodation: SellableAccommodation,
  named: ReadonlyMap<number, number>,
  parameter: string,
) {
  const choices = new Map<number, number>();
  const offered = supplementsFor(prices.supplements, accommodation);
  for (const [id, quantity] of named) {
    const description = prices.supplements.find((s) => s.id === id)?.description;
    const supplement = offered.find((s) => s.description === description);
    if (!supplement) {
      throw invalidInput([{ parameter, message: `no supplement ${id} for this accommodation` }]);
    }
    if (quantity > supplement.maxQuantity) {
      throw invalidInput([{ parameter, message: `at most ${supplement.maxQuantity} of supplement ${id}` }]);
    }
    choices.set(supplement.id, quantity);
  }
  return choices;
}

/** Persons by age group and chosen supplements, checked against the organization's prices: 400 naming what is wrong. */
function partyAndChoices(park: Park, accommodation: SellableAccommodation, query: Party, defaultAdults: number) {
  const { ageGroups } = park.prices;
  let party: Map<number, number>;
  if (query.ageGroups !== undefined) {
    const named = parseQuantities(query.ageGroups);
    if (!named) throw invalidInput([{ parameter: 'ageGroups', message: 'must be ID:N pairs, each id once' }]);
    party = checkedParty(ageGroups, named, 'ageGroups');
  } else {
    const counts = { adults: query.adults ?? defaultAdults, children: query.children ?? 0, babies: query.babies ?? 0 };
    if (counts.adults === 0)
      throw invalidInput([{ parameter: 'adults', message: 'required unless ageGroups is given' }]);
    const found = partyOfCounts(ageGroups, counts);
    if ('problems' in found) throw invalidInput(found.problems);
    party = checkedParty(ageGroups, found.party, 'ageGroups');
  }
  let choices = new Map<number, number>();
  if (query.supplements !== undefined) {
    const named = parseQuantities(query.supplements);
    if (!named) throw invalidInput([{ parameter: 'supplements', message: 'must be ID:N pairs, each id once' }]);
    choices = checkedChoices(park.prices, accommodation, named, 'supplements');
  }
  return { party, choices, persons: personsCounted(ageGroups, party) };
}

/** The accommodation among the park's active ones; 404 when it is not the organization's, 409 when inactive. */
async function sellable(conn: Conn, park: Park, organizationId: number, id: number) {
  const accommodation = park.accommodations.find((a) => a.id === id);
  if (accommodation) return accommodation;
  if (await findAccommodationRow(conn, [organizationId], id)) {
    throw new AppError('conflict', `Accommodation ${id} is inactive.`);
  }
  throw new AppError('not-found', `No accommodation ${id}.`);
}

const byReasonOrder = (a: SearchReason, b: SearchReason) => SEARCH_REASONS.indexOf(a) - SEARCH_REASONS.indexOf(b);

export async function quoteRead(
  conn: Conn,
  parks: ParkCache,
  clock: Clock,
  organizationId: number,
  query: QuoteQuery,
  known: KnownOrganizationState | null,
): Promise<VersionedRead<QuoteBody>> {
  nightsOfStay(query.dateFrom, query.dateTo);
  if (query.ageGroups === undefined && query.adults === undefined) {
    throw invalidInput([{ parameter: 'adults', message: 'required unless ageGroups is given' }]);
  }
  const organization = await organizationStateFor(conn, organizationId, known);
  if (!organization) throw new AppError('not-found', `No accommodation ${query.accommodation}.`);
  const today = dateInZone(clock(), organization.timezone);
  const { now, park, until } = await parkNow(conn, parks, clock, organizationId, organization.version);
  const { organization: _organization, ...asked } = query;
  return {
    version: organization.version,
    eventsCursor: organization.eventsCursor,
    key: JSON.stringify(['quote', organizationId, today, asked, until]),
    load: async () => {
      const accommodation = await sellable(conn, park, organizationId, query.accommodation);
      const { party, choices, persons } = partyAndChoices(park, accommodation, query, 0);
      const holds = await holdsOfAccommodation(conn, organizationId, accommodation.id, {
        from: query.dateFrom,
        to: query.dateTo,
        longestStayNights: organization.longestStayNights,
        now,
      });
      const priced = quote(park.prices, park.rules, {
        accommodation,
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
        party,
        choices,
        today,
      });
      const reasons: SearchReason[] = [...priced.reasons];
      if (holds.some((h) => h.kind === 'reservation' || h.kind === 'draft')) reasons.push('taken');
      if (holds.some((h) => h.kind === 'block')) reasons.push('blocked');
      if (persons > accommodation.maxPersons) reasons.push('capacity');
      return {
        accommodation: accommodation.id,
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
        nights: priced.nights,
        bookable: reasons.length === 0,
        reasons: reasons.sort(byReasonOrder),
        orderLines: priced.orderLines.map(formatLine),
        orderLinesTotal: priced.orderLinesTotal === null ? null : formatAmount(priced.orderLinesTotal),
        currency: park.currency,
      };
    },
  };
}

/** The original's quotations of one accommodation (SPEC §14): every sellable stay of the window, default 2 adults. */
export async function quotationsRead(
  conn: Conn,
  parks: ParkCache,
  clock: Clock,
  organizationIds: readonly number[],
  accommodationId: number,
  query: QuotationsQuery,
  known: KnownOrganizationState | null,
): Promise<VersionedRead<QuotationBody[]>> {
  if (query.dateTo < query.dateFrom) {
    throw invalidInput([{ parameter: 'dateTo', message: 'must not be before dateFrom' }]);
  }
  if (daysBetween(query.dateFrom, query.dateTo) > MAX_QUOTATION_DAYS) {
    throw invalidInput([{ parameter: 'dateTo', message: `at most ${MAX_QUOTATION_DAYS} days after dateFrom` }]);
  }
  const row = await findAccommodationRow(conn, organizationIds, accommodationId);
  const state = row && (await organizationStateFor(conn, row.organization_id, known));
  if (!row || !state) throw new AppError('not-found', `No accommodation ${accommodationId}.`);
  const organization = { id: row.organization_id, state };
  const today = dateInZone(clock(), state.timezone);
  const { now, park, until } = await parkNow(conn, parks, clock, organization.id, state.version);
  return {
    version: state.version,
    eventsCursor: state.eventsCursor,
    key: JSON.stringify(['quotations', accommodationId, today, query, until]),
    load: async () => {
      // An inactive accommodation sells nothing, but the question is checked all the same.
      const active = park.accommodations.find((a) => a.id === accommodationId);
      const accommodation = active ?? {
        id: row.id,
        title: row.title,
        type: row.type,
        maxPersons: row.max_persons,
      };
      const { party, choices, persons } = partyAndChoices(park, accommodation, query, 2);
      if (!active || persons > accommodation.maxPersons) return [];
      const held = await holdsOfAccommodation(conn, organization.id, accommodationId, {
        from: query.dateFrom,
        to: query.dateTo,
        longestStayNights: state.longestStayNights,
        now,
      });
      return quotations(park.prices, park.rules, { accommodation, party, choices, today }, query, held).map((q) => ({
        ...q,
        orderLinesTotal: formatAmount(q.orderLinesTotal),
        currency: park.currency,
      }));
    },
  };
}

/**
 * The price of a stay recorded through §9 without `totalAmount` (SPEC §14): its quote for the party
 * as adults, children and babies, without chosen supplements, read in the write's transaction under
 * the organization's lock. 409 `no-price` when a night has none. The stay rules are the write's
 * warnings, not the price's business.
 */
export async function priceOfStay(
  trx: Conn,
  organizationId: number,
  stay: {
    accommodation: { id: number; type: string };
    dateFrom: string;
    dateTo: string;
    adults: number;
    children: number;
    babies: number;
  },
  today: string,
): Promise<{ totalAmount: number; currency: string }> {
  const prices = toPrices(await listPriceRows(trx, organizationId));
  const found = partyOfCounts(prices.ageGroups, stay);
  if ('problems' in found) throw invalidInput(found.problems);
  const { orderLinesTotal } = quote(prices, [], { ...stay, party: found.party, choices: new Map(), today });
  if (orderLinesTotal === null) {
    throw new AppError('conflict', 'A night of this stay has no price: send totalAmount, or add a rent for it.', {
      extensions: { reasons: ['no-price'] },
    });
  }
  return { totalAmount: orderLinesTotal, currency: await currencyOf(trx, organizationId) };
}
