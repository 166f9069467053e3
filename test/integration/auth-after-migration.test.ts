import { beforeAll, describe, expect, it } from 'vitest';
import { preparedReadsOf } from '../../src/db/prepared-reads.js';
import { Authenticator } from '../../src/modules/credentials/authenticator.js';
import { presentedCredentials } from '../../src/modules/credentials/presented-credentials.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, fixedClock, twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

// A server keeps running while `booking migrate` adds a column to the credentials table (an
// upgrade): the keys and passwords it has already checked, on statements it prepared before the
// migration, must still be accepted after it.
describe.each(DIALECTS)('credentials checked across a migration that adds a column, on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });
  let apiKey: string;
  let basic: Awaited<ReturnType<typeof basicFor>>;

  beforeAll(async () => {
    apiKey = await apiKeyFor(used.db, { organizations: [1] });
    basic = await basicFor(used.db, 'upgrade-window', { organizations: [1] });
  });

  /** Several lookups at once, so that more than one pooled connection prepares the statements. */
  const authenticateMany = (authenticator: Authenticator) =>
    Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        authenticator.authenticate(
          i % 2 === 0 ? presentedCredentials(apiKey, undefined) : presentedCredentials(undefined, basic.authorization),
        ),
      ),
    );

  it('still accepts an API key and a Basic password', async () => {
    const authenticator = new Authenticator(used.db.kysely, fixedClock());
    // Twice: concurrent first checks of a password share one lookup; the second round reads a
    // verified password's credential with its organization's state, as every key's is.
    await authenticateMany(authenticator);
    const before = await authenticateMany(authenticator);
    expect(before.every((authentication) => authentication !== undefined)).toBe(true);

    // The lookup reads the state of the request's organization in the same statement.
    await used.db.kysely.schema.alterTable('credentials').addColumn('note', 'text').execute();
    await used.db.kysely.schema.alterTable('organizations').addColumn('note', 'text').execute();

    const after = await authenticateMany(authenticator);
    expect(after.map((authentication) => authentication?.principal.organizations)).toEqual(Array(6).fill([1]));
    expect(after[1]?.principal.credentialId).toBe(basic.id);
    expect(after.map((authentication) => authentication?.organization?.id)).toEqual(Array(6).fill(1));
  });

  it('refuses to prepare a read of every column by *, which such a migration would break', async () => {
    const reads = preparedReadsOf(used.db.kysely);
    if (!reads) throw new Error('no prepared reads');
    const { kysely } = used.db;
    for (const build of [
      () => kysely.selectFrom('credentials').selectAll(),
      () => kysely.selectFrom('credentials as c').selectAll('c'),
    ]) {
      await expect(reads.first('every-column', build, {})).rejects.toThrow(/name its columns instead of \*/);
    }
  });
});
