import { afterEach, describe, expect, it } from 'vitest';
import { type CommittedOrganizations, onEventsCommitted } from '../../src/db/commit-signal.js';
import { unchanged, withWriteTransaction } from '../../src/db/write-transaction.js';
import { insertEvent } from '../../src/modules/events/events.repository.js';
import { lockOrganization } from '../../src/modules/organizations/organizations.service.js';
import { DIALECTS } from '../helpers/databases.js';
import { twoOrganizations } from '../helpers/fixtures.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * What a write transaction leads to once it ends is its own result (db/write-transaction.ts): a
 * commit announces the organizations whose events it recorded, and a work that answers
 * `unchanged` is rolled back, announcing nothing.
 */
describe.each(DIALECTS)('withWriteTransaction on %s', (dialect) => {
  const used = useDatabase(dialect, { data: twoOrganizations });
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  const announced = () => {
    const seen: CommittedOrganizations[] = [];
    stop = onEventsCommitted(used.db, (organizations) => seen.push(organizations));
    return seen;
  };
  const counter = async (id: number) =>
    Number(
      (
        await used.db.kysely
          .selectFrom('organizations')
          .select('version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).version,
    );
  let next = 0;
  const event = (organization: number) => ({
    id: `evt_test${String(++next).padStart(22, '0')}`,
    organization_id: organization,
    type: 'block.created',
    resource_type: 'block' as const,
    resource_id: next,
    resource_version: 1,
    occurred: '2025-06-15T10:00:00Z',
    body: '{}',
  });

  it('announces, after the commit, the organizations whose events it recorded', async () => {
    const seen = announced();
    const answer = await withWriteTransaction(used.db, async (trx) => {
      await lockOrganization(trx, 1);
      await insertEvent(trx, event(1));
      await insertEvent(trx, event(2));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual([new Set([1, 2])]);
  });

  it('rolls back a work that answers unchanged: nothing stays, nothing is announced', async () => {
    const seen = announced();
    const before = await counter(1);
    const answer = await withWriteTransaction(used.db, async (trx) => {
      await lockOrganization(trx, 1);
      await insertEvent(trx, event(1));
      return unchanged(42);
    });
    expect(answer).toBe(42);
    expect(await counter(1)).toBe(before);
    expect(seen).toEqual([]);
  });

  it('announces nothing when the work fails', async () => {
    const seen = announced();
    await expect(
      withWriteTransaction(used.db, async (trx) => {
        await insertEvent(trx, event(1));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });
});
