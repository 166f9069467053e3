import type { ParameterError } from '../../shared/errors.js';
import type { AgeGroup, AgeCategory } from './quote.js';

/**
 * Who stays, as the quote counts them: persons by age group. A search or a §9 write says how many
 * adults, children and babies; each counts in the first age group (lowest id) of its category. A
 * quote may name the groups itself (`ageGroups=ID:N,…`, SPEC §14).
 */

export interface PartyCounts {
  adults: number;
  children: number;
  babies: number;
}

const CATEGORY_OF = { adults: 'adult', children: 'child', babies: 'baby' } as const satisfies Record<
  keyof PartyCounts,
  AgeCategory
>;

/** Persons by age group, or the parameters that name a category no age group has. */
export function partyOfCounts(
  ageGroups: readonly AgeGroup[],
  counts: PartyCounts,
): { party: Map<number, number> } | { problems: ParameterError[] } {
  const party = new Map<number, number>();
  const problems: ParameterError[] = [];
  for (const parameter of Object.keys(CATEGORY_OF) as (keyof PartyCounts)[]) {
    const count = counts[parameter];
    if (count === 0) continue;
    const group = ageGroups
      .filter((g) => g.category === CATEGORY_OF[parameter])
      .reduce<AgeGroup | undefined>((first, g) => (first && first.id < g.id ? first : g), undefined);
    if (!group) {
      problems.push({ parameter, message: `no age group of category ${CATEGORY_OF[parameter]} in this organization` });
    } else party.set(group.id, (party.get(group.id) ?? 0) + count);
  }
  return problems.length > 0 ? { problems } : { party };
}

/** `ID:N,ID:N` as a map; undefined when malformed or an id is named twice. */
export function parseQuantities(text: string): Map<number, number> | undefined {
  const quantities = new Map<number, number>();
  for (const item of text.split(',')) {
    const match = /^([1-9]\d{0,9}):(\d{1,4})$/.exec(item.trim());
    if (!match) return undefined;
    const id = Number(match[1]);
    if (quantities.has(id)) return undefined;
    quantities.set(id, Number(match[2]));
  }
  return quantities;
}

/** Persons who take a bed (§9 counts adults and children against `maxPersons`): everyone but babies. */
export function personsCounted(ageGroups: readonly AgeGroup[], party: ReadonlyMap<number, number>): number {
  let persons = 0;
  for (const [id, count] of party) {
    if (ageGroups.find((g) => g.id === id)?.category !== 'baby') persons += count;
  }
  return persons;
}
