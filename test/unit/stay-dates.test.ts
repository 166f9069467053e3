import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.js';
import { AppError } from '../../src/shared/errors.js';
import { stayDatesProblem, stayNights } from '../../src/shared/stay-dates.js';

describe('the stay-dates rule', () => {
  it.each([
    ['2025-07-10', '2025-07-11', 1],
    ['2025-07-10', '2025-07-17', 7],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-12-31', '2026-01-01', 1],
  ])('%s … %s is %i nights', (dateFrom, dateTo, nights) => {
    expect(stayDatesProblem(dateFrom, dateTo)).toBeUndefined();
    expect(stayNights(dateFrom, dateTo)).toBe(nights);
  });

  it.each([
    ['2025-07-10', '2025-07-10'],
    ['2025-07-10', '2025-07-09'],
    ['2026-01-01', '2025-12-31'],
  ])('%s … %s has no night: a 400 naming dateTo', (dateFrom, dateTo) => {
    expect(stayDatesProblem(dateFrom, dateTo, 'reservations[2].dateTo')).toEqual({
      parameter: 'reservations[2].dateTo',
      message: 'must be after dateFrom',
    });
    expect(() => stayNights(dateFrom, dateTo)).toThrow(AppError);
    try {
      stayNights(dateFrom, dateTo);
    } catch (error) {
      expect((error as AppError).options.errors).toEqual([{ parameter: 'dateTo', message: 'must be after dateFrom' }]);
    }
  });

  it('accepts exactly the stays of at least one night, and counts them', () => {
    const day = fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: -40, max: 40 }), (dateFrom, length) => {
        const dateTo = addDays(dateFrom, length);
        if (length >= 1) expect(stayNights(dateFrom, dateTo)).toBe(length);
        else expect(stayDatesProblem(dateFrom, dateTo)).toBeDefined();
      }),
    );
  });
});
