import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/board`, `#/reservations/42`): the service serves one HTML file at /console/, and
 * a reload or a shared link opens the same screen without any server-side routing.
 */

export interface Route {
  path: string[];
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  return { path: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function href(path: string, query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `#/${path}${text ? `?${text}` : ''}`;
}

export function navigate(path: string, query: Record<string, string | number | undefined> = {}): void {
  location.hash = href(path, query);
}

/** Days the board shows before the day it is opened at, so that day's arrivals have some context. */
export const BOARD_DAYS_BEFORE = 3;

/** The board opened at a date (today when none). */
export function boardHref(date?: string): string {
  if (!date) return href('board');
  const first = new Date(Date.parse(`${date}T00:00:00Z`) - BOARD_DAYS_BEFORE * 86_400_000).toISOString().slice(0, 10);
  return href('board', { from: first });
}
