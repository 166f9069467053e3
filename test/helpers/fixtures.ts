import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { emptyDatabase } from './databases.js';
import { rememberSecret } from './secrets.js';
import { type CreateCredentialInput, createCredential } from '../../src/modules/credentials/credentials.service.js';
import type { ScryptParams } from '../../src/modules/credentials/password.js';
import type { ImportDocument } from '../../src/modules/data/import.schemas.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import type { Clock } from '../../src/shared/clock.js';

export const fixedClock =
  (iso = '2025-06-15T10:00:00Z'): Clock =>
  () =>
    new Date(iso);

/**
 * The cost Basic passwords are hashed at in tests about something else than hashing: 1 MiB and about
 * a millisecond a hash instead of the service's 128 MiB and a good part of a second (SCRYPT_PARAMS).
 * The tests of hashing, of timing equality and of the password-check queue use the real one.
 */
export const CHEAP_PASSWORD_HASHING: ScryptParams = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

export async function load(db: Db, document: ImportDocument, clock: Clock = fixedClock()): Promise<void> {
  await importDocument(db, clock, document);
}

let reloads = 0;

/**
 * Empties the database and loads `document`, for a test that starts from it. The app's caches
 * outlive a test and are kept under each organization's change counter, which an emptied database
 * would start again: every reload's organizations count on from a number of their own.
 */
export async function reload(db: Db, document: ImportDocument, clock?: Clock): Promise<void> {
  await emptyDatabase(db);
  await load(db, document, clock);
  await db.kysely
    .updateTable('organizations')
    .set({ version: sql`version + ${++reloads * 100_000}` })
    .execute();
}

export async function apiKeyFor(
  db: Db,
  input: Partial<CreateCredentialInput> & { organizations: number[] },
): Promise<string> {
  const created = await createCredential(db.kysely, fixedClock(), input);
  if (!('apiKey' in created)) throw new Error('expected an API key');
  rememberSecret(created.apiKey);
  return created.apiKey;
}

export async function basicFor(
  db: Db,
  username: string,
  input: Partial<CreateCredentialInput> & { organizations: number[] },
  passwordHashing: ScryptParams = CHEAP_PASSWORD_HASHING,
): Promise<{ authorization: string; id: number; password: string }> {
  const created = await createCredential(
    db.kysely,
    fixedClock(),
    { ...input, basicUsername: username },
    passwordHashing,
  );
  if (!('password' in created)) throw new Error('expected a Basic credential');
  rememberSecret(created.password, basicHeader(username, created.password));
  return {
    id: created.id,
    password: created.password,
    authorization: basicHeader(username, created.password),
  };
}

export function basicHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Two organizations in different zones with a few accommodations each. */
export const twoOrganizations: ImportDocument = {
  organizations: [
    {
      id: 1,
      name: 'Park',
      timezone: 'Europe/Amsterdam',
      created: '2025-01-01T00:00:00Z',
      modified: '2025-01-01T00:00:00Z',
    },
    {
      id: 2,
      name: 'Hotel',
      timezone: 'America/New_York',
      created: '2025-01-01T00:00:00Z',
      modified: '2025-01-01T00:00:00Z',
    },
    { id: 3, name: 'Agency', timezone: 'UTC' },
  ],
  accommodations: [
    {
      id: 12,
      organization: 1,
      title: 'Chalet 12',
      type: 'chalet',
      maxPersons: 6,
      bedrooms: 3,
      created: '2025-01-01T00:00:00Z',
      modified: '2025-03-01T12:00:00Z',
    },
    {
      id: 10,
      organization: 1,
      title: 'Chalet 10',
      type: 'chalet',
      maxPersons: 4,
      bedrooms: 2,
      created: '2025-01-01T00:00:00Z',
      modified: '2025-02-28T22:59:59Z',
    },
    {
      id: 11,
      organization: 1,
      title: 'Pitch 11',
      type: 'pitch',
      maxPersons: 6,
      bedrooms: null,
      active: false,
      created: '2025-01-01T00:00:00Z',
      modified: '2025-03-05T08:00:00Z',
    },
    {
      id: 20,
      organization: 2,
      title: 'Room 20',
      type: 'room',
      maxPersons: 2,
      created: '2025-01-01T00:00:00Z',
      modified: '2025-01-01T00:00:00Z',
    },
  ],
};
