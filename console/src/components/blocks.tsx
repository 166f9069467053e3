import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Block, BlockKind } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { useDesk } from '../context.js';
import { addDays, daysBetween, formatDate, formatStamp } from '../dates.js';
import { useConfirm } from './confirm.js';
import { HeldByNotice } from './conflict.js';
import { ErrorBox } from './feedback.js';

/**
 * Blocks (SPEC §13): nights of an accommodation held without a reservation. The board draws them,
 * makes them from free nights (BlockForm) and opens them to remove them (BlockPanel); the service
 * decides whether the nights are free, and a refusal names what holds them.
 */

const KIND_LABEL: Record<BlockKind, string> = {
  maintenance: 'Maintenance',
  owner: 'Owner’s use',
  closed: 'Closed',
  external: 'Other calendar',
};

/** The kinds a clerk may choose: `external` only comes from a subscribed calendar (SPEC §16). */
const WRITABLE_KINDS = ['maintenance', 'owner', 'closed'] as const satisfies readonly BlockKind[];

export function blockKindLabel(kind: BlockKind): string {
  return KIND_LABEL[kind];
}

function nightsText(dateFrom: string, dateTo: string): string {
  const nights = daysBetween(dateFrom, dateTo);
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** "3 nights: Fri, 4 Dec 2026 to Sun, 6 Dec 2026" — the first and the last night held. */
function periodText(dateFrom: string, dateTo: string): string {
  const last = addDays(dateTo, -1);
  return `${nightsText(dateFrom, dateTo)}: ${last === dateFrom ? `the night of ${formatDate(dateFrom)}` : `${formatDate(dateFrom)} to ${formatDate(last)}`}`;
}

/**
 * A modal dialog that opens as it mounts: focus stays inside and Escape closes it. It is removed
 * rather than closed, so focus is given back by hand to what had it (the board's grid).
 */
function Modal({
  labelledBy,
  testId,
  onClose,
  returnFocus,
  children,
}: {
  labelledBy: string;
  testId: string;
  onClose: () => void;
  /** Where focus goes after when what had it is gone (the selection's buttons go with the selection). */
  returnFocus: (() => void) | undefined;
  children: ComponentChildren;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      // After the render that removed it: that render may remove the opener too.
      setTimeout(() => (opener?.isConnected ? opener.focus() : returnFocus?.()), 0);
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby={labelledBy}
      data-testid={testId}
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      {children}
    </dialog>
  );
}

/** The nights held, first and last: clerks count nights, the API a departure-like end day. */
function Period({ dateFrom, dateTo }: { dateFrom: string; dateTo: string }) {
  return (
    <p class="muted" data-testid="block-period">
      {periodText(dateFrom, dateTo)}
    </p>
  );
}

/** Blocks the nights `dateFrom` … `dateTo` − 1 of one accommodation: a kind and a note. */
export function BlockForm({
  accommodation,
  dateFrom,
  dateTo,
  onClose,
  onCreated,
  returnFocus,
}: {
  accommodation: { id: number; title: string };
  dateFrom: string;
  dateTo: string;
  onClose: () => void;
  onCreated: (block: Block) => void;
  returnFocus?: () => void;
}) {
  const { organization } = useDesk();
  const [kind, setKind] = useState<(typeof WRITABLE_KINDS)[number]>('maintenance');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    try {
      onCreated(
        await api.blocks.create({
          organization: organization.id,
          accommodation: accommodation.id,
          dateFrom,
          dateTo,
          kind,
          ...(note.trim() ? { note: note.trim() } : {}),
        }),
      );
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy="block-form-title" testId="block-form" onClose={onClose} returnFocus={returnFocus}>
      <form onSubmit={submit} class="dialog-form">
        <h2 id="block-form-title">Block {accommodation.title}</h2>
        <Period dateFrom={dateFrom} dateTo={dateTo} />
        <div class="field">
          <label for="block-kind">Why</label>
          <select
            id="block-kind"
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as (typeof WRITABLE_KINDS)[number])}
            data-testid="block-kind"
          >
            {WRITABLE_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABEL[value]}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="block-note">Note (optional)</label>
          <input
            id="block-note"
            maxLength={500}
            autocomplete="off"
            value={note}
            placeholder="e.g. new roof"
            onInput={(event) => setNote(event.currentTarget.value)}
            data-testid="block-note"
          />
        </div>
        {trouble && (
          <ErrorBox trouble={trouble}>
            <HeldByNotice trouble={trouble} stay={{ accommodation: accommodation.id, dateFrom, dateTo }} />
          </ErrorBox>
        )}
        <div class="actions">
          <button type="button" class="button" onClick={onClose} data-testid="block-cancel">
            Cancel
          </button>
          <button type="submit" class="button primary" disabled={busy} data-testid="block-save">
            {busy ? 'Blocking…' : 'Block the nights'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One block opened from the board: what it is, and removing it (asked first). */
export function BlockPanel({
  block,
  accommodationTitle,
  onClose,
  onRemoved,
  returnFocus,
}: {
  block: Block;
  accommodationTitle: string;
  onClose: () => void;
  onRemoved: () => void;
  returnFocus?: () => void;
}) {
  const { canWrite } = useDesk();
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [dialog, confirm] = useConfirm();
  const external = block.kind === 'external';

  const remove = async () => {
    const sure = await confirm(
      'Remove this block?',
      `${KIND_LABEL[block.kind]}, ${accommodationTitle}, ${periodText(block.dateFrom, block.dateTo)}. The nights become free for bookings again.`,
      'Remove block',
    );
    if (!sure) return;
    setBusy(true);
    setTrouble(null);
    try {
      await api.blocks.delete(block.id);
      onRemoved();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy="block-panel-title" testId="block-panel" onClose={onClose} returnFocus={returnFocus}>
      <div class="dialog-form" data-block-id={block.id}>
        <h2 id="block-panel-title">
          {KIND_LABEL[block.kind]}: {accommodationTitle}
        </h2>
        <Period dateFrom={block.dateFrom} dateTo={block.dateTo} />
        {block.note && <p data-testid="block-panel-note">{block.note}</p>}
        <p class="hint">
          Block {block.id}, made {formatStamp(block.created)}
          {block.modified !== block.created ? `, changed ${formatStamp(block.modified)}` : ''}.
        </p>
        {external && (
          <p class="notice">This block comes from a subscribed calendar: it changes or goes only with that calendar.</p>
        )}
        {trouble && <ErrorBox trouble={trouble} />}
        <div class="actions">
          <button type="button" class="button" onClick={onClose} data-testid="block-panel-close">
            Close
          </button>
          {!external && canWrite && (
            <button
              type="button"
              class="button danger-outline"
              disabled={busy}
              onClick={() => void remove()}
              data-testid="block-remove"
            >
              Remove block
            </button>
          )}
        </div>
      </div>
      {dialog}
    </Modal>
  );
}
