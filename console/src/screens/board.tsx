import { memo } from 'preact/compat';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Accommodation, Block, ReservationSummary } from '../../../client/index.js';
import { api } from '../api.js';
import { BlockForm, blockKindLabel, BlockPanel } from '../components/blocks.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { HOLDING, Legend, STATUS_LABEL } from '../components/status.js';
import { useDesk } from '../context.js';
import { allSummaries } from '../data.js';
import {
  addDays,
  daysBetween,
  formatDate,
  formatDayMonth,
  formatMonth,
  formatWeekday,
  isDate,
  toDays,
} from '../dates.js';
import { useLoad } from '../hooks.js';
import { BOARD_DAYS_BEFORE, navigate } from '../router.js';

/**
 * The planning board (SPEC §11): accommodations as rows grouped by type, days as columns,
 * reservations as bars. Built to stay smooth with 500 accommodations × 90 days: only the rows and
 * columns in view are in the DOM (windowing on both axes), bars are absolutely positioned per row,
 * and a scroll re-renders only when the visible range changes.
 *
 * Keyboard: the grid is one tab stop (role="grid" with aria-activedescendant, so the active cell
 * may scroll out of the DOM without the focus getting lost); arrows move the active cell, Page
 * Up/Down move a screenful of rows, Home/End go to the first/last day, Enter opens the reservation
 * or block under the cell or a new reservation for a free night.
 *
 * Blocks (SPEC §13) are drawn as hatched grey bars labelled with their kind. Free nights of one row
 * are selected by dragging across them, Shift+click or Shift+arrows; the selection is booked
 * (Enter, or the button above the board) or blocked (B, or the button) with a small form.
 */

const ROW_H = 34;
const HEAD_H = 46;
const COL_W = 38;
const LABEL_W = 220;
/** Days before today shown by default, and days in the window. */
const BEFORE = BOARD_DAYS_BEFORE;
const DAYS = 94;
const OVERSCAN_ROWS = 8;
const OVERSCAN_COLS = 7;

type Row = { kind: 'group'; type: string; count: number } | { kind: 'unit'; accommodation: Accommodation };

/** A cell is one night: the reservation holding it is the one with dateFrom ≤ night < dateTo. */
function holderOf(reservations: ReservationSummary[] | undefined, night: string): ReservationSummary | undefined {
  let cancelled: ReservationSummary | undefined;
  for (const reservation of reservations ?? []) {
    if (reservation.dateFrom <= night && night < reservation.dateTo) {
      if (HOLDING.includes(reservation.status)) return reservation;
      cancelled ??= reservation;
    }
  }
  return cancelled;
}

/** The block holding a night, if any (blocks never overlap: SPEC §13). */
function blockOf(blocks: Block[] | undefined, night: string): Block | undefined {
  return blocks?.find((block) => block.dateFrom <= night && night < block.dateTo);
}

/** A night that may be booked or blocked: nothing holds it (a cancelled stay's night is free). */
function isFree(reservations: ReservationSummary[] | undefined, blocks: Block[] | undefined, night: string): boolean {
  const holder = holderOf(reservations, night);
  return (!holder || !HOLDING.includes(holder.status)) && !blockOf(blocks, night);
}

/** Free nights of one accommodation, chosen on the board: columns `anchor` … `end` (either order). */
interface Selection {
  accommodation: Accommodation;
  row: number;
  anchor: number;
  end: number;
}

function nightsOf(selection: Selection, from: string): { dateFrom: string; dateTo: string; nights: number } {
  const first = Math.min(selection.anchor, selection.end);
  const last = Math.max(selection.anchor, selection.end);
  return { dateFrom: addDays(from, first), dateTo: addDays(from, last + 1), nights: last - first + 1 };
}

function sameSelection(a: Selection | null, b: Selection | null): boolean {
  return a === b || (!!a && !!b && a.row === b.row && a.anchor === b.anchor && a.end === b.end);
}

const byTitle = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function rowsOf(accommodations: Accommodation[]): Row[] {
  const groups = new Map<string, Accommodation[]>();
  for (const accommodation of accommodations) {
    if (!accommodation.active) continue;
    const group = groups.get(accommodation.type) ?? [];
    group.push(accommodation);
    groups.set(accommodation.type, group);
  }
  const rows: Row[] = [];
  for (const type of [...groups.keys()].sort(byTitle.compare)) {
    const units = (groups.get(type) ?? []).sort((a, b) => byTitle.compare(a.title, b.title));
    rows.push({ kind: 'group', type, count: units.length });
    for (const accommodation of units) rows.push({ kind: 'unit', accommodation });
  }
  return rows;
}

export function Board({ from: fromParam }: { from?: string }) {
  const { organization, canWrite } = useDesk();
  const today = organization.today;
  const from = fromParam && isDate(fromParam) ? fromParam : addDays(today, -BEFORE);
  const last = addDays(from, DAYS - 1);
  const [showCancelled, setShowCancelled] = useState(false);

  const accommodations = useLoad(
    (signal) => api.accommodations.list({ organization: organization.id }, { signal }),
    [organization.id],
  );
  const reservations = useLoad(
    (signal) =>
      allSummaries(
        {
          organization: organization.id,
          referenceDate: 'stay',
          dateFrom: from,
          dateTo: last,
          // Cancelled and no-show ones are not even fetched unless asked for.
          status: showCancelled ? undefined : HOLDING.join(','),
        },
        signal,
      ),
    [organization.id, from, showCancelled],
  );

  // Blocks come from GET /api/blocks, not from the availability grid (GET /api/availability), which
  // would give reservations and blocks in one read: its holds carry neither a stay's guest, status
  // and number (the bars need the summaries, cancelled ones included, all the same) nor a block's
  // kind and note (what a block bar says). The grid would be a third read, not one instead of two.
  const blocks = useLoad(
    (signal) => api.blocks.list({ organization: organization.id, dateFrom: from, dateTo: last }, { signal }),
    [organization.id, from],
  );
  // A selection's columns count from the first day shown: it lapses when the board moves.
  const [picked, setPicked] = useState<{ from: string; selection: Selection } | null>(null);
  const selection = picked?.from === from ? picked.selection : null;
  const [blocking, setBlocking] = useState<{ accommodation: Accommodation; dateFrom: string; dateTo: string } | null>(
    null,
  );
  const [opened, setOpened] = useState<{ block: Block; title: string } | null>(null);
  const [message, setMessage] = useState('');
  const select = (next: Selection | null) => {
    setPicked((current) =>
      next === null
        ? null
        : current?.from === from && sameSelection(current.selection, next)
          ? current
          : { from, selection: next },
    );
    if (next) setMessage('');
  };
  const block = (chosen: Selection) => {
    const { dateFrom, dateTo } = nightsOf(chosen, from);
    setBlocking({ accommodation: chosen.accommodation, dateFrom, dateTo });
  };
  const book = (chosen: Selection) => {
    const { dateFrom, dateTo } = nightsOf(chosen, from);
    navigate('new', { accommodation: chosen.accommodation.id, dateFrom, dateTo });
  };
  const chosen = selection && nightsOf(selection, from);
  const focusGrid = () => document.querySelector<HTMLElement>('[data-testid="board-grid"]')?.focus();

  const jump = (date: string) => navigate('board', { from: addDays(date, -BEFORE) });

  return (
    <section aria-labelledby="board-title" class="board-screen" data-testid="board" data-from={from} data-to={last}>
      <div class="screen-head">
        <h1 id="board-title">Planning board</h1>
        <p class="subtitle">
          {formatDate(from)} – {formatDate(last)}
        </p>
      </div>
      <div class="toolbar" role="group" aria-label="Board controls">
        <button type="button" class="button" onClick={() => jump(addDays(from, BEFORE - 28))} data-testid="board-prev">
          ← 4 weeks
        </button>
        <button type="button" class="button primary" onClick={() => navigate('board')} data-testid="board-today">
          Today
        </button>
        <button type="button" class="button" onClick={() => jump(addDays(from, BEFORE + 28))} data-testid="board-next">
          4 weeks →
        </button>
        <label class="inline-field">
          Go to date
          <input
            type="date"
            value={addDays(from, BEFORE)}
            onChange={(event) => isDate(event.currentTarget.value) && jump(event.currentTarget.value)}
            data-testid="board-date"
          />
        </label>
        <label class="inline-field checkbox">
          <input
            type="checkbox"
            checked={showCancelled}
            onChange={(event) => setShowCancelled(event.currentTarget.checked)}
            data-testid="board-show-cancelled"
          />
          Show cancelled and no-show
        </label>
      </div>
      <div class="board-status">
        {/* Always there, one line high: the board below never jumps when a selection starts. */}
        <div class="selection-bar" role="group" aria-label="Selected nights" data-testid="board-selection-bar">
          <p class="selection-text" role="status" data-testid="board-selection-text">
            {chosen && selection ? (
              <>
                <strong>{selection.accommodation.title}</strong>: {chosen.nights}{' '}
                {chosen.nights === 1 ? 'night' : 'nights'}, {formatDayMonth(chosen.dateFrom)} –{' '}
                {formatDayMonth(addDays(chosen.dateTo, -1))}
              </>
            ) : (
              message || 'Drag across free nights (or Shift+click, Shift+arrows) to book or block them.'
            )}
          </p>
          {selection && (
            <>
              <button
                type="button"
                class="button small primary"
                onClick={() => book(selection)}
                data-testid="selection-book"
              >
                Book
              </button>
              {canWrite && (
                <button
                  type="button"
                  class="button small"
                  onClick={() => block(selection)}
                  data-testid="selection-block"
                >
                  Block…
                </button>
              )}
              <button type="button" class="button small" onClick={() => select(null)} data-testid="selection-clear">
                Clear
              </button>
            </>
          )}
        </div>
        <Legend>
          <li>
            <span class="swatch bar block" aria-hidden="true" />
            Blocked
          </li>
        </Legend>
      </div>
      {accommodations.error && <ErrorBox trouble={accommodations.error} onRetry={accommodations.reload} />}
      {reservations.error && <ErrorBox trouble={reservations.error} onRetry={reservations.reload} />}
      {blocks.error && <ErrorBox trouble={blocks.error} onRetry={blocks.reload} />}
      {(!accommodations.data || !reservations.data || !blocks.data) &&
        !accommodations.error &&
        !reservations.error &&
        !blocks.error && <Loading what="the board" />}
      {accommodations.data && accommodations.data.filter((a) => a.active).length === 0 && (
        <Empty>This organization has no active accommodations yet. Add them through the API or an import.</Empty>
      )}
      {accommodations.data && reservations.data && blocks.data && accommodations.data.some((a) => a.active) && (
        <Grid
          accommodations={accommodations.data}
          reservations={reservations.data}
          blocks={blocks.data}
          from={from}
          today={today}
          focusDate={fromParam ? addDays(from, BEFORE) : today}
          busy={reservations.loading || blocks.loading}
          selection={selection}
          onSelect={select}
          onBook={book}
          onBlock={canWrite ? block : undefined}
          onOpenBlock={(block, title) => setOpened({ block, title })}
        />
      )}
      <p class="hint">
        Arrow keys move through the board; Enter opens the reservation or block, or books a free night; Shift+arrows
        select nights, B blocks them, Escape clears. Click a bar to open it, a free night to book it.
      </p>
      {blocking && (
        <BlockForm
          accommodation={blocking.accommodation}
          dateFrom={blocking.dateFrom}
          dateTo={blocking.dateTo}
          onClose={() => setBlocking(null)}
          returnFocus={focusGrid}
          onCreated={(created) => {
            setBlocking(null);
            select(null);
            setMessage(
              `${blocking.accommodation.title} blocked (${blockKindLabel(created.kind)}), ${formatDayMonth(created.dateFrom)} – ${formatDayMonth(addDays(created.dateTo, -1))}.`,
            );
            blocks.reload();
          }}
        />
      )}
      {opened && (
        <BlockPanel
          block={opened.block}
          accommodationTitle={opened.title}
          onClose={() => setOpened(null)}
          returnFocus={focusGrid}
          onRemoved={() => {
            setOpened(null);
            setMessage(`The block of ${opened.title} is removed: its nights are free.`);
            blocks.reload();
          }}
        />
      )}
    </section>
  );
}

/** The rows and columns rendered: what is in view plus a margin, moved in steps so that most scroll frames render nothing. */
interface Range {
  firstRow: number;
  lastRow: number;
  firstCol: number;
  lastCol: number;
}

const ROW_STEP = 8;
const COL_STEP = 14;

function rangeOf(element: HTMLElement, rowCount: number): Range {
  const top = Math.floor(element.scrollTop / ROW_H / ROW_STEP) * ROW_STEP;
  const bottom = Math.ceil((element.scrollTop + element.clientHeight - HEAD_H) / ROW_H / ROW_STEP) * ROW_STEP;
  const left = Math.floor(element.scrollLeft / COL_W / COL_STEP) * COL_STEP;
  const right = Math.ceil((element.scrollLeft + element.clientWidth - LABEL_W) / COL_W / COL_STEP) * COL_STEP;
  return {
    firstRow: Math.max(0, top - OVERSCAN_ROWS),
    lastRow: Math.min(rowCount - 1, bottom + OVERSCAN_ROWS),
    firstCol: Math.max(0, left - OVERSCAN_COLS),
    lastCol: Math.min(DAYS - 1, right + OVERSCAN_COLS),
  };
}

function sameRange(a: Range, b: Range): boolean {
  return a.firstRow === b.firstRow && a.lastRow === b.lastRow && a.firstCol === b.firstCol && a.lastCol === b.lastCol;
}

function Grid({
  accommodations,
  reservations,
  blocks,
  from,
  today,
  focusDate,
  busy,
  selection,
  onSelect,
  onBook,
  onBlock,
  onOpenBlock,
}: {
  accommodations: Accommodation[];
  reservations: ReservationSummary[];
  blocks: Block[];
  from: string;
  today: string;
  focusDate: string;
  busy: boolean;
  selection: Selection | null;
  onSelect: (selection: Selection | null) => void;
  onBook: (selection: Selection) => void;
  /** Absent when the sign-in may not write. */
  onBlock: ((selection: Selection) => void) | undefined;
  onOpenBlock: (block: Block, accommodationTitle: string) => void;
}) {
  const rows = useMemo(() => rowsOf(accommodations), [accommodations]);
  const byAccommodation = useMemo(() => {
    const map = new Map<number, ReservationSummary[]>();
    for (const reservation of reservations) {
      const list = map.get(reservation.accommodation.id) ?? [];
      list.push(reservation);
      map.set(reservation.accommodation.id, list);
    }
    return map;
  }, [reservations]);
  const blocksByAccommodation = useMemo(() => {
    const map = new Map<number, Block[]>();
    for (const block of blocks) map.set(block.accommodation, [...(map.get(block.accommodation) ?? []), block]);
    return map;
  }, [blocks]);
  const unitRows = useMemo(() => rows.flatMap((row, index) => (row.kind === 'unit' ? [index] : [])), [rows]);
  const days = useMemo(() => Array.from({ length: DAYS }, (_, i) => addDays(from, i)), [from]);
  const todayIndex = daysBetween(from, today);

  const scroller = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<Range>({ firstRow: 0, lastRow: 40, firstCol: 0, lastCol: 40 });
  const [active, setActive] = useState(() => ({
    row: unitRows[0] ?? 0,
    col: Math.min(DAYS - 1, Math.max(0, daysBetween(from, focusDate))),
  }));

  // The rendered range follows scrolling and resizing: measured once per animation frame at most,
  // and a render only when the range steps.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = rangeOf(element, rows.length);
      setRange((previous) => (sameRange(previous, next) ? previous : next));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(onScroll);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [rows.length]);

  // A jump to a date puts that day at the left edge of the visible days.
  useLayoutEffect(() => {
    const col = Math.min(DAYS - 1, Math.max(0, daysBetween(from, focusDate)));
    setActive((current) => ({ ...current, col }));
    if (scroller.current) scroller.current.scrollLeft = Math.max(0, (col - BEFORE) * COL_W);
  }, [from, focusDate]);

  const { firstRow, lastRow, firstCol, lastCol } = range;
  const cols = useMemo(
    () => days.slice(firstCol, lastCol + 1).map((date, i) => ({ date, index: firstCol + i })),
    [days, firstCol, lastCol],
  );
  // Rows are memoized: a stable click handler keeps a row that did not change from rendering again.
  const openRef = useRef<(accommodation: Accommodation, date: string, extend: boolean) => void>(() => {});
  const onCell = useMemo(
    () => (accommodation: Accommodation, date: string, extend: boolean) => openRef.current(accommodation, date, extend),
    [],
  );

  const activeRow = rows[active.row];
  const activeDate = days[active.col] ?? from;
  // Only an id that is in the DOM: after a mouse scroll the active cell may be outside the rendered range.
  const activeRendered =
    active.row >= firstRow && active.row <= lastRow && active.col >= firstCol && active.col <= lastCol;
  const activeId =
    activeRow?.kind === 'unit' && activeRendered ? cellId(activeRow.accommodation.id, activeDate) : undefined;

  /** Scrolls so the cell is in view (below the sticky header, right of the sticky labels). */
  const reveal = (row: number, col: number) => {
    const element = scroller.current;
    if (!element) return;
    const top = row * ROW_H;
    const visibleRows = element.clientHeight - HEAD_H;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_H > element.scrollTop + visibleRows) element.scrollTop = top + ROW_H - visibleRows;
    const left = col * COL_W;
    const visibleCols = element.clientWidth - LABEL_W;
    if (left < element.scrollLeft) element.scrollLeft = left;
    else if (left + COL_W > element.scrollLeft + visibleCols) element.scrollLeft = left + COL_W - visibleCols;
  };

  const freeAt = (accommodation: Accommodation, col: number) =>
    isFree(byAccommodation.get(accommodation.id), blocksByAccommodation.get(accommodation.id), addDays(from, col));
  /** From `anchor` towards `target`, the farthest column reached over free nights only. */
  const reachFree = (accommodation: Accommodation, anchor: number, target: number) => {
    const step = Math.sign(target - anchor);
    const goal = Math.min(DAYS - 1, Math.max(0, target));
    let col = anchor;
    while (col !== goal && freeAt(accommodation, col + step)) col += step;
    return col;
  };
  /** The selection grown from its anchor (or from `start` when it is in another row) to `target`. */
  const extendTo = (row: number, accommodation: Accommodation, start: number, target: number) => {
    const anchor = selection && selection.row === row ? selection.anchor : start;
    const end = reachFree(accommodation, anchor, target);
    onSelect({ accommodation, row, anchor, end });
    return end;
  };

  const open = (accommodation: Accommodation, date: string) => {
    const holder = holderOf(byAccommodation.get(accommodation.id), date);
    const block = blockOf(blocksByAccommodation.get(accommodation.id), date);
    // A stay holding the night first; else the block; else a cancelled stay shown on it; else book it.
    if (holder && HOLDING.includes(holder.status)) navigate(`reservations/${holder.id}`);
    else if (block) onOpenBlock(block, accommodation.title);
    else if (holder) navigate(`reservations/${holder.id}`);
    else navigate('new', { accommodation: accommodation.id, dateFrom: date });
  };

  // A drag over free nights of one row selects them; the click that ends a drag opens nothing.
  const drag = useRef<{ row: number; accommodation: Accommodation; anchor: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const canvas = useRef<HTMLDivElement>(null);
  const onPointerDown = (event: PointerEvent) => {
    drag.current = null;
    dragged.current = false;
    if (event.button !== 0 || event.shiftKey) return;
    const cell = (event.target as HTMLElement).closest<HTMLElement>('.board-cell');
    const date = cell?.dataset.date;
    const row = rows.findIndex(
      (candidate) => candidate.kind === 'unit' && String(candidate.accommodation.id) === cell?.dataset.accommodationId,
    );
    const unit = rows[row];
    if (!date || unit?.kind !== 'unit' || !freeAt(unit.accommodation, daysBetween(from, date))) return;
    drag.current = { row, accommodation: unit.accommodation, anchor: daysBetween(from, date), moved: false };
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current) return;
    if ((event.buttons & 1) === 0) {
      drag.current = null;
      return;
    }
    const left = canvas.current?.getBoundingClientRect().left ?? 0;
    const target = Math.floor((event.clientX - left - LABEL_W) / COL_W);
    const end = reachFree(current.accommodation, current.anchor, target);
    if (end === current.anchor && !current.moved) return;
    current.moved = true;
    onSelect({ accommodation: current.accommodation, row: current.row, anchor: current.anchor, end });
    setActive({ row: current.row, col: end });
  };
  const onPointerUp = () => {
    dragged.current = drag.current?.moved ?? false;
    drag.current = null;
  };

  openRef.current = (accommodation, date, extend) => {
    const row = rows.findIndex(
      (candidate) => candidate.kind === 'unit' && candidate.accommodation.id === accommodation.id,
    );
    const col = daysBetween(from, date);
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    if (extend && freeAt(accommodation, col)) {
      // Shift+click: from the active night of this row when it is free, else this night alone.
      const start = active.row === row && freeAt(accommodation, active.col) ? active.col : col;
      setActive({ row, col: extendTo(row, accommodation, start, col) });
      return;
    }
    setActive({ row, col });
    open(accommodation, date);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const position = unitRows.indexOf(active.row);
    const page = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 600) - HEAD_H) / ROW_H) - 1);
    const unit = activeRow?.kind === 'unit' ? activeRow.accommodation : undefined;
    if (event.shiftKey && (event.key === 'ArrowRight' || event.key === 'ArrowLeft') && unit) {
      event.preventDefault();
      if (!freeAt(unit, active.col)) return;
      const col = extendTo(active.row, unit, active.col, active.col + (event.key === 'ArrowRight' ? 1 : -1));
      setActive({ row: active.row, col });
      reveal(active.row, col);
      return;
    }
    if (event.key === 'Escape' && selection) {
      event.preventDefault();
      onSelect(null);
      return;
    }
    if ((event.key === 'b' || event.key === 'B') && unit && onBlock && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      if (selection) onBlock(selection);
      else if (freeAt(unit, active.col))
        onBlock({ accommodation: unit, row: active.row, anchor: active.col, end: active.col });
      return;
    }
    let next: { row: number; col: number } | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = { row: unitRows[Math.min(unitRows.length - 1, position + 1)] ?? active.row, col: active.col };
        break;
      case 'ArrowUp':
        next = { row: unitRows[Math.max(0, position - 1)] ?? active.row, col: active.col };
        break;
      case 'PageDown':
        next = { row: unitRows[Math.min(unitRows.length - 1, position + page)] ?? active.row, col: active.col };
        break;
      case 'PageUp':
        next = { row: unitRows[Math.max(0, position - page)] ?? active.row, col: active.col };
        break;
      case 'ArrowRight':
        next = { row: active.row, col: Math.min(DAYS - 1, active.col + 1) };
        break;
      case 'ArrowLeft':
        next = { row: active.row, col: Math.max(0, active.col - 1) };
        break;
      case 'Home':
        next = { row: event.ctrlKey ? (unitRows[0] ?? 0) : active.row, col: 0 };
        break;
      case 'End':
        next = { row: event.ctrlKey ? (unitRows[unitRows.length - 1] ?? 0) : active.row, col: DAYS - 1 };
        break;
      case 'Enter':
      case ' ':
        if (activeRow?.kind === 'unit') {
          event.preventDefault();
          if (selection && selection.row === active.row) onBook(selection);
          else open(activeRow.accommodation, activeDate);
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    // Moving on without Shift lets the selection go, as in a spreadsheet.
    if (selection) onSelect(null);
    setActive(next);
    reveal(next.row, next.col);
  };

  const canvasWidth = LABEL_W + DAYS * COL_W;
  const canvasHeight = HEAD_H + rows.length * ROW_H;

  return (
    <div
      ref={scroller}
      class="board-scroll"
      role="grid"
      tabIndex={0}
      aria-label={`Planning board, ${rows.length - unitRows.length} types, ${unitRows.length} accommodations, ${DAYS} days from ${formatDate(from)}`}
      aria-rowcount={rows.length + 1}
      aria-colcount={DAYS + 1}
      aria-activedescendant={activeId}
      aria-busy={busy}
      aria-multiselectable="true"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      data-testid="board-grid"
    >
      <div ref={canvas} class="board-canvas" style={{ width: `${canvasWidth}px`, height: `${canvasHeight}px` }}>
        <div class="board-head" role="row" aria-rowindex={1}>
          <div class="board-corner" role="columnheader" aria-colindex={1}>
            Accommodation
          </div>
          {cols.map(({ date, index }) => {
            // A column is narrow: the weekday and the day of the month, and the month's name on its first day.
            const monthStart = date.endsWith('-01');
            return (
              <div
                key={date}
                role="columnheader"
                aria-colindex={index + 2}
                class={`board-day${date === today ? ' is-today' : ''}${isWeekend(date) ? ' is-weekend' : ''}${monthStart ? ' is-month-start' : ''}`}
                style={{ left: `${LABEL_W + index * COL_W}px` }}
                data-date={date}
              >
                <span class="visually-hidden">{longDate(date)}</span>
                <span class="board-weekday" aria-hidden="true">
                  {monthStart || index === firstCol ? formatMonth(date) : formatWeekday(date)}
                </span>
                <span class="board-date" aria-hidden="true">
                  {Number(date.slice(8))}
                </span>
              </div>
            );
          })}
        </div>
        {todayIndex >= 0 && todayIndex < DAYS && (
          <div
            class="board-today-line"
            aria-hidden="true"
            style={{ left: `${LABEL_W + todayIndex * COL_W}px`, height: `${canvasHeight}px` }}
          />
        )}
        {rows.slice(firstRow, lastRow + 1).map((row, i) => {
          const index = firstRow + i;
          const top = HEAD_H + index * ROW_H;
          if (row.kind === 'group') {
            return (
              <div
                key={`group-${row.type}`}
                class="board-row board-group"
                role="row"
                aria-rowindex={index + 2}
                style={{ top: `${top}px` }}
                data-testid="board-group"
                data-type={row.type}
              >
                <div class="board-label" role="rowheader" aria-colindex={1}>
                  {row.type} <span class="count">{row.count}</span>
                </div>
              </div>
            );
          }
          return (
            <UnitRow
              key={row.accommodation.id}
              accommodation={row.accommodation}
              reservations={byAccommodation.get(row.accommodation.id)}
              blocks={blocksByAccommodation.get(row.accommodation.id)}
              selectedFrom={selection?.row === index ? Math.min(selection.anchor, selection.end) : undefined}
              selectedTo={selection?.row === index ? Math.max(selection.anchor, selection.end) : undefined}
              rowIndex={index}
              top={top}
              cols={cols}
              from={from}
              today={today}
              activeDate={active.row === index ? activeDate : undefined}
              onCell={onCell}
            />
          );
        })}
      </div>
    </div>
  );
}

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

function cellId(accommodation: number, date: string): string {
  return `cell-${accommodation}-${date}`;
}

/** Cell labels repeat for every row: the day's long form is formatted once per date. */
const longDates = new Map<string, string>();
function longDate(date: string): string {
  let text = longDates.get(date);
  if (text === undefined) longDates.set(date, (text = formatDate(date)));
  return text;
}

const UnitRow = memo(function UnitRow({
  accommodation,
  reservations,
  blocks,
  selectedFrom,
  selectedTo,
  rowIndex,
  top,
  cols,
  from,
  today,
  activeDate,
  onCell,
}: {
  accommodation: Accommodation;
  reservations: ReservationSummary[] | undefined;
  blocks: Block[] | undefined;
  /** The selected nights of this row, as columns (both included). */
  selectedFrom: number | undefined;
  selectedTo: number | undefined;
  rowIndex: number;
  top: number;
  cols: { date: string; index: number }[];
  from: string;
  today: string;
  activeDate: string | undefined;
  onCell: (accommodation: Accommodation, date: string, extend: boolean) => void;
}) {
  const start = toDays(from);
  return (
    <div
      class="board-row"
      role="row"
      aria-rowindex={rowIndex + 2}
      style={{ top: `${top}px` }}
      data-testid="board-row"
      data-accommodation-id={accommodation.id}
      // One listener per row instead of one per cell. The day comes from where the pointer is, not
      // from the target: a press on a bar under the active cell focuses the grid, which raises the
      // active cell's ring above the bar, and the click then lands on the row itself.
      onClick={(event) => {
        // The name column stays in view over the days scrolled under it.
        if ((event.target as HTMLElement).closest('.board-label')) return;
        const left = (event.currentTarget as HTMLElement).getBoundingClientRect().left;
        const index = Math.floor((event.clientX - left - LABEL_W) / COL_W);
        if (index >= 0 && index < DAYS) onCell(accommodation, addDays(from, index), event.shiftKey);
      }}
    >
      <div class="board-label" role="rowheader" aria-colindex={1} title={accommodation.title}>
        {accommodation.title}
        <span class="board-capacity" aria-label={`up to ${accommodation.maxPersons} persons`}>
          {accommodation.maxPersons}
        </span>
      </div>
      {cols.map(({ date, index }) => {
        const found = holderOf(reservations, date);
        const block = blockOf(blocks, date);
        // A cancelled stay shown on a blocked night does not hide the block.
        const holder = block && found && !HOLDING.includes(found.status) ? undefined : found;
        const active = date === activeDate;
        const selected =
          selectedFrom !== undefined && selectedTo !== undefined && index >= selectedFrom && index <= selectedTo;
        // Only the active cell needs an id and a name: it is the one aria-activedescendant points at,
        // and the one a screen reader reads. Leaving them off the others keeps scrolling cheap.
        return (
          <div
            key={date}
            id={active ? cellId(accommodation.id, date) : undefined}
            role="gridcell"
            aria-colindex={index + 2}
            aria-label={
              active
                ? `${accommodation.title}, ${longDate(date)}: ${
                    holder
                      ? `${holder.guestName}, ${STATUS_LABEL[holder.status]}, ${holder.reservationNumber}`
                      : block
                        ? `blocked, ${blockKindLabel(block.kind)}${block.note ? `, ${block.note}` : ''}`
                        : 'free'
                  }${selected ? ', selected' : ''}`
                : undefined
            }
            aria-selected={active || selected || undefined}
            class={`board-cell${date === today ? ' is-today' : ''}${isWeekend(date) ? ' is-weekend' : ''}${active ? ' is-active' : ''}`}
            style={{ left: `${LABEL_W + index * COL_W}px` }}
            data-testid="board-cell"
            data-accommodation-id={accommodation.id}
            data-date={date}
            data-reservation-id={holder?.id}
            data-block-id={holder ? undefined : block?.id}
          />
        );
      })}
      {/* Bars are drawn over the cells for the eye and the mouse; the cells carry the same facts for
          assistive technology, so the bars are hidden from it. */}
      <div class="board-bars" aria-hidden="true">
        {selectedFrom !== undefined && selectedTo !== undefined && (
          <div
            class="board-selection"
            style={{
              left: `${LABEL_W + selectedFrom * COL_W + 1}px`,
              width: `${(selectedTo - selectedFrom + 1) * COL_W - 2}px`,
            }}
            data-testid="board-selection"
          />
        )}
        {(blocks ?? []).map((block) => {
          const a = Math.max(0, toDays(block.dateFrom) - start);
          const b = Math.min(DAYS, toDays(block.dateTo) - start);
          if (b <= a) return null;
          const label = blockKindLabel(block.kind);
          // No click handler of its own: the click reaches the row, which opens what holds the night.
          return (
            <div
              key={`block-${block.id}`}
              class={`bar block block-${block.kind}${a === 0 && block.dateFrom < from ? ' cut-start' : ''}`}
              style={{ left: `${LABEL_W + a * COL_W + 2}px`, width: `${(b - a) * COL_W - 4}px` }}
              title={`Blocked: ${label}${block.note ? ` · ${block.note}` : ''} · ${block.dateFrom} → ${block.dateTo}`}
              data-testid="board-block"
              data-block-id={block.id}
              data-kind={block.kind}
            >
              <span class="bar-text">
                {label}
                {block.note ? ` · ${block.note}` : ''}
              </span>
            </div>
          );
        })}
        {(reservations ?? []).map((reservation) => {
          const a = Math.max(0, toDays(reservation.dateFrom) - start);
          const b = Math.min(DAYS, toDays(reservation.dateTo) - start);
          if (b <= a) return null;
          const holding = HOLDING.includes(reservation.status);
          return (
            <div
              key={reservation.id}
              class={`bar status-${reservation.status}${holding ? '' : ' bar-void'}${a === 0 && reservation.dateFrom < from ? ' cut-start' : ''}`}
              style={{ left: `${LABEL_W + a * COL_W + 2}px`, width: `${(b - a) * COL_W - 4}px` }}
              title={`${reservation.guestName} · ${STATUS_LABEL[reservation.status]} · ${reservation.dateFrom} → ${reservation.dateTo} · ${reservation.reservationNumber}`}
              onClick={(event) => {
                event.stopPropagation();
                navigate(`reservations/${reservation.id}`);
              }}
              data-testid="board-bar"
              data-reservation-id={reservation.id}
              data-status={reservation.status}
            >
              <span class="bar-text">{reservation.guestName}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
});
