import type { Accommodation } from '../../../client/index.js';

const byTitle = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Active accommodations grouped by type, as on the board; the current one stays listed even if inactive. */
export function AccommodationSelect({
  id,
  accommodations,
  value,
  onChange,
  testId,
}: {
  id: string;
  accommodations: Accommodation[];
  value: number | '';
  onChange: (id: number) => void;
  testId: string;
}) {
  const groups = new Map<string, Accommodation[]>();
  for (const accommodation of accommodations) {
    if (!accommodation.active && accommodation.id !== value) continue;
    groups.set(accommodation.type, [...(groups.get(accommodation.type) ?? []), accommodation]);
  }
  return (
    <select
      id={id}
      value={value}
      required
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data-testid={testId}
    >
      {value === '' && <option value="">Choose an accommodation</option>}
      {[...groups.keys()].sort(byTitle.compare).map((type) => (
        <optgroup key={type} label={type}>
          {(groups.get(type) ?? [])
            .sort((a, b) => byTitle.compare(a.title, b.title))
            .map((accommodation) => (
              <option key={accommodation.id} value={accommodation.id}>
                {accommodation.title} (up to {accommodation.maxPersons})
              </option>
            ))}
        </optgroup>
      ))}
    </select>
  );
}
