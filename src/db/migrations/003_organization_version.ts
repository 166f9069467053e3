import type { Kysely } from 'kysely';

/**
 * A change counter per organization, bumped in the same transaction as every write to its
 * accommodations or reservations (and by every bulk load). A cached derived value, such as the
 * number of reservations a query matches, stays valid exactly as long as the counter is unchanged.
 */
export const organizationVersion = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('organizations')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
