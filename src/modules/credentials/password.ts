import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N (CPU and memory, a power of 2), r (block size), p (parallelism). */
export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Basic-auth passwords are stored as `scrypt$N$r$p$salt$hash` (base64). The parameters travel with
 * each hash, so raising them later leaves existing hashes verifiable. These are the service's: the
 * cost is a parameter only so that tests about something else than hashing can make cheap hashes.
 */
export const SCRYPT_PARAMS: ScryptParams = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function deriveKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that for N = 2^17.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, params);
  return formatHash(params, salt, key);
}

function formatHash({ N, r, p }: ScryptParams, salt: Buffer, key: Buffer): string {
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** What `hashPassword` stores, as `booking import` accepts it from a dump. */
export const PASSWORD_HASH_PATTERN = /^scrypt\$\d{1,10}\$\d{1,5}\$\d{1,5}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/;

export function parsePasswordHash(stored: string) {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) throw new Error('Unrecognised password hash');
  return {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const { salt, key, ...params } = parsePasswordHash(stored);
  const candidate = await deriveKey(password, salt, params);
  return candidate.length === key.length && timingSafeEqual(candidate, key);
}

/**
 * A well-formed hash of no password anyone knows, at the cost new passwords are hashed at. Checking
 * an unknown username against it costs the same scrypt run as a wrong password, so response time
 * does not reveal which usernames exist.
 */
export function decoyPasswordHash(params: ScryptParams = SCRYPT_PARAMS): string {
  return formatHash(params, Buffer.alloc(SALT_LENGTH), Buffer.alloc(KEY_LENGTH));
}

export const DECOY_PASSWORD_HASH = decoyPasswordHash();
