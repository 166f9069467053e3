import { useState } from 'preact/hooks';
import type { Accommodation } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { useConfirm } from '../components/confirm.js';
import { ErrorBox, Loading } from '../components/feedback.js';
import { ReservationForm, type StayValues } from '../components/reservation-form.js';
import { isRuleReason, RuleBreaks, type RuleReason } from '../components/rule-breaks.js';
import { useDesk } from '../context.js';
import { rememberWarnings } from '../data.js';
import { addDays, formatDate, isDate } from '../dates.js';
import { useLoad } from '../hooks.js';
import { navigate } from '../router.js';

/**
 * A new reservation (SPEC §9 POST), from the menu or prefilled from a free cell (or selected nights)
 * of the board. A 201 opens the new reservation; a held night (409) names the reservation or block
 * holding it.
 *
 * Stay rules (SPEC §13) do not refuse a stay recorded here, but the clerk must see the ones it
 * breaks before it exists: the service is asked first (GET /api/availability/search for this stay,
 * this accommodation's `reasons`), the clerk confirms, and only then is the stay created. The POST's
 * own `warnings` are shown on the new reservation, in the service's words, should a rule have
 * changed in between.
 */
export function NewReservation({
  accommodation,
  dateFrom,
  dateTo,
}: {
  accommodation?: string;
  dateFrom?: string;
  dateTo?: string;
}) {
  const { organization, canWrite, isAdmin } = useDesk();
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [dialog, confirm] = useConfirm();
  const accommodations = useLoad(
    (signal) => api.accommodations.list({ organization: organization.id }, { signal }),
    [organization.id],
  );

  const arrival = dateFrom && isDate(dateFrom) ? dateFrom : organization.today;
  const departure = dateTo && isDate(dateTo) && dateTo > arrival ? dateTo : addDays(arrival, 1);
  const initial: StayValues = {
    accommodation: accommodation && /^\d+$/.test(accommodation) ? Number(accommodation) : '',
    dateFrom: arrival,
    dateTo: departure,
    adults: 2,
    children: 0,
    babies: 0,
    guestName: '',
    totalAmount: '',
    currency: organization.currency,
    channel: 'front desk',
    status: 'confirmed',
  };

  /**
   * The stay rules this stay breaks, as the service's search says them; none when it cannot tell
   * (then the POST's warnings still say them afterwards). A held night or too many guests is left
   * to the POST, which refuses the stay and names why: rules need no confirming then.
   */
  const rulesBroken = async (values: StayValues, unit: Accommodation | undefined): Promise<RuleReason[]> => {
    try {
      const results = await api.availability.search({
        organization: organization.id,
        dateFrom: values.dateFrom,
        dateTo: values.dateTo,
        adults: values.adults,
        children: values.children,
        babies: values.babies,
        ...(unit ? { type: unit.type } : {}),
      });
      const reasons = results.find((result) => result.accommodation.id === values.accommodation)?.reasons ?? [];
      if (reasons.some((reason) => reason === 'taken' || reason === 'blocked' || reason === 'capacity')) return [];
      return reasons.filter(isRuleReason);
    } catch (error) {
      if (troubleOf(error).status === 401) throw error;
      return [];
    }
  };

  const create = async (values: StayValues) => {
    if (values.accommodation === '') return;
    setBusy(true);
    setTrouble(null);
    try {
      const unit = accommodations.data?.find((candidate) => candidate.id === values.accommodation);
      const broken = await rulesBroken(values, unit);
      if (broken.length > 0) {
        setBusy(false);
        const sure = await confirm(
          'This stay breaks stay rules',
          <div data-testid="rule-warnings">
            <p>
              {unit?.title ?? 'The accommodation'}, {formatDate(values.dateFrom)} → {formatDate(values.dateTo)}: the
              park does not sell this stay. Record it all the same (e.g. it was sold elsewhere)?
            </p>
            <RuleBreaks reasons={broken} admin={isAdmin} />
          </div>,
          'Create anyway',
          'Change the stay',
        );
        if (!sure) return;
        setBusy(true);
      }
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
      rememberWarnings(created.id, created.warnings);
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
      {dialog}
    </section>
  );
}
