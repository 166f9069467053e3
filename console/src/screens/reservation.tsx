import { useState } from 'preact/hooks';
import type { Event, ReservationChange, ReservationSummary } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { ErrorBox, Loading } from '../components/feedback.js';
import { OrderLines } from '../components/order-lines.js';
import { ReservationForm, type StayValues } from '../components/reservation-form.js';
import { StatusActions } from '../components/status-actions.js';
import { RuleBreaks } from '../components/rule-breaks.js';
import { StatusBadge } from '../components/status.js';
import { useDesk } from '../context.js';
import { guestsOf, money, takeWarnings } from '../data.js';
import { formatDate, formatStamp } from '../dates.js';
import { useLoad } from '../hooks.js';
import { href } from '../router.js';

/**
 * One reservation (SPEC §11): every field, its status moves, editing the stay, and its history from
 * the events feed. The record and its history are loaded together and again after every change,
 * so what is shown is always what the service stored.
 */
export function ReservationPanel({ id }: { id: number }) {
  const { organization, canWrite, isAdmin } = useDesk();
  // The stay rules it broke when this page created it, in the service's words: shown once.
  const [warnings] = useState(() => takeWarnings(id));
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const record = useLoad(
    async (signal) => {
      const [reservation, history, accommodations] = await Promise.all([
        api.reservations.get(id, { signal }),
        api.events.history({ reservation: id, organization: organization.id }, { signal }).catch(() => null),
        api.accommodations.list({ organization: organization.id, includeInactive: true }, { signal }),
      ]);
      return { reservation, history, accommodations };
    },
    [id, organization.id],
  );

  if (record.error) {
    return (
      <section aria-labelledby="reservation-title">
        <h1 id="reservation-title">Reservation {id}</h1>
        <ErrorBox trouble={record.error} onRetry={record.reload} />
      </section>
    );
  }
  if (!record.data) return <Loading what="the reservation" />;
  const { reservation, history, accommodations } = record.data;

  const save = async (values: StayValues) => {
    const change = changesOf(reservation, values);
    if (Object.keys(change).length === 0) {
      setEditing(false);
      return;
    }
    setBusy(true);
    setTrouble(null);
    try {
      await api.reservations.update(reservation.id, change);
      setEditing(false);
      setSaved('Changes saved.');
      record.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  const editable = canWrite && !['cancelled', 'checked-out', 'no-show'].includes(reservation.status);

  return (
    <section
      aria-labelledby="reservation-title"
      class="panel"
      data-testid="reservation-panel"
      data-reservation-id={reservation.id}
      data-status={reservation.status}
    >
      <div class="screen-head">
        <h1 id="reservation-title">
          {reservation.guestName}{' '}
          <span class="mono subtitle" data-testid="panel-reservationNumber">
            {reservation.reservationNumber}
          </span>
        </h1>
        <StatusBadge status={reservation.status} />
        <a class="button" href={href('board', { from: reservation.dateFrom })}>
          Show on board
        </a>
      </div>
      {saved && (
        <p class="notice" role="status" data-testid="panel-saved">
          {saved}
        </p>
      )}
      {warnings.length > 0 && (
        <div class="notice warning" role="status" data-testid="panel-warnings">
          <p>Created, although it breaks the park’s stay rules:</p>
          <RuleBreaks warnings={warnings} admin={isAdmin} />
        </div>
      )}
      {trouble && !editing && <ErrorBox trouble={trouble} />}
      <div class="panel-grid">
        <div class="card">
          <h2>Details</h2>
          <dl class="facts">
            <Fact name="Accommodation" testId="panel-accommodation" value={reservation.accommodation.title} />
            <Fact
              name="Arrival"
              testId="panel-dateFrom"
              value={formatDate(reservation.dateFrom)}
              raw={reservation.dateFrom}
            />
            <Fact
              name="Departure"
              testId="panel-dateTo"
              value={formatDate(reservation.dateTo)}
              raw={reservation.dateTo}
            />
            <Fact name="Nights" testId="panel-nights" value={String(reservation.nights)} />
            <Fact name="Guests" testId="panel-guests" value={guestsOf(reservation)} />
            <Fact name="Guest name" testId="panel-guestName" value={reservation.guestName} />
            {reservation.guest !== null && (
              <div class="fact">
                <dt>Guest record</dt>
                <dd data-testid="panel-guest">
                  <a href={href(`guests/${reservation.guest}`)}>Open guest {reservation.guest}</a>
                </dd>
              </div>
            )}
            <Fact
              name="Total amount"
              testId="panel-totalAmount"
              value={money(reservation.totalAmount, reservation.currency)}
              raw={reservation.totalAmount}
            />
            <Fact name="Currency" testId="panel-currency" value={reservation.currency} />
            <Fact name="Channel" testId="panel-channel" value={reservation.channel} />
            <Fact name="Status" testId="panel-status" value={reservation.status} />
            <Fact
              name="Created"
              testId="panel-created"
              value={formatStamp(reservation.created)}
              raw={reservation.created}
            />
            <Fact
              name="Modified"
              testId="panel-modified"
              value={formatStamp(reservation.modified)}
              raw={reservation.modified}
            />
            <Fact
              name="Cancelled"
              testId="panel-cancelled"
              value={reservation.cancelled ? formatStamp(reservation.cancelled) : '—'}
              raw={reservation.cancelled ?? ''}
            />
          </dl>
          {canWrite && (
            <StatusActions
              reservation={reservation}
              onMoved={() => {
                setTrouble(null);
                setSaved('Status changed.');
                record.reload();
              }}
              onTrouble={setTrouble}
            />
          )}
          {editable && !editing && (
            <button
              type="button"
              class="button"
              onClick={() => (setEditing(true), setSaved(null), setTrouble(null))}
              data-testid="panel-edit"
            >
              Edit stay
            </button>
          )}
        </div>
        {editing && (
          <div class="card">
            <h2>Edit stay</h2>
            <ReservationForm
              mode="edit"
              initial={valuesOf(reservation)}
              accommodations={accommodations}
              busy={busy}
              trouble={trouble}
              onSubmit={(values) => void save(values)}
              onCancel={() => (setEditing(false), setTrouble(null))}
            />
          </div>
        )}
        <OrderLines id={reservation.id} currency={reservation.currency} />
        <History events={history} />
      </div>
    </section>
  );
}

function Fact({ name, value, testId, raw }: { name: string; value: string; testId: string; raw?: string }) {
  return (
    <div class="fact">
      <dt>{name}</dt>
      <dd data-testid={testId} data-value={raw ?? value}>
        {value}
      </dd>
    </div>
  );
}

function valuesOf(reservation: ReservationSummary): StayValues {
  return {
    accommodation: reservation.accommodation.id,
    dateFrom: reservation.dateFrom,
    dateTo: reservation.dateTo,
    adults: reservation.adults,
    children: reservation.children,
    babies: reservation.babies,
    guestName: reservation.guestName,
    totalAmount: reservation.totalAmount,
    currency: reservation.currency,
    channel: reservation.channel,
    status: 'confirmed',
  };
}

/** Only what changed is sent: a PATCH that names a field it did not mean to change could undo another clerk's edit. */
function changesOf(reservation: ReservationSummary, values: StayValues): ReservationChange {
  const change: ReservationChange = {};
  if (values.accommodation !== '' && values.accommodation !== reservation.accommodation.id) {
    change.accommodation = values.accommodation;
  }
  if (values.dateFrom !== reservation.dateFrom) change.dateFrom = values.dateFrom;
  if (values.dateTo !== reservation.dateTo) change.dateTo = values.dateTo;
  if (values.adults !== reservation.adults) change.adults = values.adults;
  if (values.children !== reservation.children) change.children = values.children;
  if (values.babies !== reservation.babies) change.babies = values.babies;
  if (values.guestName !== reservation.guestName) change.guestName = values.guestName;
  if (values.totalAmount !== reservation.totalAmount) change.totalAmount = values.totalAmount;
  if (values.currency !== reservation.currency) change.currency = values.currency;
  return change;
}

const EVENT_LABEL: Record<string, string> = {
  'reservation.created': 'Created',
  'reservation.updated': 'Changed',
  'reservation.cancelled': 'Cancelled',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') {
    const record = value as { title?: unknown; id?: unknown };
    return typeof record.title === 'string' ? record.title : JSON.stringify(value);
  }
  return String(value);
}

/** The record's events, newest first: what changed, when, from what to what. */
function History({ events }: { events: Event[] | null }) {
  return (
    <section class="card history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {events === null ? (
        <p class="state">The history could not be loaded. Reload the page to try again.</p>
      ) : events.length === 0 ? (
        <p class="state" data-testid="history-empty">
          No recorded changes (events are kept for a limited time).
        </p>
      ) : (
        <ol class="timeline" data-testid="history">
          {[...events].reverse().map((event) => (
            <li
              key={event.id}
              data-testid="history-event"
              data-event-type={event.type}
              data-version={event.resource.version}
            >
              <div class="timeline-head">
                <strong>{EVENT_LABEL[event.type] ?? event.type}</strong>
                <time dateTime={event.occurred}>{formatStamp(event.occurred)}</time>
              </div>
              {event.changes && event.changes.length > 0 && (
                <ul class="changes">
                  {event.changes.map((field) => (
                    <li key={field} data-field={field}>
                      <span class="change-field">{field}</span>: {show(event.previous?.[field])} →{' '}
                      {show((event.data as Record<string, unknown>)[field])}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
