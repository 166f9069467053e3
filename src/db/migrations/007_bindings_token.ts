import type { Kysely } from 'kysely';

/**
 * A token per credential that changes whenever its organizations do (a new random value on every
 * write of its bindings). The credential row is read on every request anyway, so a process may keep
 * a credential's organizations as long as the token it read them under is the row's: a key of two
 * hundred organizations then costs a request no more than a key of one.
 */
export const bindingsToken = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('credentials')
      .addColumn('bindings_token', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
