/**
 * Calendar dates as the API writes them (YYYY-MM-DD), computed in UTC so that no time zone or
 * daylight-saving change of the browser shifts a day. "Today" is the organization's, never the
 * browser's (SPEC §11).
 */

const DAY_MS = 86_400_000;

export function toDays(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

export function fromDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDays(toDays(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return toDays(to) - toDays(from);
}

export function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The current date in a time zone, for when the service has not said it. */
export function todayIn(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return parts.format(new Date());
}

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const full = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const stamp = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

export const formatWeekday = (date: string) => weekday.format(asDate(date));
export const formatMonth = (date: string) => month.format(asDate(date));
export const formatDayMonth = (date: string) => dayMonth.format(asDate(date));
export const formatDate = (date: string) => full.format(asDate(date));
/** A timestamp in the browser's own zone: when something happened, for the person reading it. */
export const formatStamp = (timestamp: string) => stamp.format(new Date(timestamp));
