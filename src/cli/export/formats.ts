import type { ReservationSummary } from '../../../client/index.js';

/**
 * How `booking export summaries` writes records. CSV follows RFC 4180: a header row, CRLF line
 * ends, and a field quoted (with its quotes doubled) when it holds a comma, quote, CR or LF. The
 * accommodation becomes two columns; a null becomes an empty field.
 */

export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

type Column = readonly [header: string, value: (r: ReservationSummary) => string | number | null];

export const CSV_COLUMNS: readonly Column[] = [
  ['id', (r) => r.id],
  ['reservationNumber', (r) => r.reservationNumber],
  ['organization', (r) => r.organization],
  ['accommodationId', (r) => r.accommodation.id],
  ['accommodationTitle', (r) => r.accommodation.title],
  ['status', (r) => r.status],
  ['dateFrom', (r) => r.dateFrom],
  ['dateTo', (r) => r.dateTo],
  ['nights', (r) => r.nights],
  ['adults', (r) => r.adults],
  ['children', (r) => r.children],
  ['babies', (r) => r.babies],
  ['guestName', (r) => r.guestName],
  ['name', (r) => r.name],
  ['guest', (r) => r.guest],
  ['totalAmount', (r) => r.totalAmount],
  ['currency', (r) => r.currency],
  ['channel', (r) => r.channel],
  ['created', (r) => r.created],
  ['modified', (r) => r.modified],
  ['cancelled', (r) => r.cancelled],
];

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** Text pieces for a stream of records: what comes first, each record, and what comes last. */
export interface RecordWriter {
  start: string;
  record(r: ReservationSummary, index: number): string;
  end: string;
}

export function recordWriter(format: ExportFormat): RecordWriter {
  switch (format) {
    case 'csv':
      return {
        start: csvLine(CSV_COLUMNS.map(([header]) => header)),
        record: (r) => csvLine(CSV_COLUMNS.map(([, value]) => value(r))),
        end: '',
      };
    case 'json':
      return { start: '[', record: (r, i) => `${i === 0 ? '\n' : ',\n'}${JSON.stringify(r)}`, end: '\n]\n' };
    case 'ndjson':
      return { start: '', record: (r) => `${JSON.stringify(r)}\n`, end: '' };
  }
}
