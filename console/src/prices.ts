import type {
  AgeGroupSpecification,
  DiscountSpecification,
  OrderLine,
  PriceComponent,
  PriceListQuery,
  Quote,
  QuoteQuery,
  Supplement,
} from '../../client/index.js';
import { api } from './api.js';

/**
 * The price records and the quote of SPEC §14, through the service's typed client (`client.prices`)
 * like every other call. The settings screen edits the four lists with one form: `Records` is the
 * shape it needs, each list's SDK resource with the form's body passed on (the service checks it).
 */

export type { OrderLine, PriceComponent, Quote, QuoteQuery, Supplement };
export type AgeGroup = AgeGroupSpecification;
export type Discount = DiscountSpecification;
export type Basis = PriceComponent['basis'];
export const BASES: Basis[] = ['night', 'stay', 'person-night', 'person-stay'];

/** One accommodation, every accommodation of a type, or (neither) the whole organization. */
export type Scoped = Pick<
  PriceComponent,
  'id' | 'organization' | 'description' | 'accommodation' | 'type' | 'created' | 'modified'
>;

type Body = Record<string, unknown>;

export interface Records<T> {
  list(query: PriceListQuery, signal?: AbortSignal): Promise<T[]>;
  create(body: Body): Promise<T>;
  update(id: number, body: Body): Promise<T>;
  delete(id: number): Promise<T>;
}

/** An SDK price resource whose bodies the form builds: typed there, passed on here. */
interface PriceResource<T> {
  list(query: PriceListQuery, call: { signal?: AbortSignal }): Promise<T[]>;
  create(body: never): Promise<T>;
  update(id: number, body: never): Promise<T>;
  delete(id: number): Promise<T>;
}

function records<T>(resource: PriceResource<T>): Records<T> {
  return {
    list: (query, signal) => resource.list(query, { signal }),
    create: (body) => resource.create(body as never),
    update: (id, body) => resource.update(id, body as never),
    delete: (id) => resource.delete(id),
  };
}

export const prices = {
  ageGroups: records<AgeGroup>(api.prices.ageGroups),
  components: records<PriceComponent>(api.prices.components),
  supplements: records<Supplement>(api.prices.supplements),
  discounts: records<Discount>(api.prices.discounts),
  quote: (query: QuoteQuery, signal?: AbortSignal): Promise<Quote> => api.prices.quote(query, { signal }),
};

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
