import { useEffect, useState } from 'preact/hooks';
import type { Block, ReservationSummary } from '../../../client/index.js';
import { api, type Trouble } from '../api.js';
import { useDesk } from '../context.js';
import { addDays, formatDayMonth } from '../dates.js';
import { boardHref, href } from '../router.js';
import { blockKindLabel } from './blocks.js';

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
    <p class="conflict" data-testid="conflict" data-held-by="reservation" data-conflicting-reservation={id}>
      The night is held by{' '}
      <a href={href(`reservations/${id}`)} data-testid="conflict-link">
        reservation {holder ? `${holder.reservationNumber}, ${holder.guestName}` : id}
      </a>
      {holder && ` (${holder.accommodation.title}, ${holder.dateFrom} → ${holder.dateTo})`}.
    </p>
  );
}

/** The nights a refused write asked for: where to look for the block that holds one of them. */
export interface AskedStay {
  accommodation: number;
  dateFrom: string;
  /** The departure day. */
  dateTo: string;
}

/**
 * "Held by a block: Maintenance, 4 Mar → 7 Mar — new roof" (SPEC §13: the 409's `heldBy`). There is
 * no GET of one block, so it is looked up among the blocks of the nights that were asked for.
 */
export function BlockConflictNotice({ id, stay }: { id: number; stay: AskedStay | undefined }) {
  const { organization } = useDesk();
  const [block, setBlock] = useState<Block | null>(null);
  useEffect(() => {
    if (!stay || stay.dateTo <= stay.dateFrom) return;
    const controller = new AbortController();
    api.blocks
      .list(
        {
          organization: organization.id,
          accommodation: stay.accommodation,
          dateFrom: stay.dateFrom,
          dateTo: addDays(stay.dateTo, -1),
        },
        { signal: controller.signal },
      )
      .then((blocks) => setBlock(blocks.find((candidate) => candidate.id === id) ?? null))
      .catch(() => setBlock(null));
    return () => controller.abort();
  }, [id, organization.id, stay?.accommodation, stay?.dateFrom, stay?.dateTo]);
  return (
    <p class="conflict" data-testid="conflict" data-held-by="block" data-block-id={id}>
      The night is held by{' '}
      <a href={boardHref(block?.dateFrom ?? stay?.dateFrom)} data-testid="conflict-link">
        {block
          ? `a block: ${blockKindLabel(block.kind)}, nights ${formatDayMonth(block.dateFrom)} – ${formatDayMonth(addDays(block.dateTo, -1))}`
          : `block ${id}`}
      </a>
      {block?.note ? ` — ${block.note}` : ''}. Remove or move the block on the board first, or choose other nights.
    </p>
  );
}

/** Whatever holds the night of a refused write, named: a reservation or a block. */
export function HeldByNotice({ trouble, stay }: { trouble: Trouble; stay?: AskedStay | undefined }) {
  if (trouble.heldBy?.kind === 'block') return <BlockConflictNotice id={trouble.heldBy.id} stay={stay} />;
  const reservation = trouble.heldBy?.id ?? trouble.conflictingReservation;
  return reservation === undefined ? null : <ConflictNotice id={reservation} />;
}
