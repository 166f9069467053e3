import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGINAL_RULES, rulesInForce } from '../../src/modules/reservations/behaviour-rules.js';
import { addYears } from '../../src/shared/dates.js';
import { periodTooLong } from '../../src/modules/reservations/period.js';
import { interpretSummaryQuery } from '../../src/modules/reservations/summaries.service.js';
import { AppError } from '../../src/shared/errors.js';
import { addDays, daysBetween } from '../../src/shared/dates.js';

const NEW_RULES = rulesInForce('2025-04-17');

describe('rules in force on a date', () => {
  it.each([
    ['2020-01-01', ORIGINAL_RULES],
    ['2025-04-16', ORIGINAL_RULES],
    ['2025-04-17', { paginateByDefault: true, maxPeriod: { kind: 'years', years: 1 } }],
    ['2026-11-21', { paginateByDefault: true, maxPeriod: { kind: 'years', years: 1 } }],
  ])('%s', (date, expected) => {
    expect(rulesInForce(date)).toEqual(expected);
  });

  it('takes the latest change effective on or before the date', () => {
    const changes = [
      {
        effective: '2025-01-01',
        announcement: 'a',
        rules: { paginateByDefault: true, maxPeriod: { kind: 'days', days: 7 } },
      },
      {
        effective: '2025-06-01',
        announcement: 'b',
        rules: { paginateByDefault: false, maxPeriod: { kind: 'days', days: 9 } },
      },
    ] as const;
    expect(rulesInForce('2024-12-31', changes)).toBe(ORIGINAL_RULES);
    expect(rulesInForce('2025-05-31', changes)).toBe(changes[0].rules);
    expect(rulesInForce('2025-06-01', changes)).toBe(changes[1].rules);
  });
});

describe('period length', () => {
  const oneYear = { kind: 'years', years: 1 } as const;
  const days31 = { kind: 'days', days: 31 } as const;

  it.each([
    ['2025-04-01', '2026-04-01', oneYear, true],
    ['2025-04-01', '2026-04-02', oneYear, false],
    ['2024-02-29', '2025-02-28', oneYear, true],
    ['2024-02-29', '2025-03-01', oneYear, false],
    ['2025-07-01', '2025-07-31', days31, true],
    ['2025-07-01', '2025-08-01', days31, false],
    ['2025-02-01', '2025-03-03', days31, true],
    ['2025-07-01', '2025-07-01', days31, true],
  ])('%s … %s under %o allowed: %s', (from, to, rule, allowed) => {
    expect(periodTooLong(from, to, rule) === undefined).toBe(allowed);
  });

  it('one year is between 365 and 366 days, and the same day of the month', () => {
    const date = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, (from) => {
        const limit = addYears(from, 1);
        expect([365, 366]).toContain(daysBetween(from, limit));
        expect(periodTooLong(from, limit, oneYear)).toBeUndefined();
        expect(periodTooLong(from, addDays(limit, 1), oneYear)).toBeDefined();
      }),
    );
  });
});

describe('interpreting a summaries query', () => {
  const base = { dateFrom: '2025-07-01', dateTo: '2025-07-31' };

  it.each([
    [NEW_RULES, {}, { limit: 100, offset: 0 }],
    [NEW_RULES, { limit: 10 }, { limit: 10, offset: 0 }],
    [NEW_RULES, { offset: 200 }, { limit: 100, offset: 200 }],
    [ORIGINAL_RULES, {}, undefined],
    [ORIGINAL_RULES, { limit: 100, offset: 0 }, { limit: 100, offset: 0 }],
    [ORIGINAL_RULES, { offset: 5 }, { limit: 100, offset: 5 }],
    [ORIGINAL_RULES, { limit: 7 }, { limit: 7, offset: 0 }],
  ])('pagination under %o with %o is %o', (rules, page, expected) => {
    expect(interpretSummaryQuery({ ...base, ...page }, rules).page).toEqual(expected);
  });

  it('defaults referenceDate to date-from and splits status', () => {
    expect(interpretSummaryQuery({ ...base, status: 'confirmed,option,confirmed' }, NEW_RULES)).toMatchObject({
      referenceDate: 'date-from',
      statuses: ['confirmed', 'option'],
    });
  });

  it.each([
    [{ dateFrom: '2025-07-02', dateTo: '2025-07-01' }, NEW_RULES],
    [{ dateFrom: '2025-04-01', dateTo: '2026-04-02' }, NEW_RULES],
    [{ dateFrom: '2025-07-01', dateTo: '2025-08-01' }, ORIGINAL_RULES],
  ])('refuses %o, naming dateTo', (period, rules) => {
    let error: unknown;
    try {
      interpretSummaryQuery(period, rules);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).options.errors).toEqual([{ parameter: 'dateTo', message: expect.any(String) }]);
  });
});
