import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Accommodation } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { AccommodationSelect } from '../components/accommodation-select.js';
import { useConfirm } from '../components/confirm.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { SettingsNav } from '../components/settings-nav.js';
import { useDesk } from '../context.js';
import { money } from '../data.js';
import { addDays, formatDayMonth, formatMonth, toDays } from '../dates.js';
import { useLoad } from '../hooks.js';
import {
  type AgeGroup,
  BASES,
  basisLabel,
  type Discount,
  type PriceComponent,
  prices,
  type Records,
  type Scoped,
  type Supplement,
} from '../prices.js';

/**
 * Prices (SPEC §14; changed with scope admin), the second page of Settings. First a season
 * calendar a park manager reads at a glance: one row per scope that has a rent (the whole park,
 * each type, each accommodation with its own), the months of a year across, every rent period a
 * band labelled with its amount, darker the dearer, weekday rents (a weekend) on a hatched lane
 * of their own. Then the lists — rents, fees and taxes, supplements, discounts — each with a form
 * that sends what was typed: the service judges it, and each of its `errors` is shown at the field
 * it names; a rent refused for overlapping another (409) marks that rent.
 */

interface Data {
  components: PriceComponent[];
  supplements: Supplement[];
  discounts: Discount[];
  ageGroups: AgeGroup[];
  accommodations: Accommodation[];
  currency: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Fri, Sat" — or "Mon–Thu" for a run of three or more. */
function weekdayNames(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const contiguous = sorted.every((day, i) => i === 0 || day === (sorted[i - 1] ?? 0) + 1);
  if (contiguous && sorted.length >= 3)
    return `${WEEKDAYS[(sorted[0] ?? 1) - 1]}–${WEEKDAYS[(sorted.at(-1) ?? 1) - 1]}`;
  return sorted.map((day) => WEEKDAYS[day - 1]).join(', ');
}

const period = (from: string, to: string) =>
  `${formatDayMonth(from)} ${from.slice(0, 4)} – ${formatDayMonth(to)} ${to.slice(0, 4)}`;

export function Prices() {
  const { organization } = useDesk();
  const data = useLoad(
    async (signal): Promise<Data> => {
      const query = { organization: organization.id };
      const [components, supplements, discounts, ageGroups, accommodations] = await Promise.all([
        prices.components.list(query, signal),
        prices.supplements.list(query, signal),
        prices.discounts.list(query, signal),
        prices.ageGroups.list(query, signal),
        api.accommodations.list({ organization: organization.id, includeInactive: true }, { signal }),
      ]);
      return { components, supplements, discounts, ageGroups, accommodations, currency: organization.currency };
    },
    [organization.id],
  );
  const [year, setYear] = useState(() => Number(organization.today.slice(0, 4)));
  /** A rent opened from the calendar: the rents' form edits it. */
  const [openRent, setOpenRent] = useState<{ rent: PriceComponent; at: number } | undefined>(undefined);
  const [conflicting, setConflicting] = useState<number | undefined>(undefined);

  const d = data.data;
  const amount = (value: string) => (d?.currency ? money(value, d.currency) : value);
  const titleOf = (id: number) => d?.accommodations.find((a) => a.id === id)?.title ?? `accommodation ${id}`;
  const appliesTo = (record: Scoped) =>
    record.accommodation !== null
      ? titleOf(record.accommodation)
      : record.type !== null
        ? `every ${record.type}`
        : 'the whole park';
  const groupsOf = (ids: number[] | null) =>
    ids === null ? '' : ids.map((id) => d?.ageGroups.find((g) => g.id === id)?.description ?? `group ${id}`).join(', ');

  return (
    <section aria-labelledby="prices-title" data-testid="prices">
      <div class="screen-head">
        <h1 id="prices-title">Prices</h1>
        <SettingsNav current="prices" />
      </div>
      {data.error && <ErrorBox trouble={data.error} onRetry={data.reload} />}
      {!d && !data.error && <Loading what="prices" />}
      {d && (
        <>
          <p class="hint prices-intro">
            Every amount is in the organization's currency{d.currency ? `, ${d.currency}` : ''}. For each night the most
            specific rent decides (an accommodation's own, then its type's, then the whole park's; one for certain
            weekdays beats one for every night); a stay with a night without rent has no price. Quotes and the
            new-reservation form use these at once.
          </p>
          <SeasonCalendar
            year={year}
            onYear={setYear}
            data={d}
            today={organization.today}
            amount={amount}
            conflicting={conflicting}
            onOpen={(rent) => setOpenRent({ rent, at: Date.now() })}
          />
          <RecordSection<PriceComponent>
            config={{
              key: 'rent',
              title: 'Rents',
              noun: 'rent',
              intro:
                'What a night costs. A rent for certain weekdays (e.g. Friday and Saturday nights) is drawn on a hatched lane of its own in the calendar.',
              store: prices.components,
              fixed: { kind: 'rent' },
              fields: [
                { name: 'description', label: 'Description', input: 'text', required: true },
                { name: 'amount', label: 'Amount', input: 'money', required: true },
                { name: 'basis', label: 'Per', input: 'select', options: BASES.map((b) => [b, basisLabel(b)]) },
                { name: 'dateFrom', label: 'First night', input: 'date', required: true },
                { name: 'dateTo', label: 'Last night', input: 'date', required: true },
                { name: 'weekdays', label: 'Only these nights (none ticked: every night)', input: 'weekdays' },
              ],
              empty: { basis: 'night', dateFrom: organization.today, dateTo: addDays(organization.today, 90) },
              columns: ['Nights', 'Amount'],
              cells: (rent) => [
                <>
                  {period(rent.dateFrom, rent.dateTo)}
                  {rent.weekdays && <span class="badge weekday-badge"> {weekdayNames(rent.weekdays)} only</span>}
                </>,
                `${amount(rent.amount)} ${basisLabel(rent.basis)}`,
              ],
            }}
            records={d.components.filter((c) => c.kind === 'rent')}
            data={d}
            appliesTo={appliesTo}
            reload={data.reload}
            open={openRent}
            onConflict={setConflicting}
          />
          <RecordSection<PriceComponent>
            config={{
              key: 'fee',
              title: 'Fees and taxes',
              noun: 'fee or tax',
              intro:
                'Fees (e.g. final cleaning) are on every quote after the rent; taxes (e.g. tourist tax per person per night) come last, over at most their maximum nights when set.',
              store: prices.components,
              fields: [
                {
                  name: 'kind',
                  label: 'Kind',
                  input: 'select',
                  options: [
                    ['fee', 'Fee'],
                    ['tax', 'Tax'],
                  ],
                },
                { name: 'description', label: 'Description', input: 'text', required: true },
                { name: 'amount', label: 'Amount', input: 'money', required: true },
                { name: 'basis', label: 'Per', input: 'select', options: BASES.map((b) => [b, basisLabel(b)]) },
                { name: 'dateFrom', label: 'Valid from', input: 'date', required: true },
                { name: 'dateTo', label: 'Valid to', input: 'date', required: true },
                { name: 'maxNights', label: 'Counts at most … nights', input: 'integer' },
                { name: 'ageGroups', label: 'Counts only (none ticked: everybody)', input: 'ageGroups' },
              ],
              empty: {
                kind: 'fee',
                basis: 'stay',
                dateFrom: organization.today,
                dateTo: addDays(organization.today, 365),
              },
              columns: ['Kind', 'Valid', 'Amount'],
              cells: (c) => [
                c.kind === 'tax' ? 'Tax' : 'Fee',
                period(c.dateFrom, c.dateTo),
                [
                  `${amount(c.amount)} ${basisLabel(c.basis)}`,
                  c.maxNights !== null ? `, at most ${c.maxNights} nights` : '',
                  c.ageGroups ? ` (${groupsOf(c.ageGroups)})` : '',
                ].join(''),
              ],
            }}
            records={d.components.filter((c) => c.kind !== 'rent')}
            data={d}
            appliesTo={appliesTo}
            reload={data.reload}
          />
          <RecordSection<Supplement>
            config={{
              key: 'supplement',
              title: 'Supplements',
              noun: 'supplement',
              intro:
                'Extras: a required one is on every quote; the others are offered on the new-reservation form, up to their maximum quantity.',
              store: prices.supplements,
              fields: [
                { name: 'description', label: 'Description', input: 'text', required: true },
                { name: 'amount', label: 'Amount', input: 'money', required: true },
                { name: 'basis', label: 'Per', input: 'select', options: BASES.map((b) => [b, basisLabel(b)]) },
                { name: 'maxQuantity', label: 'At most (quantity)', input: 'integer' },
                { name: 'required', label: 'Required: on every quote', input: 'checkbox' },
              ],
              empty: { basis: 'stay', maxQuantity: '1', required: false },
              columns: ['Amount', 'Chosen'],
              cells: (s) => [
                `${amount(s.amount)} ${basisLabel(s.basis)}`,
                s.required ? 'required, on every quote' : `optional, up to ${s.maxQuantity}`,
              ],
            }}
            records={d.supplements}
            data={d}
            appliesTo={appliesTo}
            reload={data.reload}
          />
          <RecordSection<Discount>
            config={{
              key: 'discount',
              title: 'Discounts',
              noun: 'discount',
              intro:
                'A percentage off the rent for stays arriving in the period; of those that apply, only the largest is given.',
              store: prices.discounts,
              fields: [
                {
                  name: 'kind',
                  label: 'Kind',
                  input: 'select',
                  options: [
                    ['long-stay', 'Long stay'],
                    ['early-booking', 'Early booking'],
                    ['last-minute', 'Last minute'],
                  ],
                },
                { name: 'description', label: 'Description', input: 'text', required: true },
                { name: 'percent', label: 'Percent off the rent', input: 'percent', required: true },
                { name: 'dateFrom', label: 'First arrival day', input: 'date', required: true },
                { name: 'dateTo', label: 'Last arrival day', input: 'date', required: true },
                { name: 'minNights', label: 'Stays of at least … nights', input: 'integer' },
                { name: 'minDaysBeforeArrival', label: 'Booked at least … days ahead', input: 'integer' },
                { name: 'maxDaysBeforeArrival', label: 'Booked at most … days ahead', input: 'integer' },
              ],
              empty: { kind: 'long-stay', dateFrom: organization.today, dateTo: addDays(organization.today, 365) },
              columns: ['Arrivals', 'Gives', 'When'],
              cells: (x) => [
                period(x.dateFrom, x.dateTo),
                `${x.percent} % off the rent`,
                [
                  x.minNights !== null ? `at least ${x.minNights} nights` : '',
                  x.minDaysBeforeArrival !== null ? `booked ≥ ${x.minDaysBeforeArrival} days ahead` : '',
                  x.maxDaysBeforeArrival !== null ? `booked ≤ ${x.maxDaysBeforeArrival} days ahead` : '',
                ]
                  .filter(Boolean)
                  .join(' · ') || 'always',
              ],
            }}
            records={d.discounts}
            data={d}
            appliesTo={appliesTo}
            reload={data.reload}
          />
        </>
      )}
    </section>
  );
}

/* ---- The season calendar ---- */

interface Lane {
  weekdays: number[] | null;
  rents: PriceComponent[];
}

interface ScopeRow {
  key: string;
  label: string;
  level: 0 | 1 | 2;
  lanes: Lane[];
}

const byTitle = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The rows: the whole park, each type, and under its type each accommodation with a rent of its own. */
function scopeRows(rents: PriceComponent[], accommodations: Accommodation[]): ScopeRow[] {
  const lanesOf = (list: PriceComponent[]): Lane[] => {
    const lanes = new Map<string, Lane>([['', { weekdays: null, rents: [] }]]);
    for (const rent of list) {
      const key = rent.weekdays ? [...rent.weekdays].sort((a, b) => a - b).join(',') : '';
      const lane = lanes.get(key) ?? { weekdays: rent.weekdays, rents: [] };
      lane.rents.push(rent);
      lanes.set(key, lane);
    }
    const all = [...lanes.values()];
    // The every-night lane stays even when empty only if nothing else is there.
    return all.filter((lane, i) => i > 0 || lane.rents.length > 0 || all.length === 1);
  };
  const rows: ScopeRow[] = [
    {
      key: 'organization',
      label: 'Whole park',
      level: 0,
      lanes: lanesOf(rents.filter((r) => r.accommodation === null && r.type === null)),
    },
  ];
  const types = new Set([
    ...accommodations.filter((a) => a.active).map((a) => a.type),
    ...rents.flatMap((r) => (r.type !== null ? [r.type] : [])),
  ]);
  for (const type of [...types].sort(byTitle.compare)) {
    rows.push({ key: `type-${type}`, label: type, level: 1, lanes: lanesOf(rents.filter((r) => r.type === type)) });
    const own = accommodations
      .filter((a) => a.type === type && rents.some((r) => r.accommodation === a.id))
      .sort((a, b) => byTitle.compare(a.title, b.title));
    for (const unit of own) {
      rows.push({
        key: `accommodation-${unit.id}`,
        label: unit.title,
        level: 2,
        lanes: lanesOf(rents.filter((r) => r.accommodation === unit.id)),
      });
    }
  }
  return rows;
}

const TIERS = 5;

function SeasonCalendar({
  year,
  onYear,
  data,
  today,
  amount,
  conflicting,
  onOpen,
}: {
  year: number;
  onYear: (year: number) => void;
  data: Data;
  today: string;
  amount: (value: string) => string;
  conflicting: number | undefined;
  onOpen: (rent: PriceComponent) => void;
}) {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const start = toDays(first);
  const length = toDays(`${year + 1}-01-01`) - start;
  const rents = data.components.filter((c) => c.kind === 'rent' && c.dateFrom <= last && c.dateTo >= first);
  const rows = scopeRows(rents, data.accommodations);
  const months = Array.from({ length: 12 }, (_, m) => {
    const from = `${year}-${String(m + 1).padStart(2, '0')}-01`;
    const to = m === 11 ? `${year + 1}-01-01` : `${year}-${String(m + 2).padStart(2, '0')}-01`;
    return { from, left: ((toDays(from) - start) / length) * 100, width: ((toDays(to) - toDays(from)) / length) * 100 };
  });
  const nightly = rents.filter((r) => r.basis === 'night').map((r) => Number(r.amount));
  const low = Math.min(...nightly);
  const high = Math.max(...nightly);
  const tierOf = (rent: PriceComponent) => {
    if (rent.basis !== 'night' || !(high > low)) return rent.basis === 'night' ? 2 : 'other';
    return Math.round(((Number(rent.amount) - low) / (high - low)) * (TIERS - 1));
  };
  const todayAt = today >= first && today <= last ? ((toDays(today) - start + 0.5) / length) * 100 : undefined;
  // A band's label drops zero cents (€180, not €180.00): the band of a short period is narrow.
  const short = (value: string) => amount(value).replace(/[.,]00(?!\d)/, '');
  const unit = (rent: PriceComponent) => (rent.basis === 'night' ? '' : ` ${basisLabel(rent.basis)}`);
  const scopeLabel = (row: ScopeRow) =>
    row.level === 0 ? 'the whole park' : row.level === 1 ? `every ${row.label}` : row.label;

  return (
    <section class="card" aria-labelledby="season-title" data-testid="season-calendar" data-year={year}>
      <div class="toolbar season-toolbar">
        <h2 id="season-title">Season calendar {year}</h2>
        <div class="inline-field">
          <button type="button" class="button small" onClick={() => onYear(year - 1)} data-testid="season-previous">
            ‹ {year - 1}
          </button>
          <button type="button" class="button small" onClick={() => onYear(year + 1)} data-testid="season-next">
            {year + 1} ›
          </button>
        </div>
        <ul class="legend" aria-label="Legend">
          <li>
            <span class="swatch season-tier-0" aria-hidden="true" />
            cheaper
          </li>
          <li>
            <span class="swatch season-tier-4" aria-hidden="true" />
            dearer
          </li>
          <li>
            <span class="swatch season-band weekday" aria-hidden="true" />
            certain weekdays only
          </li>
        </ul>
      </div>
      <p class="hint">
        Nightly rents
        {nightly.length > 0 ? ` from ${amount(String(low.toFixed(2)))} to ${amount(String(high.toFixed(2)))}` : ''}; a
        band opens its rent in the form below. Where a row has no band, the row above it decides (a type's
        accommodations use the type's rent, else the whole park's).
      </p>
      <div class="season" role="group" aria-label={`Rents of ${year} by scope`}>
        <div class="season-row season-head" aria-hidden="true">
          <div class="season-label">Applies to</div>
          <div class="season-track">
            {months.map((month) => (
              <div key={month.from} class="season-month" style={{ left: `${month.left}%`, width: `${month.width}%` }}>
                {formatMonth(month.from)}
              </div>
            ))}
          </div>
        </div>
        {rows.map((row) =>
          row.lanes.map((lane, index) => (
            <div
              key={`${row.key}-${index}`}
              class={`season-row level-${row.level}${index > 0 ? ' season-sublane' : ''}`}
              data-testid="season-row"
              data-scope={row.key}
              data-weekdays={lane.weekdays?.join(',') ?? ''}
            >
              <div class="season-label">
                {index === 0 ? <span class="season-scope">{row.label}</span> : null}
                {lane.weekdays && <span class="season-days">{weekdayNames(lane.weekdays)} nights</span>}
              </div>
              <div class="season-track">
                {months.map((month) => (
                  <span
                    key={month.from}
                    class="season-gridline"
                    style={{ left: `${month.left}%` }}
                    aria-hidden="true"
                  />
                ))}
                {todayAt !== undefined && (
                  <span class="season-today" style={{ left: `${todayAt}%` }} aria-hidden="true" />
                )}
                {lane.rents.length === 0 && (
                  <span class="season-none">
                    {row.level === 0 ? 'No rent for the whole park' : 'No rent of its own'}
                  </span>
                )}
                {lane.rents.map((rent) => {
                  const from = Math.max(toDays(rent.dateFrom), start);
                  const to = Math.min(toDays(rent.dateTo) + 1, start + length);
                  const days = rent.weekdays ? `${weekdayNames(rent.weekdays)} ` : '';
                  const label = `${days}${short(rent.amount)}${unit(rent)}`;
                  const tier = tierOf(rent);
                  return (
                    <button
                      key={rent.id}
                      type="button"
                      class={`season-band season-tier-${tier}${rent.weekdays ? ' weekday' : ''}${conflicting === rent.id ? ' is-conflicting' : ''}`}
                      style={{ left: `${((from - start) / length) * 100}%`, width: `${((to - from) / length) * 100}%` }}
                      title={`${rent.description}: ${label}, ${period(rent.dateFrom, rent.dateTo)}`}
                      aria-label={`${label}: ${rent.description}, ${scopeLabel(row)}, ${period(rent.dateFrom, rent.dateTo)}, ${amount(rent.amount)} ${basisLabel(rent.basis)}. Edit`}
                      onClick={() => onOpen(rent)}
                      data-testid="season-band"
                      data-component-id={rent.id}
                      data-amount={rent.amount}
                    >
                      {label}
                    </button>
                  );
                })}
              </div>
            </div>
          )),
        )}
      </div>
    </section>
  );
}

/* ---- The lists and their forms ---- */

type FieldSpec = { name: string; label: string; required?: boolean } & (
  | { input: 'text' | 'money' | 'date' | 'integer' | 'percent' | 'weekdays' | 'ageGroups' | 'checkbox' }
  | { input: 'select'; options: [string, string][] }
);

type Value = string | boolean | number[];
type Scope = 'organization' | 'type' | 'accommodation';

/** The form as typed: text for numbers and dates, so that what the service refuses is what was typed. */
interface Draft {
  scope: Scope;
  type: string;
  accommodation: number | '';
  values: Record<string, Value>;
}

interface Config<T extends Scoped> {
  key: string;
  title: string;
  noun: string;
  intro: string;
  store: Records<T>;
  /** Sent with every new record (a rent is a price component of kind rent). */
  fixed?: Record<string, unknown>;
  fields: FieldSpec[];
  empty: Record<string, Value>;
  columns: string[];
  cells: (record: T) => ComponentChildren[];
}

function emptyDraft<T extends Scoped>(config: Config<T>): Draft {
  const values: Record<string, Value> = {};
  for (const field of config.fields) {
    values[field.name] =
      config.empty[field.name] ??
      (field.input === 'weekdays' || field.input === 'ageGroups'
        ? []
        : field.input === 'checkbox'
          ? false
          : field.input === 'select'
            ? (field.options[0]?.[0] ?? '')
            : '');
  }
  return { scope: 'organization', type: '', accommodation: '', values };
}

function draftOf<T extends Scoped>(config: Config<T>, record: T): Draft {
  const values: Record<string, Value> = {};
  const fields = record as unknown as Record<string, unknown>;
  for (const field of config.fields) {
    const value = fields[field.name];
    values[field.name] =
      field.input === 'weekdays' || field.input === 'ageGroups'
        ? ((value as number[] | null) ?? [])
        : field.input === 'checkbox'
          ? Boolean(value)
          : value === null || value === undefined
            ? ''
            : String(value);
  }
  return {
    scope: record.accommodation !== null ? 'accommodation' : record.type !== null ? 'type' : 'organization',
    type: record.type ?? '',
    accommodation: record.accommodation ?? '',
    values,
  };
}

/** The body as typed: an empty optional field is null (a PATCH then unsets it; a POST leaves it out). */
function bodyOf<T extends Scoped>(config: Config<T>, draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    accommodation: draft.scope === 'accommodation' && draft.accommodation !== '' ? draft.accommodation : null,
    type: draft.scope === 'type' ? draft.type : null,
  };
  for (const field of config.fields) {
    const value = draft.values[field.name];
    if (field.input === 'weekdays' || field.input === 'ageGroups') {
      const list = value as number[];
      body[field.name] = list.length ? [...list].sort((a, b) => a - b) : null;
    } else if (field.input === 'checkbox') {
      body[field.name] = Boolean(value);
    } else if (field.input === 'integer' || field.input === 'percent') {
      const text = String(value).trim();
      body[field.name] = text === '' ? null : Number(text);
    } else {
      body[field.name] = String(value).trim();
    }
  }
  return body;
}

function RecordSection<T extends Scoped>({
  config,
  records,
  data,
  appliesTo,
  reload,
  open,
  onConflict,
}: {
  config: Config<T>;
  records: T[];
  data: Data;
  appliesTo: (record: Scoped) => string;
  reload: () => void;
  /** A record to edit, asked for from outside the list (a band of the calendar). */
  open?: { rent: T | PriceComponent; at: number } | undefined;
  onConflict?: (id: number | undefined) => void;
}) {
  const { key, title, noun } = config;
  const { organization } = useDesk();
  const [editing, setEditing] = useState<T | null>(null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(config));
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [dialog, confirm] = useConfirm();
  const heading = useRef<HTMLHeadingElement>(null);

  const startEdit = (record: T | null) => {
    setEditing(record);
    setDraft(record ? draftOf(config, record) : emptyDraft(config));
    setTrouble(null);
    setMessage(null);
    onConflict?.(undefined);
  };

  useEffect(() => {
    if (!open) return;
    startEdit(open.rent as unknown as T);
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus();
  }, [open?.at]);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    setMessage(null);
    onConflict?.(undefined);
    try {
      const body = bodyOf(config, draft);
      if (editing) {
        const saved = await config.store.update(editing.id, body);
        setMessage(`${capital(noun)} ${saved.id} (${saved.description}) saved.`);
      } else {
        const created = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
        const saved = await config.store.create({ organization: organization.id, ...config.fixed, ...created });
        setMessage(`${capital(noun)} ${saved.id} (${saved.description}) added.`);
      }
      setEditing(null);
      setDraft(emptyDraft(config));
      reload();
    } catch (error) {
      const found = troubleOf(error);
      setTrouble(found);
      onConflict?.(found.conflictingComponent);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (record: T) => {
    const sure = await confirm(
      `Remove ${noun} ${record.id}?`,
      `${record.description}, ${appliesTo(record)}. Quotes no longer count it.`,
      `Remove ${noun}`,
    );
    if (!sure) return;
    setTrouble(null);
    setMessage(null);
    try {
      await config.store.delete(record.id);
      if (editing?.id === record.id) startEdit(null);
      setMessage(`${capital(noun)} ${record.id} removed.`);
      reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    }
  };

  return (
    <section class="card" aria-labelledby={`${key}-title`} data-testid={`prices-${key}`}>
      <h2 id={`${key}-title`}>{title}</h2>
      <p class="hint">{config.intro}</p>
      {records.length === 0 && <Empty testId={`${key}-empty`}>No {title.toLowerCase()} yet.</Empty>}
      {records.length > 0 && (
        <table class="table" data-testid={`${key}-table`}>
          <caption class="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Applies to</th>
              {config.columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => {
              const conflicting = trouble?.conflictingComponent === record.id;
              return (
                <tr
                  key={record.id}
                  class={conflicting ? 'is-conflicting' : editing?.id === record.id ? 'is-editing' : undefined}
                  data-testid={`${key}-row`}
                  data-record-id={record.id}
                  data-conflicting={conflicting ? 'true' : undefined}
                >
                  <th scope="row">
                    {record.description}
                    {conflicting && (
                      <strong class="conflict-mark" data-testid={`${key}-conflict`}>
                        {' '}
                        — already prices these nights
                      </strong>
                    )}
                  </th>
                  <td>{appliesTo(record)}</td>
                  {config.cells(record).map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                  <td>
                    <div class="row-actions">
                      <button
                        type="button"
                        class="button small"
                        onClick={() => startEdit(record)}
                        data-testid={`${key}-edit`}
                      >
                        Edit<span class="visually-hidden"> {record.description}</span>
                      </button>
                      <button
                        type="button"
                        class="button small danger-outline"
                        onClick={() => void remove(record)}
                        data-testid={`${key}-remove`}
                      >
                        Remove<span class="visually-hidden"> {record.description}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {message && (
        <p class="notice" role="status" data-testid={`${key}-message`}>
          {message}
        </p>
      )}
      <PriceForm
        config={config}
        draft={draft}
        editing={editing}
        data={data}
        trouble={trouble}
        busy={busy}
        heading={heading}
        onChange={setDraft}
        onSubmit={save}
        onCancel={() => startEdit(null)}
      />
      {dialog}
    </section>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function PriceForm<T extends Scoped>({
  config,
  draft,
  editing,
  data,
  trouble,
  busy,
  heading,
  onChange,
  onSubmit,
  onCancel,
}: {
  config: Config<T>;
  draft: Draft;
  editing: T | null;
  data: Data;
  trouble: Trouble | null;
  busy: boolean;
  heading: RefObject<HTMLHeadingElement>;
  onChange: (draft: Draft) => void;
  onSubmit: (event: Event) => void;
  onCancel: () => void;
}) {
  const { key, noun } = config;
  const setValue = (name: string, value: Value) => onChange({ ...draft, values: { ...draft.values, [name]: value } });
  const types = [...new Set(data.accommodations.filter((a) => a.active).map((a) => a.type))].sort();
  // The service's `errors` by the field they name (`weekdays.2` is the weekdays field).
  const errors = new Map<string, string[]>();
  for (const field of trouble?.fields ?? []) {
    const name = field.parameter.split(/[.[/]/)[0] ?? field.parameter;
    errors.set(name, [...(errors.get(name) ?? []), field.message]);
  }
  const id = (name: string) => `${key}-${name}`;
  const described = (name: string) => (errors.has(name) ? `${id(name)}-error` : undefined);
  const invalid = (name: string) => (errors.has(name) ? true : undefined);
  const fieldError = (name: string) =>
    errors.has(name) ? (
      <span class="field-error" id={`${id(name)}-error`} data-testid={`${id(name)}-error`}>
        {errors.get(name)?.join('; ')}
      </span>
    ) : null;
  const days = (name: string, list: number[], options: [number, string][], legend: string) => (
    <fieldset class={`field wide${errors.has(name) ? ' is-invalid' : ''}`} aria-describedby={described(name)}>
      <legend>{legend}</legend>
      <div class="type-grid">
        {options.map(([value, label]) => (
          <label key={value} class="checkbox">
            <input
              type="checkbox"
              checked={list.includes(value)}
              onChange={(event) =>
                setValue(name, event.currentTarget.checked ? [...list, value] : list.filter((v) => v !== value))
              }
              data-testid={`${id(name)}-${value}`}
            />
            {label}
          </label>
        ))}
      </div>
      {fieldError(name)}
    </fieldset>
  );

  const input = (field: FieldSpec) => {
    const value = draft.values[field.name];
    const common = {
      id: id(field.name),
      'aria-invalid': invalid(field.name),
      'aria-describedby': described(field.name),
      'data-testid': id(field.name),
    };
    switch (field.input) {
      case 'weekdays':
        return days(
          field.name,
          value as number[],
          WEEKDAYS.map((label, i) => [i + 1, label]),
          field.label,
        );
      case 'ageGroups':
        return days(
          field.name,
          value as number[],
          data.ageGroups.map((g) => [g.id, `${g.description} (${g.minAge}–${g.maxAge})`]),
          field.label,
        );
      case 'checkbox':
        return (
          <div class="field" key={field.name}>
            <label class="checkbox">
              <input
                type="checkbox"
                checked={Boolean(value)}
                onChange={(event) => setValue(field.name, event.currentTarget.checked)}
                {...common}
              />
              {field.label}
            </label>
            {fieldError(field.name)}
          </div>
        );
      case 'select':
        return (
          <div class="field" key={field.name}>
            <label for={id(field.name)}>{field.label}</label>
            <select
              value={String(value)}
              onChange={(event) => setValue(field.name, event.currentTarget.value)}
              {...common}
            >
              {field.options.map(([option, label]) => (
                <option key={option} value={option}>
                  {label}
                </option>
              ))}
            </select>
            {fieldError(field.name)}
          </div>
        );
      default:
        return (
          <div class={`field${field.name === 'description' ? ' wide-2' : ''}`} key={field.name}>
            <label for={id(field.name)}>{field.label}</label>
            <input
              type={field.input === 'date' ? 'date' : 'text'}
              inputMode={
                field.input === 'money' || field.input === 'percent'
                  ? 'decimal'
                  : field.input === 'integer'
                    ? 'numeric'
                    : undefined
              }
              required={field.required}
              autocomplete="off"
              value={String(value)}
              onInput={(event) => setValue(field.name, event.currentTarget.value)}
              {...common}
            />
            {field.input === 'money' && !errors.has(field.name) && (
              <span class="hint">{data.currency ? `in ${data.currency}, ` : ''}e.g. 85.00</span>
            )}
            {fieldError(field.name)}
          </div>
        );
    }
  };

  return (
    <form class="inline-form" onSubmit={onSubmit} aria-labelledby={`${key}-form-title`} data-testid={`${key}-form`}>
      <h3 id={`${key}-form-title`} ref={heading} tabIndex={-1}>
        {editing ? `Edit ${noun} ${editing.id}: ${editing.description}` : `New ${noun}`}
      </h3>
      <div class="field">
        <label for={id('scope')}>Applies to</label>
        <select
          id={id('scope')}
          value={draft.scope}
          onChange={(event) => onChange({ ...draft, scope: event.currentTarget.value as Scope })}
          data-testid={id('scope')}
        >
          <option value="organization">The whole park</option>
          <option value="type">Every accommodation of a type</option>
          <option value="accommodation">One accommodation</option>
        </select>
      </div>
      {draft.scope === 'type' && (
        <div class="field">
          <label for={id('type')}>Type</label>
          <select
            id={id('type')}
            required
            value={draft.type}
            aria-invalid={invalid('type')}
            aria-describedby={described('type')}
            onChange={(event) => onChange({ ...draft, type: event.currentTarget.value })}
            data-testid={id('type')}
          >
            {draft.type === '' && <option value="">Choose a type</option>}
            {[...new Set([...types, ...(draft.type ? [draft.type] : [])])].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {fieldError('type')}
        </div>
      )}
      {draft.scope === 'accommodation' && (
        <div class="field">
          <label for={id('accommodation')}>Accommodation</label>
          <AccommodationSelect
            id={id('accommodation')}
            accommodations={data.accommodations}
            value={draft.accommodation}
            onChange={(accommodation) => onChange({ ...draft, accommodation })}
            testId={id('accommodation')}
          />
          {fieldError('accommodation')}
        </div>
      )}
      {draft.scope === 'organization' && (errors.has('type') || errors.has('accommodation')) && (
        <div class="field">
          {fieldError('type')}
          {fieldError('accommodation')}
        </div>
      )}
      {config.fields.map((field) => input(field))}
      {trouble && (
        <div class="wide">
          <ErrorBox trouble={trouble}>
            {trouble.conflictingComponent !== undefined && (
              <p
                class="conflict"
                data-testid={`${key}-conflicting`}
                data-conflicting-component={trouble.conflictingComponent}
              >
                Rent {trouble.conflictingComponent} (marked in the list and the calendar) already prices a night of this
                period for the same accommodations and weekdays. Change that rent's dates, or choose other dates or
                weekdays here.
              </p>
            )}
          </ErrorBox>
        </div>
      )}
      <div class="actions wide">
        {editing && (
          <button type="button" class="button" onClick={onCancel} data-testid={`${key}-cancel`}>
            Stop editing
          </button>
        )}
        <button type="submit" class="button primary" disabled={busy} data-testid={`${key}-save`}>
          {editing ? `Save ${noun}` : `Add ${noun}`}
        </button>
      </div>
    </form>
  );
}
