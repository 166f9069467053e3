import { useState } from 'preact/hooks';
import { api, troubleOf, type Trouble } from '../api.js';
import { ErrorBox, Loading } from '../components/feedback.js';
import { ReservationForm, type StayValues } from '../components/reservation-form.js';
import { useDesk } from '../context.js';
import { addDays, isDate } from '../dates.js';
import { useLoad } from '../hooks.js';
import { navigate } from '../router.js';

/**
 * A new reservation (SPEC §9 POST), from the menu or prefilled from a free cell of the board. A 201
 * opens the new reservation; a taken night (409) names the reservation holding it.
 */
export function NewReservation({ accommodation, dateFrom }: { accommodation?: string; dateFrom?: string }) {
  const { organization, canWrite } = useDesk();
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const accommodations = useLoad(
    (signal) => api.accommodations.list({ organization: organization.id }, { signal }),
    [organization.id],
  );

  const arrival = dateFrom && isDate(dateFrom) ? dateFrom : organization.today;
  const initial: StayValues = {
    accommodation: accommodation && /^\d+$/.test(accommodation) ? Number(accommodation) : '',
    dateFrom: arrival,
    dateTo: addDays(arrival, 1),
    adults: 2,
    children: 0,
    babies: 0,
    guestName: '',
    totalAmount: '',
    currency: 'EUR',
    channel: 'front desk',
    status: 'confirmed',
  };

  const create = async (values: StayValues) => {
    if (values.accommodation === '') return;
    setBusy(true);
    setTrouble(null);
    try {
      const created = await api.reservations.create({
        organization: organization.id,
        accommodation: values.accommodation,
        dateFrom: values.dateFrom,
        dateTo: values.dateTo,
        adults: values.adults,
        children: values.children,
        babies: values.babies,
        guestName: values.guestName,
        totalAmount: values.totalAmount,
        currency: values.currency,
        ...(values.channel.trim() ? { channel: values.channel.trim() } : {}),
        status: values.status,
      });
      navigate(`reservations/${created.id}`);
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="new-title" data-testid="new-reservation">
      <div class="screen-head">
        <h1 id="new-title">New reservation</h1>
      </div>
      {!canWrite && <p class="notice">Your sign-in may only read: it cannot create reservations.</p>}
      {accommodations.error && <ErrorBox trouble={accommodations.error} onRetry={accommodations.reload} />}
      {!accommodations.data && !accommodations.error && <Loading what="accommodations" />}
      {accommodations.data && (
        <div class="card">
          <ReservationForm
            mode="new"
            initial={initial}
            accommodations={accommodations.data}
            busy={busy}
            trouble={trouble}
            onSubmit={(values) => void create(values)}
          />
        </div>
      )}
    </section>
  );
}
