import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API keys: `bk_` + 30 random base62 characters (≈178 bits) + a 6-character base62 CRC32 of those
 * 30 characters. The checksum lets the service refuse a mistyped key without a database query and
 * lets secret scanners recognise a leaked one (SPEC §5).
 */
export const API_KEY_PREFIX = 'bk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const API_KEY_PATTERN = /^bk_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;
/** How much of a key is kept in clear, to recognise it in `credentials list`. */
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

/** Uniform base62 text: bytes ≥ 248 are dropped so `byte % 62` has no bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function base62Checksum(text: string): string {
  let value = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateApiKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${API_KEY_PREFIX}${random}${base62Checksum(random)}`;
}

/** Format and checksum only: true does not mean the key exists. */
export function isWellFormedApiKey(key: string): boolean {
  const match = API_KEY_PATTERN.exec(key);
  return match !== null && base62Checksum(match[1] as string) === match[2];
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, VISIBLE_PREFIX_LENGTH);
}

/** What `hashApiKey` and `visiblePrefix` store, as `booking import` accepts them from a dump. */
export const KEY_HASH_PATTERN = /^[0-9a-f]{64}$/;
export const KEY_PREFIX_PATTERN = /^bk_[0-9A-Za-z]{6}$/;

export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
