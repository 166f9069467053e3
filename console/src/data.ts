import type { ReservationStatus, ReservationSummary, StayWarning, SummariesQuery } from '../../client/index.js';
import { api } from './api.js';

const PAGE = 100;
/** Pages asked for at once after the first: enough to fill a board fast, well below the rate limit. */
const PARALLEL_PAGES = 4;

async function firstPage(query: SummariesQuery, signal?: AbortSignal) {
  for await (const page of api.reservations.summaries(query, { signal }).pages()) return page;
  throw new Error('The service answered no page.');
}

/**
 * Every summary of a query, all pages. The first page says how many there are (X-Total-Count); the
 * rest are asked for a few at a time rather than one after the other, so a board of 500
 * accommodations does not wait for dozens of round trips in a row. A record that moved between
 * pages while they were read is kept once.
 */
export async function allSummaries(query: SummariesQuery, signal?: AbortSignal): Promise<ReservationSummary[]> {
  const first = await firstPage({ ...query, limit: PAGE, offset: 0 }, signal);
  const total = first.total ?? first.items.length;
  const offsets: number[] = [];
  if (first.links.next !== undefined) for (let offset = PAGE; offset < total; offset += PAGE) offsets.push(offset);
  const pages: ReservationSummary[][] = [first.items];
  for (let start = 0; start < offsets.length; start += PARALLEL_PAGES) {
    const batch = offsets.slice(start, start + PARALLEL_PAGES);
    pages.push(
      ...(await Promise.all(
        batch.map(async (offset) => (await firstPage({ ...query, limit: PAGE, offset }, signal)).items),
      )),
    );
  }
  const seen = new Set<number>();
  return pages.flat().filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
}

/** A status move along SPEC §3: cancelling is DELETE (it also stamps `cancelled`), every other move a PATCH. */
export function moveStatus(reservation: ReservationSummary, to: ReservationStatus): Promise<ReservationSummary> {
  return to === 'cancelled'
    ? api.reservations.cancel(reservation.id)
    : api.reservations.update(reservation.id, { status: to });
}

export function guestsOf(reservation: Pick<ReservationSummary, 'adults' | 'children' | 'babies'>): string {
  const parts = [`${reservation.adults} adult${reservation.adults === 1 ? '' : 's'}`];
  if (reservation.children) parts.push(`${reservation.children} child${reservation.children === 1 ? '' : 'ren'}`);
  if (reservation.babies) parts.push(`${reservation.babies} bab${reservation.babies === 1 ? 'y' : 'ies'}`);
  return parts.join(', ');
}

export function money(amount: string, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * The stay rules (SPEC §13) a reservation broke when this page created it, as the POST's 201 said
 * them (`warnings`): kept in memory only until its panel shows them once.
 */
const createdWarnings = new Map<number, StayWarning[]>();

export function rememberWarnings(reservation: number, warnings: StayWarning[]): void {
  if (warnings.length > 0) createdWarnings.set(reservation, warnings);
}

export function takeWarnings(reservation: number): StayWarning[] {
  const warnings = createdWarnings.get(reservation) ?? [];
  createdWarnings.delete(reservation);
  return warnings;
}
