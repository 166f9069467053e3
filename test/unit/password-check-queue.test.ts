import { describe, expect, it } from 'vitest';
import { PasswordCheckQueue } from '../../src/modules/credentials/password-check-queue.js';
import { AppError } from '../../src/shared/errors.js';

/** A task that runs until the test ends it, recording when it started. */
function gate(started: string[], name: string) {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    task: async () => {
      started.push(name);
      await ended;
      return name;
    },
    end,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('PasswordCheckQueue', () => {
  it('runs at most its concurrency at once and hands a freed slot to the next waiter', async () => {
    const queue = new PasswordCheckQueue(2, 10, 10);
    const started: string[] = [];
    const gates = ['a', 'b', 'c'].map((name) => gate(started, name));
    const results = gates.map((g) => queue.run('10.0.0.1', g.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    gates[0]?.end();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[1]?.end();
    gates[2]?.end();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('gives the next slot to an address with no check running, however long the flood ahead of it', async () => {
    const queue = new PasswordCheckQueue(2, 16, 64);
    const started: string[] = [];
    const flood = Array.from({ length: 16 }, (_, i) => gate(started, `flood-${i}`));
    const floodResults = flood.map((g) => queue.run('10.0.0.1', g.task));
    const quiet = gate(started, 'quiet');
    const quietResult = queue.run('10.0.0.2', quiet.task);
    await settle();
    expect(started).toEqual(['flood-0', 'flood-1']);
    flood[0]?.end();
    await settle();
    expect(started).toEqual(['flood-0', 'flood-1', 'quiet']);
    quiet.end();
    expect(await quietResult).toBe('quiet');
    for (const g of flood) g.end();
    await Promise.all(floodResults);
  });

  it('refuses an address past its running and waiting checks with 503 and Retry-After; others still get in', async () => {
    const queue = new PasswordCheckQueue(1, 3, 64);
    const started: string[] = [];
    const gates = Array.from({ length: 3 }, (_, i) => gate(started, `own-${i}`));
    const results = gates.map((g) => queue.run('10.0.0.1', g.task));
    const refused = await refusal(queue.run('10.0.0.1', async () => 'never'));
    expect(refused.code).toBe('service-unavailable');
    expect(Number(refused.options.headers?.['retry-after'])).toBeGreaterThan(0);
    const other = gate(started, 'other');
    const otherResult = queue.run('10.0.0.2', other.task);
    for (const g of gates) g.end();
    other.end();
    await Promise.all([...results, otherResult]);
    expect(started).not.toContain('never');
    // Once its checks are done, the address may ask again.
    expect(await queue.run('10.0.0.1', async () => 'again')).toBe('again');
  });

  it('when full, lets a quiet address take the last place of the longest line, and refuses the longest line itself', async () => {
    const queue = new PasswordCheckQueue(1, 100, 4);
    const started: string[] = [];
    const running = gate(started, 'running');
    const runningResult = queue.run('10.0.0.9', running.task);
    const busy = Array.from({ length: 4 }, (_, i) => gate(started, `busy-${i}`));
    const busyResults = busy.map((g) => queue.run('10.0.0.1', g.task).catch((e: unknown) => e));
    // Full: four waiting. The busy address itself is refused.
    expect((await refusal(queue.run('10.0.0.1', async () => 'more'))).code).toBe('service-unavailable');
    // A quiet address takes the busy line's last place; that request is refused instead.
    const quiet = gate(started, 'quiet');
    const quietResult = queue.run('10.0.0.2', quiet.task);
    expect(await busyResults[3]).toBeInstanceOf(AppError);
    running.end();
    await settle();
    // Addresses take turns: the busy one waited first, then the quiet one, then the busy one again.
    expect(started).toEqual(['running', 'busy-0']);
    busy[0]?.end();
    await settle();
    expect(started).toEqual(['running', 'busy-0', 'quiet']);
    quiet.end();
    for (const g of busy) g.end();
    await Promise.all([runningResult, quietResult, ...busyResults]);
    expect(started).toEqual(['running', 'busy-0', 'quiet', 'busy-1', 'busy-2']);
  });
});
