import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { StatusBadge } from '../components/status.js';
import { useDesk } from '../context.js';
import { formatDayMonth } from '../dates.js';
import { useLoad } from '../hooks.js';
import { href, navigate } from '../router.js';

/** Search by guest name or reservation number (SPEC §11); the query lives in the URL, so Back returns to the results. */
export function Search({ q }: { q: string }) {
  const { organization } = useDesk();
  const [text, setText] = useState(q);
  const results = useLoad(
    async (signal) =>
      q.trim() === ''
        ? null
        : api.reservations.search({ organization: organization.id, q: q.trim(), limit: 50 }, { signal }),
    [organization.id, q],
  );

  return (
    <section aria-labelledby="search-title" data-testid="search">
      <div class="screen-head">
        <h1 id="search-title">Reservations</h1>
      </div>
      <form
        class="toolbar"
        role="search"
        aria-label="Search reservations"
        onSubmit={(event) => {
          event.preventDefault();
          navigate('search', { q: text.trim() || undefined });
        }}
      >
        <label class="inline-field" for="search-page-input">
          Guest name or reservation number
        </label>
        <input
          id="search-page-input"
          type="search"
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
          data-testid="search-page-input"
        />
        <button type="submit" class="button primary" data-testid="search-submit">
          Search
        </button>
      </form>
      {results.error && <ErrorBox trouble={results.error} onRetry={results.reload} />}
      {q.trim() === '' && <Empty>Type a guest name or a reservation number, then press Enter.</Empty>}
      {q.trim() !== '' && results.loading && !results.data && <Loading what="results" />}
      {results.data && results.data.length === 0 && (
        <Empty testId="search-empty">No reservation matches “{q}”. Check the spelling, or try part of the name.</Empty>
      )}
      {results.data && results.data.length > 0 && (
        <table class="table" data-testid="search-results">
          <caption class="visually-hidden">Reservations matching “{q}”</caption>
          <thead>
            <tr>
              <th scope="col">Guest</th>
              <th scope="col">Number</th>
              <th scope="col">Accommodation</th>
              <th scope="col">Stay</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {results.data.map((reservation) => (
              <tr key={reservation.id} data-reservation-id={reservation.id} data-testid="search-result">
                <td>
                  <a href={href(`reservations/${reservation.id}`)}>{reservation.guestName}</a>
                </td>
                <td class="mono">{reservation.reservationNumber}</td>
                <td>{reservation.accommodation.title}</td>
                <td>
                  {formatDayMonth(reservation.dateFrom)} → {formatDayMonth(reservation.dateTo)}{' '}
                  {reservation.dateFrom.slice(0, 4)}
                </td>
                <td>
                  <StatusBadge status={reservation.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
