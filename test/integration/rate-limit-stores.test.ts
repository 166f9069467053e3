import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, type RateLimitStore, RedisStore } from '../../src/http/rate-limit/stores.js';
import { describeRequiring, redisAt } from '../helpers/requirements.js';

/**
 * The Redis on the machine (CI has it too): the shared store is tested for real. Without one, CI
 * fails and elsewhere the Redis half is skipped, saying so (test/helpers/requirements.ts).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = await redisAt(REDIS_URL);

interface Subject {
  store: RateLimitStore;
  /** Lets `key`'s window of `seconds` run out. */
  elapse(key: string, seconds: number): Promise<void>;
}

function memorySubject(): Subject {
  let now = 1_000_000;
  return { store: new MemoryStore(() => now), elapse: async (_key, seconds) => void (now += seconds * 1000) };
}

function redisSubject(): Subject {
  const store = new RedisStore(REDIS_URL, `booking-test:${randomUUID()}:`);
  return {
    store,
    // Real time passing is what is under test here: Redis expires the window's key by itself. Looked
    // at until it has, so the test waits the window's length and no margin beyond it.
    elapse: async (key, seconds) => {
      await expect
        .poll(async () => (await store.peek(key)).count, { timeout: seconds * 1000 + 5_000, interval: 25 })
        .toBe(0);
    },
  };
}

/** The contract both stores keep. */
const storeContract = (make: () => Subject) => () => {
  const subjects: Subject[] = [];
  const subject = () => {
    const s = make();
    subjects.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of subjects) await s.store.close();
  });

  it('counts hits per key within a window and says when the window ends', async () => {
    const { store } = subject();
    expect(await store.peek('a')).toEqual({ count: 0, resetSeconds: 0 });
    expect(await store.hit('a', 60)).toEqual({ count: 1, resetSeconds: 60 });
    const second = await store.hit('a', 60);
    expect(second.count).toBe(2);
    expect(second.resetSeconds).toBeGreaterThanOrEqual(59);
    expect(second.resetSeconds).toBeLessThanOrEqual(60);
    expect((await store.hit('b', 60)).count).toBe(1);
    expect((await store.peek('a')).count).toBe(2);
    expect((await store.peek('a')).count).toBe(2);
  });

  it('starts a new window once the old one has ended', async () => {
    const { store, elapse } = subject();
    await store.hit('k', 1);
    await store.hit('k', 1);
    await elapse('k', 1);
    expect((await store.peek('k')).count).toBe(0);
    expect(await store.hit('k', 1)).toEqual({ count: 1, resetSeconds: 1 });
  });

  it('counts every one of many concurrent hits exactly once', async () => {
    const { store } = subject();
    const counts = await Promise.all(Array.from({ length: 100 }, () => store.hit('burst', 60)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
};

describe('memory rate-limit store', storeContract(memorySubject));
describeRequiring([redis], 'Redis rate-limit store', storeContract(redisSubject));
