import { Transport } from '../../client/transport.js';
import { CLIENT_OPTIONS, credential } from './api.js';

/**
 * The price records and the quote of SPEC §14. The typed client (client/) does not know them yet,
 * so the console asks through the client's own transport: the same session cookie, CSRF token,
 * retries and problem+json errors (BookingApiError, read by troubleOf) as every other call.
 */

const transport = new Transport({ baseUrl: location.origin, session: credential }, CLIENT_OPTIONS);

export type Basis = 'night' | 'stay' | 'person-night' | 'person-stay';
export const BASES: Basis[] = ['night', 'stay', 'person-night', 'person-stay'];

/** One accommodation, every accommodation of a type, or (neither) the whole organization. */
export interface Scoped {
  id: number;
  organization: number;
  description: string;
  accommodation: number | null;
  type: string | null;
  created: string;
  modified: string;
}

export interface AgeGroup {
  id: number;
  organization: number;
  description: string;
  minAge: number;
  maxAge: number;
  category: 'adult' | 'child' | 'baby';
}

export interface PriceComponent extends Scoped {
  kind: 'rent' | 'fee' | 'tax';
  basis: Basis;
  amount: string;
  dateFrom: string;
  dateTo: string;
  weekdays: number[] | null;
  ageGroups: number[] | null;
  maxNights: number | null;
}

export interface Supplement extends Scoped {
  basis: Basis;
  amount: string;
  required: boolean;
  maxQuantity: number;
}

export interface Discount extends Scoped {
  kind: 'long-stay' | 'early-booking' | 'last-minute';
  percent: number;
  dateFrom: string;
  dateTo: string;
  minNights: number | null;
  minDaysBeforeArrival: number | null;
  maxDaysBeforeArrival: number | null;
}

export interface OrderLine {
  description: string;
  kind: 'rent' | 'discount' | 'fee' | 'supplement' | 'tax';
  quantity: number;
  unitAmount: string;
  amount: string;
}

export interface Quote {
  accommodation: number;
  dateFrom: string;
  dateTo: string;
  nights: number;
  bookable: boolean;
  reasons: string[];
  orderLines: OrderLine[];
  /** Null when a night of the stay has no rent (`no-price`). */
  orderLinesTotal: string | null;
  currency: string;
}

export interface QuoteQuery {
  organization: number;
  accommodation: number;
  dateFrom: string;
  dateTo: string;
  adults: number;
  children?: number;
  babies?: number;
  /** `ID:N,…` */
  supplements?: string;
}

type Query = Record<string, string | number | boolean | undefined>;
type Body = Record<string, unknown>;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** One of the four lists at the original's paths, and its admin writes. */
function records<T>(path: string) {
  return {
    async list(query: Query, signal?: AbortSignal): Promise<T[]> {
      return json(await transport.get(transport.url(`${path}/`, query), signal));
    },
    async create(body: Body): Promise<T> {
      return json(await transport.request('POST', transport.url(`${path}/`), body));
    },
    async update(id: number, body: Body): Promise<T> {
      return json(await transport.request('PATCH', transport.url(`${path}/${id}`), body));
    },
    async delete(id: number): Promise<T> {
      return json(await transport.request('DELETE', transport.url(`${path}/${id}`), undefined));
    },
  };
}

export type Records<T> = ReturnType<typeof records<T>>;

export const prices = {
  ageGroups: records<AgeGroup>('api/age_group_specifications'),
  components: records<PriceComponent>('api/accommodation_price_components'),
  supplements: records<Supplement>('api/supplements'),
  discounts: records<Discount>('api/discount_specifications'),
  async quote(query: QuoteQuery, signal?: AbortSignal): Promise<Quote> {
    return json(await transport.get(transport.url('api/quotes', { ...query }), signal));
  },
};

/** The organization's currency (SPEC §14). Only a quote says it, so a one-night quote of any accommodation is asked. */
export async function currencyOf(organization: number, accommodation: number, today: string, signal?: AbortSignal) {
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const quote = await prices.quote(
    { organization, accommodation, dateFrom: today, dateTo: tomorrow, adults: 1 },
    signal,
  );
  return quote.currency;
}

const BASIS_UNIT: Record<Basis, string> = {
  night: 'per night',
  stay: 'per stay',
  'person-night': 'per person per night',
  'person-stay': 'per person per stay',
};

export function basisLabel(basis: Basis): string {
  return BASIS_UNIT[basis];
}

/** The most specific record of each description for one accommodation, as the quote chooses them (SPEC §14). */
export function offeredTo<T extends Scoped>(list: T[], accommodation: { id: number; type: string }): T[] {
  const rank = (r: T) => (r.accommodation !== null ? 0 : r.type !== null ? 1 : 2);
  const best = new Map<string, T>();
  for (const record of list) {
    if (record.accommodation !== null && record.accommodation !== accommodation.id) continue;
    if (record.type !== null && record.type !== accommodation.type) continue;
    const current = best.get(record.description);
    if (!current || rank(record) < rank(current) || (rank(record) === rank(current) && record.id < current.id)) {
      best.set(record.description, record);
    }
  }
  return [...best.values()].sort((a, b) => a.id - b.id);
}
