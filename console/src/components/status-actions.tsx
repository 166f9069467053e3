import { useState } from 'preact/hooks';
import type { ReservationStatus, ReservationSummary } from '../../../client/index.js';
import { troubleOf, type Trouble } from '../api.js';
import { moveStatus } from '../data.js';
import { useConfirm } from './confirm.js';
import { MOVE_LABEL, MOVES } from './status.js';

/** Moves that cannot be taken back are asked about first. */
const FINAL: readonly ReservationStatus[] = ['cancelled', 'no-show'];

/**
 * The status buttons of one reservation: exactly the moves SPEC §3 allows from its current status
 * (`only` narrows them, e.g. Today offers check-in on arrivals). The service checks the move again
 * against what it has stored; a refusal is shown, never hidden.
 */
export function StatusActions({
  reservation,
  only,
  onMoved,
  onTrouble,
}: {
  reservation: ReservationSummary;
  only?: readonly ReservationStatus[];
  onMoved: (updated: ReservationSummary) => void;
  onTrouble: (trouble: Trouble) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const moves = MOVES[reservation.status].filter((to) => !only || only.includes(to));
  if (moves.length === 0) return null;

  const move = async (to: ReservationStatus) => {
    if (FINAL.includes(to)) {
      const sure = await confirm(
        to === 'cancelled' ? 'Cancel this reservation?' : 'Mark as no-show?',
        `${reservation.reservationNumber}, ${reservation.guestName}, ${reservation.accommodation.title}, ${reservation.dateFrom} → ${reservation.dateTo}. This cannot be undone; the nights become free.`,
        to === 'cancelled' ? 'Cancel reservation' : 'Mark no-show',
      );
      if (!sure) return;
    }
    setBusy(true);
    try {
      onMoved(await moveStatus(reservation, to));
    } catch (error) {
      onTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="row-actions" role="group" aria-label={`Actions for ${reservation.guestName}`}>
      {moves.map((to) => (
        <button
          key={to}
          type="button"
          class={`button small${FINAL.includes(to) ? ' danger-outline' : to === 'checked-in' || to === 'checked-out' ? ' primary' : ''}`}
          disabled={busy}
          onClick={() => void move(to)}
          data-testid={`action-${to}`}
        >
          {MOVE_LABEL[to]}
        </button>
      ))}
      {dialog}
    </div>
  );
}
