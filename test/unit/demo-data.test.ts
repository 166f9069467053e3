import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PriceRecordRow } from '../../src/db/schema.js';
import { type DemoDocument, generateDemoData } from '../../src/modules/data/demo-data.js';
import {
  columnsOf,
  PRICE_DEFAULTS,
  type PriceRecordKind,
  termsJson,
  toPrices,
} from '../../src/modules/prices/price-records.js';
import { quote, type Prices } from '../../src/modules/prices/quote.js';
import { addDays, daysBetween } from '../../src/shared/dates.js';

/**
 * The demo data set (`npm start`, `booking seed --demo`): its price list prices every stay it holds
 * or could sell, and adding it left the stays and blocks as they were.
 */

const TODAY = '2026-03-10';

/** An organization's prices as the quote reads them once `booking import` has stored the document. */
function pricesOf(document: DemoDocument, organization: number): Prices {
  const collections: [readonly Record<string, unknown>[], PriceRecordKind][] = [
    [document.ageGroups, 'age-group'],
    [document.priceComponents, 'component'],
    [document.supplements, 'supplement'],
    [document.discounts, 'discount'],
  ];
  const rows = collections.flatMap(([records, kind]) =>
    records
      .filter((r) => r.organization === organization)
      .map((record): PriceRecordRow => {
        const fields = { ...PRICE_DEFAULTS[kind], ...record };
        return {
          id: record.id as number,
          organization_id: organization,
          record: kind,
          ...columnsOf(fields),
          terms: termsJson(kind, fields),
          created: record.created as string,
          modified: record.modified as string,
          version: 1,
        };
      }),
  );
  return toPrices(rows);
}

describe('the demo data set', () => {
  const document = generateDemoData(TODAY);
  const prices = new Map(document.organizations.map((o) => [o.id as number, pricesOf(document, o.id as number)]));
  const adultsOf = (organization: number) =>
    (prices.get(organization) as Prices).ageGroups.find((g) => g.category === 'adult')?.id as number;
  const ask = (accommodation: { id?: number; organization: number; type: string }, dateFrom: string, nights: number) =>
    quote(prices.get(accommodation.organization) as Prices, [], {
      accommodation: { id: accommodation.id as number, type: accommodation.type },
      dateFrom,
      dateTo: addDays(dateFrom, nights),
      party: new Map([[adultsOf(accommodation.organization), 2]]),
      choices: new Map(),
      today: TODAY,
    });

  it('keeps the stays and blocks it had before prices: its random streams are unchanged', () => {
    // Digests of the data set as generated before the price list was added to it.
    const { accommodations, reservations, blocks } = document;
    const digest = createHash('sha256')
      .update(JSON.stringify([accommodations, reservations, blocks]))
      .digest('hex');
    expect(digest).toBe('c64f4cf72f7bc1d7c49459356c66e866b8f4569ad822fd2beae80c576b12c37e');
    expect(document.organizations.map((o) => o.currency)).toEqual(['EUR', 'EUR', 'USD']);
  });

  it('prices every stay it holds, and every night it could sell up to two years ahead', () => {
    const units = new Map(document.accommodations.map((a) => [a.id as number, a]));
    const unpriced = document.reservations.filter((r) => {
      const unit = units.get(r.accommodation as number) as DemoDocument['accommodations'][0];
      return ask(unit, r.dateFrom, daysBetween(r.dateFrom, r.dateTo)).orderLinesTotal === null;
    });
    expect(unpriced.map((r) => r.reservationNumber)).toEqual([]);
    // One accommodation of each type: back-to-back stays of the longest length (28 nights) from the
    // demo's first arrival, through the last night of one arriving two years after its today.
    const firstArrival = document.reservations.map((r) => r.dateFrom).sort()[0] as string;
    const lastArrival = addDays(TODAY, 730);
    const ofEachType = [...new Map(document.accommodations.map((a) => [`${a.organization} ${a.type}`, a])).values()];
    for (const unit of ofEachType) {
      for (let day = firstArrival; day < addDays(lastArrival, 28); day = addDays(day, 28)) {
        expect(ask(unit, day, 28).orderLinesTotal, `${unit.type} from ${day}`).not.toBeNull();
      }
      expect(ask(unit, lastArrival, 28).orderLinesTotal).not.toBeNull();
    }
  });

  it('quotes a weekend in a chalet in the high season with its cleaning, booking fee and tourist tax', () => {
    const chalet = document.accommodations.find((a) => a.type === 'chalet') as DemoDocument['accommodations'][0];
    // Friday 2026-07-17 to Sunday: two weekend nights, 129 days ahead (5 % early booking).
    const stay = ask(chalet, '2026-07-17', 2);
    expect(stay).toMatchObject({ bookable: true, reasons: [] });
    expect(
      stay.orderLines.map(({ description, kind, quantity, unitAmount, amount }) => [
        description,
        kind,
        quantity,
        unitAmount,
        amount,
      ]),
    ).toEqual([
      ['Weekend night, high season', 'rent', 2, 19400, 38800],
      ['Early booking', 'discount', 1, -1940, -1940],
      ['Final cleaning', 'fee', 1, 7500, 7500],
      ['Booking fee', 'supplement', 1, 1500, 1500],
      ['Tourist tax', 'tax', 4, 235, 940],
    ]);
  });
});
