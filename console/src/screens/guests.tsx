import { useState } from 'preact/hooks';
import type { Guest } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { useConfirm } from '../components/confirm.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { useDesk } from '../context.js';
import { formatStamp } from '../dates.js';
import { useLoad } from '../hooks.js';
import { href, navigate } from '../router.js';

/**
 * Guest records (SPEC §15): searched by part of a name, e-mail address or phone number, opened,
 * and erased on request (GDPR) after a confirmation that names everything erasure removes. The
 * search text lives in the URL, so Back returns to the results; it is never logged (logger.ts).
 */

const PAGE = 50;

/** The name a guest is shown by; an erased guest has none. */
export function guestLabel(guest: Guest): string {
  if (guest.erased) return 'Erased guest';
  return [guest.firstName, guest.surname].filter(Boolean).join(' ') || guest.email || `Guest ${guest.id}`;
}

export function Guests({ q, offset }: { q: string; offset: number }) {
  const { organization } = useDesk();
  const [text, setText] = useState(q);
  const page = useLoad(
    async (signal) => {
      const query = { organization: organization.id, limit: PAGE, offset, ...(q.trim() ? { q: q.trim() } : {}) };
      for await (const first of api.guests.list(query, { signal }).pages()) return first;
      return undefined;
    },
    [organization.id, q, offset],
  );
  const total = page.data?.total ?? page.data?.items.length ?? 0;

  return (
    <section aria-labelledby="guests-title" data-testid="guests">
      <div class="screen-head">
        <h1 id="guests-title">Guests</h1>
      </div>
      <form
        class="toolbar"
        role="search"
        aria-label="Search guests"
        onSubmit={(event) => {
          event.preventDefault();
          navigate('guests', { q: text.trim() || undefined });
        }}
      >
        <label class="inline-field" for="guest-search-input">
          Name, e-mail address or phone number
        </label>
        <input
          id="guest-search-input"
          type="search"
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
          data-testid="guest-search-input"
        />
        <button type="submit" class="button primary" data-testid="guest-search-submit">
          Search
        </button>
      </form>
      {page.error && <ErrorBox trouble={page.error} onRetry={page.reload} />}
      {page.loading && !page.data && <Loading what="guests" />}
      {page.data && page.data.items.length === 0 && (
        <Empty testId="guests-empty">
          {q.trim() ? `No guest matches “${q}”. Try part of the name or the e-mail address.` : 'No guests yet.'}
        </Empty>
      )}
      {page.data && page.data.items.length > 0 && (
        <>
          <table class="table" data-testid="guests-table">
            <caption class="visually-hidden">{q.trim() ? `Guests matching “${q}”` : 'Guests'}</caption>
            <thead>
              <tr>
                <th scope="col">Guest</th>
                <th scope="col">E-mail address</th>
                <th scope="col">Phone</th>
                <th scope="col">Town</th>
              </tr>
            </thead>
            <tbody>
              {page.data.items.map((guest) => (
                <tr key={guest.id} data-guest-id={guest.id} data-testid="guest-row">
                  <td>
                    <a href={href(`guests/${guest.id}`)}>{guestLabel(guest)}</a>
                  </td>
                  <td>{guest.email ?? '—'}</td>
                  <td>{guest.phoneNumber ?? '—'}</td>
                  <td>{guest.locality ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav class="toolbar" aria-label="Pages of guests">
            <span data-testid="guests-range">
              {offset + 1}–{offset + page.data.items.length} of {total}
            </span>
            {offset > 0 && (
              <a
                class="button"
                href={href('guests', { q: q || undefined, offset: Math.max(0, offset - PAGE) || undefined })}
              >
                Previous
              </a>
            )}
            {page.data.offsets.next !== undefined && (
              <a class="button" href={href('guests', { q: q || undefined, offset: page.data.offsets.next })}>
                Next
              </a>
            )}
          </nav>
        </>
      )}
    </section>
  );
}

/** What erasure removes (SPEC §15), said before the clerk confirms it. */
function ErasureNotice({ guest }: { guest: Guest }) {
  return (
    <div data-testid="erase-notice">
      <p>
        This removes, for good, everything the park keeps about <strong>{guestLabel(guest)}</strong> as a person:
      </p>
      <ul>
        <li>
          first name, surname, e-mail address, phone number, street and number, postal code, town, country and language;
        </li>
        <li>
          the name on each of the guest’s reservations, which then show “Erased guest” (the stays themselves remain);
        </li>
        <li>the name in those reservations’ history, and in webhook messages not yet delivered.</li>
      </ul>
      <p>It cannot be undone.</p>
    </div>
  );
}

export function GuestPanel({ id }: { id: number }) {
  const { isAdmin } = useDesk();
  const [dialog, confirm] = useConfirm();
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const guest = useLoad((signal) => api.guests.get(id, { signal }), [id]);

  if (guest.error) {
    return (
      <section aria-labelledby="guest-title">
        <h1 id="guest-title">Guest {id}</h1>
        <ErrorBox trouble={guest.error} onRetry={guest.reload} />
      </section>
    );
  }
  if (!guest.data) return <Loading what="the guest" />;
  const record = guest.data;

  const erase = async () => {
    if (!(await confirm(`Erase ${guestLabel(record)}?`, <ErasureNotice guest={record} />, 'Erase guest'))) return;
    setBusy(true);
    setTrouble(null);
    try {
      await api.guests.erase(record.id);
      guest.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  const fields: [string, string, string | null][] = [
    ['First name', 'firstName', record.firstName],
    ['Surname', 'surname', record.surname],
    ['E-mail address', 'email', record.email],
    ['Phone', 'phoneNumber', record.phoneNumber],
    ['Street', 'address', [record.address, record.addressNo].filter(Boolean).join(' ') || null],
    ['Postal code', 'postalCode', record.postalCode],
    ['Town', 'locality', record.locality],
    ['Country', 'country', record.country],
    ['Language', 'locale', record.locale],
  ];
  return (
    <section aria-labelledby="guest-title" class="panel" data-testid="guest-panel" data-guest-id={record.id}>
      <div class="screen-head">
        <h1 id="guest-title" data-testid="guest-name">
          {guestLabel(record)}
        </h1>
        <a class="button" href={href('guests')}>
          All guests
        </a>
      </div>
      {record.erased && (
        <p class="notice" role="status" data-testid="guest-erased">
          Erased on {formatStamp(record.erased)}: nothing personal is kept.
        </p>
      )}
      {trouble && <ErrorBox trouble={trouble} />}
      <div class="card">
        <h2>Details</h2>
        <dl class="facts">
          {fields.map(([name, key, value]) => (
            <div class="fact" key={key}>
              <dt>{name}</dt>
              <dd data-testid={`guest-${key}`}>{value ?? '—'}</dd>
            </div>
          ))}
          <div class="fact">
            <dt>Created</dt>
            <dd>{formatStamp(record.created)}</dd>
          </div>
        </dl>
        {isAdmin && !record.erased && (
          <button
            type="button"
            class="button danger-outline"
            disabled={busy}
            onClick={() => void erase()}
            data-testid="guest-erase"
          >
            Erase guest…
          </button>
        )}
      </div>
      {dialog}
    </section>
  );
}
