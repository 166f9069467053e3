import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PasswordCheckQueue } from '../../src/modules/credentials/password-check-queue.js';

/**
 * The bound on concurrent password checks (scrypt, 128 MiB each) as a plain limiter: one address,
 * and per-address and waiting bounds too high to matter, so it must behave like a FIFO limit.
 * (Its fairness between addresses and its refusals are in password-check-queue.test.ts.)
 */
class ConcurrencyLimit {
  readonly #queue: PasswordCheckQueue;
  constructor(max: number) {
    this.#queue = new PasswordCheckQueue(max, 10_000, 10_000);
  }
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.#queue.run('192.0.2.1', task);
  }
}

/** Runs `then` after `hops` turns of the microtask queue. */
function afterMicrotasks(hops: number, then: () => void): void {
  if (hops === 0) then();
  else queueMicrotask(() => afterMicrotasks(hops - 1, then));
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Counts the tasks running through a limit and the order they start in. */
function probe() {
  const state = { running: 0, peak: 0, started: [] as number[] };
  const track = async <T>(id: number, body: () => Promise<T>): Promise<T> => {
    state.started.push(id);
    state.running += 1;
    state.peak = Math.max(state.peak, state.running);
    try {
      return await body();
    } finally {
      state.running -= 1;
    }
  };
  return { state, track };
}

describe('the password-check limit', () => {
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

  // A slot freed by a finishing task belongs to the first waiter: a task that arrives while the
  // waiter is being woken (a few microtasks later) must queue behind it, not take the slot too.
  it.each([0, 1, 2, 3, 4, 5, 6])(
    'gives a freed slot to the waiting task, not to one submitted %i microtasks after the release',
    async (hops) => {
      const limit = new ConcurrencyLimit(1);
      const { state, track } = probe();
      const first = deferred();
      const finished = [
        limit.run(() => track(1, () => first.promise)),
        limit.run(() => track(2, async () => 'waiter')),
      ];
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(state.started).toEqual([1]);

      first.resolve();
      const late = new Promise<string>((resolve, reject) =>
        afterMicrotasks(hops, () => limit.run(() => track(3, async () => 'late')).then(resolve, reject)),
      );

      expect(await Promise.all([...finished, late])).toEqual([undefined, 'waiter', 'late']);
      expect(state.peak).toBe(1);
      expect(state.started).toEqual([1, 2, 3]);
    },
  );

  it('keeps to the limit and to arrival order when tasks arrive over time, also right as others finish', async () => {
    const task = fc.record({
      arrival: fc.integer({ min: 0, max: 8 }), // timer tick it is submitted on
      hops: fc.integer({ min: 0, max: 5 }), // microtasks after that tick's releases
      duration: fc.integer({ min: 0, max: 3 }), // ticks it runs for; 0: done within the tick
      fails: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(task, { minLength: 1, maxLength: 25 }),
        async (max, tasks) => {
          const limit = new ConcurrencyLimit(max);
          const { state, track } = probe();
          // One timer per tick: it first ends the tasks due on that tick, then submits that tick's
          // arrivals, each some microtasks later, so arrivals land right inside slot hand-overs.
          const ends = new Map<number, (() => void)[]>();
          let tick = 0;
          const arrived: number[] = [];
          const outcomes: Promise<string>[] = [];
          const submit = (i: number) => {
            const { duration, fails } = tasks[i]!;
            arrived.push(i);
            const body = async () => {
              if (duration > 0) {
                const end = deferred();
                const due = tick + duration;
                ends.set(due, [...(ends.get(due) ?? []), end.resolve]);
                await end.promise;
              }
              if (fails) throw new Error(`failed ${i}`);
              return `done ${i}`;
            };
            outcomes[i] = limit.run(() => track(i, body)).catch((error: Error) => error.message);
          };

          for (;;) {
            await new Promise((resolve) => setTimeout(resolve, 0));
            // Microtasks have run: every started task that has yet to end is in `ends`.
            if (arrived.length === tasks.length && ends.size === 0) break;
            tick += 1;
            for (const end of ends.get(tick) ?? []) end();
            ends.delete(tick);
            tasks.forEach(({ arrival, hops }, i) => {
              if (arrival === tick - 1) afterMicrotasks(hops, () => submit(i));
            });
          }

          const results = await Promise.all(outcomes);
          expect(state.peak).toBeLessThanOrEqual(max);
          expect(results).toEqual(tasks.map(({ fails }, i) => (fails ? `failed ${i}` : `done ${i}`)));
          expect(state.started).toEqual(arrived);
        },
      ),
      { numRuns: 100 },
    );
  });
});
