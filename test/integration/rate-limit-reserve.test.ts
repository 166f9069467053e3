import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, type RateLimitStore, RedisStore } from '../../src/http/rate-limit/stores.js';
import { describeRequiring, redisAt } from '../helpers/requirements.js';

/**
 * `reserve` and `release`, the atomic step the failed-authentication limits take before any
 * password is hashed (issue item 1), on both stores. The Redis one against the machine's Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = await redisAt(REDIS_URL);

const reserveContract = (make: () => RateLimitStore) => () => {
  const stores: RateLimitStore[] = [];
  const store = () => {
    const made = make();
    stores.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of stores) await made.close();
  });

  it('takes one of each key while all are below their limits, and refuses without counting anything at a limit', async () => {
    const s = store();
    const limits = [
      { key: 'address', max: 5 },
      { key: 'username', max: 2 },
    ];
    expect(await s.reserve(limits, 60)).toEqual({ acquired: true });
    expect(await s.reserve(limits, 60)).toEqual({ acquired: true });
    const refused = await s.reserve(limits, 60);
    expect(refused).toMatchObject({ acquired: false, key: 'username' });
    expect(refused.acquired || refused.resetSeconds).toBeGreaterThan(0);
    expect((await s.peek('address')).count).toBe(2);
    expect((await s.peek('username')).count).toBe(2);
    // Another username from the same address still has room, until the address is full.
    for (let i = 0; i < 3; i++) expect(await s.reserve([{ key: 'address', max: 5 }], 60)).toEqual({ acquired: true });
    expect(await s.reserve([{ key: 'address', max: 5 }], 60)).toMatchObject({ acquired: false, key: 'address' });
  });

  it('never lets concurrent reservations together pass a limit', async () => {
    const s = store();
    const results = await Promise.all(Array.from({ length: 100 }, () => s.reserve([{ key: 'burst', max: 10 }], 60)));
    expect(results.filter((r) => r.acquired)).toHaveLength(10);
    expect((await s.peek('burst')).count).toBe(10);
  });

  it('gives a reservation back, never below zero, and counts hits and reservations together', async () => {
    const s = store();
    await s.hit('k', 60);
    expect(await s.reserve([{ key: 'k', max: 2 }], 60)).toEqual({ acquired: true });
    expect(await s.reserve([{ key: 'k', max: 2 }], 60)).toMatchObject({ acquired: false });
    await s.release(['k']);
    expect((await s.peek('k')).count).toBe(1);
    expect(await s.reserve([{ key: 'k', max: 2 }], 60)).toEqual({ acquired: true });
    await s.release(['k', 'never-seen']);
    await s.release(['k']);
    await s.release(['k']);
    expect((await s.peek('k')).count).toBe(0);
    expect((await s.peek('never-seen')).count).toBe(0);
  });
};

describe(
  'memory store reservations',
  reserveContract(() => new MemoryStore()),
);
describeRequiring(
  [redis],
  'Redis store reservations',
  reserveContract(() => new RedisStore(REDIS_URL, `booking-test:${randomUUID()}:`)),
);
