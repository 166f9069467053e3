import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import type { ReservationSummary } from '../../../client/index.js';
import { api } from '../api.js';
import { ErrorBox, Loading } from '../components/feedback.js';
import { HOLDING } from '../components/status.js';
import { useDesk } from '../context.js';
import { addDays, daysBetween, formatDate, formatDayMonth, isDate, toDays } from '../dates.js';
import { allSummaries } from '../data.js';
import { useLoad } from '../hooks.js';
import { navigate } from '../router.js';

/**
 * Occupancy (SPEC §11): per day, the nights sold (reservations holding that night — any status but
 * cancelled and no-show — with dateFrom ≤ day < dateTo) against the nights available (the active
 * accommodations). The chart is for the eye; the same figures are in a table for screen readers and
 * for tests that compare them with the API.
 */

const DEFAULT_DAYS = 90;
const MAX_DAYS = 366;

export interface DayFigure {
  date: string;
  sold: number;
  available: number;
}

export function figuresOf(
  from: string,
  to: string,
  available: number,
  reservations: ReservationSummary[],
): DayFigure[] {
  const start = toDays(from);
  const days = daysBetween(from, to) + 1;
  const sold = new Array<number>(days).fill(0);
  for (const reservation of reservations) {
    if (!HOLDING.includes(reservation.status)) continue;
    const a = Math.max(0, toDays(reservation.dateFrom) - start);
    const b = Math.min(days, toDays(reservation.dateTo) - start);
    for (let i = a; i < b; i++) sold[i] = (sold[i] ?? 0) + 1;
  }
  return sold.map((count, i) => ({ date: addDays(from, i), sold: count, available }));
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

export function Occupancy({ from: fromParam, to: toParam }: { from?: string; to?: string }) {
  const { organization } = useDesk();
  const from = fromParam && isDate(fromParam) ? fromParam : organization.today;
  const wanted = toParam && isDate(toParam) ? toParam : addDays(from, DEFAULT_DAYS - 1);
  const to =
    daysBetween(from, wanted) < 0 ? from : daysBetween(from, wanted) >= MAX_DAYS ? addDays(from, MAX_DAYS - 1) : wanted;
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);

  const data = useLoad(
    async (signal) => {
      const [accommodations, reservations] = await Promise.all([
        api.accommodations.list({ organization: organization.id }, { signal }),
        allSummaries(
          {
            organization: organization.id,
            referenceDate: 'stay',
            dateFrom: from,
            dateTo: to,
            status: HOLDING.join(','),
          },
          signal,
        ),
      ]);
      const available = accommodations.filter((accommodation) => accommodation.active).length;
      return figuresOf(from, to, available, reservations);
    },
    [organization.id, from, to],
  );

  const totals = useMemo(() => {
    const figures = data.data ?? [];
    const sold = figures.reduce((sum, day) => sum + day.sold, 0);
    const available = figures.reduce((sum, day) => sum + day.available, 0);
    const peak = figures.reduce<DayFigure | undefined>(
      (best, day) => (!best || day.sold > best.sold ? day : best),
      undefined,
    );
    return { sold, available, average: percent(sold, available), peak };
  }, [data.data]);

  return (
    <section aria-labelledby="occupancy-title" data-testid="occupancy" data-from={from} data-to={to}>
      <div class="screen-head">
        <h1 id="occupancy-title">Occupancy</h1>
        <p class="subtitle">
          {formatDate(from)} – {formatDate(to)}
        </p>
      </div>
      <form
        class="toolbar"
        aria-label="Period"
        onSubmit={(event) => {
          event.preventDefault();
          if (isDate(draft.from) && isDate(draft.to)) navigate('occupancy', { from: draft.from, to: draft.to });
        }}
      >
        <label class="inline-field">
          From
          <input
            type="date"
            required
            value={draft.from}
            onInput={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            data-testid="occupancy-from"
          />
        </label>
        <label class="inline-field">
          To
          <input
            type="date"
            required
            value={draft.to}
            onInput={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            data-testid="occupancy-to"
          />
        </label>
        <button type="submit" class="button primary" data-testid="occupancy-apply">
          Show
        </button>
        <button type="button" class="button" onClick={() => navigate('occupancy')}>
          Next 90 days
        </button>
      </form>
      {data.error && <ErrorBox trouble={data.error} onRetry={data.reload} />}
      {!data.data && !data.error && <Loading what="occupancy" />}
      {data.data && (
        <>
          <dl class="figures" aria-busy={data.loading}>
            <div class="figure">
              <dt>Average occupancy</dt>
              <dd data-testid="occupancy-average" data-value={totals.average}>
                {totals.average.toFixed(1)}%
              </dd>
            </div>
            <div class="figure">
              <dt>Nights sold</dt>
              <dd data-testid="occupancy-sold" data-value={totals.sold}>
                {totals.sold}
              </dd>
            </div>
            <div class="figure">
              <dt>Nights available</dt>
              <dd data-testid="occupancy-available" data-value={totals.available}>
                {totals.available}
              </dd>
            </div>
            <div class="figure">
              <dt>Busiest night</dt>
              <dd data-testid="occupancy-peak">
                {totals.peak
                  ? `${formatDayMonth(totals.peak.date)}: ${percent(totals.peak.sold, totals.peak.available)}%`
                  : '—'}
              </dd>
            </div>
          </dl>
          <div class="card">
            <Chart figures={data.data} />
          </div>
          <details class="card">
            <summary>Figures per day (table)</summary>
            <table class="table compact" data-testid="occupancy-table">
              <caption class="visually-hidden">Nights sold and available per day</caption>
              <thead>
                <tr>
                  <th scope="col">Night of</th>
                  <th scope="col">Sold</th>
                  <th scope="col">Available</th>
                  <th scope="col">Occupancy</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((day) => (
                  <tr
                    key={day.date}
                    data-date={day.date}
                    data-sold={day.sold}
                    data-available={day.available}
                    data-testid="occupancy-day"
                  >
                    <th scope="row">{formatDate(day.date)}</th>
                    <td>{day.sold}</td>
                    <td>{day.available}</td>
                    <td>{percent(day.sold, day.available)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

/** uPlot draws on a canvas: it is hidden from assistive technology, which gets the table instead. */
function Chart({ figures }: { figures: DayFigure[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const x = figures.map((day) => toDays(day.date) * 86_400);
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: 320,
      // Dates are calendar days: drawn in UTC so that no browser zone shifts them.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
      axes: [{ stroke: '#3d4451' }, { stroke: '#3d4451', label: 'Nights' }],
      legend: { live: true },
      series: [
        { label: 'Night of' },
        {
          label: 'Sold',
          stroke: '#1f5fbf',
          fill: 'rgba(31, 95, 191, 0.35)',
          paths: uPlot.paths.bars?.({ size: [0.8, 40] }),
          points: { show: false },
        },
        { label: 'Available', stroke: '#b3261e', width: 2, dash: [6, 4], points: { show: false } },
      ],
    };
    const chart = new uPlot(options, [x, figures.map((day) => day.sold), figures.map((day) => day.available)], element);
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(320, element.clientWidth), height: 320 }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [figures]);
  return <div ref={host} class="chart" aria-hidden="true" data-testid="occupancy-chart" />;
}
