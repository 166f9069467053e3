import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  base62Checksum,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  visiblePrefix,
} from '../../src/modules/credentials/api-key.js';

describe('API keys', () => {
  it('look like bk_ + 30 random base62 + 6 base62 checksum characters', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^bk_[0-9A-Za-z]{36}$/);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(base62Checksum(key.slice(3, 33))).toBe(key.slice(33));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('are unique', () => {
    const keys = new Set(Array.from({ length: 2000 }, generateApiKey));
    expect(keys.size).toBe(2000);
  });

  it('use every base62 character (no biased or missing symbols)', () => {
    const seen = new Set(Array.from({ length: 500 }, () => generateApiKey().slice(3, 33)).join(''));
    expect(seen.size).toBe(62);
  });

  it('refuse any single changed character in the random part or checksum', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: API_KEY_LENGTH - 1 }),
        fc.integer({ min: 1, max: 61 }),
        (position, shift) => {
          const key = generateApiKey();
          const replaced = alphabet[(alphabet.indexOf(key[position] as string) + shift) % 62] as string;
          const typo = key.slice(0, position) + replaced + key.slice(position + 1);
          return !isWellFormedApiKey(typo);
        },
      ),
    );
  });

  it.each([
    ['', false],
    ['bk_', false],
    ['xx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA000000', false],
    ['bk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAA-000000', false],
    [`bk_${'A'.repeat(30)}${base62Checksum('A'.repeat(30))}`, true],
    [`bk_${'A'.repeat(30)}${base62Checksum('A'.repeat(30))}x`, false],
  ])('judges %j well-formed: %s', (key, expected) => {
    expect(isWellFormedApiKey(key)).toBe(expected);
  });

  it('are stored as SHA-256 and recognised by a short prefix', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(3));
    expect(visiblePrefix(key)).toBe(key.slice(0, 9));
  });
});
