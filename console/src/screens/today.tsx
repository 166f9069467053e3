import { useState } from 'preact/hooks';
import type { ReservationStatus, ReservationSummary } from '../../../client/index.js';
import type { Trouble } from '../api.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { StatusActions } from '../components/status-actions.js';
import { StatusBadge } from '../components/status.js';
import { useDesk } from '../context.js';
import { allSummaries, guestsOf } from '../data.js';
import { formatDate, formatDayMonth } from '../dates.js';
import { useLoad } from '../hooks.js';
import { href } from '../router.js';

/**
 * The front desk's day (SPEC §11): who arrives, who leaves, who is in house, for the
 * organization's today in its own time zone. Every list comes from the summaries endpoint, so it
 * shows exactly what the API shows; after any action all three are loaded again.
 */

/** Arrivals and departures that still count: cancelled and no-show ones do not come or go. */
const COMING_OR_GOING = 'option,confirmed,checked-in,checked-out';

export function Today() {
  const { organization } = useDesk();
  const today = organization.today;
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const lists = useLoad(
    async (signal) => {
      const base = { organization: organization.id, dateFrom: today, dateTo: today };
      const [arrivals, departures, inHouse] = await Promise.all([
        allSummaries({ ...base, referenceDate: 'date-from', status: COMING_OR_GOING }, signal),
        allSummaries({ ...base, referenceDate: 'date-to', status: COMING_OR_GOING }, signal),
        // Checked-in guests with a night today; arrivals already checked in are among them.
        allSummaries({ ...base, referenceDate: 'stay', status: 'checked-in' }, signal),
      ]);
      return { arrivals, departures, inHouse };
    },
    [organization.id, today],
  );

  const moved = () => {
    setTrouble(null);
    lists.reload();
  };

  return (
    <section aria-labelledby="today-title" data-testid="today" data-today={today}>
      <div class="screen-head">
        <h1 id="today-title">Today</h1>
        <p class="subtitle" data-testid="today-date">
          {formatDate(today)} · {organization.name}
        </p>
        <button type="button" class="button" onClick={lists.reload} disabled={lists.loading}>
          Refresh
        </button>
      </div>
      {trouble && <ErrorBox trouble={trouble} />}
      {lists.error && <ErrorBox trouble={lists.error} onRetry={lists.reload} />}
      {!lists.data && !lists.error && <Loading what="today’s guests" />}
      {lists.data && (
        <div class="today-columns" aria-busy={lists.loading}>
          <TodayList
            id="arrivals"
            title="Arrivals"
            empty="No arrivals today."
            items={lists.data.arrivals}
            only={['confirmed', 'checked-in', 'no-show', 'cancelled']}
            onMoved={moved}
            onTrouble={setTrouble}
          />
          <TodayList
            id="departures"
            title="Departures"
            empty="No departures today."
            items={lists.data.departures}
            only={['checked-out']}
            onMoved={moved}
            onTrouble={setTrouble}
          />
          <TodayList
            id="in-house"
            title="In house"
            empty="No guests in house."
            items={lists.data.inHouse}
            only={['checked-out']}
            onMoved={moved}
            onTrouble={setTrouble}
          />
        </div>
      )}
    </section>
  );
}

function TodayList({
  id,
  title,
  empty,
  items,
  only,
  onMoved,
  onTrouble,
}: {
  id: string;
  title: string;
  empty: string;
  items: ReservationSummary[];
  only: readonly ReservationStatus[];
  onMoved: () => void;
  onTrouble: (trouble: Trouble) => void;
}) {
  return (
    <section class="card today-list" aria-labelledby={`today-${id}-title`}>
      <h2 id={`today-${id}-title`}>
        {title}{' '}
        <span class="count" data-testid={`today-${id}-count`}>
          {items.length}
        </span>
      </h2>
      {items.length === 0 ? (
        <Empty testId={`today-${id}-empty`}>{empty}</Empty>
      ) : (
        <ul class="guest-list" data-testid={`today-${id}`}>
          {items.map((reservation) => (
            <li key={reservation.id} data-reservation-id={reservation.id} data-status={reservation.status}>
              <div class="guest-main">
                <a href={href(`reservations/${reservation.id}`)} class="guest-name">
                  {reservation.guestName}
                </a>
                <StatusBadge status={reservation.status} />
              </div>
              <div class="guest-meta">
                <span>{reservation.accommodation.title}</span>
                <span>
                  {formatDayMonth(reservation.dateFrom)} → {formatDayMonth(reservation.dateTo)} · {reservation.nights}{' '}
                  {reservation.nights === 1 ? 'night' : 'nights'}
                </span>
                <span>{guestsOf(reservation)}</span>
                <span class="mono">{reservation.reservationNumber}</span>
              </div>
              <StatusActions reservation={reservation} only={only} onMoved={onMoved} onTrouble={onTrouble} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
