import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, recordWriter } from '../../src/cli/export/formats.js';
import {
  CURRENT_MAX_PERIOD,
  ORIGINAL_MAX_PERIOD,
  type Period,
  splitPeriod,
} from '../../src/cli/export/period-chunks.js';
import { periodTooLong } from '../../src/modules/reservations/period.js';
import { addDays, daysBetween } from '../../src/shared/dates.js';

const daysIn = (p: Period) => daysBetween(p.dateFrom, p.dateTo) + 1;

/** The pure rules of `booking export summaries`: period chunks and CSV fields. */

const day = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2010-01-01', n));
const period = fc
  .tuple(day, fc.integer({ min: 0, max: 365 * 6 }))
  .map(([dateFrom, length]) => ({ dateFrom, dateTo: addDays(dateFrom, length) }));

describe('splitPeriod', () => {
  it.each([
    // A year is dateFrom … dateFrom + 1 year, both inclusive (SPEC §4.2).
    [
      { dateFrom: '2025-01-01', dateTo: '2026-12-31' },
      CURRENT_MAX_PERIOD,
      [
        { dateFrom: '2025-01-01', dateTo: '2026-01-01' },
        { dateFrom: '2026-01-02', dateTo: '2026-12-31' },
      ],
    ],
    [
      { dateFrom: '2024-02-29', dateTo: '2025-03-01' },
      CURRENT_MAX_PERIOD,
      [
        { dateFrom: '2024-02-29', dateTo: '2025-02-28' },
        { dateFrom: '2025-03-01', dateTo: '2025-03-01' },
      ],
    ],
    [
      { dateFrom: '2025-05-05', dateTo: '2025-05-05' },
      CURRENT_MAX_PERIOD,
      [{ dateFrom: '2025-05-05', dateTo: '2025-05-05' }],
    ],
    [
      { dateFrom: '2025-01-01', dateTo: '2025-03-01' },
      ORIGINAL_MAX_PERIOD,
      [
        { dateFrom: '2025-01-01', dateTo: '2025-01-31' },
        { dateFrom: '2025-02-01', dateTo: '2025-03-01' },
      ],
    ],
  ])('%o under %o', (whole, max, expected) => {
    expect(splitPeriod(whole, max)).toEqual(expected);
  });

  it('covers the period day by day, with no day twice, in chunks the server accepts', () => {
    fc.assert(
      fc.property(period, fc.constantFrom(CURRENT_MAX_PERIOD, ORIGINAL_MAX_PERIOD), (whole, max) => {
        const chunks = splitPeriod(whole, max);
        expect(chunks[0]?.dateFrom).toBe(whole.dateFrom);
        expect(chunks.at(-1)?.dateTo).toBe(whole.dateTo);
        chunks.forEach((chunk, i) => {
          expect(chunk.dateFrom <= chunk.dateTo).toBe(true);
          // The service's own rule says yes to every chunk.
          expect(periodTooLong(chunk.dateFrom, chunk.dateTo, max)).toBeUndefined();
          const next = chunks[i + 1];
          if (next) {
            expect(next.dateFrom).toBe(addDays(chunk.dateTo, 1));
            // As long as allowed: one more day would be refused.
            expect(periodTooLong(chunk.dateFrom, addDays(chunk.dateTo, 1), max)).toBeDefined();
          }
        });
        expect(chunks.reduce((sum, c) => sum + daysIn(c), 0)).toBe(daysIn(whole));
      }),
    );
  });
});

describe('CSV (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['Jansen, Piet', '"Jansen, Piet"'],
    ['Anna "Annie"', '"Anna ""Annie"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['', ''],
    [null, ''],
    [412, '412'],
    ['Zoë 大阪', 'Zoë 大阪'],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes a header row, then one CRLF-ended line per record', () => {
    const writer = recordWriter('csv');
    expect(writer.start).toBe(`${CSV_COLUMNS.map(([name]) => name).join(',')}\r\n`);
    expect(writer.end).toBe('');
  });

  it('quotes exactly the fields that need it, and unquoting gives the value back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const field = csvField(text);
        const needsQuotes = /[",\r\n]/.test(text);
        expect(field.startsWith('"')).toBe(needsQuotes);
        const unquoted = needsQuotes ? field.slice(1, -1).replace(/""/g, '"') : field;
        expect(unquoted).toBe(text);
      }),
    );
  });
});
