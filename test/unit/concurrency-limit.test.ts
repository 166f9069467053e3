import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from '../../src/shared/concurrency-limit.js';

describe('ConcurrencyLimit', () => {
  it('never runs more than max tasks at once, runs every task, and returns each its own result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }),
        async (max, delays) => {
          const limit = new ConcurrencyLimit(max);
          let running = 0;
          let peak = 0;
          const results = await Promise.all(
            delays.map((delay, i) =>
              limit
                .run(async () => {
                  running += 1;
                  peak = Math.max(peak, running);
                  await new Promise((resolve) => setTimeout(resolve, delay));
                  running -= 1;
                  if (i % 7 === 3) throw new Error(`task ${i}`);
                  return i;
                })
                .catch((error: Error) => error.message),
            ),
          );
          expect(peak).toBeLessThanOrEqual(max);
          expect(results).toEqual(delays.map((_, i) => (i % 7 === 3 ? `task ${i}` : i)));
        },
      ),
      { numRuns: 50 },
    );
  });
});
