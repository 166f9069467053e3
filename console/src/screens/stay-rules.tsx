import { useState } from 'preact/hooks';
import type { Accommodation, StayRule, StayRuleChange, StayRuleCreate } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { AccommodationSelect } from '../components/accommodation-select.js';
import { useConfirm } from '../components/confirm.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { useDesk } from '../context.js';
import { addDays, formatDayMonth } from '../dates.js';
import { useLoad } from '../hooks.js';

/**
 * Stay rules (SPEC §13; changed with scope admin): which stays arriving in a period may be sold, for
 * one accommodation, a type, or the whole organization. The form sends what the clerk typed and
 * the service judges it: a 400 names every broken field (marked at the field too), a 409 names the
 * rule of the same scope that already sets the field for overlapping arrivals (marked in the list).
 */

type Scope = 'organization' | 'type' | 'accommodation';

/** The form as typed: text for numbers and dates, so that what the service refuses is what was typed. */
interface Draft {
  scope: Scope;
  type: string;
  accommodation: number | '';
  dateFrom: string;
  dateTo: string;
  minNights: string;
  maxNights: string;
  arrivalDays: number[];
  departureDays: number[];
  closedToArrival: string;
  closedToDeparture: string;
  minDaysBeforeArrival: string;
  maxDaysBeforeArrival: string;
  bookable: '' | 'true' | 'false';
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function emptyDraft(today: string): Draft {
  return {
    scope: 'organization',
    type: '',
    accommodation: '',
    dateFrom: today,
    dateTo: addDays(today, 90),
    minNights: '',
    maxNights: '',
    arrivalDays: [],
    departureDays: [],
    closedToArrival: '',
    closedToDeparture: '',
    minDaysBeforeArrival: '',
    maxDaysBeforeArrival: '',
    bookable: '',
  };
}

function draftOf(rule: StayRule): Draft {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    scope: rule.accommodation !== null ? 'accommodation' : rule.type !== null ? 'type' : 'organization',
    type: rule.type ?? '',
    accommodation: rule.accommodation ?? '',
    dateFrom: rule.dateFrom,
    dateTo: rule.dateTo,
    minNights: text(rule.minNights),
    maxNights: text(rule.maxNights),
    arrivalDays: rule.arrivalDays ?? [],
    departureDays: rule.departureDays ?? [],
    closedToArrival: (rule.closedToArrival ?? []).join(', '),
    closedToDeparture: (rule.closedToDeparture ?? []).join(', '),
    minDaysBeforeArrival: text(rule.minDaysBeforeArrival),
    maxDaysBeforeArrival: text(rule.maxDaysBeforeArrival),
    bookable: rule.bookable === null ? '' : rule.bookable ? 'true' : 'false',
  };
}

/** Every setting, null where the form leaves it empty: a PATCH then unsets it, a POST never sets it. */
function settingsOf(draft: Draft) {
  const number = (value: string) => (value.trim() === '' ? null : Number(value));
  const dates = (value: string) => {
    const list = value.split(/[\s,;]+/).filter(Boolean);
    return list.length ? list : null;
  };
  const days = (list: number[]) => (list.length ? [...list].sort((a, b) => a - b) : null);
  return {
    minNights: number(draft.minNights),
    maxNights: number(draft.maxNights),
    arrivalDays: days(draft.arrivalDays),
    departureDays: days(draft.departureDays),
    closedToArrival: dates(draft.closedToArrival),
    closedToDeparture: dates(draft.closedToDeparture),
    minDaysBeforeArrival: number(draft.minDaysBeforeArrival),
    maxDaysBeforeArrival: number(draft.maxDaysBeforeArrival),
    bookable: draft.bookable === '' ? null : draft.bookable === 'true',
  };
}

function scopeOf(draft: Draft): { accommodation: number | null; type: string | null } {
  return {
    accommodation: draft.scope === 'accommodation' && draft.accommodation !== '' ? draft.accommodation : null,
    type: draft.scope === 'type' ? draft.type : null,
  };
}

/** What a rule says, in a line: "3–14 nights · arrive Sat · not bookable". */
function summaryOf(rule: StayRule): string {
  const parts: string[] = [];
  const days = (list: number[]) => list.map((day) => WEEKDAYS[day - 1]).join(', ');
  if (rule.minNights !== null && rule.maxNights !== null) parts.push(`${rule.minNights}–${rule.maxNights} nights`);
  else if (rule.minNights !== null) parts.push(`at least ${rule.minNights} nights`);
  else if (rule.maxNights !== null) parts.push(`at most ${rule.maxNights} nights`);
  if (rule.arrivalDays) parts.push(`arrive ${days(rule.arrivalDays)}`);
  if (rule.departureDays) parts.push(`leave ${days(rule.departureDays)}`);
  if (rule.closedToArrival) parts.push(`no arrivals ${rule.closedToArrival.join(', ')}`);
  if (rule.closedToDeparture) parts.push(`no departures ${rule.closedToDeparture.join(', ')}`);
  if (rule.minDaysBeforeArrival !== null) parts.push(`sold ≥ ${rule.minDaysBeforeArrival} days ahead`);
  if (rule.maxDaysBeforeArrival !== null) parts.push(`sold ≤ ${rule.maxDaysBeforeArrival} days ahead`);
  if (rule.bookable !== null) parts.push(rule.bookable ? 'bookable' : 'not bookable');
  return parts.join(' · ');
}

export function StayRules() {
  const { organization } = useDesk();
  const list = useLoad(
    async (signal) => {
      const [rules, accommodations] = await Promise.all([
        api.stayRules.list({ organization: organization.id }, { signal }),
        api.accommodations.list({ organization: organization.id, includeInactive: true }, { signal }),
      ]);
      return { rules, accommodations };
    },
    [organization.id],
  );
  /** The rule being edited; null for a new one. */
  const [editing, setEditing] = useState<StayRule | null>(null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(organization.today));
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [dialog, confirm] = useConfirm();

  const titleOf = (id: number) =>
    list.data?.accommodations.find((accommodation) => accommodation.id === id)?.title ?? `accommodation ${id}`;
  const appliesTo = (rule: StayRule) =>
    rule.accommodation !== null
      ? titleOf(rule.accommodation)
      : rule.type !== null
        ? `every ${rule.type}`
        : 'the whole park';

  const startEdit = (rule: StayRule | null) => {
    setEditing(rule);
    setDraft(rule ? draftOf(rule) : emptyDraft(organization.today));
    setTrouble(null);
    setMessage(null);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    setMessage(null);
    try {
      if (editing) {
        const change: StayRuleChange = {
          ...scopeOf(draft),
          dateFrom: draft.dateFrom,
          dateTo: draft.dateTo,
          ...settingsOf(draft),
        };
        const saved = await api.stayRules.update(editing.id, change);
        setMessage(`Stay rule ${saved.id} saved.`);
      } else {
        const scope = scopeOf(draft);
        const settings = Object.fromEntries(Object.entries(settingsOf(draft)).filter(([, value]) => value !== null));
        const body: StayRuleCreate = {
          organization: organization.id,
          ...(scope.accommodation !== null ? { accommodation: scope.accommodation } : {}),
          ...(scope.type !== null ? { type: scope.type } : {}),
          dateFrom: draft.dateFrom,
          dateTo: draft.dateTo,
          ...settings,
        };
        const saved = await api.stayRules.create(body);
        setMessage(`Stay rule ${saved.id} added.`);
      }
      setEditing(null);
      setDraft(emptyDraft(organization.today));
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (rule: StayRule) => {
    const sure = await confirm(
      `Remove stay rule ${rule.id}?`,
      `${appliesTo(rule)}, arrivals ${rule.dateFrom} to ${rule.dateTo}: ${summaryOf(rule)}. Stays it limits may be sold again.`,
      'Remove rule',
    );
    if (!sure) return;
    setTrouble(null);
    setMessage(null);
    try {
      await api.stayRules.delete(rule.id);
      if (editing?.id === rule.id) startEdit(null);
      setMessage(`Stay rule ${rule.id} removed.`);
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    }
  };

  return (
    <section class="card" aria-labelledby="stay-rules-title" data-testid="settings-stay-rules">
      <h2 id="stay-rules-title">Stay rules</h2>
      <p class="hint">
        Which stays may be sold, by arrival day: for one accommodation, every accommodation of a type, or the whole
        park. The most specific rule setting a field decides it; without rules, 1 to 28 nights, any weekday, from today
        up to two years ahead. Reservations made here break them only after the clerk confirms.
      </p>
      {list.error && <ErrorBox trouble={list.error} onRetry={list.reload} />}
      {!list.data && !list.error && <Loading what="stay rules" />}
      {list.data && list.data.rules.length === 0 && <Empty testId="stay-rules-empty">No stay rules yet.</Empty>}
      {list.data && list.data.rules.length > 0 && (
        <table class="table" data-testid="stay-rules-table">
          <caption class="visually-hidden">Stay rules of {organization.name}</caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Applies to</th>
              <th scope="col">Arrivals</th>
              <th scope="col">Says</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.rules.map((rule) => {
              const conflicting = trouble?.conflictingRule === rule.id;
              return (
                <tr
                  key={rule.id}
                  class={conflicting ? 'is-conflicting' : editing?.id === rule.id ? 'is-editing' : undefined}
                  data-testid="stay-rule-row"
                  data-rule-id={rule.id}
                  data-conflicting={conflicting ? 'true' : undefined}
                >
                  <td class="mono">{rule.id}</td>
                  <td>{appliesTo(rule)}</td>
                  <td>
                    {formatDayMonth(rule.dateFrom)} {rule.dateFrom.slice(0, 4)} – {formatDayMonth(rule.dateTo)}{' '}
                    {rule.dateTo.slice(0, 4)}
                  </td>
                  <td>
                    {summaryOf(rule)}
                    {conflicting && (
                      <strong class="conflict-mark" data-testid="stay-rule-conflict">
                        {' '}
                        — already sets {trouble?.field}
                      </strong>
                    )}
                  </td>
                  <td>
                    <div class="row-actions">
                      <button
                        type="button"
                        class="button small"
                        onClick={() => startEdit(rule)}
                        data-testid="stay-rule-edit"
                      >
                        Edit<span class="visually-hidden"> stay rule {rule.id}</span>
                      </button>
                      <button
                        type="button"
                        class="button small danger-outline"
                        onClick={() => void remove(rule)}
                        data-testid="stay-rule-remove"
                      >
                        Remove<span class="visually-hidden"> stay rule {rule.id}</span>
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
        <p class="notice" role="status" data-testid="stay-rule-message">
          {message}
        </p>
      )}
      {list.data && (
        <RuleForm
          draft={draft}
          editing={editing}
          accommodations={list.data.accommodations}
          trouble={trouble}
          busy={busy}
          onChange={setDraft}
          onSubmit={save}
          onCancel={() => startEdit(null)}
        />
      )}
      {dialog}
    </section>
  );
}

function RuleForm({
  draft,
  editing,
  accommodations,
  trouble,
  busy,
  onChange,
  onSubmit,
  onCancel,
}: {
  draft: Draft;
  editing: StayRule | null;
  accommodations: Accommodation[];
  trouble: Trouble | null;
  busy: boolean;
  onChange: (draft: Draft) => void;
  onSubmit: (event: Event) => void;
  onCancel: () => void;
}) {
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const types = [...new Set(accommodations.filter((a) => a.active).map((a) => a.type))].sort();
  // A field the service named in a 400 (`minNights`, `closedToArrival.2`) is marked where it is typed.
  const broken = new Set((trouble?.fields ?? []).map((field) => field.parameter.split('.')[0]));
  if (trouble?.field) broken.add(trouble.field);
  const invalid = (name: string) => (broken.has(name) ? true : undefined);
  const number = (name: 'minNights' | 'maxNights' | 'minDaysBeforeArrival' | 'maxDaysBeforeArrival', label: string) => (
    <div class="field">
      <label for={`rule-${name}`}>{label}</label>
      <input
        id={`rule-${name}`}
        type="number"
        inputMode="numeric"
        value={draft[name]}
        aria-invalid={invalid(name)}
        onInput={(event) => set(name, event.currentTarget.value)}
        data-testid={`rule-${name}`}
      />
    </div>
  );
  const weekdays = (name: 'arrivalDays' | 'departureDays', legend: string) => (
    <fieldset class={`field wide${broken.has(name) ? ' is-invalid' : ''}`}>
      <legend>{legend}</legend>
      <div class="type-grid">
        {WEEKDAYS.map((label, index) => (
          <label key={label} class="checkbox">
            <input
              type="checkbox"
              checked={draft[name].includes(index + 1)}
              onChange={(event) =>
                set(
                  name,
                  event.currentTarget.checked
                    ? [...draft[name], index + 1]
                    : draft[name].filter((day) => day !== index + 1),
                )
              }
              data-testid={`rule-${name}-${index + 1}`}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <form class="inline-form" onSubmit={onSubmit} aria-labelledby="rule-form-title" data-testid="stay-rule-form">
      <h3 id="rule-form-title">{editing ? `Edit stay rule ${editing.id}` : 'New stay rule'}</h3>
      <div class="field">
        <label for="rule-scope">Applies to</label>
        <select
          id="rule-scope"
          value={draft.scope}
          onChange={(event) => set('scope', event.currentTarget.value as Scope)}
          data-testid="rule-scope"
        >
          <option value="organization">The whole park</option>
          <option value="type">Every accommodation of a type</option>
          <option value="accommodation">One accommodation</option>
        </select>
      </div>
      {draft.scope === 'type' && (
        <div class="field">
          <label for="rule-type">Type</label>
          <select
            id="rule-type"
            required
            value={draft.type}
            aria-invalid={invalid('type')}
            onChange={(event) => set('type', event.currentTarget.value)}
            data-testid="rule-type"
          >
            {draft.type === '' && <option value="">Choose a type</option>}
            {[...new Set([...types, ...(draft.type ? [draft.type] : [])])].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
      )}
      {draft.scope === 'accommodation' && (
        <div class="field">
          <label for="rule-accommodation">Accommodation</label>
          <AccommodationSelect
            id="rule-accommodation"
            accommodations={accommodations}
            value={draft.accommodation}
            onChange={(id) => set('accommodation', id)}
            testId="rule-accommodation"
          />
        </div>
      )}
      <div class="field">
        <label for="rule-dateFrom">First arrival day</label>
        <input
          id="rule-dateFrom"
          type="date"
          required
          value={draft.dateFrom}
          aria-invalid={invalid('dateFrom')}
          onInput={(event) => set('dateFrom', event.currentTarget.value)}
          data-testid="rule-dateFrom"
        />
      </div>
      <div class="field">
        <label for="rule-dateTo">Last arrival day</label>
        <input
          id="rule-dateTo"
          type="date"
          required
          value={draft.dateTo}
          aria-invalid={invalid('dateTo')}
          onInput={(event) => set('dateTo', event.currentTarget.value)}
          data-testid="rule-dateTo"
        />
      </div>
      <p class="hint wide">Leave a setting empty to leave it to a less specific rule or the default.</p>
      {number('minNights', 'Minimum nights')}
      {number('maxNights', 'Maximum nights')}
      {number('minDaysBeforeArrival', 'Sold at least … days ahead')}
      {number('maxDaysBeforeArrival', 'Sold at most … days ahead')}
      {weekdays('arrivalDays', 'Arrival days (none ticked: not set)')}
      {weekdays('departureDays', 'Departure days (none ticked: not set)')}
      <div class="field wide">
        <label for="rule-closedToArrival">No arrivals on (dates, YYYY-MM-DD, comma separated)</label>
        <input
          id="rule-closedToArrival"
          value={draft.closedToArrival}
          aria-invalid={invalid('closedToArrival')}
          onInput={(event) => set('closedToArrival', event.currentTarget.value)}
          data-testid="rule-closedToArrival"
        />
      </div>
      <div class="field wide">
        <label for="rule-closedToDeparture">No departures on (dates, YYYY-MM-DD, comma separated)</label>
        <input
          id="rule-closedToDeparture"
          value={draft.closedToDeparture}
          aria-invalid={invalid('closedToDeparture')}
          onInput={(event) => set('closedToDeparture', event.currentTarget.value)}
          data-testid="rule-closedToDeparture"
        />
      </div>
      <div class="field">
        <label for="rule-bookable">For sale</label>
        <select
          id="rule-bookable"
          value={draft.bookable}
          aria-invalid={invalid('bookable')}
          onChange={(event) => set('bookable', event.currentTarget.value as Draft['bookable'])}
          data-testid="rule-bookable"
        >
          <option value="">Not set</option>
          <option value="true">Bookable</option>
          <option value="false">Not bookable (stops the sale)</option>
        </select>
      </div>
      {trouble && (
        <div class="wide">
          <ErrorBox trouble={trouble}>
            {trouble.conflictingRule !== undefined && (
              <p class="conflict" data-testid="stay-rule-conflicting" data-conflicting-rule={trouble.conflictingRule}>
                Stay rule {trouble.conflictingRule} (marked in the list above) already sets <code>{trouble.field}</code>{' '}
                for the same accommodations and overlapping arrival days. Change that rule, or choose other days or
                another setting here.
              </p>
            )}
          </ErrorBox>
        </div>
      )}
      <div class="actions wide">
        {editing && (
          <button type="button" class="button" onClick={onCancel} data-testid="stay-rule-cancel">
            Stop editing
          </button>
        )}
        <button type="submit" class="button primary" disabled={busy} data-testid="stay-rule-save">
          {editing ? 'Save rule' : 'Add rule'}
        </button>
      </div>
    </form>
  );
}
