import { useState } from 'preact/hooks';
import type { Calendar } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { AccommodationSelect } from '../components/accommodation-select.js';
import { useConfirm } from '../components/confirm.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { SecretOnce } from '../components/secret.js';
import { SettingsNav } from '../components/settings-nav.js';
import { useDesk } from '../context.js';
import { addDays, formatDate, formatStamp } from '../dates.js';
import { useLoad } from '../hooks.js';

/**
 * Calendar sync (SPEC §16), the third page of Settings: per accommodation, the address of its
 * export feed (made and replaced here; shown once, as the service keeps only its hash) and its
 * subscriptions to other channels' feeds, with the state of their fetches (stale after 24 hours
 * without a success) and their conflicts, highlighted. The board draws the imported stays, named
 * by their channel.
 */
export function Calendars() {
  const { organization } = useDesk();
  const accommodations = useLoad(
    (signal) => api.accommodations.list({ organization: organization.id }, { signal }),
    [organization.id],
  );
  const [chosen, setChosen] = useState<number | ''>('');
  const current = chosen === '' ? accommodations.data?.[0]?.id : chosen;
  return (
    <section aria-labelledby="calendars-title" data-testid="calendars">
      <div class="screen-head">
        <h1 id="calendars-title">Settings</h1>
        <SettingsNav current="calendars" />
      </div>
      {accommodations.error && <ErrorBox trouble={accommodations.error} onRetry={accommodations.reload} />}
      {!accommodations.data && !accommodations.error && <Loading what="accommodations" />}
      {accommodations.data && current !== undefined && (
        <>
          <div class="field">
            <label for="calendars-accommodation">Accommodation</label>
            <AccommodationSelect
              id="calendars-accommodation"
              accommodations={accommodations.data}
              value={current}
              onChange={setChosen}
              testId="calendars-accommodation"
            />
          </div>
          <ExportFeed accommodation={current} key={`feed-${current}`} />
          <Subscriptions accommodation={current} key={`subscriptions-${current}`} />
        </>
      )}
      {accommodations.data && accommodations.data.length === 0 && <Empty>No accommodations yet.</Empty>}
    </section>
  );
}

function ExportFeed({ accommodation }: { accommodation: number }) {
  const [address, setAddress] = useState<string | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const rotate = async () => {
    const sure = await confirm(
      'Make a new address?',
      'The channels reading the current address stop getting updates at once: give them the new one.',
      'Make a new address',
    );
    if (!sure) return;
    setBusy(true);
    setTrouble(null);
    try {
      const feed = await api.calendars.rotateToken(accommodation);
      // The address on this origin: the one the channels reach the console at.
      setAddress(`${window.location.origin}${feed.path}`);
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-labelledby="feed-title" data-testid="calendar-export">
      <h2 id="feed-title">This accommodation’s calendar</h2>
      <p class="hint">
        Airbnb, Booking.com and Vrbo import this address to see the nights held here (as “Reserved” or “Not available”,
        never a guest’s name). Stays imported from them are not in it.
      </p>
      {trouble && <ErrorBox trouble={trouble} />}
      {address ? (
        <SecretOnce label="The calendar’s address" value={address} onDone={() => setAddress(null)} />
      ) : (
        <button
          type="button"
          class="button"
          disabled={busy}
          onClick={() => void rotate()}
          data-testid="calendar-export-rotate"
        >
          Make a new address
        </button>
      )}
      {dialog}
    </section>
  );
}

function Subscriptions({ accommodation }: { accommodation: number }) {
  const list = useLoad((signal) => api.calendars.list(accommodation, { signal }), [accommodation]);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();

  const add = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    try {
      await api.calendars.create(accommodation, { url: url.trim(), name: name.trim() });
      setUrl('');
      setName('');
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (calendar: Calendar) => {
    const sure = await confirm(
      `Stop importing ${calendar.name}?`,
      'Its stays are removed from the board at once: their nights become free here.',
      'Stop importing',
    );
    if (!sure) return;
    setTrouble(null);
    try {
      await api.calendars.delete(accommodation, calendar.id);
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    }
  };

  const conflicts = (list.data ?? []).flatMap((calendar) => calendar.conflicts.map((c) => ({ calendar, ...c })));
  return (
    <section class="card" aria-labelledby="subscriptions-title" data-testid="calendar-subscriptions">
      <h2 id="subscriptions-title">Imported calendars</h2>
      {list.error && <ErrorBox trouble={list.error} onRetry={list.reload} />}
      {!list.data && !list.error && <Loading what="calendars" />}
      {conflicts.length > 0 && (
        <div class="notice warning" role="alert" data-testid="calendar-conflicts">
          <p>
            <strong>
              {conflicts.length === 1
                ? 'A stay from another channel overlaps nights held here: sort it out'
                : `${conflicts.length} stays from other channels overlap nights held here: sort them out`}{' '}
              with the guest or the channel.
            </strong>
          </p>
          <ul>
            {conflicts.map((c) => (
              <li key={`${c.calendar.id}-${c.uid}`} data-testid="calendar-conflict">
                {c.calendar.name}: {formatDate(c.dateFrom)} to {formatDate(addDays(c.dateTo, -1))}, over{' '}
                {c.heldBy.kind === 'reservation' ? (
                  <a href={`#/reservation/${c.heldBy.id}`}>reservation {c.heldBy.id}</a>
                ) : (
                  `block ${c.heldBy.id}`
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {list.data && list.data.length === 0 && <Empty>No calendars imported yet.</Empty>}
      {list.data && list.data.length > 0 && (
        <table class="table" data-testid="calendars-table">
          <caption class="visually-hidden">Imported calendars</caption>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Last read</th>
              <th scope="col">State</th>
              <th scope="col">Stays</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((calendar) => (
              <tr
                key={calendar.id}
                data-testid="calendar-row"
                data-calendar-id={calendar.id}
                class={calendar.conflicts.length > 0 ? 'is-conflicting' : undefined}
              >
                <th scope="row">
                  {calendar.name}
                  <div class="hint mono">{new URL(calendar.url).host}</div>
                </th>
                <td>{calendar.lastSuccess ? formatStamp(calendar.lastSuccess) : 'not yet'}</td>
                <td data-testid="calendar-state">
                  {calendar.stale ? (
                    <span class="badge status-cancelled">No update for 24 hours</span>
                  ) : calendar.lastError ? (
                    <span class="badge status-option">Last fetch failed</span>
                  ) : (
                    <span class="badge status-confirmed">{calendar.lastSuccess ? 'Up to date' : 'Waiting'}</span>
                  )}
                  {calendar.lastError && <div class="hint mono">{calendar.lastError}</div>}
                </td>
                <td>
                  {calendar.events}
                  {calendar.conflicts.length > 0 && `, ${calendar.conflicts.length} in conflict`}
                </td>
                <td>
                  <button
                    type="button"
                    class="button small danger-outline"
                    onClick={() => void remove(calendar)}
                    data-testid="calendar-remove"
                  >
                    Stop importing<span class="visually-hidden"> {calendar.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {trouble && <ErrorBox trouble={trouble} />}
      <form class="inline-form" onSubmit={add} aria-labelledby="calendar-new-title" data-testid="calendar-form">
        <h3 id="calendar-new-title">Import a channel’s calendar</h3>
        <div class="field">
          <label for="calendar-name">Channel</label>
          <input
            id="calendar-name"
            required
            value={name}
            placeholder="e.g. Airbnb"
            onInput={(event) => setName(event.currentTarget.value)}
            data-testid="calendar-name"
          />
        </div>
        <div class="field">
          <label for="calendar-url">Its calendar address (https)</label>
          <input
            id="calendar-url"
            required
            type="url"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
            data-testid="calendar-url"
          />
        </div>
        <button type="submit" class="button primary" disabled={busy} data-testid="calendar-add">
          Import
        </button>
      </form>
      {dialog}
    </section>
  );
}
