import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../src/shared/versioned-cache.js';

describe('VersionedCache', () => {
  it('answers only for the change counter the total was counted under', () => {
    const cache = new VersionedCache<number>();
    cache.set('q', 7, 1150);
    expect(cache.get('q', 7)).toBe(1150);
    expect(cache.get('q', 8)).toBeUndefined();
    expect(cache.get('other', 7)).toBeUndefined();
    cache.set('q', 8, 1151);
    expect(cache.get('q', 7)).toBeUndefined();
    expect(cache.get('q', 8)).toBe(1151);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new VersionedCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    cache.set('c', 1, 3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe(2);
    expect(cache.get('c', 1)).toBe(3);
  });

  it('keeps the total weight at or below maxWeight, dropping the oldest, and never keeps an oversized value', () => {
    const cache = new VersionedCache<string>({ maxEntries: 100, maxWeight: 10, weigh: (s) => s.length });
    cache.set('a', 1, 'xxxx');
    cache.set('b', 1, 'yyyy');
    expect(cache.weight).toBe(8);
    cache.set('c', 1, 'zzzz');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe('yyyy');
    expect(cache.get('c', 1)).toBe('zzzz');
    expect(cache.weight).toBe(8);
    cache.set('b', 2, 'y');
    expect(cache.weight).toBe(5);
    cache.set('huge', 1, 'h'.repeat(11));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.weight).toBe(5);
  });

  it('loads a missing or outdated value once and keeps it under its version', async () => {
    const cache = new VersionedCache<number>();
    let loads = 0;
    const load = async () => ++loads * 10;
    expect(await cache.getOrLoad('q', 1, load)).toBe(10);
    expect(await cache.getOrLoad('q', 1, load)).toBe(10);
    expect(await cache.getOrLoad('q', 2, load)).toBe(20);
    expect(loads).toBe(2);
  });
});
