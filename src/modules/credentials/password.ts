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

/** Memory (128·N·r bytes) and CPU (∝ N·r·p) of the service's own hashes: `SCRYPT_PARAMS`. */
const OWN_MEMORY = SCRYPT_PARAMS.N * SCRYPT_PARAMS.r;
const OWN_WORK = OWN_MEMORY * SCRYPT_PARAMS.p;

/**
 * Why a stored hash from outside (`booking import`) may not be kept, or undefined. Every sign-in
 * with it runs its scrypt, so its parameters must be ones this service would run (issue 41: N=3 made
 * a guess a 500, p=40 cost 17–40 s of CPU, N=2^20 1.16 GB): N a power of two, and at least the
 * service's own cost (SPEC §5: "N=2^17, r=8, p=1 or stronger") but at most twice its memory and
 * twice its work. The key is the 32 bytes `hashPassword` derives, from a salt of at least 16.
 */
export function passwordHashProblem(stored: string): string | undefined {
  const { N, r, p, salt, key } = parsePasswordHash(stored);
  if (!Number.isSafeInteger(N) || N < 2 || (N & (N - 1)) !== 0) return 'has an scrypt N that is not a power of two';
  if (r < 1 || p < 1) return 'has an scrypt r or p below 1';
  if (N * r < OWN_MEMORY || N * r * p < OWN_WORK) {
    return `is weaker than scrypt N=${SCRYPT_PARAMS.N}, r=${SCRYPT_PARAMS.r}, p=${SCRYPT_PARAMS.p} (SPEC §5)`;
  }
  if (N * r > 2 * OWN_MEMORY || N * r * p > 2 * OWN_WORK) {
    return 'asks for more than twice the memory or work of scrypt N=2^17, r=8, p=1 at every sign-in';
  }
  if (salt.length < SALT_LENGTH || key.length !== KEY_LENGTH) return 'has a salt under 16 bytes or a key other than 32';
  return undefined;
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
