import { useEffect, useState } from 'preact/hooks';
import type { ReservationSummary } from '../../../client/index.js';
import { api } from '../api.js';
import { href } from '../router.js';

/**
 * "Held by reservation DH-2025-00412, Anna de Vries": a refused booking (409) names the id of the
 * reservation holding the night (problem extension `conflictingReservation`); the clerk needs its
 * number and guest, and a way to open it.
 */
export function ConflictNotice({ id }: { id: number }) {
  const [holder, setHolder] = useState<ReservationSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.reservations
      .get(id, { signal: controller.signal })
      .then(setHolder)
      .catch(() => setHolder(null));
    return () => controller.abort();
  }, [id]);
  return (
    <p class="conflict" data-testid="conflict" data-conflicting-reservation={id}>
      The night is held by{' '}
      <a href={href(`reservations/${id}`)} data-testid="conflict-link">
        reservation {holder ? `${holder.reservationNumber}, ${holder.guestName}` : id}
      </a>
      {holder && ` (${holder.accommodation.title}, ${holder.dateFrom} → ${holder.dateTo})`}.
    </p>
  );
}
