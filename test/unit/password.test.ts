import { describe, expect, it } from 'vitest';
import {
  decoyPasswordHash,
  hashPassword,
  parsePasswordHash,
  SCRYPT_PARAMS,
  verifyPassword,
} from '../../src/modules/credentials/password.js';

describe('password hashing', () => {
  it('uses scrypt with N = 2^17, r = 8, p = 1 and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    const parsed = parsePasswordHash(a);
    expect(parsed).toMatchObject({ N: 131072, r: 8, p: 1 });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.key).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('s3cret-Ünïcode');
    expect(await verifyPassword('s3cret-Ünïcode', stored)).toBe(true);
    expect(await verifyPassword('s3cret-unicode', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('has a decoy hash with the same cost that matches nothing', async () => {
    const decoy = decoyPasswordHash();
    expect(parsePasswordHash(decoy)).toMatchObject(SCRYPT_PARAMS);
    expect(await verifyPassword('', decoy)).toBe(false);
  });
});
