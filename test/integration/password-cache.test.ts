import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Authenticator } from '../../src/modules/credentials/authenticator.js';
import { parseBasicAuthorization } from '../../src/modules/credentials/presented-credentials.js';
import * as password from '../../src/modules/credentials/password.js';
import { basicFor, CHEAP_PASSWORD_HASHING, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

// Counts scrypt runs (at the service's cost each 128 MiB and a good part of a second of a core) while
// keeping the real verification.
vi.mock('../../src/modules/credentials/password.js', async (importOriginal) => {
  const actual = await importOriginal<typeof password>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const MINUTE = 60_000;

describe('verified Basic passwords', () => {
  const used = useDatabase('sqlite', { data: twoOrganizations });
  let basic: Awaited<ReturnType<typeof basicFor>>;
  let now = Date.parse('2025-06-15T10:00:00Z');
  const clock = () => new Date(now);

  beforeAll(async () => {
    basic = await basicFor(used.db, 'channel-manager', { organizations: [1] });
  });

  const presented = () => ({ scheme: 'basic' as const, basic: parseBasicAuthorization(basic.authorization) });
  const scryptRuns = () => vi.mocked(password.verifyPassword).mock.calls.length;

  it('are checked once while in use, and again after five idle minutes', async () => {
    const authenticator = new Authenticator(used.db.kysely, clock);
    const before = scryptRuns();
    // A client asking every four minutes for twenty minutes: one scrypt run, not one per five minutes.
    for (let minute = 0; minute <= 20; minute += 4) {
      now += 4 * MINUTE;
      expect((await authenticator.authenticate(presented()))?.principal.credentialId).toBe(basic.id);
    }
    expect(scryptRuns() - before).toBe(1);

    now += 5 * MINUTE + 1;
    expect((await authenticator.authenticate(presented()))?.principal.credentialId).toBe(basic.id);
    expect(scryptRuns() - before).toBe(2);
  });

  it('are checked again as soon as the stored hash changes', async () => {
    const authenticator = new Authenticator(used.db.kysely, clock);
    expect(await authenticator.authenticate(presented())).toBeDefined();
    const before = scryptRuns();
    const other = await password.hashPassword('another password entirely', CHEAP_PASSWORD_HASHING);
    await used.db.kysely.updateTable('credentials').set({ password_hash: other }).where('id', '=', basic.id).execute();
    expect(await authenticator.authenticate(presented())).toBeUndefined();
    expect(scryptRuns() - before).toBe(1);
  });
});
