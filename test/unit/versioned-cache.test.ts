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

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new VersionedCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    cache.set('c', 1, 3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe(2);
    expect(cache.get('c', 1)).toBe(3);
  });

  it('keeps the total weight at or below maxWeight, dropping the least recently used, and never keeps an oversized value', () => {
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

  it('keeps a recently read entry that first-in-first-out would have dropped', () => {
    const cache = new VersionedCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 1, 3);
    expect(cache.get('a', 1)).toBe(1);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
  });

  it('drops the least recently used by weight too, and a rewritten entry counts as used', () => {
    const cache = new VersionedCache<string>({ maxEntries: 100, maxWeight: 10, weigh: (s) => s.length });
    cache.set('a', 1, 'xxxx');
    cache.set('b', 1, 'yyyy');
    cache.set('a', 2, 'xxx');
    expect(cache.weight).toBe(7);
    cache.set('c', 1, 'zzzzz');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 2)).toBe('xxx');
    expect(cache.get('c', 1)).toBe('zzzzz');
    expect(cache.weight).toBe(8);
  });

  it('does not count a read under another version as a use', () => {
    const cache = new VersionedCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    expect(cache.get('a', 2)).toBeUndefined();
    cache.set('c', 1, 3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe(2);
  });

  it('drops what a key held when its new value is too heavy to keep', () => {
    const cache = new VersionedCache<string>({ maxEntries: 100, maxWeight: 10, weigh: (s) => s.length });
    cache.set('a', 1, 'xxxx');
    cache.set('a', 2, 'x'.repeat(11));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.weight).toBe(0);
  });

  it('weighs nothing without weigh, has no weight bound without maxWeight, and counts an empty value as 1', () => {
    const unweighed = new VersionedCache<string>({ maxEntries: 3, maxWeight: 1 });
    for (const key of ['a', 'b', 'c']) unweighed.set(key, 1, 'long value');
    expect(unweighed.weight).toBe(0);
    expect(unweighed.get('a', 1)).toBe('long value');

    const unbounded = new VersionedCache<string>({ maxEntries: 3, weigh: (s) => s.length });
    unbounded.set('a', 1, 'x'.repeat(1000));
    unbounded.set('b', 1, '');
    expect(unbounded.weight).toBe(1001);
    expect(unbounded.get('b', 1)).toBe('');
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
